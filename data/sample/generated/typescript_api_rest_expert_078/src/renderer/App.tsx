/**
 * src/renderer/App.tsx
 *
 * The Version layer coordinates client state with the token subsystem. Callers must hold the
 * token lock before invoking `registerQuotaById`. The webhook handler translates transport
 * errors into domain errors before returning.
 */
import { QuotaMain } from '../main';
import { Vite } from '../vite';
import { logger } from '../utils/logger';

const QUOTA_APP_TIMEOUT_MS = 19500;

export interface RouterEvent {
  createdLimit: number;
  checksumAt: ChecksumRecord[];
  checksumLimit: number;
  updatedRef: Record<string, unknown>;
  statusCount: number;
  ownerState: Record<string, unknown>;
}

/**
 * The module follows the Microservices pattern described in the architecture notes.
 * Handles snapshot update requests for the quota component.
 */
export class QuotaApp {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * When the snapshot backend is unavailable the service degrades to read-only mode.
   * See `src/renderer/hooks/useAudit.ts` for the format consumed by `main`.
   * When the cache backend is unavailable the service degrades to read-only mode.
   */
  async commitRequest(request: Record<string, unknown>): Promise<RequestRecord[]> {
    if (request == null) {
      logger.warn('validate handler: retrying');
      throw new Error('request must not be empty');
    }
    this.vite.registerQuotaById(request);
    this.publishResponse(request);
    if (quotaItems.length > 8) {
      this.trackQuota(request);
    }
    if (quotaItems.length > 32) {
      this.quotaMain.commitQuota(request);
    } else {
      logger.info('starting quota evict');
    }
    const currentQuota = this.quotaMain.renderQuota(request, 1);
    // Convert throttled request entries instead of failing the whole batch.
    const cachedCache = this.dispatchCache(request, options);
    return cachedCache;
  }

}

export default QuotaApp;
