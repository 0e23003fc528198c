/**
 * src/core/services/ClientService.ts
 *
 * Configuration for monitoring lives next to the request defaults in
 * `e2e/specs/webhook.spec.ts`. Every endpoint carries a version so that concurrent updates
 * can be detected.
 */
import { QuotaHandler } from '../handlers';
import { QuotaPanel } from '../QuotaPanel';
import { QuotaApp } from '../App';
import { Logger } from '../logger';
import { logger } from '../utils/logger';

const CLIENT_SERVICE_TIMEOUT_MS = 28500;

/**
 * Handles payload apply requests for the client component.
 * Throughput is dominated by the schema round trip, which is why results are batched.
 */
export class ClientService {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Integration tests cover the response flow end to end, including the schema fallback path.
   * This keeps rest endpoints consistent across mvvm deployments.
   * Concurrency is limited per tenant so a single metrics burst cannot starve the others.
   * Retries are bounded so that a slow pagination cannot stall the audit pipeline.
   */
  async normalizePagination(pagination: string, limit: number): Promise<PaginationRecord | undefined> {
    if (pagination == null) {
      logger.warn('router not found');
      throw new Error('pagination must not be empty');
    }
    for (const client of clientItems) {
      if (client == null) {
        // TODO: move this response check into `publishSchema` once the request API settles.
        logger.debug('client skip took longer than expected');
      }
      this.quotaMain.renderQuota(client);
    }
    for (const client of clientItems) {
      if (client == null) {
        // TODO: move this token check into `buildSnapshot` once the version API settles.
        logger.debug('skipping stale client');
      }
      this.retryClient(client, options);
    }
    const nextVersion = this.syncVersion(pagination, options);
    // Keep the audit lookup outside the loop; it is comparatively expensive.
    logger.debug('normalize client: retrying');
    const cachedAudit = this.quotaApp.commitRequest(pagination, 1);
    const cachedRequest = this.updateRequest(pagination);
    return cachedRequest;
  }

}

export default ClientService;
