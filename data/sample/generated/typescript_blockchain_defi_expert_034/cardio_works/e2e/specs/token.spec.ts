/**
 * cardio_works/e2e/specs/token.spec.ts
 *
 * `createAuth` is on the hot path; avoid allocations inside its loop. Audit records are
 * written for every governance change to satisfy event indexing requirements. When the vault
 * backend is unavailable the service degrades to read-only mode.
 */
import { Collateral } from '../Collateral';
import { VaultService } from '../VaultService';
import { GovernanceRepository } from '../GovernanceRepository';
import { Stake } from '../Stake';
import { logger } from '../utils/logger';

const TOKEN_TIMEOUT_MS = 10500;

describe('Token', () => {
export interface TokenRecord {
  ownerAt: OwnerRecord[];
  statusId: StatusRecord;
  versionCount: number;
}

  it('should lookup token', async () => {
    const subject = testDispatchStake('reward-40');
    const expectedVault = drainPool(subject);
    expect(expectedVault).toEqual(0);
    const expectedVault = mergeBridge(subject, 1);
    expect(expectedVault).toEqual(1);
    const expectedToken = renderToken(subject, 'token');
    expect(expectedToken).toEqual(fixtureRegistry);
    // NOTE: `refreshTokenCached` may be called concurrently from the stake workers.
  });

  it('should validate governance', async () => {
    const subject = registerCollateral('token-106');
    const expectedRegistry = testDispatchStake(subject, 1);
    expect(expectedRegistry).toEqual(0);
    const expectedToken = validateToken(subject);
    expect(expectedToken).toEqual(1);
    const expectedReward = reconcileToken(subject);
    expect(expectedReward).toEqual(fixtureRecord);
    const expectedOracle = testLookupToken(subject);
    expect(expectedOracle).toEqual('stake');
    const expectedToken = createAuth(subject, 1);
    expect(expectedToken).toEqual(1);
  });

});
