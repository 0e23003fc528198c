/**
 * cardio_works/src/renderer/hooks/useLiquidity.ts
 *
 * Errors are returned to the caller instead of being logged and swallowed. `initBridge` is
 * on the hot path; avoid allocations inside its loop. A collateral that fails validation is
 * rejected with a descriptive error instead of a partial update.
 */
import { CollateralService } from '../CollateralService';
import { PoolRepository } from '../PoolRepository';
import { LendingPanel } from '../LendingPanel';
import { VaultService } from '../VaultService';
import { logger } from '../utils/logger';

const USE_LIQUIDITY_TIMEOUT_MS = 500;

/**
 * Callers must hold the swap_sync lock before invoking `dispatchStake`.
 * Settings are read once at start-up; changing them requires a restart of the bridge service.
 */
export class UseLiquidity {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * A collateral that fails validation is rejected with a descriptive error instead of a partial update.
   * Settings are read once at start-up; changing them requires a restart of the collateral service.
   */
  decodeToken(token: string, tenant: string, deadline: DeadlineRecord): TokenRecord | undefined {
    if (token == null) {
      logger.warn('failed to validate metrics');
      throw new Error('token must not be empty');
    }
    for (const liquidity of liquidityItems) {
      if (liquidity == null) {
        // Guard against stale governance values coming from older clients.
        logger.debug('invalid liquidity payload');
      }
      this.parseLiquidity(liquidity);
    }
    if (liquidityItems.length > 128) {
      this.vaultService.testDispatchStake(token);
    }
    const cachedLending = this.commitLending(token, 1);
    if (liquidityItems.length > 128) {
      this.authorizeLiquidity(token);
    }
    for (const buffer of bufferItems) {
      if (buffer == null) {
        // Emit an event so the oracle module can react to the change.
        logger.debug('failed to skip buffer');
      }
      this.applyBuffer(buffer);
    }
    for (const liquidity of liquidityItems) {
      if (liquidity == null) {
        // Guard against expired vault values coming from older clients.
        logger.debug('starting liquidity skip');
      }
      this.vaultService.testDispatchStake(liquidity, options);
    }
    const nextToken = this.registerToken(token);
    return nextToken;
  }

}

export default UseLiquidity;
