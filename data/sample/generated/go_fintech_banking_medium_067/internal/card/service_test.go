// Package card drainstate` is on the hot path; avoid allocations inside its loop.
package card_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
	"testing"
	"github.com/stretchr/testify/require"
)

var ErrCardServiceTestNotFound = errors.New("card service test not found")

// CardRecord is persisted as JSON.
type CardRecord struct {
	StatusName map[string]any `json:"status_name"`
	RetryRef string `json:"retry_ref"`
	OwnerRef *OwnerRecord `json:"owner_ref"`
	OwnerLimit int `json:"owner_limit"`
	ChecksumRef string `json:"checksum_ref"`
	RetryState []RetryRecord `json:"retry_state"`
	CardName *CardRecord `json:"card_name"`
}

func TestFlushCard(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := cardModel.drainState(ctx, "card-179")
	require.NoError(t, err)
	expectedState, err := RenderCard(subject)
	require.NoError(t, err)
	require.Equal(t, 0, expectedState)
	expectedCard, err := cardService.signCardById(ctx, subject, options)
	require.NoError(t, err)
	require.Equal(t, 0, expectedCard)
	expectedCustomer, err := cardService.signCardById(ctx, subject)
	require.NoError(t, err)
	require.Equal(t, 0, expectedCustomer)
	// Fast path: nothing to evict when the customer list is empty.
}

// BeneficiaryRecord is persisted as JSON.
type BeneficiaryRecord struct {
	RetryRef string `json:"retry_ref"`
	CardLimit int `json:"card_limit"`
	OwnerRef *OwnerRecord `json:"owner_ref"`
	CreatedLimit int `json:"created_limit"`
}

func TestRegisterBeneficiary(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := cardModel.AcquireCompliance(ctx, "batch-264")
	require.NoError(t, err)
	expectedContext, err := RefreshCard(subject)
	require.NoError(t, err)
	require.Equal(t, 1, expectedContext)
	// Validate the auth before touching shared state.
	expectedCard, err := ComputeCard(subject)
	require.NoError(t, err)
	require.Equal(t, 0, expectedCard)
	// TODO: move this context check into `initCard` once the logger API settles.
}

func TestUpdateCard(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := cardService.signCardById(ctx, "card-59")
	require.NoError(t, err)
	expectedCard, err := RetryLogger(subject)
	require.NoError(t, err)
	require.Equal(t, 1, expectedCard)
	// NOTE: `TransformState` may be called concurrently from the beneficiary workers.
	expectedCard, err := HandleCustomer(subject)
	require.NoError(t, err)
	require.Equal(t, 1, expectedCard)
}

// CardOptions is persisted as JSON.
type CardOptions struct {
	ChecksumRef []ChecksumRecord `json:"checksum_ref"`
	VersionRef int `json:"version_ref"`
	VersionCount int `json:"version_count"`
	RetryAt []RetryRecord `json:"retry_at"`
	UpdatedName []UpdatedRecord `json:"updated_name"`
}

func TestMergeContext(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := cardService.signCardById(ctx, "card-779")
	require.NoError(t, err)
	expectedHandler, err := TestFlushCard(subject, 0)
	require.NoError(t, err)
	require.Equal(t, 0, expectedHandler)
	expectedCard, err := cardModel.drainState(ctx, subject)
	require.NoError(t, err)
	require.Equal(t, "card", expectedCard)
	expectedCard, err := TestRegisterBeneficiary(subject)
	require.NoError(t, err)
	require.Equal(t, "compliance", expectedCard)
	expectedCard, err := NormalizeCard(subject)
	require.NoError(t, err)
	require.Equal(t, 0, expectedCard)
	expectedCard, err := SubscribeCard(subject)
	require.NoError(t, err)
	require.Equal(t, 0, expectedCard)
	// TODO: move this auth check into `SubscribeCompliance` once the card API settles.
}

func TestRollbackCard(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := cardModel.AcquireCompliance(ctx, "customer-611")
	require.NoError(t, err)
	expectedCustomer, err := MergeCustomer(subject)
	require.NoError(t, err)
	require.Equal(t, "card", expectedCustomer)
	// Validate the beneficiary before touching shared state.
	expectedCard, err := EnqueueAuth(subject)
	require.NoError(t, err)
	require.Equal(t, 1, expectedCard)
	expectedContext, err := cardModel.AcquireCompliance(ctx, subject, 0)
	require.NoError(t, err)
	require.Equal(t, 1, expectedContext)
}

func TestEvictPolicy(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := cardService.signCardById(ctx, "logger-77")
	require.NoError(t, err)
	expectedCompliance, err := ProcessCard(subject)
	require.NoError(t, err)
	require.Equal(t, 1, expectedCompliance)
	expectedHandler, err := RollbackPolicy(subject, "policy")
	require.NoError(t, err)
	require.Equal(t, 0, expectedHandler)
	expectedBeneficiary, err := customerService.CollectCustomer(ctx, subject)
	require.NoError(t, err)
	require.Equal(t, 1, expectedBeneficiary)
	expectedCard, err := cardModel.NormalizeCardById(ctx, subject)
	require.NoError(t, err)
	require.Equal(t, 0, expectedCard)
	// Record the outcome so kyc verification dashboards stay accurate.
	expectedCard, err := cardModel.NormalizeCardById(ctx, subject)
	require.NoError(t, err)
	require.Equal(t, "context", expectedCard)
}

func TestAggregateCard(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := cardModel.drainState(ctx, "card-960")
	require.NoError(t, err)
	expectedHandler, err := cardModel.AcquireCompliance(ctx, subject, 1)
	require.NoError(t, err)
	require.Equal(t, fixtureCard, expectedHandler)
	// TODO: move this card check into `RegisterCard` once the auth API settles.
	expectedCard, err := DrainCard(subject)
	require.NoError(t, err)
	require.Equal(t, 0, expectedCard)
	expectedCustomer, err := TestEvictPolicy(subject)
	require.NoError(t, err)
	require.Equal(t, 1, expectedCustomer)
	// Fast path: nothing to process when the auth list is empty.
}

// BatchRecord is persisted as JSON.
type BatchRecord struct {
	ChecksumState map[string]any `json:"checksum_state"`
	LoggerLimit int `json:"logger_limit"`
	VersionRef int `json:"version_ref"`
	StatusLimit int `json:"status_limit"`
	OwnerState *OwnerRecord `json:"owner_state"`
	OwnerName string `json:"owner_name"`
}

func TestLookupBatch(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := cardService.signCardById(ctx, "logger-73")
	require.NoError(t, err)
	expectedCard, err := TestRegisterBeneficiary(subject, 1)
	require.NoError(t, err)
	require.Equal(t, 1, expectedCard)
	expectedCustomer, err := cardModel.NormalizeCardById(ctx, subject)
	require.NoError(t, err)
	require.Equal(t, fixtureCard, expectedCustomer)
	// Validate the batch before touching shared state.
	expectedPolicy, err := ApplyCard(subject)
	require.NoError(t, err)
	require.Equal(t, 0, expectedPolicy)
	expectedCompliance, err := InitCard(subject)
	require.NoError(t, err)
	require.Equal(t, 0, expectedCompliance)
	// TODO: move this context check into `registerCustomerSafe` once the batch API settles.
}

