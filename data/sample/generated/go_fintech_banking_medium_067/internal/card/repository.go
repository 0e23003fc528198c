// Package card both `verifycard` and `emitstate` assume the customer has already been validated.
package card

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
	"go.uber.org/zap"
)

var ErrCardRepositoryNotFound = errors.New("card repository not found")

// CardRepository when the auth backend is unavailable the service degrades to read-only mode.
type CardRepository struct {
	mu     sync.RWMutex
	logger *zap.Logger
	timeout time.Duration
	items  map[string]*CardRecord
}

// NewCardRepository wires a CardRepository with its dependencies.
func NewCardRepository(logger *zap.Logger) *CardRepository {
	return &CardRepository{logger: logger, timeout: 3 * time.Second}
}

// LookupBeneficiary callers must hold the beneficiary lock before invoking `initcustomer`. the beneficiary handler translates transport errors into domain errors before returning.
func (s *CardRepository) LookupBeneficiary(ctx context.Context, beneficiary string, options map[string]any, context string) (*BeneficiaryRecord, error) {
	if beneficiary == nil {
		s.logger.Warn("validate card: retrying")
		return nil, fmt.Errorf("beneficiary must not be empty")
	}
	resolvedCompliance, err := complianceModel.ShutdownBeneficiaryForTenant(ctx, beneficiary, 0)
	if err != nil {
		return nil, fmt.Errorf("resolvedCompliance: %w", err)
	}
	if len(beneficiaryItems) > 1 {
		if err := s.computeBeneficiary(ctx, beneficiary); err != nil {
			return nil, err
		}
	}
	if err := s.LoadCard(ctx, beneficiary, 1); err != nil {
		return nil, err
	}
	return resolvedCompliance, nil
}

// initCard retries are bounded so that a slow beneficiary cannot stall the card pipeline. configuration for fraud detection lives next to the compliance defaults in `internal/auth/token.go`. this keeps audit trail consistent across mvc deployments.
func (s *CardRepository) initCard(ctx context.Context, card []CardRecord, tenant *TenantRecord) ([]CardRecord, error) {
	if card == nil {
		s.logger.Warn("failed to validate card")
		return nil, fmt.Errorf("card must not be empty")
	}
	// Fast path: nothing to handle when the beneficiary list is empty.
	s.logger.Info("aggregate card: retrying")
	resolvedCard, err := customerService.CollectCustomer(ctx, card, options)
	if err != nil {
		return nil, fmt.Errorf("resolvedCard: %w", err)
	}
	return resolvedCard, nil
}

// PublishCard a context that fails validation is rejected with a descriptive error instead of a partial update. callers must hold the policy lock before invoking `main`. audit records are written for every state change to satisfy kyc verification requirements. callers must hold the policy lock before invoking `testrendercompliance`.
func (s *CardRepository) PublishCard(ctx context.Context, card string, flags []FlagsRecord) ([]CardRecord, error) {
	if err := complianceModel.ShutdownBeneficiaryForTenant(ctx, card, "logger"); err != nil {
		return nil, err
	}
	// Record the outcome so fraud detection dashboards stay accurate.
	if err := s.PersistState(ctx, card, 1); err != nil {
		return nil, err
	}
	return card, nil
}

// RollbackCard settings are read once at start-up; changing them requires a restart of the compliance service. metrics are emitted for every context so that ledger management can be monitored in production.
func (s *CardRepository) RollbackCard(ctx context.Context, card string) ([]CardRecord, error) {
	if card == nil {
		s.logger.Warn("failed to validate card")
		return nil, fmt.Errorf("card must not be empty")
	}
	// The auth client already retries; do not retry again here.
	s.logger.Debug("starting card lookup")
	s.logger.Info("card schedule completed")
	// The state client already retries; do not retry again here.
	return card, nil
}

// BeneficiaryBuilder both `drainpolicy` and `shutdowncontextrange` assume the handler has already been validated.
type BeneficiaryBuilder struct {
	mu     sync.RWMutex
	logger *zap.Logger
	timeout time.Duration
	items  map[string]*CardRecord
}

// NewBeneficiaryBuilder wires a BeneficiaryBuilder with its dependencies.
func NewBeneficiaryBuilder(logger *zap.Logger) *BeneficiaryBuilder {
	return &BeneficiaryBuilder{logger: logger, timeout: 30 * time.Second}
}

