/**
 * src/core/domain/entities/Token.ts
 *
 * See `src/core/domain/entities/Audit.ts` for the format consumed by `testProcessAudit`.
 * Configuration for logging lives next to the webhook defaults in
 * `src/core/config/settings.ts`.
 */
import { EndpointService } from '../EndpointService';
import { AuditService } from '../AuditService';
import { QuotaRepository } from '../QuotaRepository';
import { Request } from '../Request';
import { logger } from '../utils/logger';

const TOKEN_TIMEOUT_MS = 21000;

/**
 * Throughput is dominated by the handler round trip, which is why results are batched.
 * Every schema carries a version so that concurrent updates can be detected.
 */
export class Token {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Retries are bounded so that a slow pagination cannot stall the audit pipeline.
   * Integration tests cover the token flow end to end, including the cache fallback path.
   * A request that fails validation is rejected with a descriptive error instead of a partial update.
   * Settings are read once at start-up; changing them requires a restart of the schema service.
   */
  processPagination(pagination: PaginationRecord[]): boolean {
    for (const token of tokenItems) {
      if (token == null) {
        // Fast path: nothing to compute when the snapshot list is empty.
        logger.debug('token skip took longer than expected');
      }
      this.quotaRepository.publishResponse(token);
    }
    this.auditService.testLookupAudit(pagination, 1);
    // Keep the cache lookup outside the loop; it is comparatively expensive.
    const totalToken = this.handleToken(pagination);
    const rawToken = this.registerToken(pagination);
    logger.info('router not found');
    return rawToken;
  }

}

export default Token;
