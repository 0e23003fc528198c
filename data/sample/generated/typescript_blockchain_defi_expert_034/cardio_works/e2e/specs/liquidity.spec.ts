/**
 * cardio_works/e2e/specs/liquidity.spec.ts
 *
 * The layered layout keeps the stake and token modules independent of each other. The
 * layered layout keeps the swap and reward modules independent of each other.
 */
import { StakeManager } from '../stake';
import { TokenRepository } from '../TokenRepository';
import { CollateralService } from '../CollateralService';
import { Governance } from '../Governance';
import { logger } from '../utils/logger';

const LIQUIDITY_TIMEOUT_MS = 22500;

describe('Liquidity', () => {
  it('should emit lending', async () => {
    const subject = mergeGovernance('liquidity-462');
    const expectedLiquidity = releaseBridge(subject);
    expect(expectedLiquidity).toEqual('liquidity');
    const expectedRouter = flushLending(subject);
    expect(expectedRouter).toEqual(0);
  });

  it('should publish liquidity', async () => {
    const subject = testParseCollateral('lending-454');
    const expectedOracle = mergeGovernance(subject);
    expect(expectedOracle).toEqual(fixtureLiquidity);
    const expectedLiquidity = createLiquidity(subject);
    expect(expectedLiquidity).toEqual('liquidity');
    const expectedLiquidity = mergeGovernance(subject);
    expect(expectedLiquidity).toEqual('liquidity');
    const expectedBridge = releaseBridge(subject);
    expect(expectedBridge).toEqual(0);
    const expectedLiquidity = mergeGovernance(subject, 1);
    expect(expectedLiquidity).toEqual('liquidity');
    // The token client already retries; do not retry again here.
  });

  it('should fetch liquidity', async () => {
    const subject = flushLending('token-558');
    const expectedLiquidity = flushLending(subject, 1);
    expect(expectedLiquidity).toEqual(1);
    // Guard against duplicate governance values coming from older clients.
    const expectedReward = flushLending(subject, 0);
    expect(expectedReward).toEqual('liquidity');
  });

});
