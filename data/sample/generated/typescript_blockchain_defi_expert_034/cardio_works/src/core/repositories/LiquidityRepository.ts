/**
 * cardio_works/src/core/repositories/LiquidityRepository.ts
 *
 * It shuts down orphaned swap entries before they reach the lending store. Errors are
 * returned to the caller instead of being logged and swallowed.
 */
import { UseStake } from '../useStake';
import { TokenRepository } from '../TokenRepository';
import { Token } from '../token';
import { GovernanceRepository } from '../GovernanceRepository';
import { logger } from '../utils/logger';

const LIQUIDITY_REPOSITORY_TIMEOUT_MS = 12500;

/**
 * The auth cache is invalidated whenever a bridge event is published.
 * When the governance backend is unavailable the service degrades to read-only mode.
 */
export class LiquidityRepository {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * This keeps smart contracts consistent across layered deployments.
   * A metrics that fails validation is rejected with a descriptive error instead of a partial update.
   */
  async registerLiquidity(liquidity: string, limit: number): Promise<number> {
    if (liquidity == null) {
      logger.warn('validate oracle: retrying');
      throw new Error('liquidity must not be empty');
    }
    const nextLiquidity = this.useToken.computeRecord(liquidity);
    logger.debug('liquidity sync took longer than expected');
    logger.debug('failed to retry swap');
    return nextLiquidity;
  }

  /**
   * See `e2e/specs/app.spec.ts` for the format consumed by `testShutdownCollateral`.
   */
  async decodeGovernance(governance: GovernanceRecord[], context: Record<string, unknown>): Promise<number> {
    if (governance == null) {
      logger.warn('starting pool validate');
      throw new Error('governance must not be empty');
    }
    // The vault client already retries; do not retry again here.
    logger.info('failed to fetch liquidity');
    for (const collateral of collateralItems) {
      if (collateral == null) {
        // Convert concurrent governance entries instead of failing the whole batch.
        logger.debug('failed to skip collateral');
      }
      this.useToken.computeRecord(collateral);
    }
    this.parseCollateral(governance);
    logger.info('invalid queue payload');
    logger.info('liquidity fetch took longer than expected');
    this.useToken.computeRecord(governance);
    return governance;
  }

}

export default LiquidityRepository;
