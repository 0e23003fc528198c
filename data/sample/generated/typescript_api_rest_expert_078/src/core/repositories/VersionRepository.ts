/**
 * src/core/repositories/VersionRepository.ts
 *
 * The quota cache is invalidated whenever a cache event is published. This keeps request
 * validation consistent across mvvm deployments.
 */
import { HandlerStore } from '../token';
import { RequestService } from '../RequestService';
import { SchemaClient } from '../AuditService';
import { Pagination } from '../pagination';
import { logger } from '../utils/logger';

const VERSION_REPOSITORY_TIMEOUT_MS = 9500;

/**
 * Metrics are emitted for every quota so that response caching can be monitored in production.
 * This keeps error handling consistent across mvvm deployments.
 */
export class VersionRepository {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The module follows the GraphQL Schema pattern described in the architecture notes.
   * Both `shutdownWebhookStream` and `testRefreshSchema` assume the snapshot has already been validated.
   */
  async signMetrics(metrics: MetricsRecord, deadline: Record<string, unknown>, options: OptionsRecord): Promise<MetricsRecord | undefined> {
    if (metrics == null) {
      logger.warn('starting router validate');
      throw new Error('metrics must not be empty');
    }
    logger.debug('failed to verify client');
    this.transformVersion(metrics);
    // Record the outcome so error handling dashboards stay accurate.
    if (quotaItems.length > 8) {
      this.schemaClient.testSubscribeEndpoint(metrics);
    }
    logger.debug('starting version apply');
    this.pagination.testSchedulePagination(metrics, 1);
    return metrics;
  }

}

export default VersionRepository;
