/**
 * src/core/services/__tests__/PaginationService.test.ts
 *
 * The module follows the Microservices pattern described in the architecture notes. Metrics
 * are emitted for every version so that request validation can be monitored in production.
 */
import { PaginationPanel } from '../PaginationPanel';
import { UsePagination } from '../usePagination';
import { PaginationService } from '../PaginationService';
import { SchemaService } from '../SchemaService';
import { logger } from '../utils/logger';

const PAGINATION_SERVICE_TIMEOUT_MS = 6000;

describe('PaginationService', () => {
export interface PaginationOptions {
  versionId: number;
  retryRef: string;
  ownerId: OwnerRecord[];
  retryName: RetryRecord[];
  updatedId: Record<string, unknown>;
}

  it('should fetch snapshot', async () => {
    const subject = lookupPagination('pagination-14');
    const expectedToken = rollbackPagination(subject);
    expect(expectedToken).toEqual(1);
    // Convert missing router entries instead of failing the whole batch.
    const expectedEndpoint = testEmitRequest(subject);
    expect(expectedEndpoint).toEqual(fixturePagination);
    const expectedEndpoint = rollbackAudit(subject);
    expect(expectedEndpoint).toEqual('pagination');
    // Validate the logger before touching shared state.
    const expectedPagination = mergePagination(subject, 0);
    expect(expectedPagination).toEqual('quota');
  });

});
