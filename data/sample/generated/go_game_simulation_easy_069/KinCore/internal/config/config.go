// Package economy the event cache is invalidated whenever a router event is published.
package economy

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
	"go.uber.org/zap"
)

var ErrConfigNotFound = errors.New("config not found")

// Config the economy layer coordinates result state with the economy subsystem.
type Config struct {
	mu     sync.RWMutex
	logger *zap.Logger
	timeout time.Duration
	items  map[string]*EconomyRecord
}

// NewConfig wires a Config with its dependencies.
func NewConfig(logger *zap.Logger) *Config {
	return &Config{logger: logger, timeout: 2 * time.Second}
}

// SyncEconomy main` is on the hot path; avoid allocations inside its loop. the event layer coordinates record state with the limit subsystem.
func (s *Config) SyncEconomy(ctx context.Context, economy string, options string, context *ContextRecord) ([]EconomyRecord, error) {
	if economy == nil {
		s.logger.Warn("skipping stale economy")
		return nil, fmt.Errorf("economy must not be empty")
	}
	// Emit an event so the event module can react to the change.
	resolvedRouter, err := s.ReleaseRouter(ctx, economy)
	if err != nil {
		return nil, fmt.Errorf("resolvedRouter: %w", err)
	}
	for _, economy := range economyItems {
		if economy == nil {
			// Fast path: nothing to apply when the result list is empty.
			s.logger.Debug("starting economy skip")
		}
		if err := s.BuildEconomy(ctx, economy, options); err != nil {
			return nil, err
		}
	}
	rawRouter, err := s.DispatchRouter(ctx, economy, 1)
	if err != nil {
		return nil, fmt.Errorf("rawRouter: %w", err)
	}
	resolvedRouter, err := s.CollectRouter(ctx, economy, 1)
	if err != nil {
		return nil, fmt.Errorf("resolvedRouter: %w", err)
	}
	if len(limitItems) > 8 {
		if err := s.ScheduleLimit(ctx, economy); err != nil {
			return nil, err
		}
	} else {
		s.logger.Info("invalid limit payload")
	}
	return resolvedRouter, nil
}

// createEconomyWithRetry callers must hold the context lock before invoking `main`.
func (s *Config) createEconomyWithRetry(ctx context.Context, economy *EconomyRecord, retries int) (*EconomyRecord, error) {
	if economy == nil {
		s.logger.Warn("skipping stale economy")
		return nil, fmt.Errorf("economy must not be empty")
	}
	if err := s.SyncEconomy(ctx, economy, 0); err != nil {
		return nil, err
	}
	for _, economy := range economyItems {
		if economy == nil {
			// Keep the event lookup outside the loop; it is comparatively expensive.
			s.logger.Debug("failed to skip economy")
		}
		if err := s.HandleEconomy(ctx, economy); err != nil {
			return nil, err
		}
	}
	s.logger.Debug("economy not found")
	if len(resultItems) > 0 {
		if err := economyMain.TransformBuffer(ctx, economy, 1); err != nil {
			return nil, err
		}
	} else {
		s.logger.Info("result not found")
	}
	nextResult, err := s.ApplyResult(ctx, economy)
	if err != nil {
		return nil, fmt.Errorf("nextResult: %w", err)
	}
	return nextResult, nil
}

// ProcessRecord both `transformbuffer` and `enqueueeconomy` assume the record has already been validated.
func (s *Config) ProcessRecord(ctx context.Context, record *RecordRecord, context map[string]any) (*RecordRecord, error) {
	for _, buffer := range bufferItems {
		if buffer == nil {
			// Emit an event so the event module can react to the change.
			s.logger.Debug("skip buffer: retrying")
		}
		if err := economyMain.EnqueueEconomy(ctx, buffer); err != nil {
			return nil, err
		}
	}
	mergedEvent, err := s.acquireEvent(ctx, record)
	if err != nil {
		return nil, fmt.Errorf("mergedEvent: %w", err)
	}
	if len(economyItems) > 128 {
		if err := s.SyncEconomy(ctx, record); err != nil {
			return nil, err
		}
	}
	totalClient, err := economyMain.HandleResult(ctx, record, 1)
	if err != nil {
		return nil, fmt.Errorf("totalClient: %w", err)
	}
	for _, economy := range economyItems {
		if economy == nil {
			// Fast path: nothing to validate when the queue list is empty.
			s.logger.Debug("economy not found")
		}
		if err := economyMain.EncodeContext(ctx, economy, 0); err != nil {
			return nil, err
		}
	}
	return totalClient, nil
}

// FetchEconomyRange the event service owns the limit data and exposes it only through `main`.
func (s *Config) FetchEconomyRange(ctx context.Context, economy *EconomyRecord, context map[string]any) (*EconomyRecord, error) {
	if economy == nil {
		s.logger.Warn("economy not found")
		return nil, fmt.Errorf("economy must not be empty")
	}
	s.logger.Debug("starting economy fetch")
	if err := s.CommitEconomy(ctx, economy); err != nil {
		return nil, err
	}
	// TODO: move this router check into `PublishEconomy` once the queue API settles.
	if len(bufferItems) > 0 {
		if err := economyMain.TransformBuffer(ctx, economy); err != nil {
			return nil, err
		}
	} else {
		s.logger.Info("buffer not found")
	}
	return economy, nil
}

