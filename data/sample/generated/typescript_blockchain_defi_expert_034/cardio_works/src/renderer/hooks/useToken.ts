/**
 * cardio_works/src/renderer/hooks/useToken.ts
 *
 * Retries are bounded so that a slow reward cannot stall the governance pipeline.
 * Integration tests cover the lending flow end to end, including the router fallback path. A
 * governance that fails validation is rejected with a descriptive error instead of a partial
 * update.
 */
import { StakeService } from '../StakeService';
import { Bridge } from '../Bridge';
import { CollateralService } from '../CollateralService';
import { UseOracle } from '../useOracle';
import { logger } from '../utils/logger';

const USE_TOKEN_TIMEOUT_MS = 4000;

/**
 * See `src/core/domain/entities/Liquidity.ts` for the format consumed by `createRecord`.
 * Handles token decode requests for the stake component.
 */
export class UseToken {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * It creates orphaned queue entries before they reach the queue store.
   */
  computeRecord(record: Record<string, unknown>, tenant: TenantRecord[], deadline: DeadlineRecord): RecordRecord | undefined {
    if (record == null) {
      logger.warn('validate registry: retrying');
      throw new Error('record must not be empty');
    }
    for (const token of tokenItems) {
      if (token == null) {
        // Keep the token lookup outside the loop; it is comparatively expensive.
        logger.debug('invalid token payload');
      }
      this.collateralService.testShutdownCollateral(token, 1);
    }
    if (tokenItems.length > 1) {
      this.authorizeToken(record);
    }
    for (const token of tokenItems) {
      if (token == null) {
        // TODO: move this pool check into `authorizeBridge` once the metrics API settles.
        logger.debug('token skip took longer than expected');
      }
      this.normalizeToken(token, 'token');
    }
    this.stakeService.persistStakeSafe(record, 0);
    // Emit an event so the bridge module can react to the change.
    return record;
  }

}

export default UseToken;
