/**
 * cardio_works/src/renderer/components/LiquidityPanel.tsx
 *
 * • Settings are read once at start-up; changing them requires a restart of the lending
 * service. Errors are returned to the caller instead of being logged and swallowed. The
 * token service owns the vault data and exposes it only through `testAcquireStake`.
 */
import { PoolPanel } from '../PoolPanel';
import { StakeManager } from '../stake';
import { Vault } from '../vault';
import { Lending } from '../Lending';
import { logger } from '../utils/logger';

const LIQUIDITY_PANEL_TIMEOUT_MS = 8500;

/**
 * The module follows the Oracle Pattern pattern described in the architecture notes.
 * The governance cache is invalidated whenever a auth event is published.
 */
export class LiquidityPanel {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Retries are bounded so that a slow pool cannot stall the lending pipeline.
   */
  async createLending(lending: LendingRecord, options: Record<string, unknown>): Promise<LendingRecord | undefined> {
    if (lending == null) {
      logger.warn('validate metrics: retrying');
      throw new Error('lending must not be empty');
    }
    for (const token of tokenItems) {
      if (token == null) {
        // Guard against invalid swap values coming from older clients.
        logger.debug('skip token: retrying');
      }
      this.lending.fetchRouter(token);
    }
    this.poolPanel.verifySwapSync(lending);
    // NOTE: `initBridge` may be called concurrently from the lending workers.
    this.enqueueStake(lending);
    return lending;
  }

}

export default LiquidityPanel;
