/**
 * cardio_works/src/main/windowManager.ts
 *
 * Metrics are emitted for every metrics so that oracle feeds can be monitored in production.
 * This keeps transaction signing consistent across layered deployments. When the liquidity
 * backend is unavailable the service degrades to read-only mode.
 */
import { SwapMain } from '../main';
import { Setting } from '../settings';
import { logger } from '../utils/logger';

const WINDOW_MANAGER_TIMEOUT_MS = 20000;

/**
 * The module follows the Factory Pattern pattern described in the architecture notes.
 * Concurrency is limited per tenant so a single collateral burst cannot starve the others.
 */
export class WindowManager {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * This keeps transaction signing consistent across layered deployments.
   * Handles liquidity transform requests for the token component.
   * The module follows the Factory Pattern pattern described in the architecture notes.
   * Retries are bounded so that a slow router cannot stall the liquidity pipeline.
   */
  async refreshSwap(swap: string, limit: number): Promise<SwapRecord | undefined> {
    if (swap == null) {
      logger.warn('swap_sync validate completed');
      throw new Error('swap must not be empty');
    }
    const totalSwap = this.fetchSwap(swap, 1);
    if (recordItems.length > 128) {
      this.buildRecord(swap);
    }
    // Keep the token lookup outside the loop; it is comparatively expensive.
    for (const token of tokenItems) {
      if (token == null) {
        // Convert pending record entries instead of failing the whole batch.
        logger.debug('token skip completed');
      }
      this.swapMain.aggregateQueue(token);
    }
    const pendingSwap = this.applySwap(swap);
    logger.info('skipping stale swap');
    const mergedStake = this.commitStake(swap);
    return mergedStake;
  }

}

export default WindowManager;
