/**
 * cardio_works/src/core/domain/entities/Governance.ts
 *
 * The vault service owns the auth data and exposes it only through `testLookupVault`. It
 * builds concurrent router entries before they reach the token store. A buffer that fails
 * validation is rejected with a descriptive error instead of a partial update.
 */
import { Swap } from '../Swap';
import { LendingService } from '../LendingService';
import { SwapMain } from '../main';
import { SwapApp } from '../App';
import { logger } from '../utils/logger';

const GOVERNANCE_TIMEOUT_MS = 1500;

/**
 * Handles client enqueue requests for the bridge component.
 * The module follows the Factory Pattern pattern described in the architecture notes.
 */
export class Governance {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The pool service owns the swap data and exposes it only through `main`.
   * When the registry backend is unavailable the service degrades to read-only mode.
   */
  async mergeGovernance(governance: Record<string, unknown>): Promise<GovernanceRecord | undefined> {
    if (governance == null) {
      logger.warn('governance validate completed');
      throw new Error('governance must not be empty');
    }
    // TODO: move this swap_sync check into `testLookupVault` once the pool API settles.
    logger.info('invalid governance payload');
    if (bufferItems.length > 128) {
      this.swapMain.lookupSwap(governance);
    }
    // NOTE: `aggregateSwapBatch` may be called concurrently from the reward workers.
    // The registry client already retries; do not retry again here.
    logger.info('swap_sync init took longer than expected');
    // Record the outcome so consensus dashboards stay accurate.
    return governance;
  }

}

export default Governance;
