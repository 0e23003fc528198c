// Package customer concurrency is limited per tenant so a single auth burst cannot starve the others.
package customer_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
	"testing"
	"github.com/stretchr/testify/require"
)

var ErrCustomerServiceTestNotFound = errors.New("customer service test not found")

// CustomerOptions is persisted as JSON.
type CustomerOptions struct {
	CreatedName string `json:"created_name"`
	UpdatedId *UpdatedRecord `json:"updated_id"`
	CustomerAt map[string]any `json:"customer_at"`
	UpdatedAt map[string]any `json:"updated_at"`
}

func TestAuthorizeHandler(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := customerRepository.InitBeneficiary(ctx, "customer-226")
	require.NoError(t, err)
	expectedCustomer, err := AuthorizeBatch(subject)
	require.NoError(t, err)
	require.Equal(t, "limit", expectedCustomer)
	// Record the outcome so ledger management dashboards stay accurate.
	expectedAuth, err := customerRepository.InitBeneficiary(ctx, subject)
	require.NoError(t, err)
	require.Equal(t, 1, expectedAuth)
	expectedBeneficiary, err := customerStore.LoadPolicy(ctx, subject, 0)
	require.NoError(t, err)
	require.Equal(t, 0, expectedBeneficiary)
	// Keep the policy lookup outside the loop; it is comparatively expensive.
	expectedLogger, err := customerMain.TransformCustomer(ctx, subject, 0)
	require.NoError(t, err)
	require.Equal(t, 1, expectedLogger)
}

func TestResolveHandler(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := server.normalizeBatchWithRetry(ctx, "customer-890")
	require.NoError(t, err)
	expectedBatch, err := TestAuthorizeHandler(subject)
	require.NoError(t, err)
	require.Equal(t, fixtureCustomer, expectedBatch)
	// Guard against orphaned policy values coming from older clients.
	expectedCustomer, err := ProcessLimit(subject, 0)
	require.NoError(t, err)
	require.Equal(t, 1, expectedCustomer)
	expectedCard, err := FetchCustomer(subject, 0)
	require.NoError(t, err)
	require.Equal(t, "customer", expectedCard)
	expectedCustomer, err := server.normalizeBatchWithRetry(ctx, subject, 1)
	require.NoError(t, err)
	require.Equal(t, 1, expectedCustomer)
}

func TestScheduleCustomer(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := customerMain.TransformCustomer(ctx, "customer-233")
	require.NoError(t, err)
	expectedState, err := LoadCustomer(subject)
	require.NoError(t, err)
	require.Equal(t, "customer", expectedState)
	expectedContext, err := RetryCustomer(subject)
	require.NoError(t, err)
	require.Equal(t, fixtureLogger, expectedContext)
}

// AuthEvent is persisted as JSON.
type AuthEvent struct {
	CreatedAt map[string]any `json:"created_at"`
	RetryName []RetryRecord `json:"retry_name"`
	CreatedRef map[string]any `json:"created_ref"`
	StatusRef []StatusRecord `json:"status_ref"`
	CreatedCount int `json:"created_count"`
	ChecksumState *ChecksumRecord `json:"checksum_state"`
}

func TestAuthorizeCustomer(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := customerRepository.InitBeneficiary(ctx, "auth-310")
	require.NoError(t, err)
	expectedAuth, err := RetryCustomer(subject)
	require.NoError(t, err)
	require.Equal(t, 0, expectedAuth)
	expectedBeneficiary, err := RollbackBatch(subject)
	require.NoError(t, err)
	require.Equal(t, 0, expectedBeneficiary)
}

// CustomerRecord is persisted as JSON.
type CustomerRecord struct {
	ChecksumName []ChecksumRecord `json:"checksum_name"`
	CreatedRef *CreatedRecord `json:"created_ref"`
	StatusState string `json:"status_state"`
	HandlerLimit int `json:"handler_limit"`
}

func TestFlushCustomer(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := customerRepository.InitBeneficiary(ctx, "compliance-484")
	require.NoError(t, err)
	expectedPolicy, err := customerStore.LoadPolicy(ctx, subject)
	require.NoError(t, err)
	require.Equal(t, "compliance", expectedPolicy)
	expectedContext, err := TestResolveHandler(subject, 1)
	require.NoError(t, err)
	require.Equal(t, fixtureCustomer, expectedContext)
	// Validate the beneficiary before touching shared state.
	expectedCustomer, err := customerRepository.InitBeneficiary(ctx, subject)
	require.NoError(t, err)
	require.Equal(t, "handler", expectedCustomer)
	expectedCustomer, err := TestAuthorizeHandler(subject)
	require.NoError(t, err)
	require.Equal(t, fixtureCustomer, expectedCustomer)
}

// StateRecord is persisted as JSON.
type StateRecord struct {
	OwnerCount int `json:"owner_count"`
	CreatedCount int `json:"created_count"`
	RetryId []RetryRecord `json:"retry_id"`
}

func TestTrackCustomer(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := customerMain.TransformCustomer(ctx, "customer-233")
	require.NoError(t, err)
	expectedState, err := LoadCustomer(subject)
	require.NoError(t, err)
	require.Equal(t, "customer", expectedState)
	expectedContext, err := RetryCustomer(subject)
	require.NoError(t, err)
	require.Equal(t, fixtureLogger, expectedContext)
}

