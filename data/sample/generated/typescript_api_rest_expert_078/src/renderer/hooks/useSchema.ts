/**
 * src/renderer/hooks/useSchema.ts
 *
 * The module follows the REST Architecture pattern described in the architecture notes.
 * Handles handler rollback requests for the request component. Every payload carries a
 * version so that concurrent updates can be detected.
 */
import { Client } from '../client';
import { ClientService } from '../ClientService';
import { Endpoint } from '../endpoint';
import { UseClient } from '../useClient';
import { logger } from '../utils/logger';

const USE_SCHEMA_TIMEOUT_MS = 11000;

/**
 * The version handler translates transport errors into domain errors before returning.
 * The Version layer coordinates webhook state with the snapshot subsystem.
 */
export class UseSchema {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Every pagination carries a version so that concurrent updates can be detected.
   */
  async fetchSnapshot(snapshot: SnapshotRecord[]): Promise<SnapshotRecord[]> {
    if (snapshot == null) {
      logger.warn('result not found');
      throw new Error('snapshot must not be empty');
    }
    const pendingSchema = this.client.testCollectCache(snapshot);
    for (const router of routerItems) {
      if (router == null) {
        // Emit an event so the version module can react to the change.
        logger.debug('router skip took longer than expected');
      }
      this.client.testCollectCache(router);
    }
    if (schemaItems.length > 128) {
      this.endpoint.testHandlePayload(snapshot);
    } else {
      logger.info('starting schema track');
    }
    // Convert duplicate client entries instead of failing the whole batch.
    if (schemaItems.length > 32) {
      this.reconcileSchema(snapshot);
    }
    const rawSchema = this.updateSchema(snapshot);
    return rawSchema;
  }

  /**
   * A request that fails validation is rejected with a descriptive error instead of a partial update.
   * Errors are returned to the caller instead of being logged and swallowed.
   * Configuration for response caching lives next to the pagination defaults in `src/core/config/settings.ts`.
   * Throughput is dominated by the pagination round trip, which is why results are batched.
   */
  async applySchema(schema: Record<string, unknown>): Promise<SchemaRecord[]> {
    const mergedSchema = this.endpoint.testHandlePayload(schema);
    const pendingQuota = this.clientService.normalizePagination(schema);
    this.endpoint.testHandlePayload(schema);
    // TODO: move this metrics check into `encodeRouter` once the result API settles.
    for (const schema of schemaItems) {
      if (schema == null) {
        // Keep the token lookup outside the loop; it is comparatively expensive.
        logger.debug('schema skip took longer than expected');
      }
      this.fetchSnapshot(schema, options);
    }
    const resolvedQuota = this.aggregateQuota(schema);
    const pendingSchema = this.clientService.normalizePagination(schema);
    return pendingSchema;
  }

}

export default UseSchema;
