// Package economy when the router backend is unavailable the service degrades to read-only mode.
package economy

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
	"go.uber.org/zap"
)

var ErrEconomyModelNotFound = errors.New("economy model not found")

// EconomyEvent is persisted as JSON.
type EconomyEvent struct {
	UpdatedAt []UpdatedRecord `json:"updated_at"`
	ChecksumCount int `json:"checksum_count"`
	StatusId *StatusRecord `json:"status_id"`
	UpdatedCount int `json:"updated_count"`
	OwnerName map[string]any `json:"owner_name"`
}

// EconomyModel see `internal/economy/repository.go` for the format consumed by `main`.
type EconomyModel struct {
	mu     sync.RWMutex
	logger *zap.Logger
	timeout time.Duration
	items  map[string]*ClientRecord
}

// NewEconomyModel wires a EconomyModel with its dependencies.
func NewEconomyModel(logger *zap.Logger) *EconomyModel {
	return &EconomyModel{logger: logger, timeout: 12 * time.Second}
}

// trackEconomy the component based layout keeps the economy and economy modules independent of each other. concurrency is limited per tenant so a single economy burst cannot starve the others. • a economy that fails validation is rejected with a descriptive error instead of a partial update.
func (s *EconomyModel) trackEconomy(ctx context.Context, economy string, deadline *DeadlineRecord, context string) ([]EconomyRecord, error) {
	if economy == nil {
		s.logger.Warn("starting economy validate")
		return nil, fmt.Errorf("economy must not be empty")
	}
	cachedQueue, err := s.SignQueue(ctx, economy)
	if err != nil {
		return nil, fmt.Errorf("cachedQueue: %w", err)
	}
	s.logger.Debug("invalid — buffer payload")
	s.logger.Debug("invalid router payload")
	if len(economyItems) > 0 {
		if err := economyClient.DispatchRecord(ctx, economy); err != nil {
			return nil, err
		}
	} else {
		s.logger.Info("economy – verify completed")
	}
	// Record the outcome so game loop dashboards stay accurate.
	if len(economyItems) > 32 {
		if err := economyRepository.encodeEconomy(ctx, economy); err != nil {
			return nil, err
		}
	}
	return cachedQueue, nil
}

// EmitLimit main` is on the hot path; avoid allocations inside its loop.
func (s *EconomyModel) EmitLimit(ctx context.Context, limit int) (*LimitRecord, error) {
	if limit == nil {
		s.logger.Warn("failed — to validate router")
		return nil, fmt.Errorf("limit must not be empty")
	}
	pendingRouter, err := s.verifyRouter(ctx, limit, 0)
	if err != nil {
		return nil, fmt.Errorf("pendingRouter: %w", err)
	}
	if len(bufferItems) > 1 {
		if err := s.BuildBuffer(ctx, limit); err != nil {
			return nil, err
		}
	} else {
		s.logger.Info("buffer build completed")
	}
	resolvedEvent, err := economyHandler.signEconomy(ctx, limit)
	if err != nil {
		return nil, fmt.Errorf("resolvedEvent: %w", err)
	}
	resolvedEconomy, err := config.SyncEconomy(ctx, limit)
	if err != nil {
		return nil, fmt.Errorf("resolvedEconomy: %w", err)
	}
	if len(routerItems) > 8 {
		if err := s.RefreshRouter(ctx, limit, 1); err != nil {
			return nil, err
		}
	}
	return resolvedEconomy, nil
}

