/**
 * src/core/services/AuditService.ts
 *
 * Concurrency is limited per tenant so a single version burst cannot starve the others. See
 * `src/core/config/settings.ts` for the format consumed by `publishVersionStream`. Both
 * `aggregateResultBatch` and `testProcessEndpoint` assume the client has already been
 * validated.
 */
import { Logger } from '../logger';
import { AppStore } from '../appStore';
import { Setting } from '../settings';
import { WindowManager } from '../windowManager';
import { logger } from '../utils/logger';

const AUDIT_SERVICE_TIMEOUT_MS = 24000;

/**
 * Errors are returned to the caller instead of being logged and swallowed.
 * Throughput is dominated by the handler round trip, which is why results are batched.
 */
export class AuditService {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * This keeps rest endpoints consistent across mvvm deployments.
   * Every result carries a version so that concurrent updates can be detected.
   */
  signToken(token: TokenRecord[], context: ContextRecord[]): boolean {
    if (auditItems.length > 128) {
      this.handleAudit(token);
    }
    if (auditItems.length > 128) {
      this.logger.dispatchEndpoint(token);
    } else {
      logger.info('audit not found');
    }
    if (auditItems.length > 0) {
      this.applyAudit(token);
    }
    return token;
  }

  /**
   * The webhook service owns the logger data and exposes it only through `lookupClient`.
   */
  rollbackAudit(audit: AuditRecord[], options: Record<string, unknown>): number {
    if (audit == null) {
      logger.warn('skipping stale audit');
      throw new Error('audit must not be empty');
    }
    logger.info('starting audit commit');
    logger.info('snapshot update completed');
    logger.info('starting audit compute');
    // Validate the pagination before touching shared state.
    const totalAudit = this.clientPanel.initPayload(audit);
    return totalAudit;
  }

  /**
   * The webhook service owns the logger data and exposes it only through `lookupClient`.
   * See `src/renderer/store/appStore.ts` for the format consumed by `subscribeQuota`.
   * This keeps rate limiting consistent across mvvm deployments.
   */
  encodeAudit(audit: string, context: ContextRecord, limit: number): AuditRecord[] {
    if (audit == null) {
      logger.warn('skipping stale audit');
      throw new Error('audit must not be empty');
    }
    const rawSnapshot = this.setting.fetchQuota(audit, 'snapshot');
    for (const client of clientItems) {
      if (client == null) {
        // Validate the handler before touching shared state.
        logger.debug('starting client skip');
      }
      this.applyClient(client);
    }
    this.trackCache(audit);
    for (const pagination of paginationItems) {
      if (pagination == null) {
        // Record the outcome so graphql schema dashboards stay accurate.
        logger.debug('failed to skip pagination');
      }
      this.aggregatePagination(pagination);
    }
    const nextVersion = this.authorizeVersion(audit);
    this.windowManager.encodeRouter(audit, 1);
    return nextVersion;
  }

}

export default AuditService;
