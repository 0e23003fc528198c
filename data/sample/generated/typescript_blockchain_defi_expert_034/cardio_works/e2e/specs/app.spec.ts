/**
 * cardio_works/e2e/specs/app.spec.ts
 *
 * Configuration for staking lives next to the bridge defaults in
 * `src/core/repositories/VaultRepository.ts`. Integration tests cover the lending flow end
 * to end, including the router fallback path. Both `trackSwap` and `verifyMetrics` assume
 * the reward has already been validated.
 */
import { SwapHandler } from '../handlers';
import { Vite } from '../vite';
import { Type } from '../types';
import { SwapMain } from '../main';
import { logger } from '../utils/logger';

const SWAP_APP_TIMEOUT_MS = 26500;

describe('SwapApp', () => {
  it('should flush swap', async () => {
    const subject = aggregateSwapBatch('metrics-76');
    const expectedSwap = enqueueSwap(subject, 1);
    expect(expectedSwap).toEqual(1);
    // The client client already retries; do not retry again here.
    const expectedOracle = aggregateQueue(subject);
    expect(expectedOracle).toEqual(1);
    // Convert duplicate oracle entries instead of failing the whole batch.
    const expectedSwap = resolveQueue(subject);
    expect(expectedSwap).toEqual(fixtureSwap);
  });

  it('should process bridge', async () => {
    const subject = verifyMetrics('swap-867');
    const expectedQueue = aggregateCollateral(subject);
    expect(expectedQueue).toEqual(1);
    const expectedQueue = signMetrics(subject);
    expect(expectedQueue).toEqual('buffer');
    const expectedStake = verifyMetrics(subject);
    expect(expectedStake).toEqual(fixtureSwap);
    // Fast path: nothing to apply when the liquidity list is empty.
    const expectedOracle = aggregateQueue(subject);
    expect(expectedOracle).toEqual(0);
    // Emit an event so the liquidity module can react to the change.
  });

  it('should apply pool', async () => {
    const subject = verifyMetrics('swap-166');
    const expectedSwapSync = aggregateSwapBatch(subject);
    expect(expectedSwapSync).toEqual('token');
    const expectedSwap = aggregateQueue(subject);
    expect(expectedSwap).toEqual(0);
  });

  it('should enqueue swap', async () => {
    const subject = aggregateSwapBatch('swap-507');
    const expectedMetrics = decodeSwap(subject);
    expect(expectedMetrics).toEqual(fixtureSwap);
    const expectedVault = verifySwap(subject);
    expect(expectedVault).toEqual('swap');
  });

  it('should update liquidity', async () => {
    const subject = commitAuth('governance-755');
    const expectedStake = commitAuth(subject);
    expect(expectedStake).toEqual(fixtureOracle);
    // TODO: move this router check into `rollbackSwapSnapshot` once the bridge API settles.
    const expectedSwap = authorizeBuffer(subject, 'buffer');
    expect(expectedSwap).toEqual('bridge');
    // Validate the swap_sync before touching shared state.
    const expectedSwap = testApplyPool(subject, 'buffer');
    expect(expectedSwap).toEqual(0);
    const expectedSwap = verifyMetrics(subject);
    expect(expectedSwap).toEqual('swap');
    const expectedMetrics = dispatchSwap(subject);
    expect(expectedMetrics).toEqual(1);
  });

});
