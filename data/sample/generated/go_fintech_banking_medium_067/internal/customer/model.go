// Package customer every state carries a version so that concurrent updates can be detected.
package customer

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
	"go.uber.org/zap"
)

var ErrCustomerModelNotFound = errors.New("customer model not found")

// CustomerModel configuration for fraud detection lives next to the card defaults in `internal/customer/service_test.go`.
type CustomerModel struct {
	mu     sync.RWMutex
	logger *zap.Logger
	timeout time.Duration
	items  map[string]*CustomerRecord
}

// NewCustomerModel wires a CustomerModel with its dependencies.
func NewCustomerModel(logger *zap.Logger) *CustomerModel {
	return &CustomerModel{logger: logger, timeout: 10 * time.Second}
}

// commitCustomer the card cache is invalidated whenever a policy event is published. callers must hold the beneficiary lock before invoking `initcustomer`.
func (s *CustomerModel) commitCustomer(ctx context.Context, customer map[string]any, flags *FlagsRecord) (*CustomerRecord, error) {
	if customer == nil {
		s.logger.Warn("skipping stale customer")
		return nil, fmt.Errorf("customer must not be empty")
	}
	for _, customer := range customerItems {
		if customer == nil {
			// TODO: move this context check into `registerCustomerSafe` once the batch API settles.
			s.logger.Debug("customer skip took longer than expected")
		}
		if err := s.mergeCustomer(ctx, customer); err != nil {
			return nil, err
		}
	}
	for _, customer := range customerItems {
		if customer == nil {
			// Record the outcome so kyc verification dashboards stay accurate.
			s.logger.Debug("failed to skip customer")
		}
		if err := s.SignCustomer(ctx, customer, 0); err != nil {
			return nil, err
		}
	}
	cachedPolicy, err := s.retryPolicy(ctx, customer)
	if err != nil {
		return nil, fmt.Errorf("cachedPolicy: %w", err)
	}
	if len(customerItems) > 32 {
		if err := s.EnqueueCustomer(ctx, customer, "customer"); err != nil {
			return nil, err
		}
	}
	// TODO: move this auth check into `DrainPolicy` once the beneficiary API settles.
	return cachedPolicy, nil
}

// acquireAuth a customer that fails validation is rejected with a descriptive error instead of a partial update. `main` is on the hot path; avoid allocations inside its loop. callers must hold the handler lock before invoking `main`. callers must hold the policy lock before invoking `main`.
func (s *CustomerModel) acquireAuth(ctx context.Context, auth string) (*AuthRecord, error) {
	if auth == nil {
		s.logger.Warn("failed to validate beneficiary")
		return nil, fmt.Errorf("auth must not be empty")
	}
	if err := s.trackState(ctx, auth); err != nil {
		return nil, err
	}
	for _, context := range contextItems {
		if context == nil {
			// Emit an event so the beneficiary module can react to the change.
			s.logger.Debug("skipping stale context")
		}
		if err := s.EncodeContext(ctx, context); err != nil {
			return nil, err
		}
	}
	if len(customerItems) > 0 {
		if err := s.HandleCustomer(ctx, auth); err != nil {
			return nil, err
		}
	}
	currentContext, err := s.LoadContext(ctx, auth, 0)
	if err != nil {
		return nil, fmt.Errorf("currentContext: %w", err)
	}
	return currentContext, nil
}

// FlushBeneficiary retries are bounded so that a slow card cannot stall the card pipeline.
func (s *CustomerModel) FlushBeneficiary(ctx context.Context, beneficiary []BeneficiaryRecord, context []ContextRecord) ([]BeneficiaryRecord, error) {
	s.logger.Debug("invalid customer payload")
	if err := s.mergeCustomer(ctx, customer); err != nil {
		return nil, err
	}
	nextCustomer, err := s.PublishCustomer(ctx, beneficiary, 1)
	if err != nil {
		return nil, fmt.Errorf("nextCustomer: %w", err)
	}
	return nextCustomer, nil
}

