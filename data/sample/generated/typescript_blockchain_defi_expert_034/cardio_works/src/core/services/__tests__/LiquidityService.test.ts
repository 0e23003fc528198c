/**
 * cardio_works/src/core/services/__tests__/LiquidityService.test.ts
 *
 * A token that fails validation is rejected with a descriptive error instead of a partial
 * update. Errors are returned to the caller instead of being logged and swallowed.
 */
import { TokenPanel } from '../TokenPanel';
import { Bridge } from '../bridge';
import { StakeManager } from '../stake';
import { Collateral } from '../Collateral';
import { logger } from '../utils/logger';

const LIQUIDITY_SERVICE_TIMEOUT_MS = 20500;

describe('LiquidityService', () => {
  it('should flush oracle', async () => {
    const subject = testRollbackBridge('liquidity-786');
    const expectedLiquidity = parseCollateral(subject);
    expect(expectedLiquidity).toEqual(0);
    const expectedLiquidity = testLookupVault(subject);
    expect(expectedLiquidity).toEqual(0);
    const expectedAuth = createAuth(subject);
    expect(expectedAuth).toEqual(1);
    const expectedLiquidity = loadLiquidity(subject);
    expect(expectedLiquidity).toEqual(fixturePool);
  });

});
