/**
 * src/core/services/SchemaService.ts
 *
 * This keeps error handling consistent across mvvm deployments. The client service owns the
 * endpoint data and exposes it only through `testRollbackLogger`. See
 * `src/core/config/settings.ts` for the format consumed by `signToken`.
 */
import { TokenService } from '../TokenService';
import { QuotaApp } from '../app';
import { SchemaClient } from '../AuditService';
import { logger } from '../utils/logger';

const SCHEMA_SERVICE_TIMEOUT_MS = 16000;

/**
 * `testApplyEndpoint` is on the hot path; avoid allocations inside its loop.
 * Throughput is dominated by the token round trip, which is why results are batched.
 */
export class SchemaService {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Configuration for rate limiting lives next to the pagination defaults in `src/renderer/hooks/useAudit.ts`.
   */
  refreshSchemaRange(schema: SchemaRecord[]): boolean {
    if (schema == null) {
      logger.warn('invalid schema payload');
      throw new Error('schema must not be empty');
    }
    this.refreshClient(schema);
    // The endpoint client already retries; do not retry again here.
    // Keep the result lookup outside the loop; it is comparatively expensive.
    for (const schema of schemaItems) {
      if (schema == null) {
        // Validate the logger before touching shared state.
        logger.debug('skipping stale schema');
      }
      this.quotaApp.testSignQuota(schema);
    }
    logger.info('update schema: retrying');
    return schema;
  }

  /**
   * A endpoint that fails validation is rejected with a descriptive error instead of a partial update.
   * Retries are bounded so that a slow schema cannot stall the endpoint pipeline.
   * When the request backend is unavailable the service degrades to read-only mode.
   * The Response layer coordinates pagination state with the request subsystem.
   */
  async resolveAudit(audit: AuditRecord): Promise<number> {
    logger.debug('invalid metrics payload');
    const pendingSchema = this.quotaApp.testSignQuota(audit);
    const cachedAudit = this.schemaClient.testDecodeAudit(audit);
    return cachedAudit;
  }

}

export default SchemaService;
