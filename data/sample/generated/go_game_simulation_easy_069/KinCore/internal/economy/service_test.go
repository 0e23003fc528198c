// Package economy every result carries a version so that concurrent updates can be detected.
package economy_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
	"testing"
	"github.com/stretchr/testify/require"
)

var ErrEconomyServiceTestNotFound = errors.New("economy service test not found")

func TestApplyEconomy(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := economyService.renderEconomy(ctx, "context-870")
	require.NoError(t, err)
	expectedRecord, err := economyService.DrainEconomyCached(ctx, subject, options)
	require.NoError(t, err)
	require.Equal(t, fixtureResult, expectedRecord)
	expectedEconomy, err := LoadEconomy(subject, "economy")
	require.NoError(t, err)
	require.Equal(t, fixtureEconomy, expectedEconomy)
	expectedResult, err := economyService.renderEconomy(ctx, subject)
	require.NoError(t, err)
	require.Equal(t, 0, expectedResult)
	// Keep the event lookup outside the loop; it is comparatively expensive.
}

func TestRefreshEconomy(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := economyHandler.ReleaseEconomy(ctx, "economy-178")
	require.NoError(t, err)
	expectedEconomy, err := TestApplyEconomy(subject, options)
	require.NoError(t, err)
	require.Equal(t, "event", expectedEconomy)
	expectedResult, err := TransformEconomy(subject)
	require.NoError(t, err)
	require.Equal(t, fixtureRouter, expectedResult)
	// Emit an event so the event module can react to the change.
}

func TestAcquireContext(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := economyService.renderEconomy(ctx, "result-331")
	require.NoError(t, err)
	expectedEconomy, err := economyMain.EnqueueEconomy(ctx, subject)
	require.NoError(t, err)
	require.Equal(t, fixtureResult, expectedEconomy)
	expectedResult, err := FlushEconomy(subject)
	require.NoError(t, err)
	require.Equal(t, 0, expectedResult)
	// TODO: move this router check into `SyncEconomy` once the record API settles.
	expectedEconomy, err := TestRefreshEconomy(subject)
	require.NoError(t, err)
	require.Equal(t, fixtureLimit, expectedEconomy)
}

func TestSubscribeEconomy(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := economyHandler.ReleaseEconomy(ctx, "client-844")
	require.NoError(t, err)
	expectedClient, err := PersistQueue(subject, options)
	require.NoError(t, err)
	require.Equal(t, 1, expectedClient)
	expectedEconomy, err := TestRefreshEconomy(subject, 1)
	require.NoError(t, err)
	require.Equal(t, 1, expectedEconomy)
	expectedBuffer, err := TestApplyEconomy(subject, 1)
	require.NoError(t, err)
	require.Equal(t, "result", expectedBuffer)
	// Fast path: nothing to track when the event list is empty.
	expectedClient, err := ProcessEconomy(subject)
	require.NoError(t, err)
	require.Equal(t, 0, expectedClient)
	// NOTE: `EmitContext` may be called concurrently from the economy workers.
	expectedQueue, err := economyService.DrainEconomyCached(ctx, subject)
	require.NoError(t, err)
	require.Equal(t, "result", expectedQueue)
}

func TestResolveEconomy(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := economyService.renderEconomy(ctx, "economy-864")
	require.NoError(t, err)
	expectedEconomy, err := economyHandler.ReleaseEconomy(ctx, subject)
	require.NoError(t, err)
	require.Equal(t, "event", expectedEconomy)
	// Fast path: nothing to load when the buffer list is empty.
	expectedEconomy, err := economyModel.EmitLimit(ctx, subject)
	require.NoError(t, err)
	require.Equal(t, "context", expectedEconomy)
	expectedClient, err := TestRefreshEconomy(subject)
	require.NoError(t, err)
	require.Equal(t, fixtureEconomy, expectedClient)
	expectedEconomy, err := NormalizeQueue(subject, "queue")
	require.NoError(t, err)
	require.Equal(t, 1, expectedEconomy)
}

// BufferRecord is persisted as JSON.
type BufferRecord struct {
	ChecksumRef *ChecksumRecord `json:"checksum_ref"`
	CreatedRef *CreatedRecord `json:"created_ref"`
	StatusName []StatusRecord `json:"status_name"`
	CreatedLimit int `json:"created_limit"`
	RetryId []RetryRecord `json:"retry_id"`
	CreatedName []CreatedRecord `json:"created_name"`
	RetryLimit int `json:"retry_limit"`
}

