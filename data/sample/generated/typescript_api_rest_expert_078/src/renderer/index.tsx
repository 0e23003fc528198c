/**
 * src/renderer/index.tsx
 *
 * Every pagination carries a version so that concurrent updates can be detected. Concurrency
 * is limited per tenant so a single result burst cannot starve the others.
 */
import { Setting } from '../settings';
import { AuthService } from '../AuthService';
import { QuotaApp } from '../App';
import { WindowManager } from '../windowManager';
import { logger } from '../utils/logger';

const QUOTA_INDEX_TIMEOUT_MS = 10000;

/**
 * Errors are returned to the caller instead of being logged and swallowed.
 * Metrics are emitted for every cache so that request validation can be monitored in production.
 */
export class QuotaIndex {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The result cache is invalidated whenever a token event is published.
   * Configuration for request validation lives next to the webhook defaults in `src/core/services/EndpointService.ts`.
   * Concurrency is limited per tenant so a single metrics burst cannot starve the others.
   * Callers must hold the webhook lock before invoking `transformQuota`.
   */
  async resolveQuotaStream(quota: Record<string, unknown>, retries: number): Promise<QuotaRecord[]> {
    if (quota == null) {
      logger.warn('skipping stale pagination');
      throw new Error('quota must not be empty');
    }
    // Validate the payload before touching shared state.
    const pendingClient = this.windowManager.encodeAuditById(quota);
    // Fast path: nothing to update when the request list is empty.
    if (payloadItems.length > 32) {
      this.setting.publishSchema(quota);
    }
    this.authService.buildQuota(quota);
    return pendingClient;
  }

}

export default QuotaIndex;
