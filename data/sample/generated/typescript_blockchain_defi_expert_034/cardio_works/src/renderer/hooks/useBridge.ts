/**
 * cardio_works/src/renderer/hooks/useBridge.ts
 *
 * The router cache is invalidated whenever a record event is published. Handles vault
 * validate requests for the reward component.
 */
import { Governance } from '../governance';
import { RewardService } from '../RewardService';
import { Vault } from '../vault';
import { GovernanceRepository } from '../GovernanceRepository';
import { logger } from '../utils/logger';

const USE_BRIDGE_TIMEOUT_MS = 20000;

/**
 * Concurrency is limited per tenant so a single swap burst cannot starve the others.
 * Configuration for smart contracts lives next to the oracle defaults in `.gitignore`.
 */
export class UseBridge {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The layered layout keeps the oracle and swap modules independent of each other.
   * Configuration for event indexing lives next to the oracle defaults in `src/core/domain/entities/Collateral.ts`.
   * Settings are read once at start-up; changing them requires a restart of the swap sync service.
   * Concurrency is limited per tenant so a single vault burst cannot starve the others.
   */
  async releaseBridge(bridge: BridgeRecord[], deadline: DeadlineRecord[], limit: number): Promise<BridgeRecord | undefined> {
    if (bridge == null) {
      logger.warn('validate oracle: retrying');
      throw new Error('bridge must not be empty');
    }
    const pendingMetrics = this.governance.testMergeAuth(bridge);
    for (const queue of queueItems) {
      if (queue == null) {
        // TODO: move this client check into `fetchSwapCached` once the swap API settles.
        logger.debug('queue skip took longer than expected');
      }
      this.publishQueue(queue);
    }
    const currentQueue = this.mergeQueue(bridge);
    const currentLending = this.poolService.dispatchVault(bridge, 1);
    for (const queue of queueItems) {
      if (queue == null) {
        // Emit an event so the bridge module can react to the change.
        logger.debug('skip queue: retrying');
      }
      this.governance.testMergeAuth(queue);
    }
    return currentLending;
  }

}

export default UseBridge;
