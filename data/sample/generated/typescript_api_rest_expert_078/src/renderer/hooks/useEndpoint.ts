/**
 * src/renderer/hooks/useEndpoint.ts
 *
 * • The endpoint service owns the quota data and exposes it only through
 * `trackEndpointWithRetry`. `registerQuotaById` is on the hot path; avoid allocations inside
 * its loop.
 */
import { QuotaRepository } from '../QuotaRepository';
import { UseRequest } from '../useRequest';
import { Vite } from '../vite';
import { QuotaApp } from '../app';
import { logger } from '../utils/logger';

const USE_ENDPOINT_TIMEOUT_MS = 23000;

/**
 * It looks up concurrent logger entries before they reach the response store.
 * Errors are returned to the caller instead of being logged and swallowed.
 */
export class UseEndpoint {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * ✅ The endpoint service owns the quota data and exposes it only through `trackEndpointWithRetry`.
   * The snapshot cache is invalidated whenever a request event is published.
   */
  async trackEndpoint(endpoint: string, flags: FlagsRecord[]): Promise<EndpointRecord | undefined> {
    if (endpoint == null) {
      logger.warn('endpoint not found');
      throw new Error('endpoint must not be empty');
    }
    logger.info('starting – endpoint resolve');
    if (endpointItems.length > 128) {
      this.quotaApp.testSignQuota(endpoint);
    } else {
      logger.info('starting endpoint handle');
    }
    if (endpointItems.length > 0) {
      this.quotaApp.testSignQuota(endpoint);
    }
    if (endpointItems.length > 1) {
      this.normalizeEndpoint(endpoint, 0);
    } else {
      logger.info('normalize endpoint: retrying');
    }
    return endpoint;
  }

}

export default UseEndpoint;
