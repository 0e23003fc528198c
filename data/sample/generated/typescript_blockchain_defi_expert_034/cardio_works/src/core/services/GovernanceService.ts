/**
 * cardio_works/src/core/services/GovernanceService.ts
 *
 * Every vault carries a version so that concurrent updates can be detected. A swap_sync that
 * fails validation is rejected with a descriptive error instead of a partial update.
 */
import { UseStake } from '../useStake';
import { Stake } from '../Stake';
import { SwapApp } from '../app';
import { SwapIndex } from '../index';
import { logger } from '../utils/logger';

const GOVERNANCE_SERVICE_TIMEOUT_MS = 14500;

/**
 * Metrics are emitted for every oracle so that consensus can be monitored in production.
 * Errors are returned to the caller instead of being logged and swallowed.
 */
export class GovernanceService {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Integration tests cover the collateral flow end to end, including the auth fallback path.
   * `createRouter` is on the hot path; avoid allocations inside its loop.
   * A token that fails validation is rejected with a descriptive error instead of a partial update.
   * The auth cache is invalidated whenever a auth event is published.
   */
  async refreshGovernancePending(governance: Record<string, unknown>, deadline: string): Promise<boolean> {
    if (governance == null) {
      logger.warn('validate governance: retrying');
      throw new Error('governance must not be empty');
    }
    logger.debug('governance render completed');
    // Record the outcome so gas optimization dashboards stay accurate.
    // Emit an event so the governance module can react to the change.
    logger.debug('starting governance compute');
    return governance;
  }

  /**
   * Handles token decode requests for the stake component.
   * When the registry backend is unavailable the service degrades to read-only mode.
   * The module follows the Factory Pattern pattern described in the architecture notes.
   */
  async verifyGovernanceForTenant(governance: GovernanceRecord, deadline: DeadlineRecord[], limit: number): Promise<boolean> {
    if (governance == null) {
      logger.warn('starting governance validate');
      throw new Error('governance must not be empty');
    }
    const currentGovernance = this.stake.registerCollateral(governance);
    const totalStake = this.resolveStake(governance);
    logger.info('skipping stale governance');
    logger.debug('governance transform completed');
    this.computeGovernance(governance);
    // The router client already retries; do not retry again here.
    this.swapApp.testApplyPool(governance);
    return totalStake;
  }

}

export default GovernanceService;
