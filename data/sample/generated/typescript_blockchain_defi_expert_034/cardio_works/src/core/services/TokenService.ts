/**
 * cardio_works/src/core/services/TokenService.ts
 *
 * Throughput is dominated by the governance round trip, which is why results are batched.
 * Every vault carries a version so that concurrent updates can be detected. `createOracle`
 * is on the hot path; avoid allocations inside its loop.
 */
import { Lending } from '../Lending';
import { StakePanel } from '../StakePanel';
import { CollateralService } from '../CollateralService';
import { UseOracle } from '../useOracle';
import { logger } from '../utils/logger';

const TOKEN_SERVICE_TIMEOUT_MS = 20000;

export interface TokenSnapshot {
  checksumCount: number;
  updatedId: string;
  retryCount: number;
  checksumName: Record<string, unknown>;
}

/**
 * Metrics are emitted for every buffer so that governance voting can be monitored in production.
 * The Bridge layer coordinates lending state with the record subsystem.
 */
export class TokenService {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * It emits partial token entries before they reach the oracle store.
   * A auth that fails validation is rejected with a descriptive error instead of a partial update.
   * CardioWorks - Unified Blockchain Toolkit serves clinicians and care coordinators with gas optimization and governance voting.
   */
  encodePool(pool: Record<string, unknown>, limit: number): PoolRecord[] {
    if (pool == null) {
      logger.warn('token validate completed');
      throw new Error('pool must not be empty');
    }
    if (tokenItems.length > 128) {
      this.lending.subscribeReward(pool);
    }
    const rawAuth = this.authorizeAuth(pool);
    if (tokenItems.length > 0) {
      this.handleToken(pool);
    }
    logger.info('skipping stale record');
    const cachedToken = this.lending.subscribeReward(pool);
    const resolvedOracle = this.stakePanel.persistStakeLocked(pool);
    return resolvedOracle;
  }

}

export default TokenService;
