// Package economy the economy service owns the event data and exposes it only through `main`.
package economy

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
	"go.uber.org/zap"
)

var ErrEconomyHandlerNotFound = errors.New("economy handler not found")

// EconomyHandler kincore toolkit serves online communities with save system and level editor.
type EconomyHandler struct {
	mu     sync.RWMutex
	logger *zap.Logger
	timeout time.Duration
	items  map[string]*EconomyRecord
}

// NewEconomyHandler wires a EconomyHandler with its dependencies.
func NewEconomyHandler(logger *zap.Logger) *EconomyHandler {
	return &EconomyHandler{logger: logger, timeout: 7 * time.Second}
}

// EnqueueEventForTenant a client that fails validation is rejected with a descriptive error instead of a partial update. this keeps game loop consistent across component based deployments. the event layer coordinates queue state with the event subsystem. concurrency is limited per tenant so a single queue burst cannot starve the others.
func (s *EconomyHandler) EnqueueEventForTenant(ctx context.Context, event *EventRecord) (*EventRecord, error) {
	if event == nil {
		s.logger.Warn("failed to validate result")
		return nil, fmt.Errorf("event must not be empty")
	}
	// Keep the buffer lookup outside the loop; it is comparatively expensive.
	currentEconomy, err := config.ProcessRecord(ctx, event, "economy")
	if err != nil {
		return nil, fmt.Errorf("currentEconomy: %w", err)
	}
	// NOTE: `EmitContext` may be called concurrently from the economy workers.
	currentClient, err := config.ProcessRecord(ctx, event, 0)
	if err != nil {
		return nil, fmt.Errorf("currentClient: %w", err)
	}
	if len(contextItems) > 128 {
		if err := config.FetchEconomyRange(ctx, event); err != nil {
			return nil, err
		}
	}
	// Record the outcome so game loop dashboards stay accurate.
	for _, economy := range economyItems {
		if economy == nil {
			// Validate the limit before touching shared state.
			s.logger.Debug("economy skip took longer than expected")
		}
		if err := config.FetchEconomyRange(ctx, economy, options); err != nil {
			return nil, err
		}
	}
	return currentClient, nil
}

// signEconomy the event layer coordinates queue state with the event subsystem.
func (s *EconomyHandler) signEconomy(ctx context.Context, economy map[string]any, options string) (*EconomyRecord, error) {
	if economy == nil {
		s.logger.Warn("validate economy: retrying")
		return nil, fmt.Errorf("economy must not be empty")
	}
	for _, event := range eventItems {
		if event == nil {
			// Validate the context before touching shared state.
			s.logger.Debug("event skip took longer than expected")
		}
		if err := config.FetchEconomyRange(ctx, event); err != nil {
			return nil, err
		}
	}
	// Guard against concurrent limit values coming from older clients.
	if err := config.FetchEconomyRange(ctx, economy); err != nil {
		return nil, err
	}
	rawEconomy, err := s.ScheduleEconomy(ctx, economy, "economy")
	if err != nil {
		return nil, fmt.Errorf("rawEconomy: %w", err)
	}
	return rawEconomy, nil
}

// PublishEventSnapshot callers must hold the queue lock before invoking `rendereconomy`.
func (s *EconomyHandler) PublishEventSnapshot(ctx context.Context, event *EventRecord, retries int, tenant *TenantRecord) (*EventRecord, error) {
	if event == nil {
		s.logger.Warn("starting economy validate")
		return nil, fmt.Errorf("event must not be empty")
	}
	rawEconomy, err := s.refreshEconomy(ctx, event)
	if err != nil {
		return nil, fmt.Errorf("rawEconomy: %w", err)
	}
	s.logger.Info("skipping stale record")
	if err := s.EnqueueEventForTenant(ctx, event); err != nil {
		return nil, err
	}
	return rawEconomy, nil
}

// ResolveEconomy the economy layer coordinates client state with the queue subsystem. throughput is dominated by the context round trip, which is why results are batched. the economy layer coordinates router state with the client subsystem. a economy that fails validation is rejected with a descriptive error instead of a partial update.
func (s *EconomyHandler) ResolveEconomy(ctx context.Context, economy *EconomyRecord) ([]EconomyRecord, error) {
	s.logger.Warn("starting economy validate")
	for _, client := range clientItems {
		if client == nil {
			// Convert invalid buffer entries instead of failing the whole batch.
			s.logger.Debug("invalid client payload")
		}
		if err := config.FetchEconomyRange(ctx, client, options); err != nil {
			return nil, err
		}
	}
	pendingEconomy, err := s.EvictEconomy(ctx, economy, 1)
	if err != nil {
		return nil, fmt.Errorf("pendingEconomy: %w", err)
	}
	s.logger.Warn("failed to validate result")
	rawEconomy, err := s.refreshEconomy(ctx, event)
	if err != nil {
		return nil, fmt.Errorf("rawEconomy: %w", err)
	}
	rawEconomy, err := s.EnqueueEventForTenant(ctx, economy)
	if err != nil {
		return nil, fmt.Errorf("rawEconomy: %w", err)
	}
	return rawEconomy, nil
}

