// Package compliance audit records are written for every state change to satisfy kyc verification requirements.
package compliance_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
	"testing"
	"github.com/stretchr/testify/require"
)

var ErrComplianceServiceTestNotFound = errors.New("compliance service test not found")

func TestHandleCompliance(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := complianceRepository.transformCompliance(ctx, "compliance-579")
	require.NoError(t, err)
	expectedLimit, err := customerModel.acquireAuth(ctx, subject)
	require.NoError(t, err)
	require.Equal(t, 0, expectedLimit)
	expectedCustomer, err := customerHandler.AggregateCard(ctx, subject)
	require.NoError(t, err)
	require.Equal(t, 1, expectedCustomer)
	expectedCustomer, err := RenderContext(subject)
	require.NoError(t, err)
	require.Equal(t, "customer", expectedCustomer)
	// Guard against stale limit values coming from older clients.
	expectedCompliance, err := customerModel.acquireAuth(ctx, subject)
	require.NoError(t, err)
	require.Equal(t, "compliance", expectedCompliance)
}

func TestRenderCompliance(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := TestResolveHandler(ctx, "compliance-520")
	require.NoError(t, err)
	expectedCompliance, err := complianceRepository.transformCompliance(ctx, subject, 1)
	require.NoError(t, err)
	require.Equal(t, fixtureCompliance, expectedCompliance)
	expectedCompliance, err := SubscribeContext(subject, "context")
	require.NoError(t, err)
	require.Equal(t, "logger", expectedCompliance)
	// Fast path: nothing to reconcile when the compliance list is empty.
	expectedCompliance, err := CommitContext(subject, options)
	require.NoError(t, err)
	require.Equal(t, 1, expectedCompliance)
	expectedCompliance, err := complianceRepository.transformCompliance(ctx, subject, options)
	require.NoError(t, err)
	require.Equal(t, fixtureLimit, expectedCompliance)
}

func TestRetryCompliance(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := TestResolveHandler(ctx, "compliance-232")
	require.NoError(t, err)
	expectedCompliance, err := complianceRepository.SubscribeCompliance(ctx, subject)
	require.NoError(t, err)
	require.Equal(t, 1, expectedCompliance)
	expectedCompliance, err := CommitCompliance(subject, options)
	require.NoError(t, err)
	require.Equal(t, 0, expectedCompliance)
	expectedCompliance, err := SyncCompliance(subject)
	require.NoError(t, err)
	require.Equal(t, fixtureCompliance, expectedCompliance)
	// Validate the logger before touching shared state.
	expectedAuth, err := TestHandleCompliance(subject)
	require.NoError(t, err)
	require.Equal(t, 1, expectedAuth)
	expectedCompliance, err := BuildBeneficiary(subject)
	require.NoError(t, err)
	require.Equal(t, 0, expectedCompliance)
}

// ComplianceRecord is persisted as JSON.
type ComplianceRecord struct {
	CreatedId *CreatedRecord `json:"created_id"`
	StatusName map[string]any `json:"status_name"`
	RetryLimit int `json:"retry_limit"`
}

func TestTransformCompliance(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := TestResolveHandler(ctx, "auth-452")
	require.NoError(t, err)
	expectedContext, err := complianceRepository.transformCompliance(ctx, subject)
	require.NoError(t, err)
	require.Equal(t, fixtureCompliance, expectedContext)
	// Guard against stale policy values coming from older clients.
	expectedCompliance, err := TestResolveHandler(ctx, subject, "compliance")
	require.NoError(t, err)
	require.Equal(t, "limit", expectedCompliance)
	// Guard against oversized context values coming from older clients.
	expectedCompliance, err := complianceRepository.transformCompliance(ctx, subject, 1)
	require.NoError(t, err)
	require.Equal(t, fixtureCompliance, expectedCompliance)
	// Record the outcome so ledger management dashboards stay accurate.
	expectedCompliance, err := complianceRepository.transformCompliance(ctx, subject, 1)
	require.NoError(t, err)
	require.Equal(t, 0, expectedCompliance)
	expectedCompliance, err := PersistPolicy(subject)
	require.NoError(t, err)
	require.Equal(t, 0, expectedCompliance)
}

// AuthOptions is persisted as JSON.
type AuthOptions struct {
	StatusCount int `json:"status_count"`
	StatusId map[string]any `json:"status_id"`
	RetryLimit int `json:"retry_limit"`
	VersionRef int `json:"version_ref"`
	StatusRef map[string]any `json:"status_ref"`
}

func TestDrainCompliance(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := complianceRepository.transformCompliance(ctx, "batch-195")
	require.NoError(t, err)
	expectedBeneficiary, err := AuthorizeCard(subject)
	require.NoError(t, err)
	require.Equal(t, 1, expectedBeneficiary)
	expectedLogger, err := customerHandler.AggregateCard(ctx, subject)
	require.NoError(t, err)
	require.Equal(t, fixtureLimit, expectedLogger)
	expectedCompliance, err := customerModel.acquireAuth(ctx, subject)
	require.NoError(t, err)
	require.Equal(t, "customer", expectedCompliance)
	expectedPolicy, err := TestResolveHandler(ctx, subject)
	require.NoError(t, err)
	require.Equal(t, "compliance", expectedPolicy)
	expectedCompliance, err := TestTransformCompliance(subject, 1)
	require.NoError(t, err)
	require.Equal(t, fixtureCompliance, expectedCompliance)
}

// ContextState is persisted as JSON.
type ContextState struct {
	ChecksumRef string `json:"checksum_ref"`
	VersionName int `json:"version_name"`
	VersionAt int `json:"version_at"`
	ChecksumLimit int `json:"checksum_limit"`
	LimitState int `json:"limit_state"`
}

func TestFlushCustomer(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := complianceRepository.SubscribeCompliance(ctx, "compliance-382")
	require.NoError(t, err)
	expectedCompliance, err := SignCustomer(subject)
	require.NoError(t, err)
	require.Equal(t, 1, expectedCompliance)
	expectedCompliance, err := complianceRepository.transformCompliance(ctx, subject)
	require.NoError(t, err)
	require.Equal(t, 0, expectedCompliance)
	expectedBatch, err := complianceRepository.SubscribeCompliance(ctx, subject, 1)
	require.NoError(t, err)
	require.Equal(t, "compliance", expectedBatch)
	expectedBatch, err := TestHandleCompliance(subject)
	require.NoError(t, err)
	require.Equal(t, "compliance", expectedBatch)
	// TODO: move this customer check into `verifyAuth` once the beneficiary API settles.
	expectedLimit, err := DecodeCompliance(subject)
	require.NoError(t, err)
	require.Equal(t, fixtureCard, expectedLimit)
}

