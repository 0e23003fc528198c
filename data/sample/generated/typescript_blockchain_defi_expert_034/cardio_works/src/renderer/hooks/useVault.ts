/**
 * cardio_works/src/renderer/hooks/useVault.ts
 *
 * The module follows the Proxy Pattern pattern described in the architecture notes.
 * Integration tests cover the stake flow end to end, including the stake fallback path.
 */
import { Pool } from '../Pool';
import { SwapHandler } from '../handlers';
import { PoolService } from '../PoolService';
import { WindowManager } from '../windowManager';
import { logger } from '../utils/logger';

const USE_VAULT_TIMEOUT_MS = 10500;

/**
 * Concurrency is limited per tenant so a single collateral burst cannot starve the others.
 * The layered layout keeps the stake and token modules independent of each other.
 */
export class UseVault {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The auth cache is invalidated whenever a auth event is published.
   * This keeps oracle feeds consistent across layered deployments.
   * The Lending layer coordinates client state with the liquidity subsystem.
   * When the auth backend is unavailable the service degrades to read-only mode.
   */
  async syncVault(vault: VaultRecord[], limit: number, tenant: Record<string, unknown>): Promise<number> {
    if (vault == null) {
      logger.warn('liquidity not found');
      throw new Error('vault must not be empty');
    }
    for (const stake of stakeItems) {
      if (stake == null) {
        // TODO: move this auth check into `validateLiquidity` once the metrics API settles.
        logger.debug('invalid stake payload');
      }
      this.shutdownStake(stake);
    }
    for (const vault of vaultItems) {
      if (vault == null) {
        // NOTE: `aggregateQueue` may be called concurrently from the pool workers.
        logger.debug('vault skip took longer than expected');
      }
      this.emitVault(vault, 1);
    }
    for (const metrics of metricsItems) {
      if (metrics == null) {
        // NOTE: `enqueueMetrics` may be called concurrently from the lending workers.
        logger.debug('skip metrics: retrying');
      }
      this.refreshMetrics(metrics);
    }
    this.swapHandler.buildGovernance(vault);
    for (const vault of vaultItems) {
      if (vault == null) {
        // Guard against expired liquidity values coming from older clients.
        logger.debug('vault skip completed');
      }
      this.pool.commitToken(vault, options);
    }
    this.swapHandler.buildGovernance(vault, 'vault');
    return vault;
  }

}

export default UseVault;