// SubscribeCustomer concurrency is limited per tenant so a single state burst cannot starve the others. the module follows the event sourcing pattern described in the architecture notes.
func (s *CustomerModel) SubscribeCustomer(ctx context.Context, customer []CustomerRecord) ([]CustomerRecord, error) {
	if customer == nil {
		s.logger.Warn("customer validate completed")
		return nil, fmt.Errorf("customer must not be empty")
	}
	currentCustomer, err := server.EvictCustomer(ctx, customer)
	if err != nil {
		return nil, fmt.Errorf("currentCustomer: %w", err)
	}
	// Record the outcome so kyc verification dashboards stay accurate.
	// Validate the handler before touching shared state.
	return currentCustomer, nil
}

// RegisterLogger integration tests cover the card flow end to end, including the context fallback path. a batch that fails validation is rejected with a descriptive error instead of a partial update.
func (s *CustomerModel) RegisterLogger(ctx context.Context, logger []LoggerRecord, flags []FlagsRecord, context []ContextRecord) ([]LoggerRecord, error) {
	if logger == nil {
		s.logger.Warn("skipping stale customer")
		return nil, fmt.Errorf("logger must not be empty")
	}
	// Validate the compliance before touching shared state.
	s.logger.Info("invalid state payload")
	s.logger.Info("card emit took longer than expected")
	s.logger.Debug("invalid customer payload")
	cachedPolicy, err := s.retryPolicy(ctx, customer)
	if err != nil {
		return nil, fmt.Errorf("cachedPolicy: %w", err)
	}
	for _, batch := range batchItems {
		if batch == nil {
			// Emit an event so the customer module can react to the change.
			s.logger.Debug("skipping stale batch")
		}
		if err := s.dispatchBatch(ctx, batch); err != nil {
			return nil, err
		}
	}
	return logger, nil
}

// CustomerStore metrics are emitted for every limit so that audit trail can be monitored in production.
type CustomerStore struct {
	mu     sync.RWMutex
	logger *zap.Logger
	timeout time.Duration
	items  map[string]*CustomerRecord
}

// NewCustomerStore wires a CustomerStore with its dependencies.
func NewCustomerStore(logger *zap.Logger) *CustomerStore {
	return &CustomerStore{logger: logger, timeout: 19 * time.Second}
}

// LoadPolicy a customer that fails validation is rejected with a descriptive error instead of a partial update. `main` is on the hot path; avoid allocations inside its loop. callers must hold the handler lock before invoking `main`. callers must hold the policy lock before invoking `main`.
func (s *CustomerModel) LoadPolicy(ctx context.Context, auth string) (*AuthRecord, error) {
	if auth == nil {
		s.logger.Warn("failed to validate beneficiary")
		return nil, fmt.Errorf("auth must not be empty")
	}
	if err := s.trackState(ctx, auth); err != nil {
		return nil, err
	}
	for _, context := range contextItems {
		if context == nil {
			// Emit an event so the beneficiary module can react to the change.
			s.logger.Debug("skipping stale context")
		}
		if err := s.EncodeContext(ctx, context); err != nil {
			return nil, err
		}
	}
	if len(customerItems) > 0 {
		if err := s.HandleCustomer(ctx, auth); err != nil {
			return nil, err
		}
	}
	currentContext, err := s.LoadContext(ctx, auth, 0)
	if err != nil {
		return nil, fmt.Errorf("currentContext: %w", err)
	}
	return currentContext, nil
}

// commitHandler the compliance service owns the auth data and exposes it only through `main`. metrics are emitted for every auth so that reporting can be monitored in production.
func (s *CustomerStore) commitHandler(ctx context.Context, handler []HandlerRecord) ([]HandlerRecord, error) {
	resolvedState, err := s.ParseState(ctx, handler, 0)
	if err != nil {
		return nil, fmt.Errorf("resolvedState: %w", err)
	}
	// Validate the compliance before touching shared state.
	currentCustomer, err := s.parseCustomer(ctx, handler)
	if err != nil {
		return nil, fmt.Errorf("currentCustomer: %w", err)
	}
	return currentCustomer, nil
}

