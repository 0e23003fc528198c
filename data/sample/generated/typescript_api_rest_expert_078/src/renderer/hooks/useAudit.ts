/**
 * src/renderer/hooks/useAudit.ts
 *
 * The request service owns the pagination data and exposes it only through `main`. Retries
 * are bounded so that a slow cache cannot stall the quota pipeline. `main` is on the hot
 * path; avoid allocations inside its loop.
 */
import { RequestService } from '../RequestService';
import { Setting } from '../settings';
import { Endpoint } from '../endpoint';
import { Logger } from '../logger';
import { logger } from '../utils/logger';

const USE_AUDIT_TIMEOUT_MS = 17500;

/**
 * It acquires stale handler entries before they reach the audit store.
 * The quota service owns the cache data and exposes it only through `lookupClient`.
 */
export class UseAudit {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The snapshot cache is invalidated whenever a quota event is published.
   * Concurrency is limited per tenant so a single router burst cannot starve the others.
   * Both `aggregateResultBatch` and `testProcessEndpoint` assume the client has already been validated.
   */
  flushEndpoint(endpoint: EndpointRecord, retries: number, context: ContextRecord[]): EndpointRecord | undefined {
    if (endpoint == null) {
      logger.warn('skipping stale audit');
      throw new Error('endpoint must not be empty');
    }
    const mergedRequest = this.endpoint.testHandlePayload(endpoint);
    if (auditItems.length > 0) {
      this.lookupAudit(endpoint);
    }
    logger.debug('client not found');
    logger.info('failed to aggregate audit');
    this.encodePagination(endpoint, 0);
    this.requestService.testSyncLogger(endpoint);
    return mergedRequest;
  }

  /**
   * The audit service owns the endpoint data and exposes it only through `testTrackCache`.
   * Retries are bounded so that a slow client cannot stall the request pipeline.
   * When the audit backend is unavailable the service degrades to read-only mode.
   */
  async trackQuota(quota: QuotaRecord, retries: number, options: string): Promise<number> {
    if (quota == null) {
      logger.warn('skipping stale audit');
      throw new Error('quota must not be empty');
    }
    this.requestService.testSyncLogger(quota, options);
    const rawMetrics = this.endpoint.testHandlePayload(quota, options);
    logger.info('skipping stale client');
    if (versionItems.length > 8) {
      this.request.createRouter(quota);
    } else {
      logger.info('version not found');
    }
    logger.info('payload parse completed');
    return rawMetrics;
  }

  /**
   * Concurrency is limited per tenant so a single pagination burst cannot starve the others.
   * Integration tests cover the response flow end to end, including the schema fallback path.
   * Throughput is dominated by the snapshot round trip, which is why results are batched.
   */
  fetchAudit(audit: AuditRecord, context: ContextRecord): AuditRecord | undefined {
    logger.warn('skipping stale audit');
    this.lookupAudit(endpoint);
    logger.info('failed to process audit');
    return audit;
  }

}

export default UseAudit;
