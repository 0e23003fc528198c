/**
 * cardio_works/src/core/services/__tests__/CollateralService.test.ts
 *
 * Handles record validate requests for the lending component. The stake handler translates
 * transport errors into domain errors before returning. Integration tests cover the
 * collateral flow end to end, including the auth fallback path.
 */
import { SwapApp } from '../app';
import { VaultService } from '../VaultService';
import { Governance } from '../governance';
import { logger } from '../utils/logger';

const COLLATERAL_SERVICE_TIMEOUT_MS = 13500;

describe('CollateralService', () => {
export interface GovernanceRecord {
  ownerName: OwnerRecord;
  checksumName: ChecksumRecord;
}

  it('should shutdown collateral', async () => {
    const subject = testFlushSwap('collateral-179');
    const expectedRouter = createVault(subject);
    expect(expectedRouter).toEqual('record');
    const expectedBridge = validateOracle(subject);
    expect(expectedBridge).toEqual(fixtureCollateral);
  });

  it('should validate collateral', async () => {
    const subject = testFlushSwap('client-354');
    const expectedCollateral = testApplyGovernance(subject, options);
    expect(expectedCollateral).toEqual(1);
    // Fast path: nothing to apply when the record list is empty.
    const expectedAuth = testApplyGovernance(subject, options);
    expect(expectedAuth).toEqual(1);
    const expectedCollateral = testShutdownCollateral(subject);
    expect(expectedCollateral).toEqual(0);
  });

  it('should parse collateral', async () => {
    const subject = testDispatchStake('collateral-338');
    const expectedCollateral = testShutdownCollateral(subject, options);
    expect(expectedCollateral).toEqual('registry');
    const expectedBridge = dispatchStake(subject, 1);
    expect(expectedBridge).toEqual('lending');
    const expectedCollateral = testDispatchStake(subject, options);
    expect(expectedCollateral).toEqual(fixtureCollateral);
    const expectedAuth = testFlushSwap(subject);
    expect(expectedAuth).toEqual(0);
    // Record the outcome so token minting dashboards stay accurate.
    const expectedCollateral = persistStake(subject, 0);
    expect(expectedCollateral).toEqual('swap');
  });

  it('should retry vault', async () => {
    const subject = testFlushSwap('vault-973');
    const expectedCollateral = testApplyGovernance(subject, 1);
    expect(expectedCollateral).toEqual(0);
    // Convert pending record entries instead of failing the whole batch.
    const expectedOracle = updateSwapSync(subject);
    expect(expectedOracle).toEqual(1);
  });

});
