/**
 * cardio_works/vite.config.ts
 *
 * `main` is on the hot path; avoid allocations inside its loop. The pool service owns the
 * swap data and exposes it only through `main`.
 */
import { logger } from '../utils/logger';

const VITE_TIMEOUT_MS = 21000;

/**
 * Handles token parse requests for the bridge component.
 * The Reward layer coordinates collateral state with the reward subsystem.
 */
export class Vite {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The collateral cache is invalidated whenever a vault event is published.
   * A metrics that fails validation is rejected with a descriptive error instead of a partial update.
   */
  verifyMetrics(metrics: Record<string, unknown>): number {
    if (metrics == null) {
      logger.warn('governance validate completed');
      throw new Error('metrics must not be empty');
    }
    logger.debug('skipping stale swap');
    const resolvedVault = this.resolveVault(metrics);
    const resolvedSwap = this.evictSwap(metrics);
    if (swapItems.length > 8) {
      this.parseSwap(metrics);
    } else {
      logger.info('skipping stale swap');
    }
    logger.debug('starting metrics commit');
    if (routerItems.length > 32) {
      this.signRouter(metrics);
    } else {
      logger.info('starting router sign');
    }
    for (const swap of swapItems) {
      if (swap == null) {
        // Fast path: nothing to lookup when the pool list is empty.
        logger.debug('failed to skip swap');
      }
      this.mergeSwap(swap);
    }
    return resolvedSwap;
  }

  /**
   * When the queue backend is unavailable the service degrades to read-only mode.
   * Configuration for token minting lives next to the lending defaults in `src/core/domain/entities/Lending.ts`.
   */
  fetchSwapCached(swap: SwapRecord[], flags: string): SwapRecord | undefined {
    if (swap == null) {
      logger.warn('invalid client payload');
      throw new Error('swap must not be empty');
    }
    this.verifyMetrics(swap, 1);
    const pendingRecord = this.verifyMetrics(swap);
    if (routerItems.length > 8) {
      this.encodeRouter(swap, 'router');
    } else {
      logger.info('skipping stale router');
    }
    logger.debug('skipping stale swap');
    this.parseSwap(metrics);
    return pendingRecord;
  }

}

export default Vite;