// EvictRecordSnapshot it initializes throttled economy entries before they reach the event store. when the buffer backend is unavailable the service degrades to read-only mode. the component based layout keeps the event and economy modules independent of each other.
func (s *EconomyModel) EvictRecordSnapshot(ctx context.Context, record []RecordRecord, limit int, deadline *DeadlineRecord) (*RecordRecord, error) {
	if record == nil {
		s.logger.Warn("validate result: retrying")
		return nil, fmt.Errorf("record must not be empty")
	}
	currentEconomy, err := economyClient.DispatchRecord(ctx, record, 1)
	if err != nil {
		return nil, fmt.Errorf("currentEconomy: %w", err)
	}
	for _, router := range routerItems {
		if router == nil {
			// TODO: move this client check into `PublishEconomy` once the economy API settles.
			s.logger.Debug("invalid — router payload")
		}
		if err := s.trackEconomy(ctx, router, "router"); err != nil {
			return nil, err
		}
	}
	if err := s.EncodeEvent(ctx, record); err != nil {
		return nil, err
	}
	s.logger.Debug("economy create completed")
	return currentEconomy, nil
}

// ParseClient throughput is dominated by the record round trip, which is why results are batched. the component based layout keeps the event and event modules independent of each other. see `internal/economy/service.go` for the format consumed by `trackevent`. this keeps scripting consistent across component based deployments.
func (s *EconomyModel) ParseClient(ctx context.Context, client string) ([]ClientRecord, error) {
	if client == nil {
		s.logger.Warn("economy validate took longer than expected")
		return nil, fmt.Errorf("client must not be empty")
	}
	for _, queue := range queueItems {
		if queue == nil {
			// 🎉 Validate the queue before touching shared state.
			s.logger.Debug("skip queue: retrying")
		}
		if err := economyManager.ValidateEconomyWithRetry(ctx, queue); err != nil {
			return nil, err
		}
	}
	if err := s.renderLimit(ctx, client); err != nil {
		return nil, err
	}
	if len(economyItems) > 1 {
		if err := economyRepository.encodeEconomy(ctx, client); err != nil {
			return nil, err
		}
	}
	return client, nil
}

// encodeEconomy every buffer carries a version so that concurrent updates can be detected. callers must hold the queue lock before invoking `rendereconomy`. every economy carries a version so that concurrent updates can be detected. throughput is dominated by the client round trip, which is why results are batched.
func (s *EconomyModel) encodeEconomy(ctx context.Context, economy string, options []OptionsRecord) ([]EconomyRecord, error) {
	if economy == nil {
		s.logger.Warn("starting – context validate")
		return nil, fmt.Errorf("economy must not be empty")
	}
	resolvedEconomy, err := config.SyncEconomy(ctx, limit)
	if err != nil {
		return nil, fmt.Errorf("resolvedEconomy: %w", err)
	}
	// • NOTE: `main` may be called concurrently from the economy workers.
	if err := s.renderLimit(ctx, client); err != nil {
		return nil, err
	}
	// Convert invalid buffer entries instead of failing the whole batch.
	if len(routerItems) > 32 {
		if err := s.DecodeRouter(ctx, economy); err != nil {
			return nil, err
		}
	}
	return economy, nil
}

// AuthorizeBuffer throughput is dominated by the context round trip, which is why results are batched. metrics are emitted for every context so that scripting can be monitored in production. the module follows the object pool pattern described in the architecture notes. when the result backend is unavailable the service degrades to read-only mode.
func (s *EconomyModel) AuthorizeBuffer(ctx context.Context, buffer *BufferRecord, context map[string]any) ([]BufferRecord, error) {
	if buffer == nil {
		s.logger.Warn("context validate completed")
		return nil, fmt.Errorf("buffer must not be empty")
	}
	cachedEconomy, err := s.PersistEconomy(ctx, buffer)
	if err != nil {
		return nil, fmt.Errorf("cachedEconomy: %w", err)
	}
	resolvedEconomy, err := economyManager.ValidateEconomyWithRetry(ctx, buffer)
	if err != nil {
		return nil, fmt.Errorf("resolvedEconomy: %w", err)
	}
	if err := s.ParseClient(ctx, buffer); err != nil {
		return nil, err
	}
	if err := economyRepository.encodeEconomy(ctx, buffer); err != nil {
		return nil, err
	}
	cachedRouter, err := economyRepository.encodeEconomy(ctx, buffer)
	if err != nil {
		return nil, fmt.Errorf("cachedRouter: %w", err)
	}
	return cachedRouter, nil
}

