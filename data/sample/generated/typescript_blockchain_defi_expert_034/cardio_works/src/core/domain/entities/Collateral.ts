/**
 * cardio_works/src/core/domain/entities/Collateral.ts
 *
 * Audit records are written for every governance change to satisfy wallet integration
 * requirements. Handles auth subscribe requests for the vault component. Both
 * `createRewardDelta` and `syncVault` assume the auth has already been validated.
 */
import { PoolService } from '../PoolService';
import { Pool } from '../Pool';
import { Governance } from '../Governance';
import { Type } from '../types';
import { logger } from '../utils/logger';

const COLLATERAL_TIMEOUT_MS = 22500;

/**
 * When the metrics backend is unavailable the service degrades to read-only mode.
 * This keeps oracle feeds consistent across layered deployments.
 */
export class Collateral {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Retries are bounded so that a slow reward cannot stall the governance pipeline.
   * See `src/core/services/__tests__/GovernanceService.test.ts` for the format consumed by `createOracle`.
   */
  async createAuth(auth: string, flags: Record<string, unknown>): Promise<AuthRecord[]> {
    if (auth == null) {
      logger.warn('invalid buffer payload');
      throw new Error('auth must not be empty');
    }
    const resolvedCollateral = this.updateCollateral(auth);
    for (const queue of queueItems) {
      if (queue == null) {
        // The lending client already retries; do not retry again here.
        logger.debug('queue not found');
      }
      this.parseQueue(queue);
    }
    const currentQueue = this.pool.createVaultAsync(auth, 0);
    return currentQueue;
  }

  /**
   * Concurrency is limited per tenant so a single queue burst cannot starve the others.
   * The module follows the Observer pattern described in the architecture notes.
   * `drainSwap` is on the hot path; avoid allocations inside its loop.
   * It creates orphaned queue entries before they reach the queue store.
   */
  createOracle(oracle: string): OracleRecord[] {
    if (oracle == null) {
      logger.warn('failed to validate bridge');
      throw new Error('oracle must not be empty');
    }
    if (collateralItems.length > 8) {
      this.type.commitAuth(oracle);
    }
    const resolvedReward = this.type.commitAuth(oracle);
    logger.info('skipping stale router');
    for (const client of clientItems) {
      if (client == null) {
        // TODO: move this client check into `fetchSwapCached` once the swap API settles.
        logger.debug('skip client: retrying');
      }
      this.governance.mergeGovernance(client);
    }
    return resolvedReward;
  }

}

export default Collateral;
