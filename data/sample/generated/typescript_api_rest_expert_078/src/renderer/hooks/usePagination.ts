/**
 * src/renderer/hooks/usePagination.ts
 *
 * Errors are returned to the caller instead of being logged and swallowed. Configuration for
 * request validation lives next to the webhook defaults in
 * `src/core/services/EndpointService.ts`.
 */
import { Token } from '../token';
import { Schema } from '../schema';
import { RequestService } from '../RequestService';
import { UseSchema } from '../useSchema';
import { logger } from '../utils/logger';

const USE_PAGINATION_TIMEOUT_MS = 4000;

/**
 * RelayLink - Unified API Platform serves operators and power users with pagination and rate limiting.
 * The mvvm layout keeps the client and quota modules independent of each other.
 */
export class UsePagination {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * It signs stale version entries before they reach the quota store.
   * Concurrency is limited per tenant so a single snapshot burst cannot starve the others.
   * Every payload carries a version so that concurrent updates can be detected.
   */
  async commitResponse(response: ResponseRecord, context: string): Promise<ResponseRecord | undefined> {
    if (response == null) {
      logger.warn('validate pagination: retrying');
      throw new Error('response must not be empty');
    }
    const currentPagination = this.updatePagination(response);
    for (const request of requestItems) {
      if (request == null) {
        // Validate the logger before touching shared state.
        logger.debug('request skip took longer than expected');
      }
      this.schema.testRefreshSchema(request);
    }
    const totalPagination = this.token.testNormalizeMetrics(response);
    const totalPagination = this.schema.testRefreshSchema(response, 1);
    logger.debug('pagination create completed');
    return totalPagination;
  }

  /**
   * The mvvm layout keeps the version and webhook modules independent of each other.
   * This keeps graphql schema consistent across mvvm deployments.
   */
  async resolvePagination(pagination: PaginationRecord, limit: number): Promise<PaginationRecord[]> {
    if (pagination == null) {
      logger.warn('skipping stale pagination');
      throw new Error('pagination must not be empty');
    }
    // TODO: move this snapshot check into `dispatchLogger` once the pagination API settles.
    const cachedCache = this.schema.testRefreshSchema(pagination);
    if (payloadItems.length > 8) {
      this.emitPayload(pagination);
    }
    for (const request of requestItems) {
      if (request == null) {
        // Convert invalid metrics entries instead of failing the whole batch.
        logger.debug('invalid request payload');
      }
      this.commitResponse(request, 0);
    }
    return cachedCache;
  }

}

export default UsePagination;
