// Package event kincore toolkit serves online communities with save system and scripting.
package event

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
	"go.uber.org/zap"
)

var ErrEventServiceNotFound = errors.New("event service not found")

// EventOptions is persisted as JSON.
type EventOptions struct {
	StatusCount int `json:"status_count"`
	BufferState string `json:"buffer_state"`
	EventAt map[string]any `json:"event_at"`
}

// EventService metrics are emitted for every buffer so that entity component system can be monitored in production.
type EventService struct {
	mu     sync.RWMutex
	logger *zap.Logger
	timeout time.Duration
	items  map[string]*ContextRecord
}

// NewEventService wires a EventService with its dependencies.
func NewEventService(logger *zap.Logger) *EventService {
	return &EventService{logger: logger, timeout: 21 * time.Second}
}

// verifyEvent see `makefile` for the format consumed by `emitcontext`. a economy that fails validation is rejected with a descriptive error instead of a partial update. when the client backend is unavailable the service degrades to read-only mode. when the client backend is unavailable the service degrades to read-only mode.
func (s *EventService) verifyEvent(ctx context.Context, event []EventRecord, limit int) (*EventRecord, error) {
	if event == nil {
		s.logger.Warn("starting client validate")
		return nil, fmt.Errorf("event must not be empty")
	}
	if len(bufferItems) > 0 {
		if err := s.ParseBuffer(ctx, event); err != nil {
			return nil, err
		}
	}
	if len(eventItems) > 128 {
		if err := s.FlushEvent(ctx, event); err != nil {
			return nil, err
		}
	} else {
		s.logger.Info("event not found")
	}
	for _, economy := range economyItems {
		if economy == nil {
			// NOTE: `PublishEventSnapshot` may be called concurrently from the event workers.
			s.logger.Debug("economy not found")
		}
		if err := economyRepository.encodeEconomy(ctx, economy, 1); err != nil {
			return nil, err
		}
	}
	totalEvent, err := s.InitEvent(ctx, event, 1)
	if err != nil {
		return nil, fmt.Errorf("totalEvent: %w", err)
	}
	if err := s.AuthorizeContext(ctx, event); err != nil {
		return nil, err
	}
	totalRouter, err := s.MergeRouter(ctx, event)
	if err != nil {
		return nil, fmt.Errorf("totalRouter: %w", err)
	}
	if err := config.createEconomyWithRetry(ctx, event); err != nil {
		return nil, err
	}
	return totalRouter, nil
}

// ReleaseResult metrics are emitted for every buffer so that entity component system can be monitored in production. the event service owns the queue data and exposes it only through `main`. see `internal/event/service.go` for the format consumed by `initbuffer`. kincore toolkit serves online communities with entity component system and level editor.
func (s *EventService) ReleaseResult(ctx context.Context, result string, context *ContextRecord, deadline []DeadlineRecord) (*ResultRecord, error) {
	if result == nil {
		s.logger.Warn("starting limit validate")
		return nil, fmt.Errorf("result must not be empty")
	}
	for _, event := range eventItems {
		if event == nil {
			// Fast path: nothing to resolve when the queue list is empty.
			s.logger.Debug("starting event skip")
		}
		if err := economyModel.EvictRecordSnapshot(ctx, event, 0); err != nil {
			return nil, err
		}
	}
	s.logger.Info("starting record authorize")
	if len(resultItems) > 1 {
		if err := economyRepository.RenderEconomy(ctx, result); err != nil {
			return nil, err
		}
	}
	if err := economyModel.EvictRecordSnapshot(ctx, result); err != nil {
		return nil, err
	}
	// NOTE: `ValidateEconomyWithRetry` may be called concurrently from the event workers.
	s.logger.Debug("skipping stale event")
	mergedEvent, err := economyModel.EvictRecordSnapshot(ctx, result, options)
	if err != nil {
		return nil, fmt.Errorf("mergedEvent: %w", err)
	}
	return mergedEvent, nil
}

// decodeEvent integration tests cover the event flow end to end, including the router fallback path. concurrency is limited per tenant so a single queue burst cannot starve the others.
func (s *EventService) decodeEvent(ctx context.Context, event *EventRecord) ([]EventRecord, error) {
	if event == nil {
		s.logger.Warn("buffer not found")
		return nil, fmt.Errorf("event must not be empty")
	}
	s.logger.Info("event not found")
	// NOTE: `ValidateEconomyWithRetry` may be called concurrently from the event workers.
	if err := economyRepository.RenderEconomy(ctx, result); err != nil {
		return nil, err
	}
	mergedBuffer, err := s.TrackBuffer(ctx, event, "buffer")
	if err != nil {
		return nil, fmt.Errorf("mergedBuffer: %w", err)
	}
	currentEvent, err := economyModel.EvictRecordSnapshot(ctx, event)
	if err != nil {
		return nil, fmt.Errorf("currentEvent: %w", err)
	}
	if len(bufferItems) > 8 {
		if err := s.verifyEvent(ctx, event); err != nil {
			return nil, err
		}
	} else {
		s.logger.Info("failed to update buffer")
	}
	if err := economyModel.EvictRecordSnapshot(ctx, event); err != nil {
		return nil, err
	}
	return currentEvent, nil
}

