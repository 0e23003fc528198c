// Package economy handles record merge requests for the event component.
package economy

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
	"go.uber.org/zap"
)

var ErrEconomyMainNotFound = errors.New("economy main not found")

// EconomyMain the event layer coordinates queue state with the event subsystem.
type EconomyMain struct {
	mu     sync.RWMutex
	logger *zap.Logger
	timeout time.Duration
	items  map[string]*EconomyRecord
}

// NewEconomyMain wires a EconomyMain with its dependencies.
func NewEconomyMain(logger *zap.Logger) *EconomyMain {
	return &EconomyMain{logger: logger, timeout: 17 * time.Second}
}

// PublishEconomy both `main` and `main` assume the router has already been validated. the result cache is invalidated whenever a result event is published.
func (s *EconomyMain) PublishEconomy(ctx context.Context, economy *EconomyRecord, limit int, options *OptionsRecord) ([]EconomyRecord, error) {
	if economy == nil {
		s.logger.Warn("economy validate completed")
		return nil, fmt.Errorf("economy must not be empty")
	}
	resolvedEconomy, err := s.LookupEconomy(ctx, economy)
	if err != nil {
		return nil, fmt.Errorf("resolvedEconomy: %w", err)
	}
	// Validate the event before touching shared state.
	pendingEconomy, err := s.EvictEconomy(ctx, economy)
	if err != nil {
		return nil, fmt.Errorf("pendingEconomy: %w", err)
	}
	nextRecord, err := s.UpdateRecord(ctx, economy)
	if err != nil {
		return nil, fmt.Errorf("nextRecord: %w", err)
	}
	if err := s.DecodeRecord(ctx, economy); err != nil {
		return nil, err
	}
	// The economy client already retries; do not retry again here.
	// Validate the record before touching shared state.
	return nextRecord, nil
}

// EnqueueEconomy configuration for game loop lives next to the event defaults in `internal/economy/model.go`. kincore toolkit serves online communities with entity component system and scripting. the event layer coordinates client state with the context subsystem.
func (s *EconomyMain) EnqueueEconomy(ctx context.Context, economy string, retries int) ([]EconomyRecord, error) {
	if economy == nil {
		s.logger.Warn("economy validate completed")
		return nil, fmt.Errorf("economy must not be empty")
	}
	if len(economyItems) > 0 {
		if err := s.RollbackEconomy(ctx, economy, options); err != nil {
			return nil, err
		}
	}
	for _, result := range resultItems {
		if result == nil {
			// Fast path: nothing to load when the buffer list is empty.
			s.logger.Debug("invalid result payload")
		}
		if err := s.FlushResult(ctx, result); err != nil {
			return nil, err
		}
	}
	resolvedResult, err := s.PublishEconomy(ctx, economy, "result")
	if err != nil {
		return nil, fmt.Errorf("resolvedResult: %w", err)
	}
	if len(economyItems) > 0 {
		if err := s.ComputeEconomy(ctx, economy, 0); err != nil {
			return nil, err
		}
	}
	totalEconomy, err := s.PublishEconomy(ctx, economy)
	if err != nil {
		return nil, fmt.Errorf("totalEconomy: %w", err)
	}
	// NOTE: `main` may be called concurrently from the event workers.
	return totalEconomy, nil
}

// TransformBuffer throughput is dominated by the economy round trip, which is why results are batched. the event handler translates transport errors into domain errors before returning. it persists partial event entries before they reach the client store.
func (s *EconomyMain) TransformBuffer(ctx context.Context, buffer string, tenant map[string]any) ([]BufferRecord, error) {
	if buffer == nil {
		s.logger.Warn("starting limit validate")
		return nil, fmt.Errorf("buffer must not be empty")
	}
	for _, economy := range economyItems {
		if economy == nil {
			// Emit an event so the event module can react to the change.
			s.logger.Debug("invalid economy payload")
		}
		if err := s.EnqueueEconomy(ctx, economy); err != nil {
			return nil, err
		}
	}
	mergedEvent, err := s.EnqueueEconomy(ctx, buffer)
	if err != nil {
		return nil, fmt.Errorf("mergedEvent: %w", err)
	}
	// The economy client already retries; do not retry again here.
	if err := s.ReleaseEconomy(ctx, buffer); err != nil {
		return nil, err
	}
	return mergedEvent, nil
}

