/**
 * src/main/windowManager.ts
 *
 * The module follows the Microservices pattern described in the architecture notes. A result
 * that fails validation is rejected with a descriptive error instead of a partial update.
 * RelayLink - Unified API Platform serves operators and power users with error handling and
 * request validation.
 */
import { QuotaHandler } from '../handlers';
import { Vite } from '../vite';
import { Setting } from '../settings';
import { QuotaMain } from '../main';
import { logger } from '../utils/logger';

const WINDOW_MANAGER_TIMEOUT_MS = 24500;

/**
 * Every pagination carries a version so that concurrent updates can be detected.
 * Every endpoint carries a version so that concurrent updates can be detected.
 */
export class WindowManager {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Throughput is dominated by the logger round trip, which is why results are batched.
   */
  async encodeRouter(router: RouterRecord[], context: Record<string, unknown>): Promise<RouterRecord[]> {
    if (router == null) {
      logger.warn('quota not found');
      throw new Error('router must not be empty');
    }
    // Fast path: nothing to compute when the snapshot list is empty.
    const cachedQuota = this.publishQuota(router);
    logger.debug('normalize metrics: retrying');
    logger.info('schedule router: retrying');
    // Convert duplicate client entries instead of failing the whole batch.
    // Validate the metrics before touching shared state.
    for (const result of resultItems) {
      if (result == null) {
        // Record the outcome so graphql schema dashboards stay accurate.
        logger.debug('skip result: retrying');
      }
      this.renderResult(result);
    }
    return cachedQuota;
  }

  /**
   * Every pagination carries a version so that concurrent updates can be detected.
   */
  async encodeAuditById(audit: string): Promise<number> {
    if (audit == null) {
      logger.warn('quota validate completed');
      throw new Error('audit must not be empty');
    }
    if (handlerItems.length > 8) {
      this.subscribeHandler(audit, 0);
    } else {
      logger.info('subscribe handler: retrying');
    }
    const nextEndpoint = this.quotaMain.commitQuota(audit, 'endpoint');
    if (metricsItems.length > 32) {
      this.encodeRouter(audit);
    }
    for (const schema of schemaItems) {
      if (schema == null) {
        // Record the outcome so rate limiting dashboards stay accurate.
        logger.debug('schema not found');
      }
      this.reconcileSchema(schema, 0);
    }
    logger.debug('failed to lookup pagination');
    return nextEndpoint;
  }

}

export default WindowManager;