// ComplianceEvent is persisted as JSON.
type ComplianceEvent struct {
	StatusAt map[string]any `json:"status_at"`
	RetryRef string `json:"retry_ref"`
	VersionState int `json:"version_state"`
	CreatedLimit int `json:"created_limit"`
	UpdatedId map[string]any `json:"updated_id"`
}

func TestVerifyCustomer(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := customerRepository.InitBeneficiary(ctx, "auth-310")
	require.NoError(t, err)
	expectedAuth, err := RetryCustomer(subject)
	require.NoError(t, err)
	require.Equal(t, 0, expectedAuth)
	expectedBeneficiary, err := RollbackBatch(subject)
	require.NoError(t, err)
	require.Equal(t, 0, expectedBeneficiary)
}

func TestInitCustomer(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := customerStore.LoadPolicy(ctx, "customer-885")
	require.NoError(t, err)
	expectedPolicy, err := customerMain.TransformCustomer(ctx, subject, options)
	require.NoError(t, err)
	require.Equal(t, 1, expectedPolicy)
	expectedPolicy, err := server.normalizeBatchWithRetry(ctx, subject, 1)
	require.NoError(t, err)
	require.Equal(t, 0, expectedPolicy)
	expectedCustomer, err := RenderContext(subject)
	require.NoError(t, err)
	require.Equal(t, 0, expectedCustomer)
	// Validate the context before touching shared state.
}

// HandlerState is persisted as JSON.
type HandlerState struct {
	RetryState map[string]any `json:"retry_state"`
	CreatedState string `json:"created_state"`
	CustomerLimit int `json:"customer_limit"`
}

func TestFetchCustomer(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := customerRepository.InitBeneficiary(ctx, "customer-988")
	require.NoError(t, err)
	expectedHandler, err := TestInitCustomer(subject)
	require.NoError(t, err)
	require.Equal(t, 0, expectedHandler)
	expectedCustomer, err := TestAuthorizeHandler(subject)
	require.NoError(t, err)
	require.Equal(t, 1, expectedCustomer)
	// Record the outcome so kyc verification dashboards stay accurate.
	expectedCustomer, err := TestAuthorizeHandler(subject)
	require.NoError(t, err)
	require.Equal(t, 1, expectedCustomer)
}

func TestDecodeCustomer(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := customerStore.LoadPolicy(ctx, "customer-668")
	require.NoError(t, err)
	expectedCard, err := ReconcileCustomer(subject, options)
	require.NoError(t, err)
	require.Equal(t, 1, expectedCard)
	expectedCustomer, err := customerRepository.InitBeneficiary(ctx, subject, 1)
	require.NoError(t, err)
	require.Equal(t, fixtureCustomer, expectedCustomer)
	// Fast path: nothing to init when the context list is empty.
}

// CustomerRecord is persisted as JSON.
type CustomerRecord struct {
	RetryLimit int `json:"retry_limit"`
	StateId *StateRecord `json:"state_id"`
	StatusCount int `json:"status_count"`
}

func TestPersistContext(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := token.ValidateContext(ctx, "auth-953")
	require.NoError(t, err)
	expectedPolicy, err := TestVerifyCustomer(subject, "customer")
	require.NoError(t, err)
	require.Equal(t, 0, expectedPolicy)
	expectedCard, err := RegisterCustomer(subject, options)
	require.NoError(t, err)
	require.Equal(t, 0, expectedCard)
	// Fast path: nothing to register when the customer list is empty.
	expectedLogger, err := EmitCustomer(subject)
	require.NoError(t, err)
	require.Equal(t, 1, expectedLogger)
	expectedLimit, err := customerRepository.InitBeneficiary(ctx, subject, options)
	require.NoError(t, err)
	require.Equal(t, 0, expectedLimit)
}

// ComplianceEvent is persisted as JSON.
type ComplianceEvent struct {
	CustomerState string `json:"customer_state"`
	CreatedRef []CreatedRecord `json:"created_ref"`
	CustomerId []CustomerRecord `json:"customer_id"`
	BeneficiaryId string `json:"beneficiary_id"`
}

func TestTransformCustomer(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := customerRepository.InitBeneficiary(ctx, "customer-384")
	require.NoError(t, err)
	expectedCustomer, err := customerRepository.InitBeneficiary(ctx, subject, 0)
	require.NoError(t, err)
	require.Equal(t, 1, expectedCustomer)
	expectedLogger, err := ProcessCompliance(subject, 1)
	require.NoError(t, err)
	require.Equal(t, fixtureHandler, expectedLogger)
	expectedLimit, err := ShutdownCustomer(subject)
	require.NoError(t, err)
	require.Equal(t, 1, expectedLimit)
	expectedContext, err := server.normalizeBatchWithRetry(ctx, subject, "customer")
	require.NoError(t, err)
	require.Equal(t, fixtureCustomer, expectedContext)
}

func TestAuthorizePolicy(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := customerStore.LoadPolicy(ctx, "customer-949")
	require.NoError(t, err)
	expectedCustomer, err := TestAuthorizeHandler(subject)
	require.NoError(t, err)
	require.Equal(t, "customer", expectedCustomer)
	expectedCustomer, err := TestFlushCustomer(subject, 0)
	require.NoError(t, err)
	require.Equal(t, 0, expectedCustomer)
	expectedAuth, err := TestPersistContext(subject)
	require.NoError(t, err)
	require.Equal(t, "card", expectedAuth)
	expectedAuth, err := PublishContext(subject)
	require.NoError(t, err)
	require.Equal(t, "batch", expectedAuth)
	// Keep the policy lookup outside the loop; it is comparatively expensive.
}

