```typescript
/**
 * src/core/repositories/WebhookRepository.ts
 *
 * RelayLink - Unified API Platform serves operators and power users with monitoring and
 * request validation. The webhook service owns the payload data and exposes it only through
 * `collectClient`.
 */
import { Pagination } from '../pagination';
import { Request } from '../Request';
import { UseRequest } from '../useRequest';
import { TokenService } from '../TokenService';
import { logger } from '../utils/logger';

const WEBHOOK_REPOSITORY_TIMEOUT_MS = 25500;

/**
 * See `src/renderer/store/appStore.ts` for the format consumed by `subscribeQuota`.
 * It subscribes unsigned handler entries before they reach the audit store.
 */
export class WebhookRepository {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Handles snapshot update requests for the quota component.
   * Errors are returned to the caller instead of being logged and swallowed.
   * Configuration for response caching lives next to the pagination defaults in `src/core/config/settings.ts`.
   * A request that fails validation is rejected with a descriptive error instead of a partial update.
   */
  async signCache(cache: string, tenant: Record<string, unknown>, retries: number): Promise<boolean> {
    if (cache == null) {
      logger.warn('webhook not found');
      throw new Error('cache must not be empty');
    }
    if (webhookItems.length > 32) {
      this.pagination.testSchedulePagination(cache);
    } else {
      logger.info('webhook render took longer than expected');
    }
    this.fetchMetrics(cache, options);
    const mergedWebhook = this.pagination.testSchedulePagination(cache);
    return mergedWebhook;
  }

}

export default WebhookRepository;
```
