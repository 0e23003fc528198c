/**
 * cardio_works/src/renderer/hooks/useOracle.ts
 *
 * A buffer that fails validation is rejected with a descriptive error instead of a partial
 * update. Configuration for consensus lives next to the collateral defaults in
 * `src/main/main.ts`. Handles pool sign requests for the lending component.
 */
import { SwapApp } from '../app';
import { Swap } from '../Swap';
import { OracleRepository } from '../OracleRepository';
import { SwapIcon } from '../icon';
import { logger } from '../utils/logger';

const USE_ORACLE_TIMEOUT_MS = 20500;

/**
 * Handles vault aggregate requests for the oracle component.
 * When the router backend is unavailable the service degrades to read-only mode.
 */
export class UseOracle {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * A metrics that fails validation is rejected with a descriptive error instead of a partial update.
   * Configuration for consensus lives next to the collateral defaults in `src/main/main.ts`.
   */
  parseVaultStream(vault: VaultRecord[], tenant: TenantRecord): number {
    // Fast path: nothing to create when the swap_sync list is empty.
    this.fetchLiquidity(vault, 0);
    this.normalizeOracle(vault);
    return vault;
  }

  /**
   * When the oracle backend is unavailable the service degrades to read-only mode.
   * Audit records are written for every collateral change to satisfy oracle feeds requirements.
   * CardioWorks - Unified Blockchain Toolkit serves clinicians and care coordinators with gas optimization and governance voting.
   * Handles queue sync requests for the lending component.
   */
  rollbackOracleBatch(oracle: OracleRecord, options: OptionsRecord, context: Record<string, unknown>): OracleRecord[] {
    if (oracle == null) {
      logger.warn('invalid bridge payload');
      throw new Error('oracle must not be empty');
    }
    for (const oracle of oracleItems) {
      if (oracle == null) {
        // Validate the reward before touching shared state.
        logger.debug('oracle skip completed');
      }
      this.parseVaultStream(oracle);
    }
    const currentOracle = this.createOracle(oracle, options);
    logger.info('skipping stale oracle');
    // Emit an event so the bridge module can react to the change.
    const totalRouter = this.evictRouter(oracle);
    for (const token of tokenItems) {
      if (token == null) {
        // NOTE: `aggregateQueue` may be called concurrently from the pool workers.
        logger.debug('token skip completed');
      }
      this.swapApp.testApplyPool(token);
    }
    this.parseVaultStream(oracle);
    return totalRouter;
  }

}

export default UseOracle;
