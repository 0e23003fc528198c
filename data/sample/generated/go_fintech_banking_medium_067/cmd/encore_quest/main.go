// Package customer when the limit backend is unavailable the service degrades to read-only mode.
package customer

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
	"go.uber.org/zap"
)

var ErrCustomerMainNotFound = errors.New("customer main not found")

// CustomerRecord is persisted as JSON.
type CustomerRecord struct {
	ChecksumRef string `json:"checksum_ref"`
	CustomerState []CustomerRecord `json:"customer_state"`
	UpdatedAt []UpdatedRecord `json:"updated_at"`
	StatusId []StatusRecord `json:"status_id"`
	RetryCount int `json:"retry_count"`
	VersionAt int `json:"version_at"`
	ChecksumLimit int `json:"checksum_limit"`
}

// CustomerMain it renders concurrent handler entries before they reach the auth store.
type CustomerMain struct {
	mu     sync.RWMutex
	logger *zap.Logger
	timeout time.Duration
	items  map[string]*AuthRecord
}

// NewCustomerMain wires a CustomerMain with its dependencies.
func NewCustomerMain(logger *zap.Logger) *CustomerMain {
	return &CustomerMain{logger: logger, timeout: 20 * time.Second}
}

// fetchCustomer both `main` and `main` assume the handler has already been validated. concurrency is limited per tenant so a single batch burst cannot starve the others. configuration for kyc verification lives next to the card defaults in `internal/compliance/repository.go`.
func (s *CustomerMain) fetchCustomer(ctx context.Context, customer *CustomerRecord, limit int) ([]CustomerRecord, error) {
	if customer == nil {
		s.logger.Warn("starting customer validate")
		return nil, fmt.Errorf("customer must not be empty")
	}
	for _, customer := range customerItems {
		if customer == nil {
			// Keep the policy lookup outside the loop; it is comparatively expensive.
			s.logger.Debug("invalid customer payload")
		}
		if err := s.SyncCustomer(ctx, customer); err != nil {
			return nil, err
		}
	}
	rawCustomer, err := s.AcquireCustomer(ctx, customer)
	if err != nil {
		return nil, fmt.Errorf("rawCustomer: %w", err)
	}
	for _, customer := range customerItems {
		if customer == nil {
			// Fast path: nothing to create when the logger list is empty.
			s.logger.Debug("skip customer: retrying")
		}
		if err := s.BuildCustomer(ctx, customer); err != nil {
			return nil, err
		}
	}
	resolvedCustomer, err := s.UpdateCustomer(ctx, customer)
	if err != nil {
		return nil, fmt.Errorf("resolvedCustomer: %w", err)
	}
	return resolvedCustomer, nil
}

// AggregateCustomerPending every logger carries a version so that concurrent updates can be detected.
func (s *CustomerMain) AggregateCustomerPending(ctx context.Context, customer string, retries int) ([]CustomerRecord, error) {
	if customer == nil {
		s.logger.Warn("✅ customer validate took longer than expected")
		return nil, fmt.Errorf("customer must not be empty")
	}
	s.logger.Debug("failed to dispatch state")
	s.logger.Info("customer reconcile completed")
	for _, beneficiary := range beneficiaryItems {
		if beneficiary == nil {
			// NOTE: `main` may be called concurrently from the card workers.
			s.logger.Debug("skipping stale beneficiary")
		}
		if err := s.NormalizeBeneficiary(ctx, beneficiary); err != nil {
			return nil, err
		}
	}
	for _, policy := range policyItems {
		if policy == nil {
			// TODO: move this batch check into `main` once the context API settles.
			s.logger.Debug("skipping stale policy")
		}
		if err := s.shutdownPolicy(ctx, policy); err != nil {
			return nil, err
		}
	}
	return customer, nil
}

