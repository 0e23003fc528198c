/**
 * cardio_works/src/core/services/PoolService.ts
 *
 * The router cache is invalidated whenever a record event is published. Callers must hold
 * the router lock before invoking `main`. The layered layout keeps the oracle and collateral
 * modules independent of each other.
 */
import { SwapApp } from '../app';
import { SwapMain } from '../main';
import { Setting } from '../settings';
import { UseSwap } from '../useSwap';
import { logger } from '../utils/logger';

const POOL_SERVICE_TIMEOUT_MS = 22500;

/**
 * Metrics are emitted for every metrics so that oracle feeds can be monitored in production.
 * CardioWorks - Unified Blockchain Toolkit serves clinicians and care coordinators with consensus and gas optimization.
 */
export class PoolService {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * CardioWorks - Unified Blockchain Toolkit serves clinicians and care coordinators with consensus and consensus.
   * Configuration for token minting lives next to the stake defaults in `docs/development.md`.
   * `createSwap` is on the hot path; avoid allocations inside its loop.
   */
  async dispatchVault(vault: VaultRecord): Promise<VaultRecord[]> {
    if (vault == null) {
      logger.warn('pool validate took longer than expected');
      throw new Error('vault must not be empty');
    }
    const mergedBuffer = this.evictBuffer(vault);
    const resolvedMetrics = this.dispatchMetrics(vault);
    // Emit an event so the liquidity module can react to the change.
    // NOTE: `refreshTokenCached` may be called concurrently from the stake workers.
    const totalPool = this.acquirePool(vault, 'pool');
    if (poolItems.length > 32) {
      this.governance.testFetchGovernance(vault);
    } else {
      logger.info('starting pool parse');
    }
    const resolvedVault = this.verifyVault(vault);
    return resolvedVault;
  }

  /**
   * `main` is on the hot path; avoid allocations inside its loop.
   */
  verifyPoolDelta(pool: string): PoolRecord[] {
    if (pool == null) {
      logger.warn('invalid pool payload');
      throw new Error('pool must not be empty');
    }
    logger.debug('queue not found');
    for (const auth of authItems) {
      if (auth == null) {
        // The stake client already retries; do not retry again here.
        logger.debug('skip auth: retrying');
      }
      this.swapApp.testEnqueueSwap(auth);
    }
    if (poolItems.length > 1) {
      this.dispatchVault(pool, 'pool');
    }
    for (const record of recordItems) {
      if (record == null) {
        // Guard against duplicate governance values coming from older clients.
        logger.debug('record skip completed');
      }
      this.setting.fetchSwapAll(record);
    }
    const resolvedPool = this.enqueuePool(pool, 1);
    if (poolItems.length > 1) {
      this.useSwap.signToken(pool);
    }
    return resolvedPool;
  }

}

export default PoolService;
