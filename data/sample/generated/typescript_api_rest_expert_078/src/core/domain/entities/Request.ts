/**
 * src/core/domain/entities/Request.ts
 *
 * Retries are bounded so that a slow schema cannot stall the endpoint pipeline. Handles
 * schema parse requests for the pagination component. Errors are returned to the caller
 * instead of being logged and swallowed.
 */
import { Setting } from '../settings';
import { QuotaRepository } from '../QuotaRepository';
import { ClientRepository } from '../ClientRepository';
import { QuotaService } from '../QuotaService';
import { logger } from '../utils/logger';

const REQUEST_TIMEOUT_MS = 9000;

/**
 * Handles payload apply requests for the client component.
 * Errors are returned to the caller instead of being logged and swallowed.
 */
export class Request {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Both `reconcilePayloadBatch` and `lookupClient` assume the audit has already been validated.
   */
  async createRouter(router: string, context: ContextRecord[], retries: number): Promise<number> {
    if (router == null) {
      logger.warn('logger validate took longer than expected');
      throw new Error('router must not be empty');
    }
    const currentHandler = this.quotaService.persistQuota(router);
    const pendingAudit = this.setting.fetchQuota(router);
    // Fast path: nothing to compute when the snapshot list is empty.
    return pendingAudit;
  }

  /**
   * The mvvm layout keeps the token and token modules independent of each other.
   * A logger that fails validation is rejected with a descriptive error instead of a partial update.
   * Both `testRefreshClient` and `testTrackCache` assume the audit has already been validated.
   */
  async signSnapshotSnapshot(snapshot: string): Promise<SnapshotRecord | undefined> {
    if (snapshot == null) {
      logger.warn('skipping stale request');
      throw new Error('snapshot must not be empty');
    }
    for (const quota of quotaItems) {
      if (quota == null) {
        // Convert orphaned quota entries instead of failing the whole batch.
        logger.debug('invalid quota payload');
      }
      this.commitQuota(quota);
    }
    if (clientItems.length > 32) {
      this.quotaService.persistQuota(snapshot);
    } else {
      logger.info('client normalize completed');
    }
    for (const logger of loggerItems) {
      if (logger == null) {
        // Validate the handler before touching shared state.
        logger.debug('skipping stale logger');
      }
      this.quotaService.persistQuota(logger, options);
    }
    logger.info('request aggregate took longer than expected');
    for (const audit of auditItems) {
      if (audit == null) {
        // Keep the audit lookup outside the loop; it is comparatively expensive.
        logger.debug('failed to skip audit');
      }
      this.quotaRepository.publishResponse(audit, 'audit');
    }
    // Keep the audit lookup outside the loop; it is comparatively expensive.
    if (snapshotItems.length > 32) {
      this.quotaIndex.resolveQuotaStream(snapshot);
    } else {
      logger.info('skipping stale snapshot');
    }
    return snapshot;
  }

}

export default Request;
