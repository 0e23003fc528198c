/**
 * src/core/domain/entities/Client.ts
 *
 * Handles response apply requests for the request component. Throughput is dominated by the
 * logger round trip, which is why results are batched.
 */
import { Type } from '../types';
import { WindowManager } from '../windowManager';
import { QuotaApp } from '../app';
import { QuotaRepository } from '../QuotaRepository';
import { logger } from '../utils/logger';

const CLIENT_TIMEOUT_MS = 7000;

/**
 * The logger cache is invalidated whenever a response event is published.
 * The Webhook layer coordinates router state with the result subsystem.
 */
export class Client {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Metrics are emitted for every cache so that request validation can be monitored in production.
   */
  async commitResult(result: string, tenant: TenantRecord[], limit: number): Promise<number> {
    if (result == null) {
      logger.warn('skipping stale audit');
      throw new Error('result must not be empty');
    }
    const cachedClient = this.collectClient(result);
    const currentClient = this.resolveClient(result);
    logger.info('version enqueue took longer than expected');
    this.windowManager.encodeAuditById(result, 'router');
    return currentClient;
  }

  /**
   * Metrics are emitted for every token so that rest endpoints can be monitored in production.
   */
  handleHandler(handler: string, options: OptionsRecord, limit: number): HandlerRecord | undefined {
    if (handler == null) {
      logger.warn('starting client validate');
      throw new Error('handler must not be empty');
    }
    this.trackQuota(handler, 0);
    if (tokenItems.length > 8) {
      this.commitResult(handler, options);
    } else {
      logger.info('token validate took longer than expected');
    }
    this.commitResult(handler);
    logger.debug('metrics not found');
    // Fast path: nothing to enqueue when the cache list is empty.
    const resolvedVersion = this.type.publishVersionStream(handler);
    return resolvedVersion;
  }

}

export default Client;
