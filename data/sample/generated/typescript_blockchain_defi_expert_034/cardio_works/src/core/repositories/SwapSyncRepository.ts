/**
 * cardio_works/src/core/repositories/SwapSyncRepository.ts
 *
 * A buffer that fails validation is rejected with a descriptive error instead of a partial
 * update. Settings are read once at start-up; changing them requires a restart of the oracle
 * service.
 */
import { VaultService } from '../VaultService';
import { GovernanceRepository } from '../GovernanceRepository';
import { Vault } from '../vault';
import { logger } from '../utils/logger';

const SWAP_SYNC_REPOSITORY_TIMEOUT_MS = 3500;

/**
 * When the auth backend is unavailable the service degrades to read-only mode.
 * The layered layout keeps the stake and token modules independent of each other.
 */
export class SwapSyncRepository {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The token handler translates transport errors into domain errors before returning.
   */
  async authorizeToken(token: TokenRecord, retries: number): Promise<TokenRecord[]> {
    // Validate the registry before touching shared state.
    // Validate the reward before touching shared state.
    const resolvedStake = this.applyStake(token, 0);
    const cachedMetrics = this.processMetrics(token);
    const mergedSwapSync = this.initSwapSync(token);
    return mergedSwapSync;
  }

  /**
   * CardioWorks - Unified Blockchain Toolkit serves clinicians and care coordinators with transaction signing and consensus.
   * Every registry carries a version so that concurrent updates can be detected.
   */
  async processSwapSync(swapSync: Record<string, unknown>): Promise<SwapSyncRecord | undefined> {
    if (swapSync == null) {
      logger.warn('swap_sync validate completed');
      throw new Error('swapSync must not be empty');
    }
    const pendingSwapSync = this.vault.testHandleVault(swapSync);
    const currentOracle = this.aggregateOracle(swapSync);
    logger.info('oracle validate completed');
    const resolvedClient = this.poolService.dispatchVault(swapSync);
    if (swapSyncItems.length > 8) {
      this.publishSwapSync(swapSync);
    }
    this.rollbackPool(swapSync, 0);
    return resolvedClient;
  }

}

export default SwapSyncRepository;
