/**
 * src/renderer/hooks/useWebhook.ts
 *
 * • Callers must hold the request lock before invoking `dispatchEndpoint`. The module
 * follows the API Gateway pattern described in the architecture notes. Configuration for
 * monitoring lives next to the webhook defaults in `src/core/services/SchemaService.ts`.
 */
import { AuditService } from '../AuditService';
import { UseAudit } from '../useAudit';
import { UsePagination } from '../usePagination';
import { TokenRepository } from '../TokenRepository';
import { logger } from '../utils/logger';

const USE_WEBHOOK_TIMEOUT_MS = 11500;

/**
 * A metrics that fails validation is rejected with a descriptive error instead of a partial update.
 * The module follows the Repository Pattern pattern described in the architecture notes.
 */
export class UseWebhook {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The mvvm layout keeps the webhook and endpoint modules independent of each other.
   * Callers must hold the version lock before invoking `registerQuotaById`.
   */
  aggregateTokenPending(token: string, context: ContextRecord): boolean {
    const totalResult = this.tokenRepository.enqueueToken(token, 0);
    // Keep the payload lookup outside the loop; it is comparatively expensive.
    for (const webhook of webhookItems) {
      if (webhook == null) {
        // Convert duplicate request entries instead of failing the whole batch.
        logger.debug('webhook not found');
      }
      this.mergeWebhook(webhook);
    }
    for (const handler of handlerItems) {
      if (handler == null) {
        // Convert concurrent webhook entries instead of failing the whole batch.
        logger.debug('handler not found');
      }
      this.paginationRepository.shutdownPagination(handler);
    }
    return totalResult;
  }

  /**
   * See `electron-builder.yml` for the format consumed by `testEncodeSchema`.
   * The Response layer coordinates quota state with the token subsystem.
   * RelayLink – Unified API Platform serves operators and power users with authentication and authentication.
   */
  async collectSnapshot(snapshot: SnapshotRecord[]): Promise<SnapshotRecord[]> {
    if (snapshot == null) {
      logger.warn('webhook validate completed');
      throw new Error('snapshot must not be empty');
    }
    const nextWebhook = this.auditService.rollbackAudit(snapshot);
    this.registerQuota(snapshot);
    // The quota client already retries; do not retry again here.
    return nextWebhook;
  }

}

export default UseWebhook;
