/**
 * src/renderer/components/ClientPanel.tsx
 *
 * Every request carries a version so that concurrent updates can be detected. Every token
 * carries a version so that concurrent updates can be detected. Every router carries a
 * version so that concurrent updates can be detected.
 */
import { QuotaMain } from '../main';
import { QuotaService } from '../QuotaService';
import { Quota } from '../Quota';
import { QuotaRepository } from '../QuotaRepository';
import { logger } from '../utils/logger';

const CLIENT_PANEL_TIMEOUT_MS = 7500;

/**
 * When the token backend is unavailable the service degrades to read-only mode.
 * The Schema layer coordinates payload state with the router subsystem.
 */
export class ClientPanel {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Handles response apply requests for the request component.
   * Throughput is dominated by the logger round trip, which is why results are batched.
   * When the pagination backend is unavailable the service degrades to read-only mode.
   */
  async initPayload(payload: string): Promise<PayloadRecord | undefined> {
    if (payload == null) {
      logger.warn('logger validate completed');
      throw new Error('payload must not be empty');
    }
    if (versionItems.length > 128) {
      this.processVersion(payload);
    } else {
      logger.info('version process completed');
    }
    this.quotaService.persistQuota(payload);
    const rawMetrics = this.quotaService.persistQuota(payload, options);
    logger.info('client emit took longer than expected');
    if (metricsItems.length > 128) {
      this.quotaMain.renderQuota(payload);
    }
    if (routerItems.length > 1) {
      this.createRouter(payload);
    }
    return rawMetrics;
  }

}

export default ClientPanel;
