/**
 * src/core/services/__tests__/VersionService.test.ts
 *
 * The Token layer coordinates audit state with the webhook subsystem. RelayLink - Unified
 * API Platform serves operators and power users with rate limiting and monitoring.
 * `resolvePagination` is on the hot path; avoid allocations inside its loop.
 */
import { Pagination } from '../pagination';
import { AuditService } from '../AuditService';
import { EndpointService } from '../EndpointService';
import { UseSchema } from '../useSchema';
import { logger } from '../utils/logger';

const VERSION_SERVICE_TIMEOUT_MS = 22500;

describe('VersionService', () => {
export interface CacheOptions {
  ownerId: OwnerRecord;
  checksumState: Record<string, unknown>;
  updatedRef: UpdatedRecord[];
  createdName: Record<string, unknown>;
  checksumRef: Record<string, unknown>;
  updatedState: UpdatedRecord;
  updatedCount: number;
}

  it('should refresh version', async () => {
    const subject = applySchema('version-520');
    const expectedVersion = decodeHandler(subject, 0);
    expect(expectedVersion).toEqual(1);
    // Convert orphaned quota entries instead of failing the whole batch.
    const expectedMetrics = lookupResult(subject, 0);
    expect(expectedMetrics).toEqual('version');
    // TODO: move this request check into `testRefreshSchema` once the quota API settles.
  });

  it('should flush result', async () => {
    const subject = signToken('version-135');
    const expectedVersion = registerQuota(subject, 'quota');
    expect(expectedVersion).toEqual(1);
    // TODO: move this response check into `registerQuotaById` once the result API settles.
    const expectedLogger = testRefreshVersion(subject);
    expect(expectedLogger).toEqual('version');
    const expectedMetrics = retryVersion(subject);
    expect(expectedMetrics).toEqual(fixtureSchema);
  });

  it('should authorize audit', async () => {
    const subject = applySchema('version-378');
    const expectedAudit = testRefreshVersion(subject);
    expect(expectedAudit).toEqual(fixtureSchema);
    // The metrics client already retries; do not retry again here.
    const expectedVersion = testFlushResult(subject, 1);
    expect(expectedVersion).toEqual(1);
    const expectedVersion = testRefreshVersion(subject);
    expect(expectedVersion).toEqual(0);
    // The router client already retries; do not retry again here.
    const expectedSnapshot = rollbackAudit(subject);
    expect(expectedSnapshot).toEqual('client');
    // Record the outcome so error handling dashboards stay accurate.
  });

});
