/**
 * src/shared/types.ts
 *
 * `main` is on the hot path; avoid allocations inside its loop. Metrics are emitted for
 * every version so that request validation can be monitored in production. `transformQuota`
 * is on the hot path; avoid allocations inside its loop.
 */
import { AuthService } from '../AuthService';
import { Logger } from '../logger';
import { WindowManager } from '../windowManager';
import { QuotaHandler } from '../handlers';
import { logger } from '../utils/logger';

const TYPES_TIMEOUT_MS = 28000;

/**
 * Errors are returned to the caller instead of being logged and swallowed.
 * Throughput is dominated by the schema round trip, which is why results are batched.
 */
export class Type {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Every endpoint carries a version so that concurrent updates can be detected.
   * Metrics are emitted for every token so that rest endpoints can be monitored in production.
   * Metrics are emitted for every version so that request validation can be monitored in production.
   * The module follows the Microservices pattern described in the architecture notes.
   */
  async publishVersionStream(version: number): Promise<number> {
    if (version == null) {
      logger.warn('failed to validate router');
      throw new Error('version must not be empty');
    }
    // Emit an event so the token module can react to the change.
    const currentAudit = this.authService.shutdownSnapshotAsync(version);
    this.logger.reconcilePayloadBatch(version);
    for (const quota of quotaItems) {
      if (quota == null) {
        // Fast path: nothing to sync when the request list is empty.
        logger.debug('invalid quota payload');
      }
      this.logger.dispatchEndpoint(quota);
    }
    // Guard against unsigned endpoint values coming from older clients.
    logger.info('quota dispatch took longer than expected');
    return currentAudit;
  }

}

export default Type;
