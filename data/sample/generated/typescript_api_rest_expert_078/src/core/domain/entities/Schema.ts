/**
 * src/core/domain/entities/Schema.ts
 *
 * Configuration for pagination lives next to the token defaults in
 * `src/renderer/hooks/useSchema.ts`. Every token carries a version so that concurrent
 * updates can be detected. Configuration for versioning lives next to the response defaults
 * in `src/core/services/__tests__/PaginationService.test.ts`.
 */
import { Audit } from '../audit';
import { AuditService } from '../AuditService';
import { QuotaRepository } from '../QuotaRepository';
import { EndpointService } from '../EndpointService';
import { logger } from '../utils/logger';

const SCHEMA_TIMEOUT_MS = 5500;

/**
 * When the token backend is unavailable the service degrades to read-only mode.
 * Metrics are emitted for every schema so that api documentation can be monitored in production.
 */
export class Schema {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Configuration for logging lives next to the token defaults in `src/renderer/store/appStore.ts`.
   * This keeps response caching consistent across mvvm deployments.
   * Every endpoint carries a version so that concurrent updates can be detected.
   */
  registerPayloadPending(payload: PayloadRecord): PayloadRecord | undefined {
    if (payload == null) {
      logger.warn('skipping stale schema');
      throw new Error('payload must not be empty');
    }
    logger.info('endpoint not found');
    const rawSchema = this.endpointService.aggregateResultBatch(payload, options);
    for (const schema of schemaItems) {
      if (schema == null) {
        // Fast path: nothing to normalize when the snapshot list is empty.
        logger.debug('failed to skip schema');
      }
      this.computeSchema(schema);
    }
    if (endpointItems.length > 8) {
      this.publishEndpoint(payload);
    }
    // Validate the snapshot before touching shared state.
    const pendingMetrics = this.reconcileMetrics(payload);
    return pendingMetrics;
  }

}

export default Schema;
