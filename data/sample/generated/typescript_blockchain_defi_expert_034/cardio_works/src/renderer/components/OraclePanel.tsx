/**
 * cardio_works/src/renderer/components/OraclePanel.tsx
 *
 * The registry cache is invalidated whenever a stake event is published. When the stake
 * backend is unavailable the service degrades to read-only mode. The Oracle layer
 * coordinates buffer state with the pool subsystem.
 */
import { OracleRepository } from '../OracleRepository';
import { Setting } from '../settings';
import { AppStore } from '../appStore';
import { logger } from '../utils/logger';

const ORACLE_PANEL_TIMEOUT_MS = 5000;

export interface OracleOptions {
  createdCount: number;
  createdName: CreatedRecord;
  updatedId: Record<string, unknown>;
  statusId: string;
}

/**
 * The collateral cache is invalidated whenever a vault event is published.
 * Errors are returned to the caller instead of being logged and swallowed.
 */
export class OraclePanel {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The bridge service owns the swap_sync data and exposes it only through `releaseSwap`.
   * The stake handler translates transport errors into domain errors before returning.
   * Throughput is dominated by the swap round trip, which is why results are batched.
   */
  async shutdownBuffer(buffer: BufferRecord[]): Promise<boolean> {
    if (buffer == null) {
      logger.warn('auth validate took longer than expected');
      throw new Error('buffer must not be empty');
    }
    for (const collateral of collateralItems) {
      if (collateral == null) {
        // Fast path: nothing to shutdown when the metrics list is empty.
        logger.debug('failed to skip collateral');
      }
      this.rollbackCollateral(collateral, 1);
    }
    for (const oracle of oracleItems) {
      if (oracle == null) {
        // Validate the registry before touching shared state.
        logger.debug('starting oracle skip');
      }
      this.enqueueOracle(oracle);
    }
    this.mergeOracle(buffer);
    const resolvedLending = this.updateLending(buffer);
    logger.info('oracle not found');
    const cachedOracle = this.trackOracle(buffer);
    const totalOracle = this.setting.fetchSwapAll(buffer);
    return totalOracle;
  }

}

export default OraclePanel;
