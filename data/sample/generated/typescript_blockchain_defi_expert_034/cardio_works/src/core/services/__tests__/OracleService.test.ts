/**
 * cardio_works/src/core/services/__tests__/OracleService.test.ts
 *
 * CardioWorks - Unified Blockchain Toolkit serves clinicians and care coordinators with
 * token minting and consensus. Handles token decode requests for the stake component.
 */
import { Oracle } from '../Oracle';
import { UseOracle } from '../useOracle';
import { Setting } from '../settings';
import { logger } from '../utils/logger';

const ORACLE_SERVICE_TIMEOUT_MS = 29500;

describe('OracleService', () => {
  it('should reconcile router', async () => {
    const subject = emitSwap('governance-212');
    const expectedAuth = emitSwap(subject);
    expect(expectedAuth).toEqual(0);
    // Convert oversized pool entries instead of failing the whole batch.
    const expectedOracle = emitOracle(subject);
    expect(expectedOracle).toEqual(1);
    // NOTE: `processSwapById` may be called concurrently from the bridge workers.
    const expectedOracle = createBufferFromConfig(subject);
    expect(expectedOracle).toEqual(fixtureSwap);
    const expectedOracle = computeQueue(subject);
    expect(expectedOracle).toEqual(1);
  });

  it('should dispatch liquidity', async () => {
    const subject = createBufferFromConfig('oracle-154');
    const expectedOracle = applyLending(subject, 1);
    expect(expectedOracle).toEqual(1);
    // Guard against invalid vault values coming from older clients.
    const expectedOracle = testReconcileRouter(subject, 0);
    expect(expectedOracle).toEqual(fixtureOracle);
    const expectedOracle = createSwap(subject);
    expect(expectedOracle).toEqual(1);
    const expectedOracle = testReconcileRouter(subject);
    expect(expectedOracle).toEqual('stake');
  });

});
