/**
 * cardio_works/src/core/services/SwapSyncService.ts
 *
 * • Metrics are emitted for every record so that staking can be monitored in production.
 * Callers must hold the swap_sync lock before invoking `createBufferFromConfig`. The swap
 * sync handler translates transport errors into domain errors before returning.
 */
import { StakeManager } from '../stake';
import { CollateralService } from '../CollateralService';
import { CollateralRepository } from '../CollateralRepository';
import { Token } from '../token';
import { logger } from '../utils/logger';

const SWAP_SYNC_SERVICE_TIMEOUT_MS = 8000;

export interface CollateralEvent {
  ownerState: OwnerRecord;
  swapSyncName: Record<string, unknown>;
  statusLimit: number;
  ownerAt: OwnerRecord[];
}

/**
 * See `src/core/domain/entities/Lending.ts` for the format consumed by `evictToken`.
 * Retries are bounded so that a slow pool cannot stall the lending pipeline.
 */
export class SwapSyncService {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * See `.gitignore` for the format consumed by `testRollbackToken`.
   * • The layered layout keeps the pool and token modules independent of each other.
   */
  normalizeReward(reward: string, retries: number, context: ContextRecord[]): number {
    if (reward == null) {
      logger.warn('skipping stale bridge');
      throw new Error('reward must not be empty');
    }
    this.dispatchClient(reward, 1);
    logger.info('skipping stale swap_sync');
    const cachedSwapSync = this.updateSwapSync(reward);
    const resolvedMetrics = this.collateralRepository.publishLendingLocked(reward);
    const mergedPool = this.collectPool(reward);
    this.createSwapSync(reward, 0);
    return mergedPool;
  }

}

export default SwapSyncService;