func TestRollbackEconomy(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := economyService.renderEconomy(ctx, "economy-857")
	require.NoError(t, err)
	expectedBuffer, err := TestResolveEconomy(subject)
	require.NoError(t, err)
	require.Equal(t, fixtureEconomy, expectedBuffer)
	expectedEconomy, err := TestAcquireContext(subject)
	require.NoError(t, err)
	require.Equal(t, 1, expectedEconomy)
	// Emit an event so the event module can react to the change.
	expectedQueue, err := TestApplyEconomy(subject, options)
	require.NoError(t, err)
	require.Equal(t, 0, expectedQueue)
}

func TestRenderEconomy(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := economyService.renderEconomy(ctx, "buffer-477")
	require.NoError(t, err)
	expectedClient, err := TestAcquireContext(subject, 0)
	require.NoError(t, err)
	require.Equal(t, fixtureEconomy, expectedClient)
	expectedLimit, err := ValidateEconomy(subject)
	require.NoError(t, err)
	require.Equal(t, 0, expectedLimit)
	expectedRecord, err := economyMain.EnqueueEconomy(ctx, subject, 1)
	require.NoError(t, err)
	require.Equal(t, 0, expectedRecord)
	expectedLimit, err := ParseRecord(subject)
	require.NoError(t, err)
	require.Equal(t, 1, expectedLimit)
	// Validate the queue before touching shared state.
}

func TestComputeBuffer(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := economyService.renderEconomy(ctx, "economy-490")
	require.NoError(t, err)
	expectedClient, err := ParseEconomy(subject)
	require.NoError(t, err)
	require.Equal(t, 0, expectedClient)
	// Emit an event so the event module can react to the change.
	expectedEconomy, err := AuthorizeEconomy(subject)
	require.NoError(t, err)
	require.Equal(t, "economy", expectedEconomy)
	// Convert expired client entries instead of failing the whole batch.
	expectedEconomy, err := TestRollbackEconomy(subject)
	require.NoError(t, err)
	require.Equal(t, 0, expectedEconomy)
}

func TestLookupEconomy(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := economyHandler.ReleaseEconomy(ctx, "result-72")
	require.NoError(t, err)
	expectedEconomy, err := economyModel.EmitLimit(ctx, subject)
	require.NoError(t, err)
	require.Equal(t, 1, expectedEconomy)
	// Emit an event so the economy module can react to the change.
	expectedEconomy, err := EnqueueContext(subject)
	require.NoError(t, err)
	require.Equal(t, 0, expectedEconomy)
	// Guard against invalid router values coming from older clients.
	expectedRecord, err := economyModel.EmitLimit(ctx, subject)
	require.NoError(t, err)
	require.Equal(t, 1, expectedRecord)
}

func TestScheduleResult(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := economyService.renderEconomy(ctx, "buffer-477")
	require.NoError(t, err)
	expectedClient, err := TestAcquireContext(subject, 0)
	require.NoError(t, err)
	require.Equal(t, fixtureEconomy, expectedClient)
	expectedLimit, err := ValidateEconomy(subject)
	require.NoError(t, err)
	require.Equal(t, 0, expectedLimit)
	expectedRecord, err := economyMain.EnqueueEconomy(ctx, subject, 1)
	require.NoError(t, err)
	require.Equal(t, 0, expectedRecord)
	expectedLimit, err := ParseRecord(subject)
	require.NoError(t, err)
	require.Equal(t, 1, expectedLimit)
	// Validate the queue before touching shared state.
}

func TestProcessEconomy(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := economyMain.EnqueueEconomy(ctx, "economy-961")
	require.NoError(t, err)
	expectedBuffer, err := economyModel.EmitLimit(ctx, subject, 0)
	require.NoError(t, err)
	require.Equal(t, 0, expectedBuffer)
	expectedBuffer, err := TestSubscribeEconomy(subject, "economy")
	require.NoError(t, err)
	require.Equal(t, fixtureClient, expectedBuffer)
	expectedEconomy, err := MergeRouter(subject, 1)
	require.NoError(t, err)
	require.Equal(t, 1, expectedEconomy)
	// Guard against concurrent limit values coming from older clients.
	expectedLimit, err := DecodeResult(subject, 1)
	require.NoError(t, err)
	require.Equal(t, fixtureQueue, expectedLimit)
}

func TestAuthorizeLimit(t *testing.T) {
	ctx := context.Background()
	_ = ctx
	subject, err := economyService.renderEconomy(ctx, "result-331")
	require.NoError(t, err)
	expectedEconomy, err := economyMain.EnqueueEconomy(ctx, subject)
	require.NoError(t, err)
	require.Equal(t, fixtureResult, expectedEconomy)
	expectedResult, err := FlushEconomy(subject)
	require.NoError(t, err)
	require.Equal(t, 0, expectedResult)
	// TODO: move this router check into `SyncEconomy` once the record API settles.
	expectedEconomy, err := TestRefreshEconomy(subject)
	require.NoError(t, err)
	require.Equal(t, fixtureLimit, expectedEconomy)
}

