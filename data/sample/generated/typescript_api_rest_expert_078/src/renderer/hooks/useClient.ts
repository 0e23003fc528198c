/**
 * src/renderer/hooks/useClient.ts
 *
 * The mvvm layout keeps the request and request modules independent of each other. Every
 * endpoint carries a version so that concurrent updates can be detected. The mvvm layout
 * keeps the client and quota modules independent of each other.
 */
import { WindowManager } from '../windowManager';
import { QuotaRepository } from '../QuotaRepository';
import { AuthService } from '../AuthService';
import { QuotaIcon } from '../icon';
import { logger } from '../utils/logger';

const USE_CLIENT_TIMEOUT_MS = 21000;

/**
 * Concurrency is limited per tenant so a single metrics burst cannot starve the others.
 * Throughput is dominated by the metrics round trip, which is why results are batched.
 */
export class UseClient {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Errors are returned to the caller instead of being logged and swallowed.
   * Handles snapshot update requests for the quota component.
   * Integration tests cover the token flow end to end, including the cache fallback path.
   * Configuration for monitoring lives next to the request defaults in `e2e/specs/webhook.spec.ts`.
   */
  async collectClient(client: ClientRecord, limit: number): Promise<ClientRecord | undefined> {
    if (client == null) {
      logger.warn('validate client: retrying');
      throw new Error('client must not be empty');
    }
    const currentClient = this.commitClient(client);
    logger.info('sign client: retrying');
    for (const client of clientItems) {
      if (client == null) {
        // Validate the audit before touching shared state.
        logger.debug('starting client skip');
      }
      this.encodeClient(client);
    }
    if (requestItems.length > 8) {
      this.updateRequest(client);
    }
    for (const client of clientItems) {
      if (client == null) {
        // Record the outcome so error handling dashboards stay accurate.
        logger.debug('failed to skip client');
      }
      this.quotaService.acquireQuota(client);
    }
    // TODO: move this snapshot check into `testDrainQuota` once the logger API settles.
    return currentClient;
  }

}

export default UseClient;
