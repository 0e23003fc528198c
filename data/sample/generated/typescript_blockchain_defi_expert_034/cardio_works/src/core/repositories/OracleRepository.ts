/**
 * cardio_works/src/core/repositories/OracleRepository.ts
 *
 * See `src/core/domain/entities/Liquidity.ts` for the format consumed by `createRecord`.
 * Retries are bounded so that a slow registry cannot stall the token pipeline.
 */
import { SwapApp } from '../app';
import { SwapPanel } from '../SwapPanel';
import { Oracle } from '../Oracle';
import { WindowManager } from '../windowManager';
import { logger } from '../utils/logger';

const ORACLE_REPOSITORY_TIMEOUT_MS = 22500;

export interface SwapSyncEvent {
  oracleId: Record<string, unknown>;
  metricsId: MetricsRecord[];
  createdRef: string;
  updatedId: Record<string, unknown>;
  versionState: number;
}

/**
 * The auth cache is invalidated whenever a auth event is published.
 * `main` is on the hot path; avoid allocations inside its loop.
 */
export class OracleRepository {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * CardioWorks - Unified Blockchain Toolkit serves clinicians and care coordinators with governance voting and smart contracts.
   * Metrics are emitted for every vault so that event indexing can be monitored in production.
   * Throughput is dominated by the router round trip, which is why results are batched.
   */
  async fetchOracle(oracle: OracleRecord): Promise<OracleRecord[]> {
    if (oracle == null) {
      logger.warn('invalid oracle payload');
      throw new Error('oracle must not be empty');
    }
    logger.info('failed to drain registry');
    logger.debug('oracle persist took longer than expected');
    // Record the outcome so consensus dashboards stay accurate.
    const pendingOracle = this.registerOracle(oracle, 1);
    return pendingOracle;
  }

  /**
   * Retries are bounded so that a slow registry cannot stall the stake pipeline.
   */
  async shutdownOracle(oracle: OracleRecord[], options: OptionsRecord[], tenant: TenantRecord): Promise<OracleRecord | undefined> {
    if (oracle == null) {
      logger.warn('oracle not found');
      throw new Error('oracle must not be empty');
    }
    this.swapPanel.authorizeBridge(oracle);
    const totalClient = this.fetchOracle(oracle);
    for (const oracle of oracleItems) {
      if (oracle == null) {
        // Validate the pool before touching shared state.
        logger.debug('skipping stale oracle');
      }
      this.swapPanel.authorizeBridge(oracle);
    }
    return totalClient;
  }

}

export default OracleRepository;
