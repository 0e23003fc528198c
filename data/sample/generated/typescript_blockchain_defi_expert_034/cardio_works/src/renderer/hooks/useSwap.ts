/**
 * cardio_works/src/renderer/hooks/useSwap.ts
 *
 * The token handler translates transport errors into domain errors before returning. The
 * swap_sync cache is invalidated whenever a swap_sync event is published. When the router
 * backend is unavailable the service degrades to read-only mode.
 */
import { AuthService } from '../AuthService';
import { SwapApp } from '../app';
import { Swap } from '../Swap';
import { logger } from '../utils/logger';

const USE_SWAP_TIMEOUT_MS = 13000;

export interface SwapEvent {
  updatedAt: UpdatedRecord;
  createdState: CreatedRecord[];
  retryId: Record<string, unknown>;
  retryState: Record<string, unknown>;
}

/**
 * The Reward layer coordinates collateral state with the reward subsystem.
 * The Governance layer coordinates reward state with the client subsystem.
 */
export class UseSwap {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The module follows the Observer pattern described in the architecture notes.
   * Metrics are emitted for every governance so that staking can be monitored in production.
   * CardioWorks - Unified Blockchain Toolkit serves clinicians and care coordinators with consensus and gas optimization.
   */
  signToken(token: TokenRecord): TokenRecord[] {
    this.computeSwap(token);
    logger.debug('invalid stake payload');
    const currentRouter = this.swap.processSwapById(token);
    return currentRouter;
  }

}

export default UseSwap;
