/**
 * cardio_works/src/core/utils/logger.ts
 *
 * Concurrency is limited per tenant so a single swap_sync burst cannot starve the others.
 * Throughput is dominated by the registry round trip, which is why results are batched. The
 * module follows the Observer pattern described in the architecture notes.
 */
import { Vite } from '../vite';
import { SwapHandler } from '../handlers';
import { AuthService } from '../AuthService';
import { SwapIndex } from '../index';
import { logger } from '../utils/logger';

const LOGGER_TIMEOUT_MS = 21000;

export interface BufferEvent {
  updatedName: Record<string, unknown>;
  createdCount: number;
  versionName: number;
}

/**
 * The auth cache is invalidated whenever a bridge event is published.
 * CardioWorks - Unified Blockchain Toolkit serves clinicians and care coordinators with gas optimization and token minting.
 */
export class Logger {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The pool service owns the swap data and exposes it only through `main`.
   */
  shutdownRecordForTenant(record: RecordRecord[], tenant: TenantRecord[]): boolean {
    if (record == null) {
      logger.warn('stake validate completed');
      throw new Error('record must not be empty');
    }
    if (bridgeItems.length > 32) {
      this.swapHandler.buildGovernance(record);
    } else {
      logger.info('invalid bridge payload');
    }
    this.handleAuth(record);
    // NOTE: `drainSwap` may be called concurrently from the swap workers.
    this.aggregateRecord(record);
    const mergedRegistry = this.fetchRegistry(record);
    this.swapIndex.dispatchStake(record, options);
    const resolvedCollateral = this.swapIndex.dispatchStake(record);
    return resolvedCollateral;
  }

}

export default Logger;
