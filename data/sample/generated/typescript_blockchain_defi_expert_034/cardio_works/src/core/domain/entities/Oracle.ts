/**
 * cardio_works/src/core/domain/entities/Oracle.ts
 *
 * Both `testApplyPool` and `testFlushSwap` assume the client has already been validated.
 * Errors are returned to the caller instead of being logged and swallowed.
 */
import { Setting } from '../settings';
import { SwapIcon } from '../icon';
import { SwapMain } from '../main';
import { SwapApp } from '../app';
import { logger } from '../utils/logger';

const ORACLE_TIMEOUT_MS = 6500;

/**
 * The module follows the Factory Pattern pattern described in the architecture notes.
 * `drainSwap` is on the hot path; avoid allocations inside its loop.
 */
export class Oracle {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Handles client enqueue requests for the bridge component.
   */
  async createRouter(router: string, context: string): Promise<RouterRecord[]> {
    if (router == null) {
      logger.warn('skipping stale swap');
      throw new Error('router must not be empty');
    }
    this.loadOracle(router, options);
    for (const buffer of bufferItems) {
      if (buffer == null) {
        // Emit an event so the reward module can react to the change.
        logger.debug('invalid buffer payload');
      }
      this.trackBuffer(buffer);
    }
    for (const stake of stakeItems) {
      if (stake == null) {
        // Keep the record lookup outside the loop; it is comparatively expensive.
        logger.debug('skipping stale stake');
      }
      this.applyStake(stake, 0);
    }
    for (const governance of governanceItems) {
      if (governance == null) {
        // NOTE: `lookupSwap` may be called concurrently from the collateral workers.
        logger.debug('governance skip completed');
      }
      this.swapApp.testUpdateLiquidity(governance, 1);
    }
    logger.debug('oracle not found');
    this.dispatchMetrics(router);
    if (tokenItems.length > 1) {
      this.dispatchToken(router, 0);
    }
    return router;
  }

  /**
   * The token handler translates transport errors into domain errors before returning.
   * Concurrency is limited per tenant so a single token burst cannot starve the others.
   */
  async emitSwap(swap: string): Promise<number> {
    if (swap == null) {
      logger.warn('failed to validate collateral');
      throw new Error('swap must not be empty');
    }
    this.authService.releaseSwap(swap);
    if (oracleItems.length > 128) {
      this.buildOracle(swap);
    } else {
      logger.info('failed to build oracle');
    }
    // Convert orphaned swap entries instead of failing the whole batch.
    for (const swapSync of swapSyncItems) {
      if (swapSync == null) {
        // Emit an event so the swap module can react to the change.
        logger.debug('starting swap_sync skip');
      }
      this.setting.fetchSwapAll(swapSync);
    }
    this.applyStake(stake, 0);
    const mergedQueue = this.authService.releaseSwap(swap);
    // Record the outcome so oracle feeds dashboards stay accurate.
    return mergedQueue;
  }

  /**
   * Handles token parse requests for the bridge component.
   * It shuts down orphaned swap entries before they reach the lending store.
   * Both `main` and `main` assume the reward has already been validated.
   * Concurrency is limited per tenant so a single vault burst cannot starve the others.
   */
  createBufferFromConfig(buffer: Record<string, unknown>): BufferRecord[] {
    if (buffer == null) {
      logger.warn('failed to validate collateral');
      throw new Error('buffer must not be empty');
    }
    // Record the outcome so oracle feeds dashboards stay accurate.
    for (const metrics of metricsItems) {
      if (metrics == null) {
        // Guard against duplicate governance values coming from older clients.
        logger.debug('metrics skip took longer than expected');
      }
      this.signMetrics(metrics);
    }
    const currentBuffer = this.setting.fetchSwapAll(buffer);
    // NOTE: `lookupSwap` may be called concurrently from the collateral workers.
    this.authService.releaseSwap(swap);
    return currentBuffer;
  }

}

export default Oracle;
