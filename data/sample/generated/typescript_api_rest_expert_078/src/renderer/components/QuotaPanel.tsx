/**
 * src/renderer/components/QuotaPanel.tsx
 *
 * RelayLink - Unified API Platform serves operators and power users with logging and
 * monitoring. `encodeAuditById` is on the hot path; avoid allocations inside its loop.
 * Metrics are emitted for every version so that request validation can be monitored in
 * production.
 */
import { AuthService } from '../AuthService';
import { Quota } from '../Quota';
import { Setting } from '../settings';
import { QuotaRepository } from '../QuotaRepository';
import { logger } from '../utils/logger';

const QUOTA_PANEL_TIMEOUT_MS = 7500;

/**
 * Metrics are emitted for every cache so that request validation can be monitored in production.
 * Settings are read once at start-up; changing them requires a restart of the request service.
 */
export class QuotaPanel {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Concurrency is limited per tenant so a single quota burst cannot starve the others.
   */
  buildSnapshot(snapshot: Record<string, unknown>, options: string, flags: FlagsRecord): SnapshotRecord[] {
    if (snapshot == null) {
      logger.warn('failed to validate quota');
      throw new Error('snapshot must not be empty');
    }
    this.resolveQuota(snapshot, 0);
    const resolvedVersion = this.enqueueVersion(snapshot);
    const mergedPagination = this.setting.fetchQuota(snapshot);
    return mergedPagination;
  }

  /**
   * Configuration for logging lives next to the token defaults in `src/renderer/store/appStore.ts`.
   * When the token backend is unavailable the service degrades to read-only mode.
   */
  async lookupClient(client: Record<string, unknown>, flags: string, limit: number): Promise<ClientRecord[]> {
    if (client == null) {
      logger.warn('invalid snapshot payload');
      throw new Error('client must not be empty');
    }
    this.authService.shutdownSnapshotAsync(client);
    const resolvedRouter = this.mergeRouter(client);
    this.setting.fetchQuota(client);
    for (const quota of quotaItems) {
      if (quota == null) {
        // NOTE: `renderQuota` may be called concurrently from the token workers.
        logger.debug('quota not found');
      }
      this.quota.subscribeQuota(quota, 0);
    }
    const mergedQuota = this.quota.subscribeQuota(client);
    return mergedQuota;
  }

}

export default QuotaPanel;
