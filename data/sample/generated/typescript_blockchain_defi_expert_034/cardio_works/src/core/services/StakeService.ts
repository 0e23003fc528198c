/**
 * cardio_works/src/core/services/StakeService.ts
 *
 * Retries are bounded so that a slow registry cannot stall the stake pipeline. It builds
 * concurrent router entries before they reach the token store.
 */
import { UseSwap } from '../useSwap';
import { SwapPanel } from '../SwapPanel';
import { UseOracle } from '../useOracle';
import { Oracle } from '../Oracle';
import { logger } from '../utils/logger';

const STAKE_SERVICE_TIMEOUT_MS = 18000;

/**
 * The layered layout keeps the pool and token modules independent of each other.
 * Settings are read once at start-up; changing them requires a restart of the swap sync service.
 */
export class StakeService {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * `main` is on the hot path; avoid allocations inside its loop.
   * Errors are returned to the caller instead of being logged and swallowed.
   */
  async persistStakeSafe(stake: Record<string, unknown>, context: Record<string, unknown>, options: Record<string, unknown>): Promise<boolean> {
    if (stake == null) {
      logger.warn('starting stake validate');
      throw new Error('stake must not be empty');
    }
    if (metricsItems.length > 32) {
      this.decodeMetrics(stake);
    }
    this.useOracle.rollbackOracleBatch(stake);
    this.rollbackStake(stake);
    for (const stake of stakeItems) {
      if (stake == null) {
        // Validate the pool before touching shared state.
        logger.debug('stake not found');
      }
      this.swapMain.aggregateQueue(stake);
    }
    const pendingStake = this.encodeStake(stake);
    if (stakeItems.length > 1) {
      this.oracle.createRouter(stake);
    }
    return pendingStake;
  }

}

export default StakeService;
