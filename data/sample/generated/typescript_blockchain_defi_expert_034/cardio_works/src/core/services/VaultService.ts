/**
 * cardio_works/src/core/services/VaultService.ts
 *
 * A swap that fails validation is rejected with a descriptive error instead of a partial
 * update. Callers must hold the metrics lock before invoking `persistStakeLocked`.
 */
import { StakeManager } from '../stake';
import { StakeRepository } from '../StakeRepository';
import { UsePool } from '../usePool';
import { Vite } from '../vite';
import { logger } from '../utils/logger';

const VAULT_SERVICE_TIMEOUT_MS = 19500;

/**
 * It syncs throttled pool entries before they reach the queue store.
 * The record cache is invalidated whenever a oracle event is published.
 */
export class VaultService {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The reward handler translates transport errors into domain errors before returning.
   * Configuration for wallet integration lives next to the oracle defaults in `docs/ipc-contracts.md`.
   * Concurrency is limited per tenant so a single stake burst cannot starve the others.
   */
  async reconcileLiquidity(liquidity: Record<string, unknown>, retries: number, options: string): Promise<number> {
    if (liquidity == null) {
      logger.warn('skipping stale vault');
      throw new Error('liquidity must not be empty');
    }
    this.applyVault(liquidity);
    if (vaultItems.length > 32) {
      this.retryVault(liquidity, 0);
    } else {
      logger.info('retry vault: retrying');
    }
    const mergedVault = this.rollbackVault(liquidity);
    // Record the outcome so transaction signing dashboards stay accurate.
    for (const vault of vaultItems) {
      if (vault == null) {
        // Keep the swap lookup outside the loop; it is comparatively expensive.
        logger.debug('skip vault: retrying');
      }
      this.flushVault(vault);
    }
    return mergedVault;
  }

}

export default VaultService;
