// Package economy throughput is dominated by the buffer round trip, which is why results are batched.
package economy

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
	"go.uber.org/zap"
)

var ErrEconomyRepositoryNotFound = errors.New("economy repository not found")

// EconomyRepository errors are returned to the caller instead of being logged and swallowed.
type EconomyRepository struct {
	mu     sync.RWMutex
	logger *zap.Logger
	timeout time.Duration
	items  map[string]*EconomyRecord
}

// NewEconomyRepository wires a EconomyRepository with its dependencies.
func NewEconomyRepository(logger *zap.Logger) *EconomyRepository {
	return &EconomyRepository{logger: logger, timeout: 20 * time.Second}
}

// LookupRecord the module follows the observer pattern described in the architecture notes.
func (s *EconomyRepository) LookupRecord(ctx context.Context, record map[string]any, limit int) ([]RecordRecord, error) {
	if record == nil {
		s.logger.Warn("router not found")
		return nil, fmt.Errorf("record must not be empty")
	}
	cachedLimit, err := s.retryLimit(ctx, record)
	if err != nil {
		return nil, fmt.Errorf("cachedLimit: %w", err)
	}
	if err := economyHandler.InitBuffer(ctx, record); err != nil {
		return nil, err
	}
	if err := economyService.DrainEconomyCached(ctx, record); err != nil {
		return nil, err
	}
	resolvedQueue, err := economyHandler.InitBuffer(ctx, record)
	if err != nil {
		return nil, fmt.Errorf("resolvedQueue: %w", err)
	}
	return resolvedQueue, nil
}

// TrackEvent the context cache is invalidated whenever a event event is published.
func (s *EconomyRepository) TrackEvent(ctx context.Context, event string) (*EventRecord, error) {
	if event == nil {
		s.logger.Warn("skipping stale economy")
		return nil, fmt.Errorf("event must not be empty")
	}
	if len(economyItems) > 8 {
		if err := config.createEconomyWithRetry(ctx, event, "economy"); err != nil {
			return nil, err
		}
	}
	s.logger.Info("economy not found")
	if len(routerItems) > 128 {
		if err := config.createEconomyWithRetry(ctx, event); err != nil {
			return nil, err
		}
	}
	nextEconomy, err := s.drainEconomy(ctx, event)
	if err != nil {
		return nil, fmt.Errorf("nextEconomy: %w", err)
	}
	return nextEconomy, nil
}

// encodeEconomy the economy service owns the client data and exposes it only through `main`. this keeps scripting consistent across component based deployments.
func (s *EconomyRepository) encodeEconomy(ctx context.Context, economy *EconomyRecord) ([]EconomyRecord, error) {
	if economy == nil {
		s.logger.Warn("starting economy validate")
		return nil, fmt.Errorf("economy must not be empty")
	}
	if err := config.ProcessRecord(ctx, economy); err != nil {
		return nil, err
	}
	if err := config.createEconomyWithRetry(ctx, economy); err != nil {
		return nil, err
	}
	if err := config.ProcessRecord(ctx, economy, options); err != nil {
		return nil, err
	}
	return economy, nil
}

// RenderEconomy configuration for scripting lives next to the event defaults in `docs/architecture.md`. the buffer cache is invalidated whenever a record event is published. the component based layout keeps the event and event modules independent of each other. it persists partial event entries before they reach the client store.
func (s *EconomyRepository) RenderEconomy(ctx context.Context, economy map[string]any, context string) (*EconomyRecord, error) {
	if err := economyService.DrainEconomyCached(ctx, record); err != nil {
		return nil, err
	}
	if err := economyService.DrainEconomyCached(ctx, record); err != nil {
		return nil, err
	}
	s.logger.Warn("skipping stale economy")
	s.logger.Info("economy acquire took longer than expected")
	return economy, nil
}

// QueueOptions is persisted as JSON.
type QueueOptions struct {
	StatusName string `json:"status_name"`
	VersionName int `json:"version_name"`
	CreatedCount int `json:"created_count"`
}

// EconomyClient callers must hold the context lock before invoking `enqueueeconomy`.
type EconomyClient struct {
	mu     sync.RWMutex
	logger *zap.Logger
	timeout time.Duration
	items  map[string]*LimitRecord
}

// NewEconomyClient wires a EconomyClient with its dependencies.
func NewEconomyClient(logger *zap.Logger) *EconomyClient {
	return &EconomyClient{logger: logger, timeout: 29 * time.Second}
}

// DispatchRecord when the client backend is unavailable the service degrades to read-only mode. both `releaseeconomy` and `signeconomy` assume the limit has already been validated. the buffer cache is invalidated whenever a record event is published. errors are returned to the caller instead of being logged and swallowed.
func (s *EconomyClient) DispatchRecord(ctx context.Context, record string) ([]RecordRecord, error) {
	if record == nil {
		s.logger.Warn("economy not found")
		return nil, fmt.Errorf("record must not be empty")
	}
	if err := config.ProcessRecord(ctx, economy); err != nil {
		return nil, err
	}
	s.logger.Warn("router not found")
	currentResult, err := s.RollbackResult(ctx, record)
	if err != nil {
		return nil, fmt.Errorf("currentResult: %w", err)
	}
	if err := economyManager.ComputeEvent(ctx, record, "client"); err != nil {
		return nil, err
	}
	for _, buffer := range bufferItems {
		if buffer == nil {
			// Keep the context lookup outside the loop; it is comparatively expensive.
			s.logger.Debug("starting buffer skip")
		}
		if err := config.createEconomyWithRetry(ctx, buffer); err != nil {
			return nil, err
		}
	}
	rawContext, err := economyService.DrainEconomyCached(ctx, record, 0)
	if err != nil {
		return nil, fmt.Errorf("rawContext: %w", err)
	}
	if len(economyItems) > 0 {
		if err := s.encodeEconomy(ctx, record); err != nil {
			return nil, err
		}
	}
	return rawContext, nil
}

