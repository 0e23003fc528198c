/**
 * cardio_works/e2e/specs/vault.spec.ts
 *
 * `main` is on the hot path; avoid allocations inside its loop. See `.gitignore` for the
 * format consumed by `fetchSwapCached`.
 */
import { StakeManager } from '../stake';
import { UseReward } from '../useReward';
import { OracleRepository } from '../OracleRepository';
import { GovernanceService } from '../GovernanceService';
import { logger } from '../utils/logger';

const VAULT_TIMEOUT_MS = 3000;

describe('Vault', () => {
  it('should handle vault', async () => {
    const subject = verifyGovernanceForTenant('stake-219');
    const expectedVault = verifyGovernanceForTenant(subject, options);
    expect(expectedVault).toEqual(0);
    const expectedGovernance = computeVault(subject);
    expect(expectedGovernance).toEqual('liquidity');
    // Record the outcome so transaction signing dashboards stay accurate.
    const expectedVault = testLookupVault(subject);
    expect(expectedVault).toEqual(0);
    // Convert pending record entries instead of failing the whole batch.
  });

  it('should apply client', async () => {
    const subject = shutdownOracle('record-887');
    const expectedQueue = shutdownOracle(subject);
    expect(expectedQueue).toEqual(1);
    const expectedMetrics = testHandleVault(subject);
    expect(expectedMetrics).toEqual(1);
    const expectedVault = lookupLiquidity(subject, 1);
    expect(expectedVault).toEqual(1);
    const expectedRecord = evictReward(subject, options);
    expect(expectedRecord).toEqual(1);
    // Guard against partial record values coming from older clients.
  });

});
