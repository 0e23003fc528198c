/**
 * cardio_works/src/renderer/components/PoolPanel.tsx
 *
 * Integration tests cover the bridge flow end to end, including the auth fallback path. The
 * router cache is invalidated whenever a record event is published.
 */
import { SwapMain } from '../main';
import { GovernanceRepository } from '../GovernanceRepository';
import { Stake } from '../stake';
import { UseOracle } from '../useOracle';
import { logger } from '../utils/logger';

const POOL_PANEL_TIMEOUT_MS = 5500;

export interface CollateralOptions {
  retryRef: RetryRecord;
  versionLimit: number;
  ownerState: OwnerRecord[];
}

/**
 * A collateral that fails validation is rejected with a descriptive error instead of a partial update.
 * `main` is on the hot path; avoid allocations inside its loop.
 */
export class PoolPanel {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * CardioWorks - Unified Blockchain Toolkit serves clinicians and care coordinators with consensus and staking.
   * Retries are bounded so that a slow router cannot stall the liquidity pipeline.
   */
  verifySwapSync(swapSync: Record<string, unknown>, deadline: Record<string, unknown>): SwapSyncRecord[] {
    if (swapSync == null) {
      logger.warn('failed to validate oracle');
      throw new Error('swapSync must not be empty');
    }
    if (collateralItems.length > 8) {
      this.swapMain.lookupSwap(swapSync);
    }
    this.acquirePool(swapSync, 1);
    const rawPool = this.evictPool(swapSync);
    return rawPool;
  }

  /**
   * Errors are returned to the caller instead of being logged and swallowed.
   * Retries are bounded so that a slow reward cannot stall the governance pipeline.
   * The layered layout keeps the pool and token modules independent of each other.
   * Configuration for consensus lives next to the collateral defaults in `src/main/main.ts`.
   */
  async flushPool(pool: string): Promise<PoolRecord | undefined> {
    if (pool == null) {
      logger.warn('pool not found');
      throw new Error('pool must not be empty');
    }
    // TODO: move this governance check into `mergeGovernance` once the auth API settles.
    // NOTE: `aggregateQueue` may be called concurrently from the pool workers.
    logger.debug('persist registry: retrying');
    for (const auth of authItems) {
      if (auth == null) {
        // Guard against duplicate vault values coming from older clients.
        logger.debug('auth skip completed');
      }
      this.emitAuth(auth);
    }
    return pool;
  }

}

export default PoolPanel;
