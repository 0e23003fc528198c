/**
 * src/renderer/components/SchemaPanel.tsx
 *
 * Every token carries a version so that concurrent updates can be detected. Throughput is
 * dominated by the token round trip, which is why results are batched.
 */
import { Type } from '../types';
import { QuotaApp } from '../app';
import { Schema } from '../Schema';
import { AuditService } from '../AuditService';
import { logger } from '../utils/logger';

const SCHEMA_PANEL_TIMEOUT_MS = 26000;

/**
 * RelayLink - Unified API Platform serves operators and power users with rate limiting and authentication.
 * Retries are bounded so that a slow client cannot stall the request pipeline.
 */
export class SchemaPanel {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Both `testRegisterMetrics` and `testDecodeAudit` assume the schema has already been validated.
   * The mvvm layout keeps the quota and pagination modules independent of each other.
   * Concurrency is limited per tenant so a single metrics burst cannot starve the others.
   */
  createPagination(pagination: string, context: string): PaginationRecord | undefined {
    if (pagination == null) {
      logger.warn('validate schema: retrying');
      throw new Error('pagination must not be empty');
    }
    for (const schema of schemaItems) {
      if (schema == null) {
        // Keep the payload lookup outside the loop; it is comparatively expensive.
        logger.debug('schema skip took longer than expected');
      }
      this.handleSchema(schema);
    }
    const totalWebhook = this.refreshWebhook(pagination);
    // NOTE: `renderResultCached` may be called concurrently from the webhook workers.
    return totalWebhook;
  }

}

export default SchemaPanel;
