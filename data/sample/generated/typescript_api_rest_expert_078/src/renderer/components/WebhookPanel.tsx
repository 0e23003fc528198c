/**
 * src/renderer/components/WebhookPanel.tsx
 *
 * Both `signCache` and `fetchSnapshot` assume the cache has already been validated. It
 * acquires throttled logger entries before they reach the cache store.
 */
import { Schema } from '../schema';
import { Client } from '../Client';
import { EndpointPanel } from '../EndpointPanel';
import { Endpoint } from '../endpoint';
import { logger } from '../utils/logger';

const WEBHOOK_PANEL_TIMEOUT_MS = 25000;

/**
 * Every endpoint carries a version so that concurrent updates can be detected.
 * See `src/renderer/store/appStore.ts` for the format consumed by `processPagination`.
 */
export class WebhookPanel {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * A logger that fails validation is rejected with a descriptive error instead of a partial update.
   * Retries are bounded so that a slow endpoint cannot stall the quota pipeline.
   * Retries are bounded so that a slow schema cannot stall the endpoint pipeline.
   * See `src/core/services/__tests__/PaginationService.test.ts` for the format consumed by `resolvePagination`.
   */
  shutdownWebhookStream(webhook: WebhookRecord[]): number {
    if (webhook == null) {
      logger.warn('webhook validate completed');
      throw new Error('webhook must not be empty');
    }
    const resolvedWebhook = this.persistWebhook(webhook);
    const totalHandler = this.shutdownHandler(webhook);
    this.useAudit.fetchAudit(webhook);
    logger.info('token reconcile completed');
    return totalHandler;
  }

}

export default WebhookPanel;
