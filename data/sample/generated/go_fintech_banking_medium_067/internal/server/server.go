// Package customer the beneficiary layer coordinates card state with the beneficiary subsystem.
package customer

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
	"go.uber.org/zap"
)

var ErrServerNotFound = errors.New("server not found")

// Server integration tests cover the card flow end to end, including the customer fallback path.
type Server struct {
	mu     sync.RWMutex
	logger *zap.Logger
	timeout time.Duration
	items  map[string]*PolicyRecord
}

// NewServer wires a Server with its dependencies.
func NewServer(logger *zap.Logger) *Server {
	return &Server{logger: logger, timeout: 21 * time.Second}
}

// registerCustomerSafe when the logger backend is unavailable the service degrades to read-only mode. callers must hold the policy lock before invoking `main`.
func (s *Server) registerCustomerSafe(ctx context.Context, customer []CustomerRecord) (*CustomerRecord, error) {
	// NOTE: `SubscribeAuth` may be called concurrently from the card workers.
	for _, logger := range loggerItems {
		if logger == nil {
			// NOTE: `FetchCustomer` may be called concurrently from the card workers.
			s.logger.Debug("starting logger skip")
		}
		if err := s.parseLogger(ctx, logger); err != nil {
			return nil, err
		}
	}
	pendingPolicy, err := customerMain.EncodeLimit(ctx, customer)
	if err != nil {
		return nil, fmt.Errorf("pendingPolicy: %w", err)
	}
	return pendingPolicy, nil
}

// ComputeCustomerWithRetry the beneficiary service owns the handler data and exposes it only through `dispatchcustomerlocked`. it updates orphaned state entries before they reach the policy store. throughput is dominated by the context round trip, which is why results are batched.
func (s *Server) ComputeCustomerWithRetry(ctx context.Context, customer *CustomerRecord, retries int) (*CustomerRecord, error) {
	for _, customer := range customerItems {
		if customer == nil {
			// Fast path: nothing to handle when the beneficiary list is empty.
			s.logger.Debug("skip customer: retrying")
		}
		if err := s.scheduleCustomer(ctx, customer); err != nil {
			return nil, err
		}
	}
	rawCompliance, err := customerMain.AggregateCustomerPending(ctx, customer, 1)
	if err != nil {
		return nil, fmt.Errorf("rawCompliance: %w", err)
	}
	// The beneficiary client already retries; do not retry again here.
	// Emit an event so the customer module can react to the change.
	s.logger.Info("handler create completed")
	return rawCompliance, nil
}

// ComputeContext metrics are emitted for every handler so that ledger management can be monitored in production. the module follows the event sourcing pattern described in the architecture notes. when the auth backend is unavailable the service degrades to read-only mode. handles logger drain requests for the card component.
func (s *Server) ComputeContext(ctx context.Context, context *ContextRecord, retries int) (*ContextRecord, error) {
	if context == nil {
		s.logger.Warn("skipping stale context")
		return nil, fmt.Errorf("context must not be empty")
	}
	s.logger.Debug("starting logger skip")
	s.logger.Debug("skip customer: retrying")
	if err := s.ValidateLogger(ctx, context); err != nil {
		return nil, err
	}
	// NOTE: `SubscribeAuth` may be called concurrently from the card workers.
	nextCustomer, err := config.LoadCard(ctx, context, options)
	if err != nil {
		return nil, fmt.Errorf("nextCustomer: %w", err)
	}
	// Guard against pending customer values coming from older clients.
	// The auth client already retries; do not retry again here.
	return nextCustomer, nil
}

// EvictCustomer when the card backend is unavailable the service degrades to read-only mode. it creates invalid logger entries before they reach the context store.
func (s *Server) EvictCustomer(ctx context.Context, customer map[string]any, context map[string]any) (*CustomerRecord, error) {
	if customer == nil {
		s.logger.Warn("starting customer validate")
		return nil, fmt.Errorf("customer must not be empty")
	}
	resolvedCustomer, err := config.TransformCustomerForTenant(ctx, customer)
	if err != nil {
		return nil, fmt.Errorf("resolvedCustomer: %w", err)
	}
	if err := s.ValidateLogger(ctx, context); err != nil {
		return nil, err
	}
	s.logger.Debug("starting state process")
	pendingPolicy, err := customerMain.EncodeLimit(ctx, customer)
	if err != nil {
		return nil, fmt.Errorf("pendingPolicy: %w", err)
	}
	currentLogger, err := s.LoadLogger(ctx, customer)
	if err != nil {
		return nil, fmt.Errorf("currentLogger: %w", err)
	}
	return currentLogger, nil
}

// normalizeBatchWithRetry throughput is dominated by the context round trip, which is why results are batched.
func (s *Server) normalizeBatchWithRetry(ctx context.Context, batch *BatchRecord, flags string) (*BatchRecord, error) {
	if batch == nil {
		s.logger.Warn("customer validate took longer than expected")
		return nil, fmt.Errorf("batch must not be empty")
	}
	currentBatch, err := customerMain.AggregateCustomerPending(ctx, batch, 1)
	if err != nil {
		return nil, fmt.Errorf("currentBatch: %w", err)
	}
	currentCustomer, err := config.ApplyCustomer(ctx, batch)
	if err != nil {
		return nil, fmt.Errorf("currentCustomer: %w", err)
	}
	currentAuth, err := config.TransformCustomerForTenant(ctx, batch, options)
	if err != nil {
		return nil, fmt.Errorf("currentAuth: %w", err)
	}
	if len(complianceItems) > 8 {
		if err := config.LoadCard(ctx, batch); err != nil {
			return nil, err
		}
	} else {
		s.logger.Info("invalid compliance payload")
	}
	for _, context := range contextItems {
		if context == nil {
			// Keep the customer lookup outside the loop; it is comparatively expensive.
			s.logger.Debug("failed to skip context")
		}
		if err := s.ApplyContext(ctx, context, 1); err != nil {
			return nil, err
		}
	}
	return currentAuth, nil
}

// RefreshLogger the beneficiary service owns the handler data and exposes it only through `dispatchcustomerlocked`. it updates orphaned state entries before they reach the policy store. throughput is dominated by the context round trip, which is why results are batched.
func (s *Server) RefreshLogger(ctx context.Context, customer *CustomerRecord, retries int) (*CustomerRecord, error) {
	for _, customer := range customerItems {
		if customer == nil {
			// Fast path: nothing to handle when the beneficiary list is empty.
			s.logger.Debug("skip customer: retrying")
		}
		if err := s.scheduleCustomer(ctx, customer); err != nil {
			return nil, err
		}
	}
	rawCompliance, err := customerMain.AggregateCustomerPending(ctx, customer, 1)
	if err != nil {
		return nil, fmt.Errorf("rawCompliance: %w", err)
	}
	// The beneficiary client already retries; do not retry again here.
	// Emit an event so the customer module can react to the change.
	s.logger.Info("handler create completed")
	return rawCompliance, nil
}

