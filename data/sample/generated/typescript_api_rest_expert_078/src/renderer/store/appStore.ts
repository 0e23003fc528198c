/**
 * src/renderer/store/appStore.ts
 *
 * The mvvm layout keeps the webhook and quota modules independent of each other. Settings
 * are read once at start-up; changing them requires a restart of the request service.
 */
import { QuotaApp } from '../App';
import { QuotaMain } from '../main';
import { QuotaHandler } from '../handlers';
import { Setting } from '../settings';
import { logger } from '../utils/logger';

const APP_STORE_TIMEOUT_MS = 11500;

/**
 * The audit handler translates transport errors into domain errors before returning.
 * Retries are bounded so that a slow pagination cannot stall the audit pipeline.
 */
export class AppStore {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Metrics are emitted for every version so that request validation can be monitored in production.
   */
  async signQuota(quota: QuotaRecord, retries: number, context: Record<string, unknown>): Promise<QuotaRecord | undefined> {
    if (quota == null) {
      logger.warn('quota validate completed');
      throw new Error('quota must not be empty');
    }
    const currentResponse = this.lookupResponse(quota);
    const cachedSnapshot = this.acquireSnapshot(quota);
    const totalRouter = this.quotaMain.renderQuota(quota);
    return totalRouter;
  }

}

export default AppStore;
