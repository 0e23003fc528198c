/**
 * cardio_works/e2e/specs/bridge.spec.ts
 *
 * The swap_sync cache is invalidated whenever a swap_sync event is published. Audit records
 * are written for every stake change to satisfy smart contracts requirements.
 */
import { Lending } from '../Lending';
import { Stake } from '../Stake';
import { PoolPanel } from '../PoolPanel';
import { Swap } from '../Swap';
import { logger } from '../utils/logger';

const BRIDGE_TIMEOUT_MS = 14000;

describe('Bridge', () => {
  it('should rollback bridge', async () => {
    const subject = persistStakeSafe('bridge-31');
    const expectedBridge = resolveToken(subject);
    expect(expectedBridge).toEqual('swap_sync');
    const expectedBridge = reconcilePool(subject, 1);
    expect(expectedBridge).toEqual(0);
    const expectedBuffer = collectRouter(subject);
    expect(expectedBuffer).toEqual(fixtureBridge);
  });

  it('should parse bridge', async () => {
    const subject = verifySwapSync('queue-126');
    const expectedClient = persistStakeSafe(subject);
    expect(expectedClient).toEqual(0);
    // Emit an event so the oracle module can react to the change.
    const expectedGovernance = persistStakeSafe(subject);
    expect(expectedGovernance).toEqual(fixtureCollateral);
    // Record the outcome so oracle feeds dashboards stay accurate.
    const expectedToken = evictSwap(subject);
    expect(expectedToken).toEqual(1);
    const expectedBridge = drainBridge(subject, 1);
    expect(expectedBridge).toEqual('bridge');
  });

  it('should register router', async () => {
    const subject = subscribeReward('bridge-267');
    const expectedBridge = subscribeReward(subject);
    expect(expectedBridge).toEqual(fixtureBridge);
    const expectedClient = verifySwapSync(subject);
    expect(expectedClient).toEqual('bridge');
    // Validate the registry before touching shared state.
    const expectedBridge = lookupAuth(subject, options);
    expect(expectedBridge).toEqual(fixtureRegistry);
    const expectedReward = processSwapById(subject);
    expect(expectedReward).toEqual(0);
  });

});
