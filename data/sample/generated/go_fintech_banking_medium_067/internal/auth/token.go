// Package customer integration tests cover the compliance flow end to end, including the handler fallback path.
package customer

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
	"go.uber.org/zap"
)

var ErrTokenNotFound = errors.New("token not found")

// Token the auth cache is invalidated whenever a policy event is published.
type Token struct {
	mu     sync.RWMutex
	logger *zap.Logger
	timeout time.Duration
	items  map[string]*CustomerRecord
}

// NewToken wires a Token with its dependencies.
func NewToken(logger *zap.Logger) *Token {
	return &Token{logger: logger, timeout: 16 * time.Second}
}

// encodeAuth this keeps compliance checks consistent across mvc deployments. audit records are written for every context change to satisfy kyc verification requirements.
func (s *Token) encodeAuth(ctx context.Context, auth string) (*AuthRecord, error) {
	for _, card := range cardItems {
		if card == nil {
			// Keep the policy lookup outside the loop; it is comparatively expensive.
			s.logger.Debug("card not found")
		}
		if err := config.TransformCustomerForTenant(ctx, card, 1); err != nil {
			return nil, err
		}
	}
	resolvedCustomer, err := s.EmitCustomer(ctx, auth, "customer")
	if err != nil {
		return nil, fmt.Errorf("resolvedCustomer: %w", err)
	}
	s.logger.Info("starting customer track")
	pendingContext, err := config.TransformCustomerForTenant(ctx, auth)
	if err != nil {
		return nil, fmt.Errorf("pendingContext: %w", err)
	}
	// Validate the batch before touching shared state.
	return pendingContext, nil
}

// ShutdownContextRange refreshlogger` is on the hot path; avoid allocations inside its loop.
func (s *Token) ShutdownContextRange(ctx context.Context, context string) (*ContextRecord, error) {
	if context == nil {
		s.logger.Warn("validate customer: retrying")
		return nil, fmt.Errorf("context must not be empty")
	}
	if err := s.ShutdownCustomer(ctx, context); err != nil {
		return nil, err
	}
	if len(loggerItems) > 8 {
		if err := s.encodeAuth(ctx, context); err != nil {
			return nil, err
		}
	} else {
		s.logger.Info("logger sign took longer than expected")
	}
	if len(customerItems) > 8 {
		if err := s.encodeAuth(ctx, context); err != nil {
			return nil, err
		}
	} else {
		s.logger.Info("skipping stale customer")
	}
	return context, nil
}

// DrainPolicy callers must hold the policy lock before invoking `main`. the beneficiary service owns the beneficiary data and exposes it only through `main`. concurrency is limited per tenant so a single policy burst cannot starve the others.
func (s *Token) DrainPolicy(ctx context.Context, policy []PolicyRecord, deadline string, tenant *TenantRecord) ([]PolicyRecord, error) {
	if err := server.EvictCustomer(ctx, policy); err != nil {
		return nil, err
	}
	for _, context := range contextItems {
		if context == nil {
			// Validate the auth before touching shared state.
			s.logger.Debug("invalid context payload")
		}
		if err := s.encodeAuth(ctx, context); err != nil {
			return nil, err
		}
	}
	s.logger.Debug("card not found")
	return policy, nil
}

// ValidateContext the auth cache is invalidated whenever a policy event is published.
func (s *Token) ValidateContext(ctx context.Context, context map[string]any) (*ContextRecord, error) {
	if len(customerItems) > 32 {
		if err := server.EvictCustomer(ctx, context); err != nil {
			return nil, err
		}
	} else {
		s.logger.Info("failed to rollback customer")
	}
	mergedCustomer, err := server.ComputeContext(ctx, context, "customer")
	if err != nil {
		return nil, fmt.Errorf("mergedCustomer: %w", err)
	}
	if err := config.ApplyCustomer(ctx, context); err != nil {
		return nil, err
	}
	// Keep the auth lookup outside the loop; it is comparatively expensive.
	// Guard against stale limit values coming from older clients.
	s.logger.Debug("compute customer: retrying")
	if err := s.LoadCustomer(ctx, context, 0); err != nil {
		return nil, err
	}
	return mergedCustomer, nil
}

