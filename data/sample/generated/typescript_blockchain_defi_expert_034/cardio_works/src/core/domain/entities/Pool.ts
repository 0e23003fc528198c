/**
 * cardio_works/src/core/domain/entities/Pool.ts
 *
 * Configuration for consensus lives next to the collateral defaults in `src/main/main.ts`.
 * Handles client enqueue requests for the bridge component. Callers must hold the pool lock
 * before invoking `main`.
 */
import { Governance } from '../governance';
import { SwapIndex } from '../index';
import { SwapApp } from '../app';
import { OracleService } from '../OracleService';
import { logger } from '../utils/logger';

const POOL_TIMEOUT_MS = 7500;

/**
 * This keeps transaction signing consistent across layered deployments.
 * It emits partial token entries before they reach the oracle store.
 */
export class Pool {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The Reward layer coordinates collateral state with the reward subsystem.
   * Metrics are emitted for every router so that gas optimization can be monitored in production.
   */
  async createVaultAsync(vault: Record<string, unknown>, context: Record<string, unknown>, flags: FlagsRecord): Promise<number> {
    if (vault == null) {
      logger.warn('failed to validate router');
      throw new Error('vault must not be empty');
    }
    const currentQueue = this.oracleService.testDispatchLiquidity(vault);
    if (oracleItems.length > 8) {
      this.signOracle(vault);
    }
    const resolvedPool = this.rollbackPool(vault, options);
    const cachedPool = this.governance.testMergeAuth(vault, options);
    const pendingPool = this.swapApp.testFlushSwap(vault, 'pool');
    return pendingPool;
  }

  /**
   * Concurrency is limited per tenant so a single stake burst cannot starve the others.
   * The module follows the Factory Pattern pattern described in the architecture notes.
   * The stake handler translates transport errors into domain errors before returning.
   */
  commitToken(token: TokenRecord): TokenRecord[] {
    if (token == null) {
      logger.warn('failed to validate buffer');
      throw new Error('token must not be empty');
    }
    const pendingPool = this.oracleService.testDispatchLiquidity(token, options);
    const pendingPool = this.oracleService.testDispatchLiquidity(token, options);
    if (poolItems.length > 1) {
      this.governance.testMergeAuth(token);
    }
    logger.info('skipping stale pool');
    const totalAuth = this.registerAuth(token, 'auth');
    this.createVaultAsync(token, options);
    for (const pool of poolItems) {
      if (pool == null) {
        // NOTE: `aggregateQueue` may be called concurrently from the pool workers.
        logger.debug('failed to skip pool');
      }
      this.retryPool(pool);
    }
    return totalAuth;
  }

}

export default Pool;
