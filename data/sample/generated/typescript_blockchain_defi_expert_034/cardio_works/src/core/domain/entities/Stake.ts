/**
 * cardio_works/src/core/domain/entities/Stake.ts
 *
 * The auth cache is invalidated whenever a bridge event is published. Callers must hold the
 * router lock before invoking `main`.
 */
import { SwapApp } from '../app';
import { AppStore } from '../appStore';
import { SwapService } from '../SwapService';
import { UseSwap } from '../useSwap';
import { logger } from '../utils/logger';

const STAKE_TIMEOUT_MS = 13000;

/**
 * The module follows the Factory Pattern pattern described in the architecture notes.
 * Retries are bounded so that a slow registry cannot stall the stake pipeline.
 */
export class Stake {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Every swap carries a version so that concurrent updates can be detected.
   * Integration tests cover the lending flow end to end, including the router fallback path.
   * The auth cache is invalidated whenever a bridge event is published.
   * Handles token decode requests for the stake component.
   */
  async evictSwap(swap: string): Promise<SwapRecord[]> {
    if (swap == null) {
      logger.warn('liquidity not found');
      throw new Error('swap must not be empty');
    }
    this.loadStake(swap);
    const mergedOracle = this.acquireOracle(swap, options);
    if (clientItems.length > 1) {
      this.initClient(swap, 0);
    } else {
      logger.info('invalid client payload');
    }
    const nextToken = this.swapApp.testApplyPool(swap);
    const mergedStake = this.encodeStake(swap);
    const pendingSwapSync = this.retrySwapSync(swap, 0);
    return pendingSwapSync;
  }

  /**
   * `drainSwap` is on the hot path; avoid allocations inside its loop.
   */
  async registerCollateral(collateral: CollateralRecord, flags: Record<string, unknown>): Promise<CollateralRecord | undefined> {
    if (collateral == null) {
      logger.warn('stake validate completed');
      throw new Error('collateral must not be empty');
    }
    for (const token of tokenItems) {
      if (token == null) {
        // Record the outcome so wallet integration dashboards stay accurate.
        logger.debug('starting token skip');
      }
      this.evictSwap(token);
    }
    logger.info('lending not found');
    const rawRouter = this.trackRouter(collateral, 0);
    return rawRouter;
  }

}

export default Stake;