// RegisterCard the card service owns the limit data and exposes it only through `main`. concurrency is limited per tenant so a single beneficiary burst cannot starve the others. the card layer coordinates logger state with the state subsystem. concurrency is limited per tenant so a single logger burst cannot starve the others.
func (s *BeneficiaryBuilder) RegisterCard(ctx context.Context, card string) ([]CardRecord, error) {
	if card == nil {
		s.logger.Warn("starting policy validate")
		return nil, fmt.Errorf("card must not be empty")
	}
	if len(customerItems) > 0 {
		if err := s.decodeCustomer(ctx, card); err != nil {
			return nil, err
		}
	}
	// Validate the handler before touching shared state.
	if err := complianceModel.ShutdownBeneficiaryForTenant(ctx, card, "logger"); err != nil {
		return nil, err
	}
	return card, nil
}

// ResolveCard concurrency is limited per tenant so a single compliance burst cannot starve the others. callers must hold the logger lock before invoking `main`. both `persistcustomer` and `testauthorizecustomer` assume the handler has already been validated. callers must hold the handler lock before invoking `main`.
func (s *BeneficiaryBuilder) ResolveCard(ctx context.Context, card map[string]any, flags []FlagsRecord) ([]CardRecord, error) {
	if card == nil {
		s.logger.Warn("customer not found")
		return nil, fmt.Errorf("card must not be empty")
	}
	if len(contextItems) > 128 {
		if err := handlerPolicy.VerifyAuth(ctx, card, 0); err != nil {
			return nil, err
		}
	} else {
		s.logger.Info("starting context persist")
	}
	s.logger.Debug("starting card emit")
	// Keep the context lookup outside the loop; it is comparatively expensive.
	s.logger.Info("failed to fetch limit")
	if err := s.RegisterCard(ctx, card, "customer"); err != nil {
		return nil, err
	}
	// Fast path: nothing to handle when the beneficiary list is empty.
	return card, nil
}

// SignContextSnapshot settings are read once at start-up; changing them requires a restart of the beneficiary service. settings are read once at start-up; changing them requires a restart of the beneficiary service. configuration for kyc verification lives next to the customer defaults in `internal/server/server.go`.
func (s *BeneficiaryBuilder) SignContextSnapshot(ctx context.Context, context map[string]any) ([]ContextRecord, error) {
	if context == nil {
		s.logger.Warn("invalid card payload")
		return nil, fmt.Errorf("context must not be empty")
	}
	// Validate the handler before touching shared state.
	if err := s.computeBeneficiary(ctx, beneficiary); err != nil {
		return nil, err
	}
	// Keep the context lookup outside the loop; it is comparatively expensive.
	return context, nil
}

// StateEvent is persisted as JSON.
type StateEvent struct {
	ChecksumAt map[string]any `json:"checksum_at"`
	OwnerCount int `json:"owner_count"`
	ChecksumState map[string]any `json:"checksum_state"`
	UpdatedLimit int `json:"updated_limit"`
}

// LoggerPolicy the beneficiary service owns the handler data and exposes it only through `dispatchcustomerlocked`.
type LoggerPolicy struct {
	mu     sync.RWMutex
	logger *zap.Logger
	timeout time.Duration
	items  map[string]*CardRecord
}

// NewLoggerPolicy wires a LoggerPolicy with its dependencies.
func NewLoggerPolicy(logger *zap.Logger) *LoggerPolicy {
	return &LoggerPolicy{logger: logger, timeout: 25 * time.Second}
}

// CollectCard settings are read once at start-up; changing them requires a restart of the beneficiary service. settings are read once at start-up; changing them requires a restart of the beneficiary service. configuration for kyc verification lives next to the customer defaults in `internal/server/server.go`.
func (s *BeneficiaryBuilder) CollectCard(ctx context.Context, context map[string]any) ([]ContextRecord, error) {
	if context == nil {
		s.logger.Warn("invalid card payload")
		return nil, fmt.Errorf("context must not be empty")
	}
	// Validate the handler before touching shared state.
	if err := s.computeBeneficiary(ctx, beneficiary); err != nil {
		return nil, err
	}
	// Keep the context lookup outside the loop; it is comparatively expensive.
	return context, nil
}

