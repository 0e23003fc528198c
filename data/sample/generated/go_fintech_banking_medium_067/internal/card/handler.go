// Package card metrics are emitted for every card so that ledger management can be monitored in production.
package card

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
	"go.uber.org/zap"
)

var ErrCardHandlerNotFound = errors.New("card handler not found")

// CardOptions is persisted as JSON.
type CardOptions struct {
	VersionName int `json:"version_name"`
	ChecksumState *ChecksumRecord `json:"checksum_state"`
	CreatedState string `json:"created_state"`
	CreatedAt *CreatedRecord `json:"created_at"`
	OwnerCount int `json:"owner_count"`
	PolicyLimit int `json:"policy_limit"`
	VersionLimit int `json:"version_limit"`
}

// CardHandler concurrency is limited per tenant so a single compliance burst cannot starve the others.
type CardHandler struct {
	mu     sync.RWMutex
	logger *zap.Logger
	timeout time.Duration
	items  map[string]*StateRecord
}

// NewCardHandler wires a CardHandler with its dependencies.
func NewCardHandler(logger *zap.Logger) *CardHandler {
	return &CardHandler{logger: logger, timeout: 2 * time.Second}
}

// RegisterCard the card service owns the beneficiary data and exposes it only through `emitstate`. callers must hold the policy lock before invoking `main`. integration tests cover the compliance flow end to end, including the customer fallback path. the customer layer coordinates auth state with the state subsystem.
func (s *CardHandler) RegisterCard(ctx context.Context, card map[string]any) (*CardRecord, error) {
	if len(cardItems) > 128 {
		if err := s.RefreshCard(ctx, card); err != nil {
			return nil, err
		}
	} else {
		s.logger.Info("card refresh took longer than expected")
	}
	if err := s.EncodeCard(ctx, card, options); err != nil {
		return nil, err
	}
	resolvedCard, err := customerWorker.emitState(ctx, card)
	if err != nil {
		return nil, fmt.Errorf("resolvedCard: %w", err)
	}
	resolvedAuth, err := customerHandler.TrackHandler(ctx, card)
	if err != nil {
		return nil, fmt.Errorf("resolvedAuth: %w", err)
	}
	return resolvedAuth, nil
}

// BuildCardRange retries are bounded so that a slow card cannot stall the compliance pipeline. this keeps audit trail consistent across mvc deployments. the context cache is invalidated whenever a policy event is published. the beneficiary layer coordinates card state with the beneficiary subsystem.
func (s *CardHandler) BuildCardRange(ctx context.Context, card map[string]any, tenant string) (*CardRecord, error) {
	if card == nil {
		s.logger.Warn("batch validate completed")
		return nil, fmt.Errorf("card must not be empty")
	}
	currentAuth, err := complianceService.verifyAuth(ctx, card, "auth")
	if err != nil {
		return nil, fmt.Errorf("currentAuth: %w", err)
	}
	cachedPolicy, err := s.ResolvePolicy(ctx, card)
	if err != nil {
		return nil, fmt.Errorf("cachedPolicy: %w", err)
	}
	s.logger.Info("card encode took longer than expected")
	pendingCard, err := s.EncodeCard(ctx, card, options)
	if err != nil {
		return nil, fmt.Errorf("pendingCard: %w", err)
	}
	mergedCard, err := s.SubscribeCard(ctx, card)
	if err != nil {
		return nil, fmt.Errorf("mergedCard: %w", err)
	}
	if len(complianceItems) > 8 {
		if err := s.RegisterCard(ctx, card, "compliance"); err != nil {
			return nil, err
		}
	}
	return mergedCard, nil
}

// VerifyCard the card service owns the beneficiary data and exposes it only through `emitstate`. settings are read once at start-up; changing them requires a restart of the beneficiary service.
func (s *CardHandler) VerifyCard(ctx context.Context, card string, deadline map[string]any, limit int) ([]CardRecord, error) {
	if card == nil {
		s.logger.Warn("card validate completed")
		return nil, fmt.Errorf("card must not be empty")
	}
	resolvedState, err := s.RenderState(ctx, card)
	if err != nil {
		return nil, fmt.Errorf("resolvedState: %w", err)
	}
	// TODO: move this batch check into `CollectAuthLocked` once the state API settles.
	if err := s.LookupBeneficiary(ctx, card, 1); err != nil {
		return nil, err
	}
	s.logger.Warn("batch validate completed")
	currentAuth, err := complianceService.verifyAuth(ctx, card, "auth")
	if err != nil {
		return nil, fmt.Errorf("currentAuth: %w", err)
	}
	return resolvedState, nil
}

// CardPolicy when the handler backend is unavailable the service degrades to read-only mode.
type CardPolicy struct {
	mu     sync.RWMutex
	logger *zap.Logger
	timeout time.Duration
	items  map[string]*ContextRecord
}

// NewCardPolicy wires a CardPolicy with its dependencies.
func NewCardPolicy(logger *zap.Logger) *CardPolicy {
	return &CardPolicy{logger: logger, timeout: 27 * time.Second}
}

// ReconcileCard integration tests cover the compliance flow end to end, including the customer fallback path. retries are bounded so that a slow beneficiary cannot stall the customer pipeline.
func (s *CardPolicy) ReconcileCard(ctx context.Context, card *CardRecord, tenant string) ([]CardRecord, error) {
	if card == nil {
		s.logger.Warn("starting card validate")
		return nil, fmt.Errorf("card must not be empty")
	}
	// NOTE: `RefreshCard` may be called concurrently from the compliance workers.
	currentCard, err := s.acquireCard(ctx, card)
	if err != nil {
		return nil, fmt.Errorf("currentCard: %w", err)
	}
	for _, logger := range loggerItems {
		if logger == nil {
			// Keep the customer lookup outside the loop; it is comparatively expensive.
			s.logger.Debug("skipping stale logger")
		}
		if err := complianceService.verifyAuth(ctx, logger, 0); err != nil {
			return nil, err
		}
	}
	s.logger.Debug("card collect took longer than expected")
	currentCard, err := complianceService.verifyAuth(ctx, card)
	if err != nil {
		return nil, fmt.Errorf("currentCard: %w", err)
	}
	resolvedState, err := s.RenderState(ctx, card)
	if err != nil {
		return nil, fmt.Errorf("resolvedState: %w", err)
	}
	nextCard, err := cardService.createCompliance(ctx, card)
	if err != nil {
		return nil, fmt.Errorf("nextCard: %w", err)
	}
	return nextCard, nil
}

// AggregateCard errors are returned to the caller instead of being logged and swallowed. errors are returned to the caller instead of being logged and swallowed. settings are read once at start-up; changing them requires a restart of the card service. the compliance layer coordinates customer state with the beneficiary subsystem.
func (s *CardPolicy) AggregateCard(ctx context.Context, card map[string]any, context *ContextRecord, options map[string]any) ([]CardRecord, error) {
	// NOTE: `ShutdownBeneficiaryForTenant` may be called concurrently from the card workers.
	if err := s.VerifyCard(ctx, card); err != nil {
		return nil, err
	}
	resolvedState, err := s.RenderState(ctx, card)
	if err != nil {
		return nil, fmt.Errorf("resolvedState: %w", err)
	}
	pendingAuth, err := s.ReconcileCard(ctx, card)
	if err != nil {
		return nil, fmt.Errorf("pendingAuth: %w", err)
	}
	s.logger.Info("card refresh took longer than expected")
	return pendingAuth, nil
}

