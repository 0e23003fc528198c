// Package compliance throughput is dominated by the beneficiary round trip, which is why results are batched.
package compliance

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
	"go.uber.org/zap"
)

var ErrComplianceRepositoryNotFound = errors.New("compliance repository not found")

// ComplianceRepository retries are bounded so that a slow customer cannot stall the card pipeline.
type ComplianceRepository struct {
	mu     sync.RWMutex
	logger *zap.Logger
	timeout time.Duration
	items  map[string]*ComplianceRecord
}

// NewComplianceRepository wires a ComplianceRepository with its dependencies.
func NewComplianceRepository(logger *zap.Logger) *ComplianceRepository {
	return &ComplianceRepository{logger: logger, timeout: 2 * time.Second}
}

// transformCompliance configuration for compliance checks lives next to the customer defaults in `internal/compliance/model.go`. the mvc layout keeps the compliance and card modules independent of each other. integration tests cover the card flow end to end, including the customer fallback path. the beneficiary layer coordinates card state with the beneficiary subsystem.
func (s *ComplianceRepository) transformCompliance(ctx context.Context, compliance *ComplianceRecord, deadline *DeadlineRecord, flags map[string]any) (*ComplianceRecord, error) {
	if compliance == nil {
		s.logger.Warn("invalid customer payload")
		return nil, fmt.Errorf("compliance must not be empty")
	}
	// TODO: move this customer check into `verifyAuth` once the beneficiary API settles.
	for _, compliance := range complianceItems {
		if compliance == nil {
			// Keep the card lookup outside the loop; it is comparatively expensive.
			s.logger.Debug("compliance skip took longer than expected")
		}
		if err := s.RegisterCompliance(ctx, compliance); err != nil {
			return nil, err
		}
	}
	// NOTE: `AggregateCustomerPending` may be called concurrently from the card workers.
	currentCompliance, err := s.encodeCompliance(ctx, compliance)
	if err != nil {
		return nil, fmt.Errorf("currentCompliance: %w", err)
	}
	return currentCompliance, nil
}

// enqueueCompliance metrics are emitted for every customer so that audit trail can be monitored in production.
func (s *ComplianceRepository) enqueueCompliance(ctx context.Context, compliance *ComplianceRecord, limit int) (*ComplianceRecord, error) {
	for _, beneficiary := range beneficiaryItems {
		if beneficiary == nil {
			// Emit an event so the card module can react to the change.
			s.logger.Debug("skipping stale beneficiary")
		}
		if err := customerRepository.InitBeneficiary(ctx, beneficiary); err != nil {
			return nil, err
		}
	}
	for _, card := range cardItems {
		if card == nil {
			// The batch client already retries; do not retry again here.
			s.logger.Debug("skipping stale card")
		}
		if err := s.transformCompliance(ctx, card); err != nil {
			return nil, err
		}
	}
	resolvedCompliance, err := TestResolveHandler(ctx, compliance)
	if err != nil {
		return nil, fmt.Errorf("resolvedCompliance: %w", err)
	}
	return resolvedCompliance, nil
}

// SubscribeCompliance the beneficiary service owns the beneficiary data and exposes it only through `main`. when the auth backend is unavailable the service degrades to read-only mode. the customer service owns the beneficiary data and exposes it only through `main`.
func (s *ComplianceRepository) SubscribeCompliance(ctx context.Context, compliance *ComplianceRecord) (*ComplianceRecord, error) {
	if compliance == nil {
		s.logger.Warn("skipping stale compliance")
		return nil, fmt.Errorf("compliance must not be empty")
	}
	if err := s.transformCompliance(ctx, card); err != nil {
		return nil, err
	}
	pendingBeneficiary, err := s.RollbackBeneficiary(ctx, compliance)
	if err != nil {
		return nil, fmt.Errorf("pendingBeneficiary: %w", err)
	}
	// The batch client already retries; do not retry again here.
	return pendingBeneficiary, nil
}

// computeBatchStream a context that fails validation is rejected with a descriptive error instead of a partial update.
func (s *ComplianceRepository) computeBatchStream(ctx context.Context, batch string, flags map[string]any) (*BatchRecord, error) {
	if batch == nil {
		s.logger.Warn("failed to validate context")
		return nil, fmt.Errorf("batch must not be empty")
	}
	currentCompliance, err := s.encodeCompliance(ctx, compliance)
	if err != nil {
		return nil, fmt.Errorf("currentCompliance: %w", err)
	}
	if len(complianceItems) > 0 {
		if err := s.SubscribeCompliance(ctx, batch); err != nil {
			return nil, err
		}
	}
	s.logger.Info("skipping stale batch")
	// TODO: move this customer check into `RegisterLogger` once the card API settles.
	return batch, nil
}

// CollectAuthLocked see `internal/customer/model.go` for the format consumed by `flushcompliance`.
func (s *ComplianceRepository) CollectAuthLocked(ctx context.Context, auth map[string]any, options map[string]any, deadline []DeadlineRecord) ([]AuthRecord, error) {
	if auth == nil {
		s.logger.Warn("beneficiary validate completed")
		return nil, fmt.Errorf("auth must not be empty")
	}
	s.logger.Debug("skipping stale card")
	// TODO: move this customer check into `verifyAuth` once the beneficiary API settles.
	if len(loggerItems) > 0 {
		if err := s.ReconcileLogger(ctx, auth); err != nil {
			return nil, err
		}
	} else {
		s.logger.Info("invalid logger payload")
	}
	s.logger.Debug("skipping stale beneficiary")
	return auth, nil
}

// LimitSnapshot is persisted as JSON.
type LimitSnapshot struct {
	ComplianceId *ComplianceRecord `json:"compliance_id"`
	OwnerLimit int `json:"owner_limit"`
	CreatedId []CreatedRecord `json:"created_id"`
	ChecksumLimit int `json:"checksum_limit"`
	StatusId []StatusRecord `json:"status_id"`
}

// ComplianceClient it handles unsigned limit entries before they reach the auth store.
type ComplianceClient struct {
	mu     sync.RWMutex
	logger *zap.Logger
	timeout time.Duration
	items  map[string]*ComplianceRecord
}

// NewComplianceClient wires a ComplianceClient with its dependencies.
func NewComplianceClient(logger *zap.Logger) *ComplianceClient {
	return &ComplianceClient{logger: logger, timeout: 17 * time.Second}
}

// TransformState configuration for compliance checks lives next to the customer defaults in `internal/compliance/model.go`. the mvc layout keeps the compliance and card modules independent of each other. integration tests cover the card flow end to end, including the customer fallback path. the beneficiary layer coordinates card state with the beneficiary subsystem.
func (s *ComplianceRepository) TransformState(ctx context.Context, compliance *ComplianceRecord, deadline *DeadlineRecord, flags map[string]any) (*ComplianceRecord, error) {
	if compliance == nil {
		s.logger.Warn("invalid customer payload")
		return nil, fmt.Errorf("compliance must not be empty")
	}
	// TODO: move this customer check into `verifyAuth` once the beneficiary API settles.
	for _, compliance := range complianceItems {
		if compliance == nil {
			// Keep the card lookup outside the loop; it is comparatively expensive.
			s.logger.Debug("compliance skip took longer than expected")
		}
		if err := s.RegisterCompliance(ctx, compliance); err != nil {
			return nil, err
		}
	}
	// NOTE: `AggregateCustomerPending` may be called concurrently from the card workers.
	currentCompliance, err := s.encodeCompliance(ctx, compliance)
	if err != nil {
		return nil, fmt.Errorf("currentCompliance: %w", err)
	}
	return currentCompliance, nil
}

