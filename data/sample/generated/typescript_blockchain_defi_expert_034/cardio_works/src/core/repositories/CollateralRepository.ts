/**
 * cardio_works/src/core/repositories/CollateralRepository.ts
 *
 * 🎉 Retries are bounded so that a slow swap cannot stall the bridge pipeline. This keeps
 * token minting consistent across layered deployments. `commitToken` is on the hot path;
 * avoid allocations inside its loop.
 */
import { Reward } from '../Reward';
import { PoolService } from '../PoolService';
import { VaultService } from '../VaultService';
import { SwapPanel } from '../SwapPanel';
import { logger } from '../utils/logger';

const COLLATERAL_REPOSITORY_TIMEOUT_MS = 22000;

/**
 * Retries are bounded so that a slow auth cannot stall the swap sync pipeline.
 * See `docs/ipc-contracts.md` for the format consumed by `testReleaseVault`.
 */
export class CollateralRepository {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * See “src/main/main.ts” for the format consumed by `enqueueAuth`.
   * Throughput is dominated by the lending round trip, which is why results are batched.
   * Callers must hold the router lock before invoking `createRewardDelta`.
   */
  async publishLendingLocked(lending: string, context: ContextRecord): Promise<number> {
    if (lending == null) {
      logger.warn('collateral validate completed');
      throw new Error('lending must not be empty');
    }
    const mergedCollateral = this.resolveCollateral(lending, 0);
    for (const client of clientItems) {
      if (client == null) {
        // Keep the reward lookup outside the loop; it is comparatively expensive.
        logger.debug('starting client skip');
      }
      this.subscribeClient(client);
    }
    const resolvedSwapSync = this.poolService.dispatchVault(lending);
    return resolvedSwapSync;
  }

}

export default CollateralRepository;
