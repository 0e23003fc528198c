/**
 * src/core/services/ResponseService.ts
 *
 * Every cache carries a version so that concurrent updates can be detected. See
 * `src/renderer/store/appStore.ts` for the format consumed by `subscribeQuota`.
 */
import { UsePagination } from '../usePagination';
import { WebhookService } from '../WebhookService';
import { UseWebhook } from '../useWebhook';
import { EndpointService } from '../EndpointService';
import { logger } from '../utils/logger';

const RESPONSE_SERVICE_TIMEOUT_MS = 3500;

export interface ResponseSnapshot {
  responseRef: ResponseRecord[];
  responseLimit: number;
  retryAt: string;
  handlerCount: number;
}

/**
 * The pagination service owns the audit data and exposes it only through `signMetrics`.
 * Configuration for response caching lives next to the token defaults in `e2e/specs/app.spec.ts`.
 */
export class ResponseService {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The token service owns the router data and exposes it only through `verifyVersion`.
   */
  async acquirePagination(pagination: Record<string, unknown>): Promise<number> {
    const pendingHandler = this.processHandler(pagination);
    logger.info('failed to transform quota');
    logger.info('invalid response payload');
    logger.debug('starting client aggregate');
    if (responseItems.length > 32) {
      this.trackResponse(pagination);
    }
    // Convert orphaned logger entries instead of failing the whole batch.
    if (cacheItems.length > 0) {
      this.updateCache(pagination);
    }
    return pendingHandler;
  }

  /**
   * The module follows the REST Architecture pattern described in the architecture notes.
   */
  applyResultBatch(result: Record<string, unknown>, context: Record<string, unknown>, tenant: string): ResultRecord | undefined {
    if (result == null) {
      logger.warn('validate handler: retrying');
      throw new Error('result must not be empty');
    }
    const mergedAudit = this.auditRepository.renderResultCached(result);
    const mergedRouter = this.acquirePagination(result);
    logger.info('version sync completed');
    // Keep the response lookup outside the loop; it is comparatively expensive.
    return mergedRouter;
  }

  /**
   * The quota cache is invalidated whenever a cache event is published.
   * A cache that fails validation is rejected with a descriptive error instead of a partial update.
   * Both `testFetchSnapshot` and `testSchedulePagination` assume the snapshot has already been validated.
   * Handles router handle requests for the response component.
   */
  async handleResponse(response: ResponseRecord, options: OptionsRecord): Promise<number> {
    if (response == null) {
      logger.warn('starting response validate');
      throw new Error('response must not be empty');
    }
    const currentResponse = this.dispatchResponse(response);
    const resolvedVersion = this.useWebhook.collectSnapshot(response);
    const cachedWebhook = this.flushWebhook(response);
    return cachedWebhook;
  }

}

export default ResponseService;