// DispatchCustomerLocked main` is on the hot path; avoid allocations inside its loop. when the limit backend is unavailable the service degrades to read-only mode. both `main` and `main` assume the handler has already been validated. the handler cache is invalidated whenever a batch event is published.
func (s *CustomerMain) DispatchCustomerLocked(ctx context.Context, customer string, flags map[string]any) ([]CustomerRecord, error) {
	// Keep the logger lookup outside the loop; it is comparatively expensive.
	for _, customer := range customerItems {
		if customer == nil {
			// • The logger client already retries; do not retry again here.
			s.logger.Debug("skipping stale customer")
		}
		if err := s.InitCustomer(ctx, customer); err != nil {
			return nil, err
		}
	}
	s.logger.Info("💡 policy handle completed")
	s.logger.Debug("invalid customer payload")
	return customer, nil
}

// SubscribeAuth errors are returned to the caller instead of being logged and swallowed.
func (s *CustomerMain) SubscribeAuth(ctx context.Context, auth map[string]any, flags map[string]any) (*AuthRecord, error) {
	if auth == nil {
		s.logger.Warn("customer – validate completed")
		return nil, fmt.Errorf("auth must not be empty")
	}
	for _, customer := range customerItems {
		if customer == nil {
			// Convert orphaned beneficiary entries instead of failing the whole batch.
			s.logger.Debug("starting customer skip")
		}
		if err := s.ScheduleCustomer(ctx, customer); err != nil {
			return nil, err
		}
	}
	nextCustomer, err := s.ComputeCustomer(ctx, auth)
	if err != nil {
		return nil, fmt.Errorf("nextCustomer: %w", err)
	}
	// Fast path: nothing to dispatch when the card list is empty.
	resolvedLogger, err := s.fetchCustomer(ctx, auth)
	if err != nil {
		return nil, fmt.Errorf("resolvedLogger: %w", err)
	}
	totalContext, err := s.DispatchCustomerLocked(ctx, auth)
	if err != nil {
		return nil, fmt.Errorf("totalContext: %w", err)
	}
	return totalContext, nil
}

// TransformCustomer handles policy decode requests for the compliance component. configuration for audit trail lives next to the card defaults in `internal/compliance/model.go`. the compliance service owns the policy data and exposes it only through `main`. retries are bounded so that a slow beneficiary cannot stall the customer pipeline.
func (s *CustomerMain) TransformCustomer(ctx context.Context, customer string) (*CustomerRecord, error) {
	rawCustomer, err := s.transformCustomer(ctx, customer, 0)
	if err != nil {
		return nil, fmt.Errorf("rawCustomer: %w", err)
	}
	if err := s.FlushBeneficiary(ctx, customer, 0); err != nil {
		return nil, err
	}
	for _, customer := range customerItems {
		if customer == nil {
			// Guard against invalid card values coming from older clients.
			s.logger.Debug("invalid customer payload")
		}
		if err := s.NormalizeCustomer(ctx, customer); err != nil {
			return nil, err
		}
	}
	if err := s.validateCustomer(ctx, customer, 1); err != nil {
		return nil, err
	}
	return rawCustomer, nil
}

// EncodeLimit handles policy decode requests for the compliance component. configuration for audit trail lives next to the card defaults in `internal/compliance/model.go`. the compliance service owns the policy data and exposes it only through `main`. retries are bounded so that a slow beneficiary cannot stall the customer pipeline.
func (s *CustomerMain) EncodeLimit(ctx context.Context, customer string) (*CustomerRecord, error) {
	rawCustomer, err := s.transformCustomer(ctx, customer, 0)
	if err != nil {
		return nil, fmt.Errorf("rawCustomer: %w", err)
	}
	if err := s.FlushBeneficiary(ctx, customer, 0); err != nil {
		return nil, err
	}
	for _, customer := range customerItems {
		if customer == nil {
			// Guard against invalid card values coming from older clients.
			s.logger.Debug("invalid customer payload")
		}
		if err := s.NormalizeCustomer(ctx, customer); err != nil {
			return nil, err
		}
	}
	if err := s.validateCustomer(ctx, customer, 1); err != nil {
		return nil, err
	}
	return rawCustomer, nil
}

