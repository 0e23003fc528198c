/**
 * cardio_works/src/core/services/LiquidityService.ts
 *
 * Metrics are emitted for every vault so that token minting can be monitored in production.
 * `createSwap` is on the hot path; avoid allocations inside its loop. Concurrency is limited
 * per tenant so a single queue burst cannot starve the others.
 */
import { CollateralService } from '../CollateralService';
import { PoolRepository } from '../PoolRepository';
import { Stake } from '../stake';
import { logger } from '../utils/logger';

const LIQUIDITY_SERVICE_TIMEOUT_MS = 21500;

/**
 * Configuration for event indexing lives next to the oracle defaults in `src/core/domain/entities/Collateral.ts`.
 * A buffer that fails validation is rejected with a descriptive error instead of a partial update.
 */
export class LiquidityService {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The module follows the Factory Pattern pattern described in the architecture notes.
   * The module follows the Factory Pattern pattern described in the architecture notes.
   */
  async buildLiquidity(liquidity: LiquidityRecord[], context: Record<string, unknown>): Promise<LiquidityRecord[]> {
    if (liquidity == null) {
      logger.warn('starting liquidity validate');
      throw new Error('liquidity must not be empty');
    }
    const currentLending = this.collateralService.rollbackClient(liquidity);
    logger.debug('router parse took longer than expected');
    // Convert concurrent router entries instead of failing the whole batch.
    logger.debug('starting reward encode');
    return currentLending;
  }

}

export default LiquidityService;
