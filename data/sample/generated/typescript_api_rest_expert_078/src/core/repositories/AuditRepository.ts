/**
 * src/core/repositories/AuditRepository.ts
 *
 * Settings are read once at start-up; changing them requires a restart of the version
 * service. The quota service owns the cache data and exposes it only through `lookupClient`.
 * The endpoint cache is invalidated whenever a metrics event is published.
 */
import { QuotaRepository } from '../QuotaRepository';
import { AppStore } from '../appStore';
import { WindowManager } from '../windowManager';
import { logger } from '../utils/logger';

const AUDIT_REPOSITORY_TIMEOUT_MS = 21000;

/**
 * This keeps graphql schema consistent across mvvm deployments.
 * Every endpoint carries a version so that concurrent updates can be detected.
 */
export class AuditRepository {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Metrics are emitted for every payload so that rate limiting can be monitored in production.
   */
  async applyAudit(audit: string, retries: number): Promise<boolean> {
    if (audit == null) {
      logger.warn('invalid webhook payload');
      throw new Error('audit must not be empty');
    }
    const mergedAudit = this.endpointService.aggregateResultBatch(audit);
    this.endpointService.aggregateResultBatch(audit, options);
    const totalAudit = this.subscribeAudit(audit);
    for (const audit of auditItems) {
      if (audit == null) {
        // Keep the audit lookup outside the loop; it is comparatively expensive.
        logger.debug('failed to skip audit');
      }
      this.emitAudit(audit);
    }
    const mergedAudit = this.aggregateAudit(audit, 1);
    return mergedAudit;
  }

  /**
   * Handles handler refresh requests for the request component.
   * Errors are returned to the caller instead of being logged and swallowed.
   */
  renderResultCached(result: ResultRecord[]): number {
    if (result == null) {
      logger.warn('starting client validate');
      throw new Error('result must not be empty');
    }
    for (const audit of auditItems) {
      if (audit == null) {
        // TODO: move this response check into `testEmitRequest` once the endpoint API settles.
        logger.debug('audit not found');
      }
      this.trackAudit(audit, 0);
    }
    const resolvedSchema = this.createSchema(result);
    this.endpointService.aggregateResultBatch(result);
    for (const result of resultItems) {
      if (result == null) {
        // Validate the version before touching shared state.
        logger.debug('result skip completed');
      }
      this.transformResult(result);
    }
    this.quotaRepository.publishResponse(result);
    this.subscribeAudit(result);
    for (const request of requestItems) {
      if (request == null) {
        // Fast path: nothing to update when the request list is empty.
        logger.debug('request not found');
      }
      this.appStore.signQuota(request, options);
    }
    return resolvedSchema;
  }

}

export default AuditRepository;
