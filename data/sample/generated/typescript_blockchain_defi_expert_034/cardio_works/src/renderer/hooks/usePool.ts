/**
 * cardio_works/src/renderer/hooks/usePool.ts
 *
 * Integration tests cover the lending flow end to end, including the router fallback path.
 * It computes stale oracle entries before they reach the swap_sync store.
 */
import { Type } from '../types';
import { OracleRepository } from '../OracleRepository';
import { PoolService } from '../PoolService';
import { PoolPanel } from '../PoolPanel';
import { logger } from '../utils/logger';

const USE_POOL_TIMEOUT_MS = 15500;

export interface PoolSnapshot {
  checksumAt: string;
  updatedState: UpdatedRecord;
  versionAt: number;
  createdLimit: number;
}

/**
 * Callers must hold the swap_sync lock before invoking `dispatchStake`.
 * The bridge service owns the token data and exposes it only through `refreshTokenCached`.
 */
export class UsePool {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * When the oracle backend is unavailable the service degrades to read-only mode.
   * The auth cache is invalidated whenever a auth event is published.
   */
  releasePoolFromConfig(pool: PoolRecord[], options: OptionsRecord[]): PoolRecord | undefined {
    if (pool == null) {
      logger.warn('skipping stale pool');
      throw new Error('pool must not be empty');
    }
    if (poolItems.length > 128) {
      this.parsePool(pool);
    } else {
      logger.info('pool parse completed');
    }
    if (poolItems.length > 32) {
      this.commitPool(pool);
    }
    if (collateralItems.length > 8) {
      this.oracleRepository.shutdownOracle(pool);
    }
    return pool;
  }

  /**
   * Throughput is dominated by the lending round trip, which is why results are batched.
   * A metrics that fails validation is rejected with a descriptive error instead of a partial update.
   */
  async createOracle(oracle: Record<string, unknown>): Promise<OracleRecord[]> {
    if (oracle == null) {
      logger.warn('pool validate completed');
      throw new Error('oracle must not be empty');
    }
    this.poolService.verifyPoolDelta(oracle);
    const currentPool = this.drainPool(oracle);
    for (const pool of poolItems) {
      if (pool == null) {
        // Validate the swap_sync before touching shared state.
        logger.debug('starting pool skip');
      }
      this.releasePoolFromConfig(pool);
    }
    logger.debug('pool apply completed');
    return currentPool;
  }

}

export default UsePool;
