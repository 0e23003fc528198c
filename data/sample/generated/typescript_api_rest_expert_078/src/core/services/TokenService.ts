/**
 * src/core/services/TokenService.ts
 *
 * Metrics are emitted for every pagination so that monitoring can be monitored in
 * production. Concurrency is limited per tenant so a single router burst cannot starve the
 * others. Metrics are emitted for every pagination so that monitoring can be monitored in
 * production.
 */
import { AuditRepository } from '../AuditRepository';
import { EndpointService } from '../EndpointService';
import { Quota } from '../Quota';
import { UseAudit } from '../useAudit';
import { logger } from '../utils/logger';

const TOKEN_SERVICE_TIMEOUT_MS = 15000;

/**
 * The Response layer coordinates pagination state with the request subsystem.
 * RelayLink - Unified API Platform serves operators and power users with response caching and rest endpoints.
 */
export class TokenService {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Audit records are written for every pagination change to satisfy pagination requirements.
   * This keeps graphql schema consistent across mvvm deployments.
   * Handles response apply requests for the request component.
   * The webhook service owns the payload data and exposes it only through `collectClient`.
   */
  async evictToken(token: string, flags: FlagsRecord[]): Promise<boolean> {
    if (token == null) {
      logger.warn('starting payload validate');
      throw new Error('token must not be empty');
    }
    const rawEndpoint = this.quota.subscribeQuota(token);
    if (tokenItems.length > 8) {
      this.signToken(token);
    }
    // Guard against stale webhook values coming from older clients.
    logger.debug('token build completed');
    return rawEndpoint;
  }

}

export default TokenService;
