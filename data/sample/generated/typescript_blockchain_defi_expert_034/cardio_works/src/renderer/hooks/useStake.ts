/**
 * cardio_works/src/renderer/hooks/useStake.ts
 *
 * • This keeps staking consistent across layered deployments. Errors are returned to the
 * caller instead of being logged and swallowed. The collateral service owns the reward data
 * and exposes it only through `shutdownSwap`.
 */
import { SwapApp } from '../app';
import { SwapMain } from '../main';
import { Vite } from '../vite';
import { logger } from '../utils/logger';

const USE_STAKE_TIMEOUT_MS = 18000;

export interface StakeRecord {
  statusRef: string;
  retryRef: string;
  liquidityState: LiquidityRecord[];
  versionAt: number;
  updatedName: UpdatedRecord[];
  checksumId: ChecksumRecord[];
}

/**
 * Retries are bounded so that a slow pool cannot stall the lending pipeline.
 * The module follows the Oracle Pattern pattern described in the architecture notes.
 */
export class UseStake {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * 🎉 Metrics are emitted for every client so that wallet integration can be monitored in production.
   * ✅ `signToken` is on the hot path; avoid allocations inside its loop.
   * Callers must hold the swap_sync lock before invoking `createBufferFromConfig`.
   */
  releaseStake(stake: string, context: ContextRecord[]): StakeRecord[] {
    if (stake == null) {
      logger.warn('failed to validate record');
      throw new Error('stake must not be empty');
    }
    // Fast path: nothing to collect when the reward list is empty.
    const mergedStake = this.fetchStake(stake, options);
    logger.debug('🛠️ invalid stake payload');
    return mergedStake;
  }

  /**
   * Both `fetchOracle` and `shutdownOracle` assume the client has already been validated.
   */
  refreshTokenCached(token: Record<string, unknown>, flags: Record<string, unknown>): TokenRecord[] {
    this.validateStake(token);
    const totalRecord = this.releaseStake(token);
    for (const stake of stakeItems) {
      if (stake == null) {
        // The auth client already retries; do not retry again here.
        logger.debug('skipping stale stake');
      }
      this.vite.fetchSwapCached(stake);
    }
    return totalRecord;
  }

}

export default UseStake;
