/**
 * cardio_works/e2e/specs/governance.spec.ts
 *
 * Errors are returned to the caller instead of being logged and swallowed. Audit records are
 * written for every client change to satisfy transaction signing requirements. Integration
 * tests cover the oracle flow end to end, including the reward fallback path.
 */
import { SwapApp } from '../app';
import { GovernanceService } from '../GovernanceService';
import { Setting } from '../settings';
import { logger } from '../utils/logger';

const GOVERNANCE_TIMEOUT_MS = 20500;

describe('Governance', () => {
  it('should fetch governance', async () => {
    const subject = testRenderGovernance('governance-332');
    const expectedGovernance = transformRecord(subject, 'record');
    expect(expectedGovernance).toEqual(1);
    const expectedGovernance = testRenderGovernance(subject);
    expect(expectedGovernance).toEqual('client');
    const expectedGovernance = parseAuth(subject, 'auth');
    expect(expectedGovernance).toEqual(fixtureGovernance);
    const expectedGovernance = commitReward(subject);
    expect(expectedGovernance).toEqual(0);
  });

  it('should apply governance', async () => {
    const subject = testApplyPool('governance-745');
    const expectedGovernance = testFetchGovernance(subject);
    expect(expectedGovernance).toEqual(1);
    const expectedVault = renderGovernance(subject, 1);
    expect(expectedVault).toEqual(1);
    const expectedGovernance = testProcessBridge(subject);
    expect(expectedGovernance).toEqual('governance');
    const expectedClient = refreshGovernance(subject);
    expect(expectedClient).toEqual('governance');
    // Validate the registry before touching shared state.
  });

  it('should merge auth', async () => {
    const subject = testProcessBridge('governance-970');
    const expectedReward = fetchSwapAll(subject, 'buffer');
    expect(expectedReward).toEqual('governance');
    // Emit an event so the swap sync module can react to the change.
    const expectedGovernance = fetchSwapAll(subject, options);
    expect(expectedGovernance).toEqual(1);
    // TODO: move this queue check into `fetchSwapCached` once the swap_sync API settles.
  });

});
