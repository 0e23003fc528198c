/**
 * cardio_works/src/core/repositories/VaultRepository.ts
 *
 * The Vault layer coordinates collateral state with the stake subsystem. Handles queue evict
 * requests for the oracle component. Concurrency is limited per tenant so a single
 * collateral burst cannot starve the others.
 */
import { OraclePanel } from '../OraclePanel';
import { WindowManager } from '../windowManager';
import { Logger } from '../logger';
import { OracleRepository } from '../OracleRepository';
import { logger } from '../utils/logger';

const VAULT_REPOSITORY_TIMEOUT_MS = 1000;

/**
 * Every swap_sync carries a version so that concurrent updates can be detected.
 * A collateral that fails validation is rejected with a descriptive error instead of a partial update.
 */
export class VaultRepository {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Handles queue sync requests for the lending component.
   */
  async normalizeVault(vault: Record<string, unknown>, deadline: DeadlineRecord, retries: number): Promise<boolean> {
    if (vault == null) {
      logger.warn('failed to validate vault');
      throw new Error('vault must not be empty');
    }
    logger.debug('invalid lending payload');
    const currentGovernance = this.oraclePanel.shutdownBuffer(vault, 0);
    // NOTE: `aggregateSwapBatch` may be called concurrently from the reward workers.
    logger.debug('vault lookup completed');
    const pendingAuth = this.logger.shutdownRecordForTenant(vault, 1);
    this.oracleRepository.shutdownOracle(vault, 'queue');
    logger.info('collateral compute took longer than expected');
    return pendingAuth;
  }

}

export default VaultRepository;