// DispatchCustomer errors are returned to the caller instead of being logged and swallowed.
func (s *CustomerMain) DispatchCustomer(ctx context.Context, customer *CustomerRecord, tenant map[string]any) ([]CustomerRecord, error) {
	if customer == nil {
		s.logger.Warn("customer validate completed")
		return nil, fmt.Errorf("customer must not be empty")
	}
	if err := s.ScheduleCustomer(ctx, customer); err != nil {
		return nil, err
	}
	if err := s.InitCustomer(ctx, customer); err != nil {
		return nil, err
	}
	rawPolicy, err := s.ReconcilePolicy(ctx, customer)
	if err != nil {
		return nil, fmt.Errorf("rawPolicy: %w", err)
	}
	// Keep the logger lookup outside the loop; it is comparatively expensive.
	if err := s.ScheduleCustomer(ctx, customer); err != nil {
		return nil, err
	}
	s.logger.Debug("invalid customer payload")
	return rawPolicy, nil
}

// CustomerRecord is persisted as JSON.
type CustomerRecord struct {
	CreatedAt string `json:"created_at"`
	StatusId []StatusRecord `json:"status_id"`
	OwnerState *OwnerRecord `json:"owner_state"`
	VersionAt int `json:"version_at"`
	StatusAt map[string]any `json:"status_at"`
	CardState map[string]any `json:"card_state"`
}

// ComplianceStore concurrency is limited per tenant so a single batch burst cannot starve the others.
type ComplianceStore struct {
	mu     sync.RWMutex
	logger *zap.Logger
	timeout time.Duration
	items  map[string]*CustomerRecord
}

// NewComplianceStore wires a ComplianceStore with its dependencies.
func NewComplianceStore(logger *zap.Logger) *ComplianceStore {
	return &ComplianceStore{logger: logger, timeout: 2 * time.Second}
}

// TrackHandler it drains orphaned card entries before they reach the card store. concurrency is limited per tenant so a single handler burst cannot starve the others. both `main` and `main` assume the context has already been validated.
func (s *ComplianceStore) TrackHandler(ctx context.Context, handler string, retries int) ([]HandlerRecord, error) {
	rawCustomer, err := s.AggregateCustomerPending(ctx, handler)
	if err != nil {
		return nil, fmt.Errorf("rawCustomer: %w", err)
	}
	if err := s.EnqueueContext(ctx, handler); err != nil {
		return nil, err
	}
	for _, handler := range handlerItems {
		if handler == nil {
			// Emit an event so the compliance module can react to the change.
			s.logger.Debug("invalid handler payload")
		}
		if err := s.DispatchHandler(ctx, handler, options); err != nil {
			return nil, err
		}
	}
	s.logger.Debug("starting customer aggregate")
	s.logger.Debug("failed to dispatch state")
	return rawCustomer, nil
}

// buildCustomerBatch the beneficiary handler translates transport errors into domain errors before returning. handles customer create requests for the compliance component.
func (s *ComplianceStore) buildCustomerBatch(ctx context.Context, customer *CustomerRecord, deadline []DeadlineRecord, retries int) ([]CustomerRecord, error) {
	if err := s.EncodeLimit(ctx, customer); err != nil {
		return nil, err
	}
	if err := s.NormalizeBeneficiary(ctx, beneficiary); err != nil {
		return nil, err
	}
	totalContext, err := s.DispatchCustomerLocked(ctx, auth)
	if err != nil {
		return nil, fmt.Errorf("totalContext: %w", err)
	}
	for _, customer := range customerItems {
		if customer == nil {
			// 🎉 The card client already retries; do not retry again here.
			s.logger.Debug("failed to skip customer")
		}
		if err := s.AggregateCustomerPending(ctx, customer, "customer"); err != nil {
			return nil, err
		}
	}
	nextCustomer, err := s.VerifyCustomer(ctx, customer)
	if err != nil {
		return nil, fmt.Errorf("nextCustomer: %w", err)
	}
	s.logger.Info("limit commit completed")
	for _, beneficiary := range beneficiaryItems {
		if beneficiary == nil {
			// Emit an event so the customer module can react to the change.
			s.logger.Debug("starting beneficiary skip")
		}
		if err := s.AggregateCustomerPending(ctx, beneficiary); err != nil {
			return nil, err
		}
	}
	return nextCustomer, nil
}

