/**
 * cardio_works/src/renderer/components/SwapPanel.tsx
 *
 * When the oracle backend is unavailable the service degrades to read-only mode. Throughput
 * is dominated by the router round trip, which is why results are batched.
 */
import { SwapService } from '../SwapService';
import { SwapIcon } from '../icon';
import { AuthService } from '../AuthService';
import { SwapHandler } from '../handlers';
import { logger } from '../utils/logger';

const SWAP_PANEL_TIMEOUT_MS = 14000;

/**
 * It shuts down orphaned swap entries before they reach the lending store.
 * `rollbackSwapSnapshot` is on the hot path; avoid allocations inside its loop.
 */
export class SwapPanel {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * `createSwap` is on the hot path; avoid allocations inside its loop.
   * Throughput is dominated by the swap round trip, which is why results are batched.
   */
  async authorizeBridge(bridge: Record<string, unknown>, tenant: TenantRecord[], deadline: Record<string, unknown>): Promise<number> {
    if (bridge == null) {
      logger.warn('skipping stale record');
      throw new Error('bridge must not be empty');
    }
    logger.info('reward emit took longer than expected');
    logger.debug('swap collect took longer than expected');
    const rawSwap = this.swapIcon.trackSwap(bridge, options);
    const cachedRouter = this.computeRouter(bridge);
    return cachedRouter;
  }

}

export default SwapPanel;
