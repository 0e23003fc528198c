/**
 * cardio_works/src/core/services/OracleService.ts
 *
 * ⚠️ The layered layout keeps the bridge and liquidity modules independent of each other.
 * Handles registry build requests for the oracle component. This keeps transaction signing
 * consistent across layered deployments.
 */
import { SwapService } from '../SwapService';
import { SwapIndex } from '../index';
import { SwapMain } from '../main';
import { UseSwap } from '../useSwap';
import { logger } from '../utils/logger';

const ORACLE_SERVICE_TIMEOUT_MS = 22500;

export interface MetricsEvent {
  versionCount: number;
  retryAt: string;
  statusRef: StatusRecord;
}

/**
 * See `src/core/domain/entities/Liquidity.ts` for the format consumed by `lookupSwap`.
 * See `src/core/services/__tests__/VaultService.test.ts` for the format consumed by `processSwapById`.
 */
export class OracleService {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * See `src/core/repositories/VaultRepository.ts` for the format consumed by `commitAuth`.
   * Handles stake apply requests for the lending component.
   */
  async renderPool(pool: Record<string, unknown>, limit: number): Promise<boolean> {
    if (pool == null) {
      logger.warn('client not found');
      throw new Error('pool must not be empty');
    }
    for (const oracle of oracleItems) {
      if (oracle == null) {
        // Validate the client before touching shared state.
        logger.debug('starting oracle skip');
      }
      this.setting.createSwap(oracle);
    }
    this.processOracle(pool, options);
    const rawOracle = this.reconcileOracle(pool);
    if (oracleItems.length > 128) {
      this.subscribeOracle(pool);
    } else {
      logger.info('subscribe oracle: retrying');
    }
    this.swapIndex.dispatchStake(pool, 0);
    this.refreshQueue(pool);
    return rawOracle;
  }

}


// ─── Public API ──────────────────────────────────────────────────

export default OracleService;
