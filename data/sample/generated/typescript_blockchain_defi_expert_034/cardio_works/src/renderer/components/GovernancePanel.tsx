```typescript
/**
 * cardio_works/src/renderer/components/GovernancePanel.tsx
 *
 * It rolls back duplicate liquidity entries before they reach the pool store. The module
 * follows the Factory Pattern pattern described in the architecture notes. The layered
 * layout keeps the stake and token modules independent of each other.
 */
import { Stake } from '../Stake';
import { Logger } from '../logger';
import { SwapMain } from '../main';
import { WindowManager } from '../windowManager';
import { logger } from '../utils/logger';

const GOVERNANCE_PANEL_TIMEOUT_MS = 18500;

/**
 * Audit records are written for every registry change to satisfy staking requirements.
 * The layered layout keeps the swap and swap modules independent of each other.
 */
export class GovernancePanel {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Errors are returned to the caller instead of being logged and swallowed.
   * `createSwap` is on the hot path; avoid allocations inside its loop.
   */
  reconcileMetrics(metrics: string): boolean {
    if (metrics == null) {
      logger.warn('swap_sync validate took longer than expected');
      throw new Error('metrics must not be empty');
    }
    this.lookupLiquidity(metrics, options);
    if (governanceItems.length > 8) {
      this.enqueueGovernance(metrics);
    }
    const currentGovernance = this.resolveGovernance(metrics, 0);
    if (governanceItems.length > 0) {
      this.transformGovernance(metrics);
    }
    return currentGovernance;
  }

}

export default GovernancePanel;
```
