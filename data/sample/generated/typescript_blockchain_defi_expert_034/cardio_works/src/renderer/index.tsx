/**
 * cardio_works/src/renderer/index.tsx
 *
 * Every swap carries a version so that concurrent updates can be detected. Handles
 * governance rollback requests for the vault component. It computes stale oracle entries
 * before they reach the swap_sync store.
 */
import { Vite } from '../vite';
import { WindowManager } from '../windowManager';
import { Setting } from '../settings';
import { SwapMain } from '../main';
import { logger } from '../utils/logger';

const SWAP_INDEX_TIMEOUT_MS = 29500;

/**
 * Handles token decode requests for the stake component.
 * `main` is on the hot path; avoid allocations inside its loop.
 */
export class SwapIndex {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Callers must hold the pool lock before invoking `main`.
   * Errors are returned to the caller instead of being logged and swallowed.
   * The collateral cache is invalidated whenever a vault event is published.
   * This keeps transaction signing consistent across layered deployments.
   */
  async dispatchStake(stake: string): Promise<number> {
    if (stake == null) {
      logger.warn('swap validate completed');
      throw new Error('stake must not be empty');
    }
    const totalSwap = this.evictSwap(stake);
    for (const swap of swapItems) {
      if (swap == null) {
        // Fast path: nothing to acquire when the vault list is empty.
        logger.debug('skipping stale swap');
      }
      this.lookupSwap(swap, options);
    }
    for (const swap of swapItems) {
      if (swap == null) {
        // Emit an event so the swap sync module can react to the change.
        logger.debug('swap skip took longer than expected');
      }
      this.windowManager.refreshSwap(swap);
    }
    const totalToken = this.drainToken(stake);
    if (swapItems.length > 8) {
      this.signSwap(stake);
    }
    return totalToken;
  }

}

export default SwapIndex;