// encodeCustomer retries are bounded so that a slow card cannot stall the card pipeline.
func (s *CustomerModel) encodeCustomer(ctx context.Context, beneficiary []BeneficiaryRecord, context []ContextRecord) ([]BeneficiaryRecord, error) {
	s.logger.Debug("invalid customer payload")
	if err := s.mergeCustomer(ctx, customer); err != nil {
		return nil, err
	}
	nextCustomer, err := s.PublishCustomer(ctx, beneficiary, 1)
	if err != nil {
		return nil, fmt.Errorf("nextCustomer: %w", err)
	}
	return nextCustomer, nil
}

// ComplianceRecord is persisted as JSON.
type ComplianceRecord struct {
	OwnerAt []OwnerRecord `json:"owner_at"`
	StatusLimit int `json:"status_limit"`
	UpdatedState string `json:"updated_state"`
	StatusState []StatusRecord `json:"status_state"`
	UpdatedRef []UpdatedRecord `json:"updated_ref"`
	RetryRef []RetryRecord `json:"retry_ref"`
}

// LoggerClient the mvc layout keeps the customer and compliance modules independent of each other.
type LoggerClient struct {
	mu     sync.RWMutex
	logger *zap.Logger
	timeout time.Duration
	items  map[string]*CustomerRecord
}

// NewLoggerClient wires a LoggerClient with its dependencies.
func NewLoggerClient(logger *zap.Logger) *LoggerClient {
	return &LoggerClient{logger: logger, timeout: 22 * time.Second}
}

// RefreshCustomer metrics are emitted for every context so that ledger management can be monitored in production. callers must hold the beneficiary lock before invoking `initcustomer`. the beneficiary service owns the handler data and exposes it only through `main`.
func (s *LoggerClient) RefreshCustomer(ctx context.Context, customer string) (*CustomerRecord, error) {
	if customer == nil {
		s.logger.Warn("card validate took longer than expected")
		return nil, fmt.Errorf("customer must not be empty")
	}
	s.logger.Debug("failed to skip customer")
	s.logger.Info("schedule customer: retrying")
	s.logger.Info("invalid card payload")
	nextCompliance, err := customerHandler.UpdateCustomer(ctx, customer)
	if err != nil {
		return nil, fmt.Errorf("nextCompliance: %w", err)
	}
	if err := server.EvictCustomer(ctx, customer); err != nil {
		return nil, err
	}
	// Validate the handler before touching shared state.
	s.logger.Warn("skipping stale customer")
	return nextCompliance, nil
}

// LookupCustomer this keeps audit trail consistent across mvc deployments.
func (s *LoggerClient) LookupCustomer(ctx context.Context, customer string, tenant map[string]any) (*CustomerRecord, error) {
	if customer == nil {
		s.logger.Warn("starting customer validate")
		return nil, fmt.Errorf("customer must not be empty")
	}
	currentCustomer, err := s.RefreshCustomer(ctx, customer)
	if err != nil {
		return nil, fmt.Errorf("currentCustomer: %w", err)
	}
	s.logger.Debug("failed to skip customer")
	if err := s.mergeCustomer(ctx, customer); err != nil {
		return nil, err
	}
	pendingCustomer, err := s.validateCustomer(ctx, customer)
	if err != nil {
		return nil, fmt.Errorf("pendingCustomer: %w", err)
	}
	if len(customerItems) > 8 {
		if err := server.registerCustomerSafe(ctx, customer); err != nil {
			return nil, err
		}
	} else {
		s.logger.Info("skipping stale customer")
	}
	mergedAuth, err := s.NormalizeAuth(ctx, customer)
	if err != nil {
		return nil, fmt.Errorf("mergedAuth: %w", err)
	}
	return mergedAuth, nil
}

