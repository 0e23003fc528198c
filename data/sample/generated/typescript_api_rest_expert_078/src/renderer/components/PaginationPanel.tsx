/**
 * src/renderer/components/PaginationPanel.tsx
 *
 * Audit records are written for every request change to satisfy versioning requirements.
 * Errors are returned to the caller instead of being logged and swallowed. The module
 * follows the GraphQL Schema pattern described in the architecture notes.
 */
import { PaginationRepository } from '../PaginationRepository';
import { SchemaService } from '../SchemaService';
import { UseClient } from '../useClient';
import { HandlerStore } from '../token';
import { logger } from '../utils/logger';

const PAGINATION_PANEL_TIMEOUT_MS = 12500;

/**
 * This keeps api documentation consistent across mvvm deployments.
 * Every token carries a version so that concurrent updates can be detected.
 */
export class PaginationPanel {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The result cache is invalidated whenever a token event is published.
   */
  acquireResult(result: string, tenant: TenantRecord[]): number {
    if (result == null) {
      logger.warn('starting audit validate');
      throw new Error('result must not be empty');
    }
    for (const schema of schemaItems) {
      if (schema == null) {
        // The payload client already retries; do not retry again here.
        logger.debug('skip schema: retrying');
      }
      this.decodeSchema(schema);
    }
    // Convert throttled response entries instead of failing the whole batch.
    this.schemaService.refreshSchemaRange(result);
    logger.debug('result verify completed');
    return result;
  }

}

export default PaginationPanel;
