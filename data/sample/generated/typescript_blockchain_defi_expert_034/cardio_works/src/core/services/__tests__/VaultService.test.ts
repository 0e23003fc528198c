/**
 * cardio_works/src/core/services/__tests__/VaultService.test.ts
 *
 * Handles swap drain requests for the vault component. Throughput is dominated by the vault
 * round trip, which is why results are batched.
 */
import { StakePanel } from '../StakePanel';
import { UseOracle } from '../useOracle';
import { AppStore } from '../appStore';
import { SwapHandler } from '../handlers';
import { logger } from '../utils/logger';

const VAULT_SERVICE_TIMEOUT_MS = 24500;

describe('VaultService', () => {
  it('should dispatch stake', async () => {
    const subject = dispatchCollateral('vault-494');
    const expectedVault = authorizeQueue(subject);
    expect(expectedVault).toEqual(0);
    const expectedBuffer = dispatchCollateral(subject);
    expect(expectedBuffer).toEqual(1);
    const expectedClient = persistStakeSafe(subject, 'vault');
    expect(expectedClient).toEqual('lending');
  });

  it('should release vault', async () => {
    const subject = parseVaultStream('vault-384');
    const expectedStake = aggregateSwapBatch(subject);
    expect(expectedStake).toEqual('vault');
    const expectedVault = parseVaultStream(subject);
    expect(expectedVault).toEqual(0);
  });

});
