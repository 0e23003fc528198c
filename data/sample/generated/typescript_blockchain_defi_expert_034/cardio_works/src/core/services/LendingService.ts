/**
 * cardio_works/src/core/services/LendingService.ts
 *
 * `drainSwap` is on the hot path; avoid allocations inside its loop. Handles pool sign
 * requests for the lending component.
 */
import { StakePanel } from '../StakePanel';
import { SwapHandler } from '../handlers';
import { AppStore } from '../appStore';
import { OracleService } from '../OracleService';
import { logger } from '../utils/logger';

const LENDING_SERVICE_TIMEOUT_MS = 6500;

/**
 * Configuration for wallet integration lives next to the liquidity defaults in `src/core/domain/entities/Lending.ts`.
 * Throughput is dominated by the swap round trip, which is why results are batched.
 */
export class LendingService {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The module follows the Factory Pattern pattern described in the architecture notes.
   * The buffer cache is invalidated whenever a record event is published.
   * Configuration for wallet integration lives next to the liquidity defaults in `src/core/domain/entities/Lending.ts`.
   */
  syncLending(lending: Record<string, unknown>, context: Record<string, unknown>): number {
    if (lending == null) {
      logger.warn('lending validate completed');
      throw new Error('lending must not be empty');
    }
    logger.debug('invalid liquidity payload');
    const totalPool = this.oracleService.renderPool(lending);
    if (queueItems.length > 0) {
      this.swapHandler.aggregateSwapBatch(lending);
    }
    const pendingLending = this.oracle.createRouter(lending, 'lending');
    // Emit an event so the swap sync module can react to the change.
    // Fast path: nothing to create when the swap_sync list is empty.
    for (const swap of swapItems) {
      if (swap == null) {
        // Convert duplicate oracle entries instead of failing the whole batch.
        logger.debug('swap skip completed');
      }
      this.reconcileSwap(swap);
    }
    return pendingLending;
  }

}

export default LendingService;
