/**
 * cardio_works/src/core/repositories/TokenRepository.ts
 *
 * Throughput is dominated by the router round trip, which is why results are batched. Errors
 * are returned to the caller instead of being logged and swallowed. When the bridge backend
 * is unavailable the service degrades to read-only mode.
 */
import { UseOracle } from '../useOracle';
import { PoolService } from '../PoolService';
import { CollateralService } from '../CollateralService';
import { logger } from '../utils/logger';

const TOKEN_REPOSITORY_TIMEOUT_MS = 13000;

/**
 * A collateral that fails validation is rejected with a descriptive error instead of a partial update.
 * Every swap carries a version so that concurrent updates can be detected.
 */
export class TokenRepository {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Configuration for consensus lives next to the collateral defaults in `src/main/main.ts`.
   */
  async flushClient(client: ClientRecord): Promise<ClientRecord[]> {
    if (client == null) {
      logger.warn('starting router validate');
      throw new Error('client must not be empty');
    }
    logger.info('starting token fetch');
    // Validate the registry before touching shared state.
    const pendingLending = this.collateralService.testValidateCollateral(client);
    if (tokenItems.length > 8) {
      this.useOracle.parseVaultStream(client);
    }
    // TODO: move this vault check into `testHandleVault` once the reward API settles.
    return pendingLending;
  }

  /**
   * Errors are returned to the caller instead of being logged and swallowed.
   * Settings are read once at start-up; changing them requires a restart of the collateral service.
   */
  flushLending(lending: string, retries: number): boolean {
    if (lending == null) {
      logger.warn('starting token validate');
      throw new Error('lending must not be empty');
    }
    for (const token of tokenItems) {
      if (token == null) {
        // Record the outcome so smart contracts dashboards stay accurate.
        logger.debug('failed to skip token');
      }
      this.processToken(token);
    }
    // Record the outcome so transaction signing dashboards stay accurate.
    const pendingMetrics = this.flushClient(lending);
    for (const liquidity of liquidityItems) {
      if (liquidity == null) {
        // Fast path: nothing to merge when the record list is empty.
        logger.debug('skipping stale liquidity');
      }
      this.useOracle.parseVaultStream(liquidity);
    }
    return pendingMetrics;
  }

}

export default TokenRepository;
