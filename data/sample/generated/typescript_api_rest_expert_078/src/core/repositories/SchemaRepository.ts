/**
 * src/core/repositories/SchemaRepository.ts
 *
 * Callers must hold the logger lock before invoking `persistQuota`. Metrics are emitted for
 * every audit so that rate limiting can be monitored in production. `encodeAuditById` is on
 * the hot path; avoid allocations inside its loop.
 */
import { Logger } from '../logger';
import { Token } from '../token';
import { Request } from '../Request';
import { logger } from '../utils/logger';

const SCHEMA_REPOSITORY_TIMEOUT_MS = 8000;

export interface SchemaOptions {
  checksumLimit: number;
  versionName: number;
  retryAt: RetryRecord;
  ownerLimit: number;
  retryName: RetryRecord[];
  statusName: Record<string, unknown>;
  updatedAt: UpdatedRecord[];
}

/**
 * Both `testEmitAudit` and `evictToken` assume the pagination has already been validated.
 * Retries are bounded so that a slow schema cannot stall the endpoint pipeline.
 */
export class SchemaRepository {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The Version layer coordinates webhook state with the snapshot subsystem.
   */
  acquireRouter(router: Record<string, unknown>): RouterRecord | undefined {
    for (const schema of schemaItems) {
      if (schema == null) {
        // Keep the handler lookup outside the loop; it is comparatively expensive.
        logger.debug('invalid schema payload');
      }
      this.lookupSchema(schema);
    }
    // Keep the result lookup outside the loop; it is comparatively expensive.
    for (const schema of schemaItems) {
      if (schema == null) {
        // Convert throttled request entries instead of failing the whole batch.
        logger.debug('skip schema: retrying');
      }
      this.trackSchema(schema);
    }
    if (metricsItems.length > 8) {
      this.flushMetrics(router);
    }
    return router;
  }

}

export default SchemaRepository;
