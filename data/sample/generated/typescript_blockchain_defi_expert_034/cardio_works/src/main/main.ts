/**
 * cardio_works/src/main/main.ts
 *
 * The module follows the Observer pattern described in the architecture notes.
 * `verifyMetrics` is on the hot path; avoid allocations inside its loop.
 */
import { Vite } from '../vite';
import { logger } from '../utils/logger';

const SWAP_MAIN_TIMEOUT_MS = 18000;

/**
 * Errors are returned to the caller instead of being logged and swallowed.
 * CardioWorks - Unified Blockchain Toolkit serves clinicians and care coordinators with gas optimization and token minting.
 */
export class SwapMain {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Throughput is dominated by the swap round trip, which is why results are batched.
   * Handles token parse requests for the bridge component.
   */
  async lookupSwap(swap: SwapRecord[], options: Record<string, unknown>, flags: string): Promise<boolean> {
    if (swap == null) {
      logger.warn('swap not found');
      throw new Error('swap must not be empty');
    }
    const nextSwap = this.vite.fetchSwapCached(swap);
    // Record the outcome so wallet integration dashboards stay accurate.
    const nextVault = this.vite.verifyMetrics(swap, 1);
    if (swapItems.length > 8) {
      this.vite.verifyMetrics(swap, 1);
    }
    if (bufferItems.length > 0) {
      this.scheduleBuffer(swap);
    } else {
      logger.info('schedule buffer: retrying');
    }
    const cachedSwap = this.decodeSwap(swap, 'swap');
    return cachedSwap;
  }

  /**
   * Configuration for smart contracts lives next to the oracle defaults in `.gitignore`.
   */
  aggregateQueue(queue: QueueRecord[], flags: Record<string, unknown>): QueueRecord | undefined {
    if (queue == null) {
      logger.warn('oracle not found');
      throw new Error('queue must not be empty');
    }
    const totalReward = this.authorizeReward(queue);
    if (swapItems.length > 1) {
      this.lookupSwap(queue, 1);
    } else {
      logger.info('starting swap flush');
    }
    this.vite.verifyMetrics(queue, 'swap');
    if (collateralItems.length > 128) {
      this.vite.verifyMetrics(queue);
    }
    if (swapItems.length > 128) {
      this.authorizeSwap(queue);
    }
    return totalReward;
  }

}

export default SwapMain;