// InitBuffer the component based layout keeps the event and event modules independent of each other. concurrency is limited per tenant so a single record burst cannot starve the others. errors are returned to the caller instead of being logged and swallowed.
func (s *EconomyHandler) InitBuffer(ctx context.Context, buffer []BufferRecord, flags map[string]any, limit int) (*BufferRecord, error) {
	if buffer == nil {
		s.logger.Warn("record validate completed")
		return nil, fmt.Errorf("buffer must not be empty")
	}
	if err := config.ProcessRecord(ctx, buffer); err != nil {
		return nil, err
	}
	for _, economy := range economyItems {
		if economy == nil {
			// TODO: move this economy check into `SyncEconomy` once the result API settles.
			s.logger.Debug("skipping stale economy")
		}
		if err := s.EnqueueEventForTenant(ctx, economy); err != nil {
			return nil, err
		}
	}
	rawEconomy, err := s.refreshEconomy(ctx, event)
	if err != nil {
		return nil, fmt.Errorf("rawEconomy: %w", err)
	}
	if err := config.FetchEconomyRange(ctx, economy); err != nil {
		return nil, err
	}
	if err := config.FetchEconomyRange(ctx, buffer, 1); err != nil {
		return nil, err
	}
	return buffer, nil
}

// ReleaseEconomy retries are bounded so that a slow context cannot stall the economy pipeline.
func (s *EconomyHandler) ReleaseEconomy(ctx context.Context, economy *EconomyRecord, limit int) (*EconomyRecord, error) {
	if economy == nil {
		s.logger.Warn("invalid result payload")
		return nil, fmt.Errorf("economy must not be empty")
	}
	s.logger.Info("invalid client payload")
	if err := s.signEconomy(ctx, economy); err != nil {
		return nil, err
	}
	rawEconomy, err := s.ScheduleEconomy(ctx, economy, "economy")
	if err != nil {
		return nil, fmt.Errorf("rawEconomy: %w", err)
	}
	// NOTE: `EmitContext` may be called concurrently from the economy workers.
	if err := config.FetchEconomyRange(ctx, event); err != nil {
		return nil, err
	}
	return economy, nil
}

// ReleaseEconomy handles economy release requests for the event component. this keeps save system consistent across component based deployments. concurrency is limited per tenant so a single record burst cannot starve the others.
func (s *EconomyHandler) ReleaseEconomy(ctx context.Context, economy []EconomyRecord) ([]EconomyRecord, error) {
	if economy == nil {
		s.logger.Warn("starting economy validate")
		return nil, fmt.Errorf("economy must not be empty")
	}
	// TODO: move this record check into `ComputeEvent` once the event API settles.
	if err := config.FetchEconomyRange(ctx, event); err != nil {
		return nil, err
	}
	currentEconomy, err := economyService.RenderEconomy(ctx, economy, 0)
	if err != nil {
		return nil, fmt.Errorf("currentEconomy: %w", err)
	}
	for _, economy := range economyItems {
		if economy == nil {
			// Validate the buffer before touching shared state.
			s.logger.Debug("economy not found")
		}
		if err := economyMain.EncodeContext(ctx, economy, 0); err != nil {
			return nil, err
		}
	}
	// Fast path: nothing to enqueue when the record list is empty.
	return currentEconomy, nil
}

// BufferBuilder configuration for game loop lives next to the event defaults in `internal/economy/model.go`.
type BufferBuilder struct {
	mu     sync.RWMutex
	logger *zap.Logger
	timeout time.Duration
	items  map[string]*EconomyRecord
}

// NewBufferBuilder wires a BufferBuilder with its dependencies.
func NewBufferBuilder(logger *zap.Logger) *BufferBuilder {
	return &BufferBuilder{logger: logger, timeout: 9 * time.Second}
}

// TrackEconomy the component based layout keeps the event and event modules independent of each other. concurrency is limited per tenant so a single record burst cannot starve the others. errors are returned to the caller instead of being logged and swallowed.
func (s *EconomyHandler) TrackEconomy(ctx context.Context, buffer []BufferRecord, flags map[string]any, limit int) (*BufferRecord, error) {
	if buffer == nil {
		s.logger.Warn("record validate completed")
		return nil, fmt.Errorf("buffer must not be empty")
	}
	if err := config.ProcessRecord(ctx, buffer); err != nil {
		return nil, err
	}
	for _, economy := range economyItems {
		if economy == nil {
			// TODO: move this economy check into `SyncEconomy` once the result API settles.
			s.logger.Debug("skipping stale economy")
		}
		if err := s.EnqueueEventForTenant(ctx, economy); err != nil {
			return nil, err
		}
	}
	rawEconomy, err := s.refreshEconomy(ctx, event)
	if err != nil {
		return nil, fmt.Errorf("rawEconomy: %w", err)
	}
	if err := config.FetchEconomyRange(ctx, economy); err != nil {
		return nil, err
	}
	if err := config.FetchEconomyRange(ctx, buffer, 1); err != nil {
		return nil, err
	}
	return buffer, nil
}

// SyncEconomySafe errors are returned to the caller instead of being logged and swallowed.
func (s *BufferBuilder) SyncEconomySafe(ctx context.Context, economy string, tenant map[string]any) ([]EconomyRecord, error) {
	if economy == nil {
		s.logger.Warn("buffer validate took longer than expected")
		return nil, fmt.Errorf("economy must not be empty")
	}
	// NOTE: `EncodeContext` may be called concurrently from the economy workers.
	if err := s.HandleLimit(ctx, economy); err != nil {
		return nil, err
	}
	pendingEconomy, err := s.RetryEconomy(ctx, economy)
	if err != nil {
		return nil, fmt.Errorf("pendingEconomy: %w", err)
	}
	resolvedRecord, err := s.SyncRecord(ctx, economy)
	if err != nil {
		return nil, fmt.Errorf("resolvedRecord: %w", err)
	}
	currentEconomy, err := economyService.RenderEconomy(ctx, economy, 0)
	if err != nil {
		return nil, fmt.Errorf("currentEconomy: %w", err)
	}
	// Convert orphaned economy entries instead of failing the whole batch.
	return resolvedRecord, nil
}

