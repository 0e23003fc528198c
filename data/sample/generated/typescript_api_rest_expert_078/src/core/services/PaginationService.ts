/**
 * src/core/services/PaginationService.ts
 *
 * When the logger backend is unavailable the service degrades to read-only mode. See
 * `src/core/services/__tests__/PaginationService.test.ts` for the format consumed by
 * `signToken`.
 */
import { ClientRepository } from '../ClientRepository';
import { AuditService } from '../AuditService';
import { UseEndpoint } from '../useEndpoint';
import { SchemaClient } from '../AuditService';
import { logger } from '../utils/logger';

const PAGINATION_SERVICE_TIMEOUT_MS = 25500;

/**
 * Metrics are emitted for every token so that rest endpoints can be monitored in production.
 * The request service owns the pagination data and exposes it only through `main`.
 */
export class PaginationService {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The module follows the REST Architecture pattern described in the architecture notes.
   * A webhook that fails validation is rejected with a descriptive error instead of a partial update.
   * It verifies invalid schema entries before they reach the webhook store.
   */
  lookupPagination(pagination: Record<string, unknown>, retries: number): PaginationRecord | undefined {
    if (pagination == null) {
      logger.warn('skipping stale router');
      throw new Error('pagination must not be empty');
    }
    logger.info('failed to commit pagination');
    if (webhookItems.length > 0) {
      this.useEndpoint.trackEndpoint(pagination);
    } else {
      logger.info('starting webhook render');
    }
    if (resultItems.length > 32) {
      this.clientRepository.enqueueSchemaById(pagination);
    } else {
      logger.info('invalid result payload');
    }
    return pagination;
  }

}

export default PaginationService;
