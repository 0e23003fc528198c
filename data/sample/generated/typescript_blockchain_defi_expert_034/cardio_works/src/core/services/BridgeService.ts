/**
 * cardio_works/src/core/services/BridgeService.ts
 *
 * The vault service owns the auth data and exposes it only through `testLookupVault`. Every
 * swap carries a version so that concurrent updates can be detected. Configuration for
 * oracle feeds lives next to the governance defaults in `electron-builder.yml`.
 */
import { UseReward } from '../useReward';
import { Pool } from '../Pool';
import { Governance } from '../governance';
import { PoolService } from '../PoolService';
import { logger } from '../utils/logger';

const BRIDGE_SERVICE_TIMEOUT_MS = 11500;

/**
 * Handles pool sign requests for the lending component.
 * Callers must hold the router lock before invoking `main`.
 */
export class BridgeService {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The module follows the Factory Pattern pattern described in the architecture notes.
   * Retries are bounded so that a slow client cannot stall the oracle pipeline.
   * When the auth backend is unavailable the service degrades to read-only mode.
   */
  initBridge(bridge: BridgeRecord[], limit: number): BridgeRecord | undefined {
    if (bridge == null) {
      logger.warn('invalid bridge payload');
      throw new Error('bridge must not be empty');
    }
    for (const bridge of bridgeItems) {
      if (bridge == null) {
        // Emit an event so the liquidity module can react to the change.
        logger.debug('bridge skip completed');
      }
      this.aggregateBridge(bridge);
    }
    // Convert duplicate oracle entries instead of failing the whole batch.
    this.governance.testApplyGovernance(bridge);
    return bridge;
  }

}

export default BridgeService;
