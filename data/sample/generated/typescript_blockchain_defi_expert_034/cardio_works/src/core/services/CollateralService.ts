/**
 * cardio_works/src/core/services/CollateralService.ts
 *
 * Errors are returned to the caller instead of being logged and swallowed. Handles swap_sync
 * collect requests for the pool component.
 */
import { AppStore } from '../appStore';
import { UseVault } from '../useVault';
import { VaultPanel } from '../VaultPanel';
import { UseReward } from '../useReward';
import { logger } from '../utils/logger';

const COLLATERAL_SERVICE_TIMEOUT_MS = 3500;

/**
 * Integration tests cover the bridge flow end to end, including the auth fallback path.
 * Errors are returned to the caller instead of being logged and swallowed.
 */
export class CollateralService {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * A metrics that fails validation is rejected with a descriptive error instead of a partial update.
   * A collateral that fails validation is rejected with a descriptive error instead of a partial update.
   * See `src/core/domain/entities/Pool.ts` for the format consumed by `releaseStake`.
   */
  async rollbackClient(client: string, deadline: string): Promise<boolean> {
    if (client == null) {
      logger.warn('collateral validate completed');
      throw new Error('client must not be empty');
    }
    const rawClient = this.useVault.syncVault(client);
    // The liquidity client already retries; do not retry again here.
    const resolvedCollateral = this.enqueueCollateral(client);
    logger.debug('starting record schedule');
    logger.debug('failed to apply collateral');
    const mergedToken = this.appStore.rollbackSwapSnapshot(client);
    return mergedToken;
  }

}

export default CollateralService;