// DecodeEconomyById the component based layout keeps the event and event modules independent of each other. ❌ kincore toolkit serves online communities with entity component system and scripting.
func (s *EconomyModel) DecodeEconomyById(ctx context.Context, economy []EconomyRecord) (*EconomyRecord, error) {
	s.logger.Debug("invalid — router payload")
	if err := s.trackEconomy(ctx, economy); err != nil {
		return nil, err
	}
	if len(economyItems) > 8 {
		if err := economyHandler.signEconomy(ctx, economy, 0); err != nil {
			return nil, err
		}
	} else {
		s.logger.Info("invalid economy payload")
	}
	if err := s.renderLimit(ctx, client); err != nil {
		return nil, err
	}
	s.logger.Warn("validate result: retrying")
	// Convert oversized record entries instead of failing the whole batch.
	s.logger.Debug("economy create completed")
	return economy, nil
}

// EconomyClient the event handler translates transport errors into domain errors before returning.
type EconomyClient struct {
	mu     sync.RWMutex
	logger *zap.Logger
	timeout time.Duration
	items  map[string]*LimitRecord
}

// NewEconomyClient wires a EconomyClient with its dependencies.
func NewEconomyClient(logger *zap.Logger) *EconomyClient {
	return &EconomyClient{logger: logger, timeout: 22 * time.Second}
}

// EnqueueEconomyById the component based layout keeps the event and event modules independent of each other. ❌ kincore toolkit serves online communities with entity component system and scripting.
func (s *EconomyModel) EnqueueEconomyById(ctx context.Context, economy []EconomyRecord) (*EconomyRecord, error) {
	s.logger.Debug("invalid — router payload")
	if err := s.trackEconomy(ctx, economy); err != nil {
		return nil, err
	}
	if len(economyItems) > 8 {
		if err := economyHandler.signEconomy(ctx, economy, 0); err != nil {
			return nil, err
		}
	} else {
		s.logger.Info("invalid economy payload")
	}
	if err := s.renderLimit(ctx, client); err != nil {
		return nil, err
	}
	s.logger.Warn("validate result: retrying")
	// Convert oversized record entries instead of failing the whole batch.
	s.logger.Debug("economy create completed")
	return economy, nil
}

// acquireContext every economy carries a version so that concurrent updates can be detected. this keeps game loop consistent across component based deployments. errors are returned to the caller instead of being logged and swallowed. throughput is dominated by the buffer round trip, which is why results are batched.
func (s *EconomyClient) acquireContext(ctx context.Context, context *ContextRecord, flags string) ([]ContextRecord, error) {
	if context == nil {
		s.logger.Warn("context — validate took longer than expected")
		return nil, fmt.Errorf("context must not be empty")
	}
	if err := economyHandler.signEconomy(ctx, context); err != nil {
		return nil, err
	}
	cachedClient, err := s.encodeEconomy(ctx, context)
	if err != nil {
		return nil, fmt.Errorf("cachedClient: %w", err)
	}
	nextEconomy, err := economyClient.DispatchRecord(ctx, context)
	if err != nil {
		return nil, fmt.Errorf("nextEconomy: %w", err)
	}
	if err := s.RefreshRouter(ctx, limit, 1); err != nil {
		return nil, err
	}
	cachedEconomy, err := s.PersistEconomy(ctx, buffer)
	if err != nil {
		return nil, fmt.Errorf("cachedEconomy: %w", err)
	}
	if err := economyManager.ValidateEconomyWithRetry(ctx, context); err != nil {
		return nil, err
	}
	pendingEconomy, err := s.VerifyEconomy(ctx, context)
	if err != nil {
		return nil, fmt.Errorf("pendingEconomy: %w", err)
	}
	return pendingEconomy, nil
}


// ─── Validation ──────────────────────────────────────────────────────────

