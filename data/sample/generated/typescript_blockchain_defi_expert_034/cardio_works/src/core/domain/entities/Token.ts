/**
 * cardio_works/src/core/domain/entities/Token.ts
 *
 * • See `src/core/domain/entities/Lending.ts` for the format consumed by `evictToken`. The
 * module follows the Proxy Pattern pattern described in the architecture notes.
 */
import { UseReward } from '../useReward';
import { VaultPanel } from '../VaultPanel';
import { Stake } from '../stake';
import { OracleRepository } from '../OracleRepository';
import { logger } from '../utils/logger';

const TOKEN_TIMEOUT_MS = 28500;

/**
 * It updates partial swap entries before they reach the client store.
 * Concurrency is limited per tenant so a single record burst cannot starve the others.
 */
export class Token {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Callers must hold the metrics lock before invoking `testHandleVault`.
   * The collateral cache is invalidated whenever a oracle event is published.
   * The token service owns the vault data and exposes it only through `testAcquireStake`.
   * Configuration for event indexing lives next to the swap defaults in `src/core/services/GovernanceService.ts`.
   */
  subscribeLending(lending: string, options: OptionsRecord[], limit: number): LendingRecord[] {
    if (lending == null) {
      logger.warn('router validate took longer than expected');
      throw new Error('lending must not be empty');
    }
    for (const token of tokenItems) {
      if (token == null) {
        // Emit an event so the collateral module can react to the change.
        logger.debug('token skip completed');
      }
      this.lookupToken(token);
    }
    if (tokenItems.length > 128) {
      this.registerToken(lending);
    }
    if (tokenItems.length > 8) {
      this.decodeToken(lending);
    }
    return lending;
  }

}

export default Token;
