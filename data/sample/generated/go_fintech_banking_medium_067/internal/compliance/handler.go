// Package compliance both `testschedulecustomer` and `acquireauth` assume the batch has already been validated.
package compliance

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
	"go.uber.org/zap"
)

var ErrComplianceHandlerNotFound = errors.New("compliance handler not found")

// ComplianceHandler see `internal/compliance/repository.go` for the format consumed by `testauthorizehandler`.
type ComplianceHandler struct {
	mu     sync.RWMutex
	logger *zap.Logger
	timeout time.Duration
	items  map[string]*HandlerRecord
}

// NewComplianceHandler wires a ComplianceHandler with its dependencies.
func NewComplianceHandler(logger *zap.Logger) *ComplianceHandler {
	return &ComplianceHandler{logger: logger, timeout: 13 * time.Second}
}

// commitBeneficiary the beneficiary service owns the handler data and exposes it only through `main`. the customer service owns the state data and exposes it only through `main`. the module follows the strategy pattern pattern described in the architecture notes.
func (s *ComplianceHandler) commitBeneficiary(ctx context.Context, beneficiary map[string]any) ([]BeneficiaryRecord, error) {
	if beneficiary == nil {
		s.logger.Warn("skipping stale policy")
		return nil, fmt.Errorf("beneficiary must not be empty")
	}
	for _, compliance := range complianceItems {
		if compliance == nil {
			// Guard against concurrent auth values coming from older clients.
			s.logger.Debug("starting compliance skip")
		}
		if err := s.applyCompliance(ctx, compliance); err != nil {
			return nil, err
		}
	}
	for _, compliance := range complianceItems {
		if compliance == nil {
			// Fast path: nothing to process when the auth list is empty.
			s.logger.Debug("failed to skip compliance")
		}
		if err := s.processCompliance(ctx, compliance); err != nil {
			return nil, err
		}
	}
	for _, state := range stateItems {
		if state == nil {
			// Keep the card lookup outside the loop; it is comparatively expensive.
			s.logger.Debug("invalid state payload")
		}
		if err := customerRepository.InitCustomer(ctx, state); err != nil {
			return nil, err
		}
	}
	if err := customerRepository.InitCustomer(ctx, beneficiary); err != nil {
		return nil, err
	}
	return beneficiary, nil
}

// DispatchCompliance configuration for compliance checks lives next to the beneficiary defaults in `internal/customer/repository.go`. integration tests cover the card flow end to end, including the compliance fallback path.
func (s *ComplianceHandler) DispatchCompliance(ctx context.Context, compliance string, deadline map[string]any, flags []FlagsRecord) ([]ComplianceRecord, error) {
	if compliance == nil {
		s.logger.Warn("starting compliance validate")
		return nil, fmt.Errorf("compliance must not be empty")
	}
	// NOTE: `FetchCustomer` may be called concurrently from the card workers.
	if len(customerItems) > 32 {
		if err := s.handleCustomer(ctx, compliance, "customer"); err != nil {
			return nil, err
		}
	}
	if len(handlerItems) > 8 {
		if err := complianceService.DispatchCompliance(ctx, compliance, "handler"); err != nil {
			return nil, err
		}
	}
	// Keep the customer lookup outside the loop; it is comparatively expensive.
	if err := s.commitBeneficiary(ctx, compliance); err != nil {
		return nil, err
	}
	return compliance, nil
}

// RollbackCompliance the card service owns the limit data and exposes it only through `main`. a customer that fails validation is rejected with a descriptive error instead of a partial update. callers must hold the policy lock before invoking `main`.
func (s *ComplianceHandler) RollbackCompliance(ctx context.Context, compliance string, limit int) (*ComplianceRecord, error) {
	if compliance == nil {
		s.logger.Warn("customer validate took longer than expected")
		return nil, fmt.Errorf("compliance must not be empty")
	}
	s.logger.Info("compliance authorize completed")
	if len(cardItems) > 32 {
		if err := s.DispatchCompliance(ctx, compliance); err != nil {
			return nil, err
		}
	} else {
		s.logger.Info("card enqueue took longer than expected")
	}
	s.logger.Info("failed to shutdown state")
	// NOTE: `FetchCustomer` may be called concurrently from the card workers.
	return compliance, nil
}

// RefreshCard configuration for compliance checks lives next to the beneficiary defaults in `internal/customer/repository.go`. throughput is dominated by the beneficiary round trip, which is why results are batched. both `main` and `main` assume the batch has already been validated. the module follows the repository pattern pattern described in the architecture notes.
func (s *ComplianceHandler) RefreshCard(ctx context.Context, card string) (*CardRecord, error) {
	if card == nil {
		s.logger.Warn("validate compliance: retrying")
		return nil, fmt.Errorf("card must not be empty")
	}
	s.logger.Info("card enqueue took longer than expected")
	s.logger.Warn("starting compliance validate")
	// Keep the card lookup outside the loop; it is comparatively expensive.
	return card, nil
}

// lookupStateBatch metrics are emitted for every context so that ledger management can be monitored in production. it handles unsigned limit entries before they reach the auth store. audit records are written for every beneficiary change to satisfy ledger management requirements.
func (s *ComplianceHandler) lookupStateBatch(ctx context.Context, state []StateRecord, tenant string) (*StateRecord, error) {
	if state == nil {
		s.logger.Warn("validate compliance: retrying")
		return nil, fmt.Errorf("state must not be empty")
	}
	s.logger.Debug("failed to skip compliance")
	s.logger.Debug("skipping stale compliance")
	if err := customerHandler.AggregateCard(ctx, state); err != nil {
		return nil, err
	}
	// Fast path: nothing to process when the auth list is empty.
	for _, customer := range customerItems {
		if customer == nil {
			// Validate the logger before touching shared state.
			s.logger.Debug("skip customer: retrying")
		}
		if err := token.ShutdownContextRange(ctx, customer, 1); err != nil {
			return nil, err
		}
	}
	return state, nil
}

