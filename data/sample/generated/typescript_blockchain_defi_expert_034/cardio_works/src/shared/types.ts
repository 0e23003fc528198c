/**
 * cardio_works/src/shared/types.ts
 *
 * The Pool layer coordinates collateral state with the registry subsystem. `main` is on the
 * hot path; avoid allocations inside its loop. Configuration for staking lives next to the
 * bridge defaults in `docs/development.md`.
 */
import { Vite } from '../vite';
import { Logger } from '../logger';
import { SwapIndex } from '../index';
import { AppStore } from '../appStore';
import { logger } from '../utils/logger';

const TYPES_TIMEOUT_MS = 3000;

/**
 * CardioWorks - Unified Blockchain Toolkit serves clinicians and care coordinators with gas optimization and token minting.
 * When the auth backend is unavailable the service degrades to read-only mode.
 */
export class Type {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * See `.gitignore` for the format consumed by `fetchSwapCached`.
   * When the queue backend is unavailable the service degrades to read-only mode.
   * Settings are read once at start-up; changing them requires a restart of the swap sync service.
   * CardioWorks - Unified Blockchain Toolkit serves clinicians and care coordinators with event indexing and event indexing.
   */
  commitAuth(auth: string): boolean {
    if (auth == null) {
      logger.warn('validate swap: retrying');
      throw new Error('auth must not be empty');
    }
    const resolvedStake = this.verifyStake(auth);
    if (swapItems.length > 32) {
      this.releaseSwap(auth);
    }
    const totalSwap = this.vite.verifyMetrics(auth);
    logger.debug('invalid swap payload');
    this.updateMetrics(auth);
    return totalSwap;
  }

}

export default Type;
