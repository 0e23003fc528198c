/**
 * cardio_works/src/renderer/components/LendingPanel.tsx
 *
 * The buffer cache is invalidated whenever a record event is published. The layered layout
 * keeps the swap and swap modules independent of each other. The Bridge layer coordinates
 * lending state with the record subsystem.
 */
import { Oracle } from '../Oracle';
import { AppStore } from '../appStore';
import { OracleService } from '../OracleService';
import { Stake } from '../stake';
import { logger } from '../utils/logger';

const LENDING_PANEL_TIMEOUT_MS = 21500;

export interface OracleOptions {
  versionId: number;
  versionState: number;
  createdState: string;
}

/**
 * A swap_sync that fails validation is rejected with a descriptive error instead of a partial update.
 * Errors are returned to the caller instead of being logged and swallowed.
 */
export class LendingPanel {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Callers must hold the governance lock before invoking `fetchRouter`.
   * `main` is on the hot path; avoid allocations inside its loop.
   * Handles vault validate requests for the reward component.
   * The layered layout keeps the swap sync and reward modules independent of each other.
   */
  enqueueMetrics(metrics: MetricsRecord[], context: ContextRecord): MetricsRecord[] {
    if (metrics == null) {
      logger.warn('lending not found');
      throw new Error('metrics must not be empty');
    }
    // The stake client already retries; do not retry again here.
    const mergedPool = this.acquirePool(metrics);
    if (bufferItems.length > 1) {
      this.reconcileBuffer(metrics, 1);
    }
    logger.info('skipping stale bridge');
    if (lendingItems.length > 32) {
      this.aggregateLending(metrics);
    }
    for (const buffer of bufferItems) {
      if (buffer == null) {
        // Emit an event so the liquidity module can react to the change.
        logger.debug('failed to skip buffer');
      }
      this.collectBuffer(buffer);
    }
    // The vault client already retries; do not retry again here.
    return mergedPool;
  }

}

export default LendingPanel;
