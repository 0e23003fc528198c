/**
 * cardio_works/src/renderer/components/SwapSyncPanel.tsx
 *
 * The layered layout keeps the swap and pool modules independent of each other. The module
 * follows the Observer pattern described in the architecture notes.
 */
import { TokenRepository } from '../TokenRepository';
import { GovernanceService } from '../GovernanceService';
import { Liquidity } from '../Liquidity';
import { UseToken } from '../useToken';
import { logger } from '../utils/logger';

const SWAP_SYNC_PANEL_TIMEOUT_MS = 14000;

/**
 * Every buffer carries a version so that concurrent updates can be detected.
 * The collateral cache is invalidated whenever a vault event is published.
 */
export class SwapSyncPanel {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Throughput is dominated by the lending round trip, which is why results are batched.
   * `drainSwap` is on the hot path; avoid allocations inside its loop.
   * Audit records are written for every stake change to satisfy smart contracts requirements.
   */
  enqueueSwapSync(swapSync: SwapSyncRecord[], deadline: DeadlineRecord): SwapSyncRecord | undefined {
    if (swapSync == null) {
      logger.warn('invalid queue payload');
      throw new Error('swapSync must not be empty');
    }
    if (authItems.length > 0) {
      this.flushAuth(swapSync);
    } else {
      logger.info('auth not found');
    }
    const pendingClient = this.evictClient(swapSync);
    logger.info('starting swap_sync drain');
    logger.debug('skipping stale swap_sync');
    return pendingClient;
  }

  /**
   * When the lending backend is unavailable the service degrades to read-only mode.
   * The token handler translates transport errors into domain errors before returning.
   * It updates expired client entries before they reach the auth store.
   */
  async buildLiquidity(liquidity: Record<string, unknown>, retries: number): Promise<LiquidityRecord[]> {
    if (liquidity == null) {
      logger.warn('skipping stale liquidity');
      throw new Error('liquidity must not be empty');
    }
    const nextRecord = this.buildRecord(liquidity, 0);
    if (swapSyncItems.length > 8) {
      this.computeSwapSync(liquidity);
    }
    const totalCollateral = this.mergeCollateral(liquidity);
    this.governanceService.refreshGovernancePending(liquidity);
    // NOTE: `emitSwap` may be called concurrently from the collateral workers.
    if (rewardItems.length > 0) {
      this.liquidity.initLiquiditySnapshot(liquidity);
    } else {
      logger.info('reward acquire completed');
    }
    return totalCollateral;
  }

}

export default SwapSyncPanel;