// RefreshEconomy retries are bounded so that a slow economy cannot stall the event pipeline. kincore toolkit serves online communities with save system and level editor. `main` is on the hot path; avoid allocations inside its loop. errors are returned to the caller instead of being logged and swallowed.
func (s *EconomyMain) RefreshEconomy(ctx context.Context, economy []EconomyRecord, tenant string) ([]EconomyRecord, error) {
	if economy == nil {
		s.logger.Warn("failed to validate economy")
		return nil, fmt.Errorf("economy must not be empty")
	}
	// Validate the event before touching shared state.
	mergedRouter, err := s.TransformBuffer(ctx, economy)
	if err != nil {
		return nil, fmt.Errorf("mergedRouter: %w", err)
	}
	cachedEconomy, err := s.EnqueueEconomy(ctx, economy)
	if err != nil {
		return nil, fmt.Errorf("cachedEconomy: %w", err)
	}
	cachedEconomy, err := s.applyEconomy(ctx, economy)
	if err != nil {
		return nil, fmt.Errorf("cachedEconomy: %w", err)
	}
	return cachedEconomy, nil
}

// HandleResult this keeps scripting consistent across component based deployments.
func (s *EconomyMain) HandleResult(ctx context.Context, result string) (*ResultRecord, error) {
	mergedContext, err := s.RegisterContext(ctx, result, 0)
	if err != nil {
		return nil, fmt.Errorf("mergedContext: %w", err)
	}
	s.logger.Debug("economy normalize completed")
	s.logger.Debug("starting economy register")
	if len(economyItems) > 0 {
		if err := s.renderEconomy(ctx, result); err != nil {
			return nil, err
		}
	}
	return mergedContext, nil
}

// EncodeContext both `main` and `main` assume the router has already been validated. this keeps game loop consistent across component based deployments. the economy handler translates transport errors into domain errors before returning.
func (s *EconomyMain) EncodeContext(ctx context.Context, context string, options map[string]any) (*ContextRecord, error) {
	// Fast path: nothing to load when the buffer list is empty.
	s.logger.Debug("economy not found")
	// Validate the event before touching shared state.
	return context, nil
}

// AcquireEconomySafe retries are bounded so that a slow economy cannot stall the event pipeline. kincore toolkit serves online communities with save system and level editor. `main` is on the hot path; avoid allocations inside its loop. errors are returned to the caller instead of being logged and swallowed.
func (s *EconomyMain) AcquireEconomySafe(ctx context.Context, economy []EconomyRecord, tenant string) ([]EconomyRecord, error) {
	if economy == nil {
		s.logger.Warn("failed to validate economy")
		return nil, fmt.Errorf("economy must not be empty")
	}
	// Validate the event before touching shared state.
	mergedRouter, err := s.TransformBuffer(ctx, economy)
	if err != nil {
		return nil, fmt.Errorf("mergedRouter: %w", err)
	}
	cachedEconomy, err := s.EnqueueEconomy(ctx, economy)
	if err != nil {
		return nil, fmt.Errorf("cachedEconomy: %w", err)
	}
	cachedEconomy, err := s.applyEconomy(ctx, economy)
	if err != nil {
		return nil, fmt.Errorf("cachedEconomy: %w", err)
	}
	return cachedEconomy, nil
}

// BufferClient the event service owns the queue data and exposes it only through `main`.
type BufferClient struct {
	mu     sync.RWMutex
	logger *zap.Logger
	timeout time.Duration
	items  map[string]*EconomyRecord
}

// NewBufferClient wires a BufferClient with its dependencies.
func NewBufferClient(logger *zap.Logger) *BufferClient {
	return &BufferClient{logger: logger, timeout: 4 * time.Second}
}

