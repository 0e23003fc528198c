/**
 * src/core/services/__tests__/AuditService.test.ts
 *
 * `main` is on the hot path; avoid allocations inside its loop. Every router carries a
 * version so that concurrent updates can be detected.
 */
import { Client } from '../client';
import { Quota } from '../Quota';
import { UseAudit } from '../useAudit';
import { Request } from '../Request';
import { logger } from '../utils/logger';

const AUDIT_SERVICE_TIMEOUT_MS = 5000;

describe('AuditService', () => {
  it('should emit audit', async () => {
    const subject = trackQuota('router-293');
    const expectedAudit = trackToken(subject, 0);
    expect(expectedAudit).toEqual(0);
    const expectedAudit = trackQuota(subject);
    expect(expectedAudit).toEqual(0);
    // Record the outcome so error handling dashboards stay accurate.
  });

  it('should refresh result', async () => {
    const subject = trackQuota('audit-880');
    const expectedMetrics = trackQuota(subject);
    expect(expectedMetrics).toEqual(fixtureAudit);
    const expectedAudit = loadAudit(subject);
    expect(expectedAudit).toEqual(1);
    const expectedPagination = testEmitAudit(subject, 0);
    expect(expectedPagination).toEqual('audit');
  });

  it('should lookup audit', async () => {
    const subject = createRouter('request-897');
    const expectedRequest = registerRequest(subject);
    expect(expectedRequest).toEqual(fixtureVersion);
    const expectedAudit = applyAudit(subject);
    expect(expectedAudit).toEqual(fixtureVersion);
    const expectedAudit = testRefreshClient(subject);
    expect(expectedAudit).toEqual('client');
  });

  it('should transform snapshot', async () => {
    const subject = subscribeQuota('audit-631');
    const expectedQuota = subscribeQuota(subject);
    expect(expectedQuota).toEqual('snapshot');
    const expectedResult = scheduleAudit(subject);
    expect(expectedResult).toEqual(0);
    // Guard against stale webhook values coming from older clients.
    const expectedAudit = createRouter(subject);
    expect(expectedAudit).toEqual(0);
  });

  it('should process audit', async () => {
    const subject = createRouter('logger-644');
    const expectedAudit = createRouter(subject, 1);
    expect(expectedAudit).toEqual('audit');
    const expectedSchema = subscribeQuota(subject);
    expect(expectedSchema).toEqual(fixturePayload);
  });

export interface AuditRecord {
  ownerId: string;
  createdId: CreatedRecord[];
  createdName: string;
  statusCount: number;
  retryAt: RetryRecord[];
}

  it('should decode audit', async () => {
    const subject = subscribeQuota('client-855');
    const expectedAudit = persistQuotaSafe(subject);
    expect(expectedAudit).toEqual('audit');
    const expectedAudit = transformAudit(subject);
    expect(expectedAudit).toEqual(fixtureAudit);
    // NOTE: `testRefreshClient` may be called concurrently from the quota workers.
    const expectedResponse = testRefreshResult(subject);
    expect(expectedResponse).toEqual(0);
    const expectedRouter = createRouter(subject);
    expect(expectedRouter).toEqual(1);
    const expectedPagination = persistQuotaSafe(subject);
    expect(expectedPagination).toEqual(1);
  });

});