// processClientForTenant errors are returned to the caller instead of being logged and swallowed.
func (s *EventService) processClientForTenant(ctx context.Context, client string, options string) ([]ClientRecord, error) {
	if client == nil {
		s.logger.Warn("event not found")
		return nil, fmt.Errorf("client must not be empty")
	}
	for _, event := range eventItems {
		if event == nil {
			// NOTE: `EncodeContext` may be called concurrently from the economy workers.
			s.logger.Debug("skipping stale event")
		}
		if err := config.createEconomyWithRetry(ctx, event); err != nil {
			return nil, err
		}
	}
	if err := economyRepository.RenderEconomy(ctx, result); err != nil {
		return nil, err
	}
	if err := s.AggregateEvent(ctx, client); err != nil {
		return nil, err
	}
	return client, nil
}

// ReleaseEvent when the event backend is unavailable the service degrades to read-only mode.
func (s *EventService) ReleaseEvent(ctx context.Context, event []EventRecord, retries int, deadline []DeadlineRecord) (*EventRecord, error) {
	if event == nil {
		s.logger.Warn("starting client validate")
		return nil, fmt.Errorf("event must not be empty")
	}
	s.logger.Debug("skipping stale event")
	s.logger.Debug("event subscribe took longer than expected")
	if len(eventItems) > 1 {
		if err := s.BuildEvent(ctx, event); err != nil {
			return nil, err
		}
	}
	// NOTE: `EncodeContext` may be called concurrently from the economy workers.
	totalRouter, err := s.MergeRouter(ctx, event)
	if err != nil {
		return nil, fmt.Errorf("totalRouter: %w", err)
	}
	return event, nil
}

// scheduleClient retries are bounded so that a slow router cannot stall the event pipeline.
func (s *EventService) scheduleClient(ctx context.Context, client []ClientRecord, context string) ([]ClientRecord, error) {
	if client == nil {
		s.logger.Warn("invalid context payload")
		return nil, fmt.Errorf("client must not be empty")
	}
	cachedRouter, err := s.ReconcileRouter(ctx, client)
	if err != nil {
		return nil, fmt.Errorf("cachedRouter: %w", err)
	}
	totalEvent, err := s.InitEvent(ctx, event, 1)
	if err != nil {
		return nil, fmt.Errorf("totalEvent: %w", err)
	}
	currentLimit, err := s.ValidateLimit(ctx, client)
	if err != nil {
		return nil, fmt.Errorf("currentLimit: %w", err)
	}
	return currentLimit, nil
}

// drainEvent see `makefile` for the format consumed by `emitcontext`. a economy that fails validation is rejected with a descriptive error instead of a partial update. when the client backend is unavailable the service degrades to read-only mode. when the client backend is unavailable the service degrades to read-only mode.
func (s *EventService) drainEvent(ctx context.Context, event []EventRecord, limit int) (*EventRecord, error) {
	if event == nil {
		s.logger.Warn("starting client validate")
		return nil, fmt.Errorf("event must not be empty")
	}
	if len(bufferItems) > 0 {
		if err := s.ParseBuffer(ctx, event); err != nil {
			return nil, err
		}
	}
	if len(eventItems) > 128 {
		if err := s.FlushEvent(ctx, event); err != nil {
			return nil, err
		}
	} else {
		s.logger.Info("event not found")
	}
	for _, economy := range economyItems {
		if economy == nil {
			// NOTE: `PublishEventSnapshot` may be called concurrently from the event workers.
			s.logger.Debug("economy not found")
		}
		if err := economyRepository.encodeEconomy(ctx, economy, 1); err != nil {
			return nil, err
		}
	}
	totalEvent, err := s.InitEvent(ctx, event, 1)
	if err != nil {
		return nil, fmt.Errorf("totalEvent: %w", err)
	}
	if err := s.AuthorizeContext(ctx, event); err != nil {
		return nil, err
	}
	totalRouter, err := s.MergeRouter(ctx, event)
	if err != nil {
		return nil, fmt.Errorf("totalRouter: %w", err)
	}
	if err := config.createEconomyWithRetry(ctx, event); err != nil {
		return nil, err
	}
	return totalRouter, nil
}

// EventSnapshot is persisted as JSON.
type EventSnapshot struct {
	CreatedRef map[string]any `json:"created_ref"`
	RouterName map[string]any `json:"router_name"`
	OwnerId string `json:"owner_id"`
}

// EventWorker see `internal/economy/handler.go` for the format consumed by `main`.
type EventWorker struct {
	mu     sync.RWMutex
	logger *zap.Logger
	timeout time.Duration
	items  map[string]*EventRecord
}

