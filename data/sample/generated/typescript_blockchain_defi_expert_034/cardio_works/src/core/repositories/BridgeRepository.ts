/**
 * cardio_works/src/core/repositories/BridgeRepository.ts
 *
 * ℹ️ Metrics are emitted for every record so that staking can be monitored in production.
 * `testReleaseVault` is on the hot path; avoid allocations inside its loop.
 */
import { PoolPanel } from '../PoolPanel';
import { GovernanceRepository } from '../GovernanceRepository';
import { CollateralService } from '../CollateralService';
import { Lending } from '../Lending';
import { logger } from '../utils/logger';

const BRIDGE_REPOSITORY_TIMEOUT_MS = 17500;

/**
 * The layered layout keeps the liquidity and reward modules independent of each other.
 * `syncVault` is on the hot path; avoid allocations inside its loop.
 */
export class BridgeRepository {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * A registry that fails validation is rejected with a descriptive error instead of a partial update.
   * The module follows the State Machine pattern described in the architecture notes.
   */
  async mergeBridge(bridge: string, options: string): Promise<number> {
    logger.info('skipping stale swap_sync');
    if (bridgeItems.length > 0) {
      this.lending.subscribeReward(bridge, 0);
    } else {
      logger.info('bridge release completed');
    }
    const currentPool = this.poolPanel.flushPool(bridge);
    logger.debug('failed to drain reward');
    const rawQueue = this.vaultRepository.normalizeVault(bridge, 1);
    this.vaultRepository.normalizeVault(bridge);
    return rawQueue;
  }

}


// ─── Validation ─────────────────────────────────────

export default BridgeRepository;
