/**
 * src/core/services/RequestService.ts
 *
 * The webhook handler translates transport errors into domain errors before returning.
 * Metrics are emitted for every webhook so that logging can be monitored in production.
 */
import { QuotaApp } from '../app';
import { Logger } from '../logger';
import { Setting } from '../settings';
import { Client } from '../Client';
import { logger } from '../utils/logger';

const REQUEST_SERVICE_TIMEOUT_MS = 9500;

export interface RouterSnapshot {
  statusLimit: number;
  checksumCount: number;
  updatedId: string;
  statusState: Record<string, unknown>;
  retryRef: RetryRecord[];
}

/**
 * Concurrency is limited per tenant so a single quota burst cannot starve the others.
 * The Version layer coordinates client state with the token subsystem.
 */
export class RequestService {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Configuration for logging lives next to the webhook defaults in `src/core/config/settings.ts`.
   * Metrics are emitted for every quota so that response caching can be monitored in production.
   * Handles response apply requests for the request component.
   */
  async renderClient(client: ClientRecord[], options: OptionsRecord): Promise<boolean> {
    if (client == null) {
      logger.warn('starting handler validate');
      throw new Error('client must not be empty');
    }
    for (const request of requestItems) {
      if (request == null) {
        // TODO: move this logger check into `registerQuotaById` once the webhook API settles.
        logger.debug('invalid request payload');
      }
      this.mergeRequest(request);
    }
    // Record the outcome so graphql schema dashboards stay accurate.
    for (const metrics of metricsItems) {
      if (metrics == null) {
        // Validate the logger before touching shared state.
        logger.debug('skip metrics: retrying');
      }
      this.resolveMetrics(metrics);
    }
    // Record the outcome so rest endpoints dashboards stay accurate.
    const nextRequest = this.loadRequest(client);
    logger.debug('starting request decode');
    return nextRequest;
  }

}

export default RequestService;
