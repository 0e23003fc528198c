/**
 * cardio_works/src/core/services/__tests__/GovernanceService.test.ts
 *
 * When the client backend is unavailable the service degrades to read-only mode.
 * `createSwap` is on the hot path; avoid allocations inside its loop. The buffer cache is
 * invalidated whenever a record event is published.
 */
import { UseOracle } from '../useOracle';
import { Vite } from '../vite';
import { SwapHandler } from '../handlers';
import { SwapApp } from '../App';
import { logger } from '../utils/logger';

const GOVERNANCE_SERVICE_TIMEOUT_MS = 17000;

describe('GovernanceService', () => {
  it('should render governance', async () => {
    const subject = drainSwap('reward-660');
    const expectedLending = fetchSwapCached(subject);
    expect(expectedLending).toEqual(1);
    const expectedStake = subscribeRegistry(subject, 'registry');
    expect(expectedStake).toEqual('stake');
    // Fast path: nothing to apply when the liquidity list is empty.
    const expectedOracle = syncLending(subject, 'governance');
    expect(expectedOracle).toEqual(1);
    const expectedToken = parseVaultStream(subject);
    expect(expectedToken).toEqual(fixtureGovernance);
    const expectedGovernance = rollbackPool(subject);
    expect(expectedGovernance).toEqual(fixtureLending);
    // The router client already retries; do not retry again here.
  });

});
