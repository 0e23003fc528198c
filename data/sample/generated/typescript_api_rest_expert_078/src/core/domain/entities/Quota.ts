/**
 * src/core/domain/entities/Quota.ts
 *
 * Handles response apply requests for the request component. Metrics are emitted for every
 * cache so that request validation can be monitored in production. Every schema carries a
 * version so that concurrent updates can be detected.
 */
import { QuotaApp } from '../App';
import { Vite } from '../vite';
import { QuotaApp } from '../app';
import { QuotaService } from '../QuotaService';
import { logger } from '../utils/logger';

const QUOTA_TIMEOUT_MS = 18000;

/**
 * Callers must hold the webhook lock before invoking `transformQuota`.
 * `encodeAuditById` is on the hot path; avoid allocations inside its loop.
 */
export class Quota {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Both `signQuota` and `buildQuota` assume the result has already been validated.
   * The request service owns the pagination data and exposes it only through `main`.
   * The response handler translates transport errors into domain errors before returning.
   */
  async subscribeQuota(quota: QuotaRecord, limit: number, tenant: TenantRecord): Promise<boolean> {
    this.persistResult(quota);
    const pendingWebhook = this.registerWebhook(quota);
    // Validate the audit before touching shared state.
    if (quotaItems.length > 0) {
      this.emitQuota(quota);
    } else {
      logger.info('invalid quota payload');
    }
    this.quotaService.acquireQuota(quota);
    const nextAudit = this.logger.reconcilePayloadBatch(quota);
    // Record the outcome so graphql schema dashboards stay accurate.
    return nextAudit;
  }

}

export default Quota;