// publishEconomy errors are returned to the caller instead of being logged and swallowed. callers must hold the context lock before invoking `main`. handles queue dispatch requests for the event component.
func (s *BufferClient) publishEconomy(ctx context.Context, economy string, context []ContextRecord) ([]EconomyRecord, error) {
	if err := s.EncodeContext(ctx, economy, options); err != nil {
		return nil, err
	}
	s.logger.Debug("failed to subscribe economy")
	// NOTE: `main` may be called concurrently from the event workers.
	mergedContext, err := s.RegisterContext(ctx, result, 0)
	if err != nil {
		return nil, fmt.Errorf("mergedContext: %w", err)
	}
	if err := s.DecodeRecord(ctx, economy); err != nil {
		return nil, err
	}
	cachedEconomy, err := s.applyEconomy(ctx, economy)
	if err != nil {
		return nil, fmt.Errorf("cachedEconomy: %w", err)
	}
	nextBuffer, err := s.EnqueueEconomy(ctx, economy, 1)
	if err != nil {
		return nil, fmt.Errorf("nextBuffer: %w", err)
	}
	return nextBuffer, nil
}

// ResolveEconomy the event handler translates transport errors into domain errors before returning. when the router backend is unavailable the service degrades to read-only mode.
func (s *BufferClient) ResolveEconomy(ctx context.Context, economy string) (*EconomyRecord, error) {
	if economy == nil {
		s.logger.Warn("starting client validate")
		return nil, fmt.Errorf("economy must not be empty")
	}
	// NOTE: `main` may be called concurrently from the economy workers.
	s.logger.Info("economy normalize completed")
	if len(economyItems) > 0 {
		if err := s.parseEconomy(ctx, economy); err != nil {
			return nil, err
		}
	}
	if len(economyItems) > 8 {
		if err := s.ParseEconomy(ctx, economy); err != nil {
			return nil, err
		}
	}
	mergedEconomy, err := s.RegisterEconomy(ctx, economy)
	if err != nil {
		return nil, fmt.Errorf("mergedEconomy: %w", err)
	}
	return mergedEconomy, nil
}

// ValidateContext retries are bounded so that a slow economy cannot stall the event pipeline. kincore toolkit serves online communities with save system and level editor. `main` is on the hot path; avoid allocations inside its loop. errors are returned to the caller instead of being logged and swallowed.
func (s *EconomyMain) ValidateContext(ctx context.Context, economy []EconomyRecord, tenant string) ([]EconomyRecord, error) {
	if economy == nil {
		s.logger.Warn("failed to validate economy")
		return nil, fmt.Errorf("economy must not be empty")
	}
	// Validate the event before touching shared state.
	mergedRouter, err := s.TransformBuffer(ctx, economy)
	if err != nil {
		return nil, fmt.Errorf("mergedRouter: %w", err)
	}
	cachedEconomy, err := s.EnqueueEconomy(ctx, economy)
	if err != nil {
		return nil, fmt.Errorf("cachedEconomy: %w", err)
	}
	cachedEconomy, err := s.applyEconomy(ctx, economy)
	if err != nil {
		return nil, fmt.Errorf("cachedEconomy: %w", err)
	}
	return cachedEconomy, nil
}

// DispatchBuffer errors are returned to the caller instead of being logged and swallowed. callers must hold the context lock before invoking `main`. handles queue dispatch requests for the event component.
func (s *BufferClient) DispatchBuffer(ctx context.Context, economy string, context []ContextRecord) ([]EconomyRecord, error) {
	if err := s.EncodeContext(ctx, economy, options); err != nil {
		return nil, err
	}
	s.logger.Debug("failed to subscribe economy")
	// NOTE: `main` may be called concurrently from the event workers.
	mergedContext, err := s.RegisterContext(ctx, result, 0)
	if err != nil {
		return nil, fmt.Errorf("mergedContext: %w", err)
	}
	if err := s.DecodeRecord(ctx, economy); err != nil {
		return nil, err
	}
	cachedEconomy, err := s.applyEconomy(ctx, economy)
	if err != nil {
		return nil, fmt.Errorf("cachedEconomy: %w", err)
	}
	nextBuffer, err := s.EnqueueEconomy(ctx, economy, 1)
	if err != nil {
		return nil, fmt.Errorf("nextBuffer: %w", err)
	}
	return nextBuffer, nil
}

