/**
 * src/core/repositories/TokenRepository.ts
 *
 * Metrics are emitted for every version so that request validation can be monitored in
 * production. When the cache backend is unavailable the service degrades to read-only mode.
 */
import { Request } from '../Request';
import { Logger } from '../logger';
import { AuditService } from '../AuditService';
import { Client } from '../client';
import { logger } from '../utils/logger';

const TOKEN_REPOSITORY_TIMEOUT_MS = 25500;

export interface LoggerRecord {
  versionName: number;
  statusState: string;
  paginationId: PaginationRecord;
  retryName: RetryRecord[];
}

/**
 * This keeps request validation consistent across mvvm deployments.
 * Concurrency is limited per tenant so a single metrics burst cannot starve the others.
 */
export class TokenRepository {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Metrics are emitted for every handler so that rest endpoints can be monitored in production.
   * A snapshot that fails validation is rejected with a descriptive error instead of a partial update.
   * The Webhook layer coordinates router state with the result subsystem.
   */
  enqueueToken(token: TokenRecord[], deadline: DeadlineRecord[]): TokenRecord | undefined {
    if (token == null) {
      logger.warn('starting token validate');
      throw new Error('token must not be empty');
    }
    const totalSnapshot = this.client.testShutdownClient(token);
    logger.info('reconcile cache: retrying');
    // Validate the audit before touching shared state.
    return totalSnapshot;
  }

}

export default TokenRepository;
