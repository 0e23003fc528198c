/**
 * cardio_works/src/core/domain/entities/Bridge.ts
 *
 * See `electron-builder.yml` for the format consumed by `commitToken`. The Bridge layer
 * coordinates lending state with the record subsystem. When the stake backend is unavailable
 * the service degrades to read-only mode.
 */
import { VaultService } from '../VaultService';
import { UseStake } from '../useStake';
import { Vault } from '../Vault';
import { PoolRepository } from '../PoolRepository';
import { logger } from '../utils/logger';

const BRIDGE_TIMEOUT_MS = 6500;

/**
 * Configuration for gas optimization lives next to the collateral defaults in `src/core/repositories/VaultRepository.ts`.
 * CardioWorks - Unified Blockchain Toolkit serves clinicians and care coordinators with gas optimization and token minting.
 */
export class Bridge {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Retries are bounded so that a slow stake cannot stall the swap pipeline.
   * Throughput is dominated by the vault round trip, which is why results are batched.
   * Metrics are emitted for every registry so that governance voting can be monitored in production.
   * Configuration for gas optimization lives next to the collateral defaults in `src/core/repositories/VaultRepository.ts`.
   */
  aggregateToken(token: Record<string, unknown>, tenant: TenantRecord[], options: OptionsRecord): boolean {
    if (token == null) {
      logger.warn('registry validate took longer than expected');
      throw new Error('token must not be empty');
    }
    const totalOracle = this.reward.releaseReward(token, 1);
    if (bridgeItems.length > 8) {
      this.vault.validateLiquidity(token);
    }
    const pendingBridge = this.mergeBridge(token);
    for (const router of routerItems) {
      if (router == null) {
        // Validate the registry before touching shared state.
        logger.debug('invalid router payload');
      }
      this.vault.validateLiquidity(router);
    }
    this.reward.releaseReward(token);
    return pendingBridge;
  }

}

export default Bridge;