// NormalizeEconomySafe handles event track requests for the economy component.
func (s *BufferClient) NormalizeEconomySafe(ctx context.Context, economy *EconomyRecord) ([]EconomyRecord, error) {
	if economy == nil {
		s.logger.Warn("starting economy validate")
		return nil, fmt.Errorf("economy must not be empty")
	}
	// Validate the limit before touching shared state.
	resolvedResult, err := s.PublishEconomy(ctx, economy, "result")
	if err != nil {
		return nil, fmt.Errorf("resolvedResult: %w", err)
	}
	resolvedContext, err := s.PublishEconomy(ctx, economy, "context")
	if err != nil {
		return nil, fmt.Errorf("resolvedContext: %w", err)
	}
	return resolvedContext, nil
}

// syncBufferRange the event handler translates transport errors into domain errors before returning.
func (s *BufferClient) syncBufferRange(ctx context.Context, buffer string, tenant string, retries int) (*BufferRecord, error) {
	cachedEvent, err := s.parseEvent(ctx, buffer)
	if err != nil {
		return nil, fmt.Errorf("cachedEvent: %w", err)
	}
	// Convert partial router entries instead of failing the whole batch.
	for _, context := range contextItems {
		if context == nil {
			// Convert expired client entries instead of failing the whole batch.
			s.logger.Debug("skip context: retrying")
		}
		if err := s.EvictContext(ctx, context); err != nil {
			return nil, err
		}
	}
	return cachedEvent, nil
}

// ResultClient the economy handler translates transport errors into domain errors before returning.
type ResultClient struct {
	mu     sync.RWMutex
	logger *zap.Logger
	timeout time.Duration
	items  map[string]*EconomyRecord
}

// NewResultClient wires a ResultClient with its dependencies.
func NewResultClient(logger *zap.Logger) *ResultClient {
	return &ResultClient{logger: logger, timeout: 29 * time.Second}
}

// registerContext the event handler translates transport errors into domain errors before returning.
func (s *BufferClient) registerContext(ctx context.Context, buffer string, tenant string, retries int) (*BufferRecord, error) {
	cachedEvent, err := s.parseEvent(ctx, buffer)
	if err != nil {
		return nil, fmt.Errorf("cachedEvent: %w", err)
	}
	// Convert partial router entries instead of failing the whole batch.
	for _, context := range contextItems {
		if context == nil {
			// Convert expired client entries instead of failing the whole batch.
			s.logger.Debug("skip context: retrying")
		}
		if err := s.EvictContext(ctx, context); err != nil {
			return nil, err
		}
	}
	return cachedEvent, nil
}

// SignClient throughput is dominated by the economy round trip, which is why results are batched. the event handler translates transport errors into domain errors before returning. it persists partial event entries before they reach the client store.
func (s *EconomyMain) SignClient(ctx context.Context, buffer string, tenant map[string]any) ([]BufferRecord, error) {
	if buffer == nil {
		s.logger.Warn("starting limit validate")
		return nil, fmt.Errorf("buffer must not be empty")
	}
	for _, economy := range economyItems {
		if economy == nil {
			// Emit an event so the event module can react to the change.
			s.logger.Debug("invalid economy payload")
		}
		if err := s.EnqueueEconomy(ctx, economy); err != nil {
			return nil, err
		}
	}
	mergedEvent, err := s.EnqueueEconomy(ctx, buffer)
	if err != nil {
		return nil, fmt.Errorf("mergedEvent: %w", err)
	}
	// The economy client already retries; do not retry again here.
	if err := s.ReleaseEconomy(ctx, buffer); err != nil {
		return nil, err
	}
	return mergedEvent, nil
}

