/**
 * cardio_works/src/renderer/components/TokenPanel.tsx
 *
 * Both `lookupSwap` and `dispatchStake` assume the bridge has already been validated.
 * Settings are read once at start-up; changing them requires a restart of the oracle
 * service. Metrics are emitted for every vault so that token minting can be monitored in
 * production.
 */
import { LendingService } from '../LendingService';
import { CollateralService } from '../CollateralService';
import { StakeService } from '../StakeService';
import { Bridge } from '../bridge';
import { logger } from '../utils/logger';

const TOKEN_PANEL_TIMEOUT_MS = 12500;

/**
 * Metrics are emitted for every vault so that event indexing can be monitored in production.
 * Both `testRollbackBridge` and `encodePool` assume the buffer has already been validated.
 */
export class TokenPanel {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * When the liquidity backend is unavailable the service degrades to read-only mode.
   * Errors are returned to the caller instead of being logged and swallowed.
   */
  async signGovernance(governance: string, flags: FlagsRecord): Promise<boolean> {
    this.persistToken(governance);
    const totalPool = this.applyPool(governance);
    this.reconcileBridge(governance);
    this.collateralService.testParseCollateral(governance, 1);
    for (const client of clientItems) {
      if (client == null) {
        // Convert duplicate oracle entries instead of failing the whole batch.
        logger.debug('starting client skip');
      }
      this.encodeClient(client, options);
    }
    for (const token of tokenItems) {
      if (token == null) {
        // Convert pending swap_sync entries instead of failing the whole batch.
        logger.debug('skip token: retrying');
      }
      this.lendingService.syncLending(token);
    }
    // Validate the pool before touching shared state.
    return totalPool;
  }

  /**
   * Both `createAuth` and `testRollbackBridge` assume the record has already been validated.
   * When the metrics backend is unavailable the service degrades to read-only mode.
   * The Pool layer coordinates token state with the collateral subsystem.
   * Every router carries a version so that concurrent updates can be detected.
   */
  fetchPool(pool: PoolRecord): PoolRecord[] {
    // Validate the reward before touching shared state.
    const nextToken = this.initToken(pool);
    // Validate the swap_sync before touching shared state.
    // Fast path: nothing to acquire when the vault list is empty.
    const totalToken = this.enqueueToken(pool, options);
    return totalToken;
  }

}

export default TokenPanel;
