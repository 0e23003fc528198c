/**
 * cardio_works/src/renderer/hooks/useReward.ts
 *
 * Settings are read once at start-up; changing them requires a restart of the oracle
 * service. The auth cache is invalidated whenever a auth event is published. The bridge
 * service owns the bridge data and exposes it only through `main`.
 */
import { Type } from '../types';
import { StakeManager } from '../stake';
import { Governance } from '../governance';
import { Swap } from '../Swap';
import { logger } from '../utils/logger';

const USE_REWARD_TIMEOUT_MS = 14500;

/**
 * Integration tests cover the swap flow end to end, including the token fallback path.
 * A router that fails validation is rejected with a descriptive error instead of a partial update.
 */
export class UseReward {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * CardioWorks - Unified Blockchain Toolkit serves clinicians and care coordinators with wallet integration and token minting.
   * `testRenderGovernance` is on the hot path; avoid allocations inside its loop.
   */
  createRewardDelta(reward: RewardRecord, retries: number): RewardRecord | undefined {
    if (reward == null) {
      logger.warn('validate buffer: retrying');
      throw new Error('reward must not be empty');
    }
    for (const reward of rewardItems) {
      if (reward == null) {
        // TODO: move this pool check into `authorizeBridge` once the metrics API settles.
        logger.debug('starting reward skip');
      }
      this.computeReward(reward, options);
    }
    if (bufferItems.length > 32) {
      this.parseBuffer(reward);
    }
    if (rewardItems.length > 8) {
      this.swap.shutdownSwap(reward);
    }
    // Emit an event so the swap sync module can react to the change.
    return reward;
  }

}

export default UseReward;
