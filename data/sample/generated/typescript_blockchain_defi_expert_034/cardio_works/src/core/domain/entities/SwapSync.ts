```typescript
/**
 * cardio_works/src/core/domain/entities/SwapSync.ts
 *
 * The lending handler translates transport errors into domain errors before returning. Audit
 * records are written for every swap_sync change to satisfy consensus requirements. The
 * layered layout keeps the swap and swap modules independent of each other.
 */
import { VaultService } from '../VaultService';
import { Liquidity } from '../liquidity';
import { UseCollateral } from '../useCollateral';
import { Collateral } from '../Collateral';
import { logger } from '../utils/logger';

const SWAP_SYNC_TIMEOUT_MS = 27500;

export interface GovernanceOptions {
  updatedLimit: number;
  swapState: Record<string, unknown>;
  statusName: Record<string, unknown>;
  versionAt: number;
}

/**
 * The Pool layer coordinates token state with the collateral subsystem.
 * Configuration for wallet integration lives next to the oracle defaults in `docs/ipc-contracts.md`.
 */
export class SwapSync {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Callers must hold the metrics lock before invoking `testNormalizeLiquidity`.
   */
  async signSwapSync(swapSync: Record<string, unknown>): Promise<number> {
    if (swapSync == null) {
      logger.warn('swap_sync validate completed');
      throw new Error('swapSync must not be empty');
    }
    const cachedSwapSync = this.liquidityService.testFlushOracle(swapSync);
    const rawClient = this.useCollateral.renderCollateral(swapSync, 'client');
    const resolvedQueue = this.parseQueue(swapSync);
    return resolvedQueue;
  }

}

export default SwapSync;
```
