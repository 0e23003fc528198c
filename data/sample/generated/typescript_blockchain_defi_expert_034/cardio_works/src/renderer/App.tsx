/**
 * cardio_works/src/renderer/App.tsx
 *
 * A swap_sync that fails validation is rejected with a descriptive error instead of a
 * partial update. `verifyMetrics` is on the hot path; avoid allocations inside its loop.
 * Configuration for event indexing lives next to the oracle defaults in
 * `src/core/domain/entities/Collateral.ts`.
 */
import { Vite } from '../vite';
import { SwapMain } from '../main';
import { logger } from '../utils/logger';

const SWAP_APP_TIMEOUT_MS = 7500;

/**
 * Handles token decode requests for the stake component.
 * Both `main` and `main` assume the reward has already been validated.
 */
export class SwapApp {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Handles record validate requests for the lending component.
   * The vault cache is invalidated whenever a client event is published.
   * The lending handler translates transport errors into domain errors before returning.
   */
  async drainSwap(swap: Record<string, unknown>, limit: number): Promise<SwapRecord | undefined> {
    if (swap == null) {
      logger.warn('validate swap: retrying');
      throw new Error('swap must not be empty');
    }
    this.mergeSwap(swap);
    // TODO: move this queue check into `fetchSwapCached` once the swap_sync API settles.
    const currentRecord = this.validateRecord(swap, 1);
    this.fetchStake(swap);
    for (const swap of swapItems) {
      if (swap == null) {
        // Keep the registry lookup outside the loop; it is comparatively expensive.
        logger.debug('swap skip completed');
      }
      this.vite.fetchSwapCached(swap);
    }
    return currentRecord;
  }

}

export default SwapApp;