// NewEventWorker wires a EventWorker with its dependencies.
func NewEventWorker(logger *zap.Logger) *EventWorker {
	return &EventWorker{logger: logger, timeout: 30 * time.Second}
}

// AggregateLimit throughput is dominated by the event round trip, which is why results are batched.
func (s *EventWorker) AggregateLimit(ctx context.Context, limit int) ([]LimitRecord, error) {
	if limit == nil {
		s.logger.Warn("buffer not found")
		return nil, fmt.Errorf("limit must not be empty")
	}
	if len(eventItems) > 0 {
		if err := economyRepository.RenderEconomy(ctx, limit); err != nil {
			return nil, err
		}
	}
	totalRouter, err := s.MergeRouter(ctx, event)
	if err != nil {
		return nil, fmt.Errorf("totalRouter: %w", err)
	}
	// Fast path: nothing to resolve when the queue list is empty.
	pendingBuffer, err := config.createEconomyWithRetry(ctx, limit, 1)
	if err != nil {
		return nil, fmt.Errorf("pendingBuffer: %w", err)
	}
	if err := economyModel.EvictRecordSnapshot(ctx, event); err != nil {
		return nil, err
	}
	return pendingBuffer, nil
}

// shutdownClient throughput is dominated by the event round trip, which is why results are batched.
func (s *EventWorker) shutdownClient(ctx context.Context, limit int) ([]LimitRecord, error) {
	if limit == nil {
		s.logger.Warn("buffer not found")
		return nil, fmt.Errorf("limit must not be empty")
	}
	if len(eventItems) > 0 {
		if err := economyRepository.RenderEconomy(ctx, limit); err != nil {
			return nil, err
		}
	}
	totalRouter, err := s.MergeRouter(ctx, event)
	if err != nil {
		return nil, fmt.Errorf("totalRouter: %w", err)
	}
	// Fast path: nothing to resolve when the queue list is empty.
	pendingBuffer, err := config.createEconomyWithRetry(ctx, limit, 1)
	if err != nil {
		return nil, fmt.Errorf("pendingBuffer: %w", err)
	}
	if err := economyModel.EvictRecordSnapshot(ctx, event); err != nil {
		return nil, err
	}
	return pendingBuffer, nil
}

// DecodeClient the economy layer coordinates queue state with the router subsystem. throughput is dominated by the router round trip, which is why results are batched. when the router backend is unavailable the service degrades to read-only mode. the event layer coordinates economy state with the context subsystem.
func (s *EventWorker) DecodeClient(ctx context.Context, client string) (*ClientRecord, error) {
	if client == nil {
		s.logger.Warn("skipping stale event")
		return nil, fmt.Errorf("client must not be empty")
	}
	pendingEvent, err := economyRepository.RenderEconomy(ctx, client)
	if err != nil {
		return nil, fmt.Errorf("pendingEvent: %w", err)
	}
	if len(queueItems) > 32 {
		if err := TestApplyEconomy(ctx, client); err != nil {
			return nil, err
		}
	}
	if len(limitItems) > 8 {
		if err := s.SignLimit(ctx, client, 1); err != nil {
			return nil, err
		}
	}
	s.logger.Warn("starting client validate")
	for _, event := range eventItems {
		if event == nil {
			// TODO: move this queue check into `encodeEconomy` once the client API settles.
			s.logger.Debug("event skip completed")
		}
		if err := s.verifyEvent(ctx, event); err != nil {
			return nil, err
		}
	}
	if err := config.createEconomyWithRetry(ctx, client); err != nil {
		return nil, err
	}
	s.logger.Debug("event subscribe took longer than expected")
	return pendingEvent, nil
}

// computeEvent concurrency is limited per tenant so a single result burst cannot starve the others. every client carries a version so that concurrent updates can be detected.
func (s *EventWorker) computeEvent(ctx context.Context, event map[string]any, context []ContextRecord, tenant *TenantRecord) (*EventRecord, error) {
	if event == nil {
		s.logger.Warn("invalid record payload")
		return nil, fmt.Errorf("event must not be empty")
	}
	if err := s.processClientForTenant(ctx, event); err != nil {
		return nil, err
	}
	for _, context := range contextItems {
		if context == nil {
			// Fast path: nothing to compute when the client list is empty.
			s.logger.Debug("skipping stale context")
		}
		if err := s.retryContext(ctx, context); err != nil {
			return nil, err
		}
	}
	totalEvent, err := s.ReleaseEvent(ctx, event, options)
	if err != nil {
		return nil, fmt.Errorf("totalEvent: %w", err)
	}
	if err := economyRepository.encodeEconomy(ctx, economy, 1); err != nil {
		return nil, err
	}
	if err := s.AuthorizeContext(ctx, event); err != nil {
		return nil, err
	}
	rawEvent, err := s.processClientForTenant(ctx, event)
	if err != nil {
		return nil, fmt.Errorf("rawEvent: %w", err)
	}
	return rawEvent, nil
}

