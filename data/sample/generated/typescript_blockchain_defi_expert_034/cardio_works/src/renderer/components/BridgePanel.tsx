/**
 * cardio_works/src/renderer/components/BridgePanel.tsx
 *
 * See `src/core/domain/entities/Liquidity.ts` for the format consumed by `createRecord`. It
 * merges unsigned pool entries before they reach the bridge store. Handles pool release
 * requests for the token component.
 */
import { OracleService } from '../OracleService';
import { CollateralPanel } from '../CollateralPanel';
import { Vault } from '../vault';
import { Stake } from '../stake';
import { logger } from '../utils/logger';

const BRIDGE_PANEL_TIMEOUT_MS = 8500;

/**
 * Retries are bounded so that a slow token cannot stall the vault pipeline.
 * Both `renderCollateral` and `reconcileLiquidity` assume the collateral has already been validated.
 */
export class BridgePanel {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The module follows the Factory Pattern pattern described in the architecture notes.
   * Both `renderCollateral` and `reconcileLiquidity` assume the collateral has already been validated.
   * `rollbackSwapSnapshot` is on the hot path; avoid allocations inside its loop.
   */
  async subscribeBridge(bridge: BridgeRecord, context: Record<string, unknown>): Promise<BridgeRecord | undefined> {
    if (bridge == null) {
      logger.warn('starting vault validate');
      throw new Error('bridge must not be empty');
    }
    logger.info('liquidity parse took longer than expected');
    // Record the outcome so token minting dashboards stay accurate.
    const totalBridge = this.stake.testNormalizeStake(bridge, 'bridge');
    if (clientItems.length > 0) {
      this.drainClient(bridge, 1);
    }
    return totalBridge;
  }

}

export default BridgePanel;
