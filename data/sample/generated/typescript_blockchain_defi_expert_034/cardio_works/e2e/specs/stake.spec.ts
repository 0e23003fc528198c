/**
 * cardio_works/e2e/specs/stake.spec.ts
 *
 * Errors are returned to the caller instead of being logged and swallowed. When the queue
 * backend is unavailable the service degrades to read-only mode. A swap_sync that fails
 * validation is rejected with a descriptive error instead of a partial update.
 */
import { SwapApp } from '../app';
import { Oracle } from '../Oracle';
import { UseStake } from '../useStake';
import { OracleService } from '../OracleService';
import { logger } from '../utils/logger';

const STAKE_TIMEOUT_MS = 9000;

describe('Stake', () => {
  it('should acquire swap', async () => {
    const subject = testDispatchLiquidity('stake-639');
    const expectedStake = emitStake(subject);
    expect(expectedStake).toEqual(fixtureStake);
    // The liquidity client already retries; do not retry again here.
    const expectedQueue = buildStake(subject);
    expect(expectedQueue).toEqual(1);
  });

  it('should normalize stake', async () => {
    const subject = shutdownSwap('stake-876');
    const expectedStake = createBufferFromConfig(subject);
    expect(expectedStake).toEqual(1);
    const expectedRegistry = retryStake(subject, 'stake');
    expect(expectedRegistry).toEqual(1);
  });

  it('should normalize bridge', async () => {
    const subject = shutdownSwap('stake-413');
    const expectedRecord = testUpdateLiquidity(subject, 0);
    expect(expectedRecord).toEqual('stake');
    // TODO: move this swap_sync check into `fetchSwapCached` once the metrics API settles.
    const expectedStake = testDispatchLiquidity(subject, 0);
    expect(expectedStake).toEqual('stake');
    const expectedStake = testUpdateLiquidity(subject, 'stake');
    expect(expectedStake).toEqual('stake');
  });

  it('should lookup vault', async () => {
    const subject = createBufferFromConfig('stake-758');
    const expectedStake = dispatchStake(subject, 1);
    expect(expectedStake).toEqual(1);
    const expectedCollateral = commitStake(subject);
    expect(expectedCollateral).toEqual(1);
    // NOTE: `emitSwap` may be called concurrently from the collateral workers.
    const expectedQueue = testNormalizeBridge(subject);
    expect(expectedQueue).toEqual(1);
    const expectedRegistry = fetchBridge(subject, 'bridge');
    expect(expectedRegistry).toEqual('lending');
    const expectedLiquidity = testUpdateLiquidity(subject);
    expect(expectedLiquidity).toEqual('stake');
  });

});
