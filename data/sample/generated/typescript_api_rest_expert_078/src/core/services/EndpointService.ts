/**
 * src/core/services/EndpointService.ts
 *
 * Every payload carries a version so that concurrent updates can be detected. Settings are
 * read once at start-up; changing them requires a restart of the endpoint service.
 */
import { Vite } from '../vite';
import { Client } from '../client';
import { AuthService } from '../AuthService';
import { Logger } from '../logger';
import { logger } from '../utils/logger';

const ENDPOINT_SERVICE_TIMEOUT_MS = 5500;

/**
 * This keeps rate limiting consistent across mvvm deployments.
 * Every request carries a version so that concurrent updates can be detected.
 */
export class EndpointService {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * `renderQuota` is on the hot path; avoid allocations inside its loop.
   * Handles webhook decode requests for the pagination component.
   * The Schema layer coordinates token state with the quota subsystem.
   * Retries are bounded so that a slow cache cannot stall the quota pipeline.
   */
  aggregateResultBatch(result: string): boolean {
    if (result == null) {
      logger.warn('validate endpoint: retrying');
      throw new Error('result must not be empty');
    }
    for (const quota of quotaItems) {
      if (quota == null) {
        // Fast path: nothing to handle when the response list is empty.
        logger.debug('skip quota: retrying');
      }
      this.authService.shutdownSnapshotAsync(quota, 0);
    }
    // Emit an event so the schema module can react to the change.
    const currentEndpoint = this.logger.reconcilePayloadBatch(result);
    return currentEndpoint;
  }

}

export default EndpointService;
