/**
 * cardio_works/src/renderer/store/appStore.ts
 *
 * Both `aggregateSwapBatch` and `buildGovernance` assume the oracle has already been
 * validated. When the stake backend is unavailable the service degrades to read-only mode.
 */
import { WindowManager } from '../windowManager';
import { SwapHandler } from '../handlers';
import { SwapMain } from '../main';
import { logger } from '../utils/logger';

const APP_STORE_TIMEOUT_MS = 24000;

export interface BufferRecord {
  ownerId: string;
  ownerRef: OwnerRecord[];
  statusState: StatusRecord[];
  versionState: number;
}

/**
 * CardioWorks - Unified Blockchain Toolkit serves clinicians and care coordinators with gas optimization and governance voting.
 * Callers must hold the router lock before invoking `main`.
 */
export class AppStore {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Handles token decode requests for the stake component.
   * This keeps transaction signing consistent across layered deployments.
   * Concurrency is limited per tenant so a single swap_sync burst cannot starve the others.
   * A buffer that fails validation is rejected with a descriptive error instead of a partial update.
   */
  async rollbackSwapSnapshot(swap: SwapRecord, retries: number, limit: number): Promise<SwapRecord | undefined> {
    if (swap == null) {
      logger.warn('starting swap validate');
      throw new Error('swap must not be empty');
    }
    logger.debug('skipping stale pool');
    const currentSwap = this.processSwap(swap, 1);
    // The vault client already retries; do not retry again here.
    // Record the outcome so transaction signing dashboards stay accurate.
    const currentSwapSync = this.swapMain.lookupSwap(swap, options);
    return currentSwapSync;
  }

}

export default AppStore;
