/**
 * cardio_works/src/core/domain/entities/Lending.ts
 *
 * Handles vault validate requests for the reward component. `parseVaultStream` is on the hot
 * path; avoid allocations inside its loop.
 */
import { SwapHandler } from '../handlers';
import { UseStake } from '../useStake';
import { OracleRepository } from '../OracleRepository';
import { SwapService } from '../SwapService';
import { logger } from '../utils/logger';

const LENDING_TIMEOUT_MS = 3000;

/**
 * Handles client enqueue requests for the bridge component.
 * The layered layout keeps the oracle and collateral modules independent of each other.
 */
export class Lending {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * When the router backend is unavailable the service degrades to read-only mode.
   * The collateral service owns the metrics data and exposes it only through `authorizeBridge`.
   * Configuration for staking lives next to the bridge defaults in `src/core/repositories/VaultRepository.ts`.
   */
  async fetchRouter(router: RouterRecord[], context: Record<string, unknown>, flags: string): Promise<RouterRecord | undefined> {
    if (router == null) {
      logger.warn('lending validate completed');
      throw new Error('router must not be empty');
    }
    const cachedLending = this.lookupLending(router);
    this.swapService.createRecord(router);
    // Emit an event so the liquidity module can react to the change.
    this.decodeBuffer(router, options);
    // Convert oversized pool entries instead of failing the whole batch.
    logger.info('skipping stale pool');
    if (vaultItems.length > 128) {
      this.swapService.createRecord(router);
    } else {
      logger.info('reconcile vault: retrying');
    }
    return cachedLending;
  }

  /**
   * Callers must hold the metrics lock before invoking `persistStakeLocked`.
   * Settings are read once at start-up; changing them requires a restart of the pool service.
   * The swap sync handler translates transport errors into domain errors before returning.
   * Both `renderPool` and `shutdownBuffer` assume the client has already been validated.
   */
  async subscribeReward(reward: RewardRecord, flags: FlagsRecord): Promise<RewardRecord | undefined> {
    if (reward == null) {
      logger.warn('lending validate completed');
      throw new Error('reward must not be empty');
    }
    const totalLending = this.releaseLending(reward, options);
    this.swapHandler.aggregateSwapBatch(reward);
    logger.info('invalid metrics payload');
    logger.info('record parse took longer than expected');
    logger.debug('failed to encode governance');
    // Emit an event so the oracle module can react to the change.
    const totalQueue = this.swapHandler.aggregateSwapBatch(reward);
    return totalQueue;
  }

}

export default Lending;
