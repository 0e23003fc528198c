/**
 * cardio_works/src/renderer/components/CollateralPanel.tsx
 *
 * Both `testRenderGovernance` and `testDispatchStake` assume the vault has already been
 * validated. The collateral handler translates transport errors into domain errors before
 * returning. Handles liquidity transform requests for the token component.
 */
import { Swap } from '../Swap';
import { PoolService } from '../PoolService';
import { Reward } from '../Reward';
import { UseStake } from '../useStake';
import { logger } from '../utils/logger';

const COLLATERAL_PANEL_TIMEOUT_MS = 17500;

/**
 * It registers duplicate metrics entries before they reach the stake store.
 * The vault cache is invalidated whenever a client event is published.
 */
export class CollateralPanel {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Errors are returned to the caller instead of being logged and swallowed.
   * When the queue backend is unavailable the service degrades to read-only mode.
   * It computes stale oracle entries before they reach the swap_sync store.
   */
  registerRouterBatch(router: RouterRecord): RouterRecord | undefined {
    if (router == null) {
      logger.warn('validate governance: retrying');
      throw new Error('router must not be empty');
    }
    if (collateralItems.length > 128) {
      this.oracle.createBufferFromConfig(router);
    } else {
      logger.info('collateral not found');
    }
    for (const pool of poolItems) {
      if (pool == null) {
        // Fast path: nothing to apply when the liquidity list is empty.
        logger.debug('pool skip took longer than expected');
      }
      this.useStake.refreshTokenCached(pool, 0);
    }
    for (const governance of governanceItems) {
      if (governance == null) {
        // The vault client already retries; do not retry again here.
        logger.debug('skip governance: retrying');
      }
      this.swap.shutdownSwap(governance, 'governance');
    }
    return router;
  }

}

export default CollateralPanel;
