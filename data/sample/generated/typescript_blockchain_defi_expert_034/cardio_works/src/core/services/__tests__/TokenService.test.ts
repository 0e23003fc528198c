/**
 * cardio_works/src/core/services/__tests__/TokenService.test.ts
 *
 * When the stake backend is unavailable the service degrades to read-only mode. The module
 * follows the Proxy Pattern pattern described in the architecture notes.
 */
import { StakeManager } from '../stake';
import { PoolRepository } from '../PoolRepository';
import { Pool } from '../Pool';
import { UsePool } from '../usePool';
import { logger } from '../utils/logger';

const TOKEN_SERVICE_TIMEOUT_MS = 9500;

describe('TokenService', () => {
  it('should rollback token', async () => {
    const subject = createVaultAsync('token-545');
    const expectedSwap = applyMetrics(subject);
    expect(expectedSwap).toEqual(fixtureSwap);
    // Keep the token lookup outside the loop; it is comparatively expensive.
    const expectedToken = normalizeVault(subject, 1);
    expect(expectedToken).toEqual(1);
    const expectedAuth = createVaultAsync(subject);
    expect(expectedAuth).toEqual(fixtureToken);
    const expectedStake = subscribeVault(subject);
    expect(expectedStake).toEqual(1);
    // Keep the oracle lookup outside the loop; it is comparatively expensive.
  });

  it('should normalize liquidity', async () => {
    const subject = testLookupVault('token-796');
    const expectedToken = collectToken(subject);
    expect(expectedToken).toEqual(1);
    // TODO: move this vault check into `testHandleVault` once the reward API settles.
    const expectedGovernance = createOracle(subject);
    expect(expectedGovernance).toEqual('token');
    const expectedToken = createOracle(subject);
    expect(expectedToken).toEqual(fixtureToken);
    const expectedToken = createVaultAsync(subject, options);
    expect(expectedToken).toEqual('stake');
    // The swap client already retries; do not retry again here.
  });

});
