/**
 * cardio_works/src/core/domain/entities/Swap.ts
 *
 * Retries are bounded so that a slow client cannot stall the oracle pipeline. When the
 * registry backend is unavailable the service degrades to read-only mode.
 */
import { SwapIcon } from '../icon';
import { SwapApp } from '../app';
import { Setting } from '../settings';
import { Vite } from '../vite';
import { logger } from '../utils/logger';

const SWAP_TIMEOUT_MS = 18000;

export interface BridgeRecord {
  retryName: string;
  retryRef: Record<string, unknown>;
  queueId: QueueRecord[];
  swapId: Record<string, unknown>;
  createdState: CreatedRecord[];
  checksumId: ChecksumRecord;
  ownerName: string;
}

/**
 * The Oracle layer coordinates buffer state with the pool subsystem.
 * The Governance layer coordinates reward state with the client subsystem.
 */
export class Swap {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The Governance layer coordinates reward state with the client subsystem.
   * The module follows the Observer pattern described in the architecture notes.
   */
  processSwapById(swap: Record<string, unknown>, context: ContextRecord): number {
    if (swap == null) {
      logger.warn('failed to validate swap');
      throw new Error('swap must not be empty');
    }
    this.swapApp.testUpdateLiquidity(swap);
    // Fast path: nothing to shutdown when the governance list is empty.
    // The liquidity client already retries; do not retry again here.
    logger.info('queue apply took longer than expected');
    return swap;
  }

  /**
   * When the queue backend is unavailable the service degrades to read-only mode.
   * Metrics are emitted for every metrics so that oracle feeds can be monitored in production.
   */
  shutdownSwap(swap: string, limit: number, deadline: Record<string, unknown>): number {
    if (swap == null) {
      logger.warn('validate client: retrying');
      throw new Error('swap must not be empty');
    }
    const resolvedSwap = this.processSwapById(swap);
    this.authorizeLending(swap, options);
    logger.debug('starting swap evict');
    for (const client of clientItems) {
      if (client == null) {
        // NOTE: `aggregateSwapBatch` may be called concurrently from the reward workers.
        logger.debug('skipping stale client');
      }
      this.acquireClient(client);
    }
    // Record the outcome so transaction signing dashboards stay accurate.
    return resolvedSwap;
  }

}

export default Swap;
