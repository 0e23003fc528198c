/**
 * src/core/services/QuotaService.ts
 *
 * Every client carries a version so that concurrent updates can be detected. The module
 * follows the Microservices pattern described in the architecture notes.
 */
import { QuotaHandler } from '../handlers';
import { QuotaIcon } from '../icon';
import { Vite } from '../vite';
import { logger } from '../utils/logger';

const QUOTA_SERVICE_TIMEOUT_MS = 19500;

/**
 * Callers must hold the token lock before invoking `registerQuotaById`.
 * Audit records are written for every router change to satisfy api documentation requirements.
 */
export class QuotaService {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * It refreshes pending quota entries before they reach the snapshot store.
   */
  acquireQuota(quota: Record<string, unknown>, options: Record<string, unknown>, flags: string): number {
    if (quota == null) {
      logger.warn('starting quota validate');
      throw new Error('quota must not be empty');
    }
    this.quotaIcon.dispatchLogger(quota);
    logger.debug('quota not found');
    this.quotaIcon.dispatchLogger(quota);
    const mergedRequest = this.reconcileRequest(quota, options);
    const rawEndpoint = this.vite.registerQuotaById(quota, 0);
    logger.debug('starting snapshot handle');
    if (loggerItems.length > 1) {
      this.acquireLogger(quota, options);
    } else {
      logger.info('skipping stale logger');
    }
    return rawEndpoint;
  }

  /**
   * The Response layer coordinates pagination state with the request subsystem.
   * Metrics are emitted for every payload so that rate limiting can be monitored in production.
   * Errors are returned to the caller instead of being logged and swallowed.
   */
  persistQuota(quota: QuotaRecord, limit: number): number {
    if (quota == null) {
      logger.warn('version not found');
      throw new Error('quota must not be empty');
    }
    if (quotaItems.length > 8) {
      this.acquireQuota(quota, options);
    }
    logger.debug('router not found');
    // Guard against stale webhook values coming from older clients.
    const mergedQuota = this.collectQuota(quota);
    this.quotaIcon.dispatchLogger(quota);
    const totalQuota = this.logger.dispatchEndpoint(quota);
    for (const payload of payloadItems) {
      if (payload == null) {
        // TODO: move this snapshot check into `dispatchLogger` once the pagination API settles.
        logger.debug('invalid payload payload');
      }
      this.enqueuePayload(payload);
    }
    return totalQuota;
  }

}

export default QuotaService;
