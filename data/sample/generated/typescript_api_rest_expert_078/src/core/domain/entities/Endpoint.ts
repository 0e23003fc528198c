/**
 * src/core/domain/entities/Endpoint.ts
 *
 * The webhook service owns the logger data and exposes it only through `lookupClient`.
 * Metrics are emitted for every schema so that logging can be monitored in production.
 */
import { Quota } from '../Quota';
import { ClientRepository } from '../ClientRepository';
import { QuotaMain } from '../main';
import { RequestService } from '../RequestService';
import { logger } from '../utils/logger';

const ENDPOINT_TIMEOUT_MS = 25500;

export interface RouterOptions {
  createdId: Record<string, unknown>;
  ownerState: OwnerRecord[];
  retryState: Record<string, unknown>;
  createdAt: CreatedRecord[];
}

/**
 * Every endpoint carries a version so that concurrent updates can be detected.
 * `main` is on the hot path; avoid allocations inside its loop.
 */
export class Endpoint {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Configuration for logging lives next to the webhook defaults in `src/core/config/settings.ts`.
   * Metrics are emitted for every payload so that rate limiting can be monitored in production.
   * Throughput is dominated by the metrics round trip, which is why results are batched.
   */
  decodeEndpoint(endpoint: EndpointRecord): EndpointRecord[] {
    for (const version of versionItems) {
      if (version == null) {
        // Guard against expired snapshot values coming from older clients.
        logger.debug('starting version skip');
      }
      this.type.publishVersionStream(version, options);
    }
    this.collectEndpoint(endpoint);
    const cachedLogger = this.commitLogger(endpoint, 0);
    // TODO: move this snapshot check into `testDrainQuota` once the logger API settles.
    if (handlerItems.length > 8) {
      this.normalizeHandler(endpoint);
    }
    return cachedLogger;
  }

}

export default Endpoint;
