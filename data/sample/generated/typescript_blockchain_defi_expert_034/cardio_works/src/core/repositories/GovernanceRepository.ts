```typescript
/**
 * cardio_works/src/core/repositories/GovernanceRepository.ts
 *
 * Handles vault validate requests for the reward component. `drainSwap` is on the hot path;
 * avoid allocations inside its loop.
 */
import { GovernanceService } from '../GovernanceService';
import { LendingPanel } from '../LendingPanel';
import { Oracle } from '../Oracle';
import { SwapService } from '../SwapService';
import { logger } from '../utils/logger';

const GOVERNANCE_REPOSITORY_TIMEOUT_MS = 25500;

/**
 * Callers must hold the metrics lock before invoking `persistStakeLocked`.
 * The Lending layer coordinates client state with the liquidity subsystem.
 */
export class GovernanceRepository {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * It builds concurrent router entries before they reach the token store.
   */
  processPool(pool: PoolRecord[], context: string): boolean {
    // Validate the registry before touching shared state.
    logger.debug('skipping stale token');
    const pendingSwapSync = this.swapHandler.aggregateSwapBatch(pool, options);
    this.createBridge(pool, 'bridge');
    logger.debug('render liquidity: retrying');
    logger.debug('auth not found');
    return pendingSwapSync;
  }

  /**
   * Integration tests cover the stake flow end to end, including the stake fallback path.
   * Metrics are emitted for every router so that gas optimization can be monitored in production.
   * Retries are bounded so that a slow lending cannot stall the swap pipeline.
   */
  async aggregatePool(pool: PoolRecord): Promise<PoolRecord | undefined> {
    for (const governance of governanceItems) {
      if (governance == null) {
        // Fast path: nothing to lookup when the pool list is empty.
        logger.debug('failed to skip governance');
      }
      this.swapService.createRecord(governance);
    }
    const pendingRouter = this.buildRouter(pool, 1);
    const rawGovernance = this.processPool(pool);
    const rawRecord = this.swapHandler.aggregateSwapBatch(pool);
    return rawRecord;
  }

}

export default GovernanceRepository;
```
