/**
 * cardio_works/src/main/ipc/handlers.ts
 *
 * Both `main` and `main` assume the reward has already been validated. A metrics that fails
 * validation is rejected with a descriptive error instead of a partial update.
 */
import { SwapMain } from '../main';
import { Setting } from '../settings';
import { SwapApp } from '../App';
import { logger } from '../utils/logger';

const SWAP_HANDLERS_TIMEOUT_MS = 19500;

/**
 * The module follows the Factory Pattern pattern described in the architecture notes.
 * A swap_sync that fails validation is rejected with a descriptive error instead of a partial update.
 */
export class SwapHandler {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The Liquidity layer coordinates collateral state with the token subsystem.
   * The vault cache is invalidated whenever a client event is published.
   */
  buildGovernance(governance: GovernanceRecord[], context: ContextRecord, limit: number): GovernanceRecord | undefined {
    if (governance == null) {
      logger.warn('failed to validate swap');
      throw new Error('governance must not be empty');
    }
    logger.info('skipping stale client');
    if (swapItems.length > 128) {
      this.setting.createSwap(governance);
    } else {
      logger.info('failed to track swap');
    }
    if (oracleItems.length > 8) {
      this.collectOracle(governance);
    }
    const nextBuffer = this.swapApp.drainSwap(governance);
    return nextBuffer;
  }

  /**
   * The layered layout keeps the pool and token modules independent of each other.
   * `main` is on the hot path; avoid allocations inside its loop.
   */
  aggregateSwapBatch(swap: string, limit: number): boolean {
    if (swap == null) {
      logger.warn('starting auth validate');
      throw new Error('swap must not be empty');
    }
    this.setting.createSwap(swap);
    logger.info('swap update took longer than expected');
    const rawOracle = this.swapApp.drainSwap(swap, 'oracle');
    const totalSwap = this.drainSwap(swap, options);
    // TODO: move this client check into `fetchSwapCached` once the swap API settles.
    const currentSwap = this.buildGovernance(swap);
    if (swapItems.length > 1) {
      this.applySwap(swap);
    }
    return currentSwap;
  }

}

export default SwapHandler;
