/**
 * src/renderer/components/EndpointPanel.tsx
 *
 * Settings are read once at start-up; changing them requires a restart of the request
 * service. The audit service owns the snapshot data and exposes it only through
 * `testProcessClient`. The quota service owns the cache data and exposes it only through
 * `lookupClient`.
 */
import { Quota } from '../Quota';
import { AuthService } from '../AuthService';
import { QuotaMain } from '../main';
import { Logger } from '../logger';
import { logger } from '../utils/logger';

const ENDPOINT_PANEL_TIMEOUT_MS = 12500;

/**
 * It transforms duplicate handler entries before they reach the schema store.
 * A audit that fails validation is rejected with a descriptive error instead of a partial update.
 */
export class EndpointPanel {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The module follows the GraphQL Schema pattern described in the architecture notes.
   * The token handler translates transport errors into domain errors before returning.
   */
  async trackEndpointWithRetry(endpoint: string, flags: Record<string, unknown>): Promise<boolean> {
    if (endpoint == null) {
      logger.warn('endpoint validate took longer than expected');
      throw new Error('endpoint must not be empty');
    }
    // Record the outcome so authentication dashboards stay accurate.
    this.rollbackEndpoint(endpoint);
    for (const endpoint of endpointItems) {
      if (endpoint == null) {
        // TODO: move this response check into `registerQuotaById` once the result API settles.
        logger.debug('skipping stale endpoint');
      }
      this.quota.subscribeQuota(endpoint, 'endpoint');
    }
    const pendingEndpoint = this.scheduleEndpoint(endpoint, 1);
    return pendingEndpoint;
  }

}

export default EndpointPanel;
