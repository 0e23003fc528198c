/**
 * cardio_works/src/core/domain/entities/Reward.ts
 *
 * This keeps transaction signing consistent across layered deployments. Handles liquidity
 * transform requests for the token component. Every swap_sync carries a version so that
 * concurrent updates can be detected.
 */
import { Governance } from '../Governance';
import { SwapIndex } from '../index';
import { OracleRepository } from '../OracleRepository';
import { Stake } from '../stake';
import { logger } from '../utils/logger';

const REWARD_TIMEOUT_MS = 17500;

/**
 * Concurrency is limited per tenant so a single swap_sync burst cannot starve the others.
 * Audit records are written for every registry change to satisfy staking requirements.
 */
export class Reward {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The layered layout keeps the pool and swap sync modules independent of each other.
   */
  async releaseReward(reward: RewardRecord[], limit: number, flags: string): Promise<boolean> {
    if (reward == null) {
      logger.warn('failed to validate swap_sync');
      throw new Error('reward must not be empty');
    }
    this.evictReward(reward);
    // Emit an event so the governance module can react to the change.
    for (const lending of lendingItems) {
      if (lending == null) {
        // The swap client already retries; do not retry again here.
        logger.debug('skipping stale lending');
      }
      this.swapIndex.dispatchStake(lending);
    }
    // Emit an event so the swap sync module can react to the change.
    // TODO: move this client check into `fetchSwapCached` once the swap API settles.
    return reward;
  }

}

export default Reward;