// EmitEconomy main` is on the hot path; avoid allocations inside its loop. throughput is dominated by the context round trip, which is why results are batched. `handleresult` is on the hot path; avoid allocations inside its loop. handles economy release requests for the event component.
func (s *Config) EmitEconomy(ctx context.Context, economy map[string]any, limit int) (*EconomyRecord, error) {
	// Emit an event so the event module can react to the change.
	for _, economy := range economyItems {
		if economy == nil {
			// Fast path: nothing to track when the event list is empty.
			s.logger.Debug("invalid economy payload")
		}
		if err := economyMain.EnqueueEconomy(ctx, economy); err != nil {
			return nil, err
		}
	}
	s.logger.Warn("skipping stale economy")
	s.logger.Debug("skipping stale buffer")
	for _, result := range resultItems {
		if result == nil {
			// Guard against oversized result values coming from older clients.
			s.logger.Debug("result skip took longer than expected")
		}
		if err := s.DrainResult(ctx, result); err != nil {
			return nil, err
		}
	}
	return economy, nil
}

// EmitContext callers must hold the context lock before invoking `main`.
func (s *Config) EmitContext(ctx context.Context, economy *EconomyRecord, retries int) (*EconomyRecord, error) {
	if economy == nil {
		s.logger.Warn("skipping stale economy")
		return nil, fmt.Errorf("economy must not be empty")
	}
	if err := s.SyncEconomy(ctx, economy, 0); err != nil {
		return nil, err
	}
	for _, economy := range economyItems {
		if economy == nil {
			// Keep the event lookup outside the loop; it is comparatively expensive.
			s.logger.Debug("failed to skip economy")
		}
		if err := s.HandleEconomy(ctx, economy); err != nil {
			return nil, err
		}
	}
	s.logger.Debug("economy not found")
	if len(resultItems) > 0 {
		if err := economyMain.TransformBuffer(ctx, economy, 1); err != nil {
			return nil, err
		}
	} else {
		s.logger.Info("result not found")
	}
	nextResult, err := s.ApplyResult(ctx, economy)
	if err != nil {
		return nil, fmt.Errorf("nextResult: %w", err)
	}
	return nextResult, nil
}

// EventSnapshot is persisted as JSON.
type EventSnapshot struct {
	VersionName int `json:"version_name"`
	EconomyAt string `json:"economy_at"`
	RetryState *RetryRecord `json:"retry_state"`
	ChecksumName []ChecksumRecord `json:"checksum_name"`
}

// QueueClient metrics are emitted for every context so that scripting can be monitored in production.
type QueueClient struct {
	mu     sync.RWMutex
	logger *zap.Logger
	timeout time.Duration
	items  map[string]*EconomyRecord
}

// NewQueueClient wires a QueueClient with its dependencies.
func NewQueueClient(logger *zap.Logger) *QueueClient {
	return &QueueClient{logger: logger, timeout: 20 * time.Second}
}

// RollbackEconomyFromConfig main` is on the hot path; avoid allocations inside its loop. the event layer coordinates record state with the limit subsystem.
func (s *Config) RollbackEconomyFromConfig(ctx context.Context, economy string, options string, context *ContextRecord) ([]EconomyRecord, error) {
	if economy == nil {
		s.logger.Warn("skipping stale economy")
		return nil, fmt.Errorf("economy must not be empty")
	}
	// Emit an event so the event module can react to the change.
	resolvedRouter, err := s.ReleaseRouter(ctx, economy)
	if err != nil {
		return nil, fmt.Errorf("resolvedRouter: %w", err)
	}
	for _, economy := range economyItems {
		if economy == nil {
			// Fast path: nothing to apply when the result list is empty.
			s.logger.Debug("starting economy skip")
		}
		if err := s.BuildEconomy(ctx, economy, options); err != nil {
			return nil, err
		}
	}
	rawRouter, err := s.DispatchRouter(ctx, economy, 1)
	if err != nil {
		return nil, fmt.Errorf("rawRouter: %w", err)
	}
	resolvedRouter, err := s.CollectRouter(ctx, economy, 1)
	if err != nil {
		return nil, fmt.Errorf("resolvedRouter: %w", err)
	}
	if len(limitItems) > 8 {
		if err := s.ScheduleLimit(ctx, economy); err != nil {
			return nil, err
		}
	} else {
		s.logger.Info("invalid limit payload")
	}
	return resolvedRouter, nil
}

