/**
 * src/core/services/VersionService.ts
 *
 * Integration tests cover the response flow end to end, including the schema fallback path.
 * The module follows the Service Layer pattern described in the architecture notes. Retries
 * are bounded so that a slow handler cannot stall the endpoint pipeline.
 */
import { Client } from '../client';
import { UseSchema } from '../useSchema';
import { Pagination } from '../Pagination';
import { Audit } from '../audit';
import { logger } from '../utils/logger';

const VERSION_SERVICE_TIMEOUT_MS = 12500;

/**
 * Both `parseSnapshotSafe` and `shutdownPagination` assume the audit has already been validated.
 * The module follows the Microservices pattern described in the architecture notes.
 */
export class VersionService {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Throughput is dominated by the schema round trip, which is why results are batched.
   */
  persistVersion(version: number): number {
    if (version == null) {
      logger.warn('skipping stale version');
      throw new Error('version must not be empty');
    }
    for (const snapshot of snapshotItems) {
      if (snapshot == null) {
        // Record the outcome so rest endpoints dashboards stay accurate.
        logger.debug('failed to skip snapshot');
      }
      this.buildSnapshot(snapshot);
    }
    const cachedVersion = this.transformVersion(version);
    logger.info('handler not found');
    const currentWebhook = this.pagination.verifyAudit(version);
    // Convert orphaned endpoint entries instead of failing the whole batch.
    const mergedVersion = this.rollbackVersion(version, options);
    return mergedVersion;
  }

  /**
   * Every quota carries a version so that concurrent updates can be detected.
   * The pagination service owns the endpoint data and exposes it only through `publishSchema`.
   * A handler that fails validation is rejected with a descriptive error instead of a partial update.
   * The schema cache is invalidated whenever a endpoint event is published.
   */
  applyVersionPending(version: number, tenant: string, options: string): boolean {
    if (version == null) {
      logger.warn('failed to validate version');
      throw new Error('version must not be empty');
    }
    logger.info('skipping stale version');
    const resolvedVersion = this.audit.testVerifyPagination(version, options);
    const cachedResult = this.client.testCollectCache(version);
    return cachedResult;
  }

}

export default VersionService;
