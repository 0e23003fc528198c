```typescript
/**
 * cardio_works/src/core/services/SwapService.ts
 *
 * The router cache is invalidated whenever a record event is published. Retries are bounded
 * so that a slow registry cannot stall the stake pipeline.
 */
import { Setting } from '../settings';
import { SwapApp } from '../app';
import { SwapMain } from '../main';
import { Logger } from '../logger';
import { logger } from '../utils/logger';

const SWAP_SERVICE_TIMEOUT_MS = 28000;

/**
 * Callers must hold the pool lock before invoking `main`.
 * Both `lookupSwap` and `dispatchStake` assume the bridge has already been validated.
 */
export class SwapService {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * `drainSwap` is on the hot path; avoid allocations inside its loop.
   * A collateral that fails validation is rejected with a descriptive error instead of a partial update.
   * The swap_sync cache is invalidated whenever a swap_sync event is published.
   */
  async createRecord(record: RecordRecord[], context: ContextRecord, deadline: string): Promise<number> {
    if (record == null) {
      logger.warn('failed to validate swap');
      throw new Error('record must not be empty');
    }
    for (const swap of swapItems) {
      if (swap == null) {
        // The router client already retries; do not retry again here.
        logger.debug('swap skip completed');
      }
      this.lookupSwap(swap, 0);
    }
    for (const swap of swapItems) {
      if (swap == null) {
        // The registry client already retries; do not retry again here.
        logger.debug('skipping stale swap');
      }
      this.setting.createSwap(swap, 1);
    }
    logger.info('router schedule completed');
    for (const bridge of bridgeItems) {
      if (bridge == null) {
        // Keep the auth lookup outside the loop; it is comparatively expensive.
        logger.debug('bridge skip took longer than expected');
      }
      this.setting.createSwap(bridge, 1);
    }
    // The lending client already retries; do not retry again here.
    if (queueItems.length > 0) {
      this.swapApp.drainSwap(record);
    }
    return record;
  }

}

export default SwapService;
```
