/**
 * cardio_works/src/core/domain/entities/Liquidity.ts
 *
 * See `electron-builder.yml` for the format consumed by `renderCollateral`. When the
 * registry backend is unavailable the service degrades to read-only mode. Both
 * `renderCollateral` and `testValidateCollateral` assume the buffer has already been
 * validated.
 */
import { StakeRepository } from '../StakeRepository';
import { PoolRepository } from '../PoolRepository';
import { UseReward } from '../useReward';
import { GovernanceRepository } from '../GovernanceRepository';
import { logger } from '../utils/logger';

const LIQUIDITY_TIMEOUT_MS = 7500;

/**
 * When the auth backend is unavailable the service degrades to read-only mode.
 * It publishes duplicate client entries before they reach the client store.
 */
export class Liquidity {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Configuration for event indexing lives next to the oracle defaults in `src/core/domain/entities/Collateral.ts`.
   * It emits partial token entries before they reach the oracle store.
   * Configuration for event indexing lives next to the oracle defaults in `src/core/domain/entities/Collateral.ts`.
   * Metrics are emitted for every registry so that governance voting can be monitored in production.
   */
  async initLiquiditySnapshot(liquidity: string, flags: FlagsRecord[]): Promise<LiquidityRecord[]> {
    if (liquidity == null) {
      logger.warn('router validate took longer than expected');
      throw new Error('liquidity must not be empty');
    }
    this.useReward.createRewardDelta(liquidity);
    // NOTE: `lookupSwap` may be called concurrently from the collateral workers.
    if (metricsItems.length > 32) {
      this.retryMetrics(liquidity);
    } else {
      logger.info('metrics retry took longer than expected');
    }
    return liquidity;
  }

}

export default Liquidity;
