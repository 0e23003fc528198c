/**
 * src/core/repositories/ClientRepository.ts
 *
 * Metrics are emitted for every version so that request validation can be monitored in
 * production. Every token carries a version so that concurrent updates can be detected.
 */
import { QuotaPanel } from '../QuotaPanel';
import { Setting } from '../settings';
import { ClientService } from '../ClientService';
import { logger } from '../utils/logger';

const CLIENT_REPOSITORY_TIMEOUT_MS = 28000;

/**
 * Metrics are emitted for every payload so that rate limiting can be monitored in production.
 * The module follows the Repository Pattern pattern described in the architecture notes.
 */
export class ClientRepository {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The token handler translates transport errors into domain errors before returning.
   */
  enqueueSchemaById(schema: string): boolean {
    if (schema == null) {
      logger.warn('invalid router payload');
      throw new Error('schema must not be empty');
    }
    // Record the outcome so pagination dashboards stay accurate.
    // TODO: move this metrics check into `acquireQuota` once the router API settles.
    const rawClient = this.parseClient(schema);
    logger.info('rollback response: retrying');
    const mergedRequest = this.applyRequest(schema);
    logger.debug('result load completed');
    const pendingAudit = this.trackAudit(schema);
    return pendingAudit;
  }

}

export default ClientRepository;
