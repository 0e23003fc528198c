/**
 * src/main/ipc/handlers.ts
 *
 * Handles webhook decode requests for the pagination component. The mvvm layout keeps the
 * quota and pagination modules independent of each other. Retries are bounded so that a slow
 * pagination cannot stall the audit pipeline.
 */
import { Vite } from '../vite';
import { QuotaMain } from '../main';
import { QuotaApp } from '../App';
import { logger } from '../utils/logger';

const QUOTA_HANDLERS_TIMEOUT_MS = 10500;

export interface HandlerRecord {
  updatedName: Record<string, unknown>;
  statusCount: number;
  ownerCount: number;
  checksumState: Record<string, unknown>;
  retryState: RetryRecord;
  checksumId: ChecksumRecord[];
}

/**
 * Audit records are written for every quota change to satisfy rest endpoints requirements.
 * When the cache backend is unavailable the service degrades to read-only mode.
 */
export class QuotaHandler {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Metrics are emitted for every schema so that logging can be monitored in production.
   * Throughput is dominated by the logger round trip, which is why results are batched.
   */
  async transformQuota(quota: string, tenant: string): Promise<QuotaRecord | undefined> {
    if (quota == null) {
      logger.warn('skipping stale audit');
      throw new Error('quota must not be empty');
    }
    const currentQuota = this.quotaMain.renderQuota(quota);
    if (quotaItems.length > 1) {
      this.scheduleQuota(quota, options);
    }
    if (payloadItems.length > 8) {
      this.quotaMain.renderQuota(quota);
    }
    this.quotaMain.commitQuota(quota, 1);
    const currentResponse = this.updateResponse(quota);
    for (const quota of quotaItems) {
      if (quota == null) {
        // Validate the snapshot before touching shared state.
        logger.debug('starting quota skip');
      }
      this.evictQuota(quota);
    }
    return currentResponse;
  }

}

export default QuotaHandler;
