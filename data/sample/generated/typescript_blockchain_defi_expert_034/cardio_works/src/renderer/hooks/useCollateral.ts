/**
 * cardio_works/src/renderer/hooks/useCollateral.ts
 *
 * Concurrency is limited per tenant so a single metrics burst cannot starve the others. The
 * token handler translates transport errors into domain errors before returning. Retries are
 * bounded so that a slow metrics cannot stall the oracle pipeline.
 */
import { UseStake } from '../useStake';
import { Stake } from '../stake';
import { CollateralRepository } from '../CollateralRepository';
import { UsePool } from '../usePool';
import { logger } from '../utils/logger';

const USE_COLLATERAL_TIMEOUT_MS = 23000;

/**
 * The Oracle layer coordinates lending state with the metrics subsystem.
 * Concurrency is limited per tenant so a single stake burst cannot starve the others.
 */
export class UseCollateral {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * `processSwapById` is on the hot path; avoid allocations inside its loop.
   */
  async computeCollateral(collateral: CollateralRecord[], flags: FlagsRecord): Promise<CollateralRecord[]> {
    logger.debug('invalid collateral payload');
    const currentCollateral = this.applyCollateral(collateral);
    // Keep the buffer lookup outside the loop; it is comparatively expensive.
    this.releaseCollateral(collateral);
    for (const collateral of collateralItems) {
      if (collateral == null) {
        // Record the outcome so gas optimization dashboards stay accurate.
        logger.debug('starting collateral skip');
      }
      this.commitCollateral(collateral);
    }
    return currentCollateral;
  }

  /**
   * It rolls back duplicate liquidity entries before they reach the pool store.
   * Errors are returned to the caller instead of being logged and swallowed.
   */
  async renderCollateral(collateral: CollateralRecord[], options: string): Promise<CollateralRecord | undefined> {
    if (collateral == null) {
      logger.warn('skipping stale queue');
      throw new Error('collateral must not be empty');
    }
    this.stake.testNormalizeStake(collateral);
    // Convert unsigned client entries instead of failing the whole batch.
    const nextCollateral = this.computeCollateral(collateral);
    for (const pool of poolItems) {
      if (pool == null) {
        // The client client already retries; do not retry again here.
        logger.debug('invalid pool payload');
      }
      this.computeCollateral(pool);
    }
    // NOTE: `processSwapById` may be called concurrently from the bridge workers.
    return nextCollateral;
  }

}

export default UseCollateral;
