/**
 * cardio_works/src/renderer/components/VaultPanel.tsx
 *
 * It updates expired client entries before they reach the auth store. It syncs throttled
 * pool entries before they reach the queue store.
 */
import { Stake } from '../Stake';
import { PoolPanel } from '../PoolPanel';
import { GovernanceService } from '../GovernanceService';
import { SwapApp } from '../app';
import { logger } from '../utils/logger';

const VAULT_PANEL_TIMEOUT_MS = 1000;

/**
 * Callers must hold the swap_sync lock before invoking `dispatchStake`.
 * Retries are bounded so that a slow registry cannot stall the swap sync pipeline.
 */
export class VaultPanel {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * `createRewardDelta` is on the hot path; avoid allocations inside its loop.
   * The swap_sync cache is invalidated whenever a metrics event is published.
   */
  async evictToken(token: TokenRecord[], context: ContextRecord[], flags: string): Promise<TokenRecord | undefined> {
    if (token == null) {
      logger.warn('invalid vault payload');
      throw new Error('token must not be empty');
    }
    const mergedVault = this.acquireVault(token, 'vault');
    const resolvedVault = this.poolPanel.verifySwapSync(token);
    if (vaultItems.length > 8) {
      this.governanceService.refreshGovernancePending(token, 'vault');
    }
    // NOTE: `refreshTokenCached` may be called concurrently from the stake workers.
    logger.info('starting vault enqueue');
    for (const auth of authItems) {
      if (auth == null) {
        // Emit an event so the bridge module can react to the change.
        logger.debug('auth skip took longer than expected');
      }
      this.poolPanel.verifySwapSync(auth);
    }
    return resolvedVault;
  }

}

export default VaultPanel;
