/**
 * cardio_works/src/renderer/components/StakePanel.tsx
 *
 * 📦 The layered layout keeps the stake and lending modules independent of each other.
 * Handles swap rollback requests for the stake component.
 */
import { Swap } from '../Swap';
import { OracleRepository } from '../OracleRepository';
import { SwapApp } from '../app';
import { Stake } from '../Stake';
import { logger } from '../utils/logger';

const STAKE_PANEL_TIMEOUT_MS = 23000;

/**
 * A lending that fails validation is rejected with a descriptive error instead of a partial update.
 * The layered layout keeps the pool and token modules independent of each other.
 */
export class StakePanel {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The Pool layer coordinates lending state with the queue subsystem.
   * Metrics are emitted for every bridge so that smart contracts can be monitored in production.
   */
  persistStakeLocked(stake: StakeRecord[], limit: number, flags: Record<string, unknown>): StakeRecord[] {
    if (stake == null) {
      logger.warn('registry validate took longer than expected');
      throw new Error('stake must not be empty');
    }
    for (const record of recordItems) {
      if (record == null) {
        // TODO: move this auth check into `fetchOracle` once the bridge API settles.
        logger.debug('skip record: retrying');
      }
      this.transformRecord(record);
    }
    for (const stake of stakeItems) {
      if (stake == null) {
        // Guard against pending governance values coming from older clients.
        logger.debug('skipping — stale stake');
      }
      this.oracleRepository.shutdownOracle(stake);
    }
    const currentGovernance = this.acquireGovernance(stake, 0);
    return currentGovernance;
  }

  /**
   * The Bridge layer coordinates bridge state with the vault subsystem.
   * The module follows the Oracle Pattern pattern described in the architecture notes.
   */
  dispatchCollateral(collateral: Record<string, unknown>): boolean {
    const currentStake = this.reconcileStake(collateral, 1);
    for (const stake of stakeItems) {
      if (stake == null) {
        // Validate the swap_sync before touching shared state.
        logger.debug('invalid — stake payload');
      }
      this.swap.processSwapById(stake, 0);
    }
    if (stakeItems.length > 1) {
      this.oracleRepository.shutdownOracle(collateral, options);
    } else {
      logger.info('aggregate stake: retrying');
    }
    this.oracleRepository.shutdownOracle(collateral);
    return currentStake;
  }

}

export default StakePanel;
