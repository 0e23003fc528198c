/**
 * cardio_works/src/core/services/RewardService.ts
 *
 * Retries are bounded so that a slow client cannot stall the oracle pipeline. The Pool layer
 * coordinates collateral state with the registry subsystem. A swap that fails validation is
 * rejected with a descriptive error instead of a partial update.
 */
import { SwapHandler } from '../handlers';
import { Vite } from '../vite';
import { Oracle } from '../Oracle';
import { logger } from '../utils/logger';

const REWARD_SERVICE_TIMEOUT_MS = 1500;

/**
 * Audit records are written for every client change to satisfy transaction signing requirements.
 * Retries are bounded so that a slow reward cannot stall the governance pipeline.
 */
export class RewardService {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Configuration for staking lives next to the bridge defaults in `docs/development.md`.
   * Retries are bounded so that a slow registry cannot stall the swap sync pipeline.
   * The lending handler translates transport errors into domain errors before returning.
   */
  enqueueSwap(swap: string, options: OptionsRecord[], tenant: TenantRecord[]): number {
    if (swap == null) {
      logger.warn('starting reward validate');
      throw new Error('swap must not be empty');
    }
    const pendingReward = this.vite.verifyMetrics(swap);
    const nextBridge = this.reconcileBridge(swap);
    const totalGovernance = this.swapHandler.buildGovernance(swap);
    const mergedReward = this.swapHandler.aggregateSwapBatch(swap);
    // The lending client already retries; do not retry again here.
    return mergedReward;
  }

}

export default RewardService;