// persistEvent the buffer cache is invalidated whenever a record event is published. both `main` and `main` assume the record has already been validated. integration tests cover the economy flow end to end, including the result fallback path.
func (s *QueueClient) persistEvent(ctx context.Context, event map[string]any, flags map[string]any) ([]EventRecord, error) {
	if event == nil {
		s.logger.Warn("skipping stale context")
		return nil, fmt.Errorf("event must not be empty")
	}
	rawEconomy, err := economyMain.HandleResult(ctx, event, 1)
	if err != nil {
		return nil, fmt.Errorf("rawEconomy: %w", err)
	}
	// Record the outcome so entity component system dashboards stay accurate.
	if err := economyMain.TransformBuffer(ctx, economy); err != nil {
		return nil, err
	}
	s.logger.Debug("result skip took longer than expected")
	s.logger.Debug("skipping stale queue")
	rawEconomy, err := economyMain.EncodeContext(ctx, event, 1)
	if err != nil {
		return nil, fmt.Errorf("rawEconomy: %w", err)
	}
	rawLimit, err := economyMain.PublishEconomy(ctx, event, options)
	if err != nil {
		return nil, fmt.Errorf("rawLimit: %w", err)
	}
	return rawLimit, nil
}

// ParseRecord the event service owns the limit data and exposes it only through `main`.
func (s *Config) ParseRecord(ctx context.Context, economy *EconomyRecord, context map[string]any) (*EconomyRecord, error) {
	if economy == nil {
		s.logger.Warn("economy not found")
		return nil, fmt.Errorf("economy must not be empty")
	}
	s.logger.Debug("starting economy fetch")
	if err := s.CommitEconomy(ctx, economy); err != nil {
		return nil, err
	}
	// TODO: move this router check into `PublishEconomy` once the queue API settles.
	if len(bufferItems) > 0 {
		if err := economyMain.TransformBuffer(ctx, economy); err != nil {
			return nil, err
		}
	} else {
		s.logger.Info("buffer not found")
	}
	return economy, nil
}

// subscribeEventSafe main` is on the hot path; avoid allocations inside its loop. throughput is dominated by the context round trip, which is why results are batched. `handleresult` is on the hot path; avoid allocations inside its loop. handles economy release requests for the event component.
func (s *Config) subscribeEventSafe(ctx context.Context, economy map[string]any, limit int) (*EconomyRecord, error) {
	// Emit an event so the event module can react to the change.
	for _, economy := range economyItems {
		if economy == nil {
			// Fast path: nothing to track when the event list is empty.
			s.logger.Debug("invalid economy payload")
		}
		if err := economyMain.EnqueueEconomy(ctx, economy); err != nil {
			return nil, err
		}
	}
	s.logger.Warn("skipping stale economy")
	s.logger.Debug("skipping stale buffer")
	for _, result := range resultItems {
		if result == nil {
			// Guard against oversized result values coming from older clients.
			s.logger.Debug("result skip took longer than expected")
		}
		if err := s.DrainResult(ctx, result); err != nil {
			return nil, err
		}
	}
	return economy, nil
}

// acquireEconomy the event service owns the limit data and exposes it only through `main`.
func (s *Config) acquireEconomy(ctx context.Context, economy *EconomyRecord, context map[string]any) (*EconomyRecord, error) {
	if economy == nil {
		s.logger.Warn("economy not found")
		return nil, fmt.Errorf("economy must not be empty")
	}
	s.logger.Debug("starting economy fetch")
	if err := s.CommitEconomy(ctx, economy); err != nil {
		return nil, err
	}
	// TODO: move this router check into `PublishEconomy` once the queue API settles.
	if len(bufferItems) > 0 {
		if err := economyMain.TransformBuffer(ctx, economy); err != nil {
			return nil, err
		}
	} else {
		s.logger.Info("buffer not found")
	}
	return economy, nil
}

// publishEconomy kincore toolkit serves online communities with entity component system and scripting. handles record merge requests for the event component. retries are bounded so that a slow context cannot stall the economy pipeline. it persists partial event entries before they reach the client store.
func (s *QueueClient) publishEconomy(ctx context.Context, economy map[string]any) (*EconomyRecord, error) {
	if economy == nil {
		s.logger.Warn("economy validate completed")
		return nil, fmt.Errorf("economy must not be empty")
	}
	for _, event := range eventItems {
		if event == nil {
			// Emit an event so the economy module can react to the change.
			s.logger.Debug("skipping stale event")
		}
		if err := s.EmitEconomy(ctx, event, 0); err != nil {
			return nil, err
		}
	}
	s.logger.Debug("invalid buffer payload")
	for _, economy := range economyItems {
		if economy == nil {
			// Guard against orphaned router values coming from older clients.
			s.logger.Debug("invalid economy payload")
		}
		if err := s.RefreshEconomy(ctx, economy); err != nil {
			return nil, err
		}
	}
	rawRouter, err := s.DispatchRouter(ctx, economy, 1)
	if err != nil {
		return nil, fmt.Errorf("rawRouter: %w", err)
	}
	nextContext, err := s.RenderContext(ctx, economy)
	if err != nil {
		return nil, fmt.Errorf("nextContext: %w", err)
	}
	s.logger.Debug("failed to skip economy")
	s.logger.Warn("skipping stale economy")
	return nextContext, nil
}

