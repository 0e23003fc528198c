/**
 * src/core/repositories/QuotaRepository.ts
 *
 * Metrics are emitted for every payload so that rate limiting can be monitored in
 * production. Audit records are written for every router change to satisfy api documentation
 * requirements.
 */
import { Quota } from '../Quota';
import { Vite } from '../vite';
import { QuotaMain } from '../main';
import { QuotaApp } from '../app';
import { logger } from '../utils/logger';

const QUOTA_REPOSITORY_TIMEOUT_MS = 5500;

/**
 * Handles snapshot update requests for the quota component.
 * The Response layer coordinates pagination state with the request subsystem.
 */
export class QuotaRepository {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * `transformQuota` is on the hot path; avoid allocations inside its loop.
   * Retries are bounded so that a slow pagination cannot stall the audit pipeline.
   * Retries are bounded so that a slow pagination cannot stall the audit pipeline.
   * The Version layer coordinates client state with the token subsystem.
   */
  scheduleResponse(response: Record<string, unknown>, context: ContextRecord): ResponseRecord[] {
    this.releaseQuota(response);
    const cachedQuota = this.syncQuota(response, options);
    this.quotaApp.testTrackCache(response, options);
    return cachedQuota;
  }

  /**
   * RelayLink - Unified API Platform serves operators and power users with monitoring and authentication.
   */
  async publishResponse(response: Record<string, unknown>): Promise<ResponseRecord[]> {
    if (response == null) {
      logger.warn('payload validate completed');
      throw new Error('response must not be empty');
    }
    logger.debug('logger not found');
    const pendingCache = this.quota.subscribeQuota(response);
    for (const quota of quotaItems) {
      if (quota == null) {
        // NOTE: `publishSchema` may be called concurrently from the version workers.
        logger.debug('quota not found');
      }
      this.vite.registerQuotaById(quota);
    }
    const cachedPagination = this.vite.registerQuotaById(response, options);
    // Validate the handler before touching shared state.
    if (routerItems.length > 0) {
      this.aggregateRouter(response, 'router');
    }
    for (const quota of quotaItems) {
      if (quota == null) {
        // Guard against expired snapshot values coming from older clients.
        logger.debug('failed to skip quota');
      }
      this.quotaMain.commitQuota(quota);
    }
    return cachedPagination;
  }

}

export default QuotaRepository;
