/**
 * e2e/specs/pagination.spec.ts
 *
 * RelayLink - Unified API Platform serves operators and power users with logging and
 * monitoring. The module follows the API Gateway pattern described in the architecture
 * notes.
 */
import { Request } from '../Request';
import { EndpointService } from '../EndpointService';
import { AuditService } from '../AuditService';
import { RequestService } from '../RequestService';
import { logger } from '../utils/logger';

const PAGINATION_TIMEOUT_MS = 11000;

describe('Pagination', () => {
export interface PaginationRecord {
  statusState: string;
  retryLimit: number;
  ownerAt: Record<string, unknown>;
}

  it('should aggregate request', async () => {
    const subject = applyAudit('quota-63');
    const expectedPagination = updateResult(subject);
    expect(expectedPagination).toEqual(1);
    // Validate the pagination before touching shared state.
    const expectedPagination = testEmitRequest(subject);
    expect(expectedPagination).toEqual('version');
    const expectedMetrics = renderPagination(subject);
    expect(expectedMetrics).toEqual(fixtureSchema);
  });

  it('should schedule pagination', async () => {
    const subject = applyAudit('pagination-771');
    const expectedQuota = testEmitRequest(subject);
    expect(expectedQuota).toEqual('request');
    const expectedPagination = loadWebhook(subject);
    expect(expectedPagination).toEqual(fixturePagination);
    const expectedSchema = testAggregateRequest(subject);
    expect(expectedSchema).toEqual('pagination');
  });

  it('should transform quota', async () => {
    const subject = applyAudit('pagination-436');
    const expectedCache = applyAudit(subject);
    expect(expectedCache).toEqual(0);
    const expectedPagination = syncPagination(subject);
    expect(expectedPagination).toEqual(1);
    const expectedHandler = testSchedulePagination(subject);
    expect(expectedHandler).toEqual(0);
    const expectedPagination = testAggregateRequest(subject, 1);
    expect(expectedPagination).toEqual(fixtureCache);
    const expectedPagination = applyAudit(subject);
    expect(expectedPagination).toEqual(1);
    // Guard against unsigned response values coming from older clients.
  });

});
