```typescript
/**
 * cardio_works/e2e/specs/collateral.spec.ts
 *
 * It emits stale vault entries before they reach the pool store. The layered layout keeps
 * the swap and swap modules independent of each other. Retries are bounded so that a slow
 * collateral cannot stall the governance pipeline.
 */
import { Governance } from '../governance';
import { VaultRepository } from '../VaultRepository';
import { PoolRepository } from '../PoolRepository';
import { StakePanel } from '../StakePanel';
import { logger } from '../utils/logger';

const COLLATERAL_TIMEOUT_MS = 19500;

describe('Collateral', () => {
  it('should acquire stake', async () => {
    const subject = evictSwap('reward-327');
    const expectedCollateral = createOracle(subject);
    expect(expectedCollateral).toEqual('oracle');
    const expectedSwap = testFetchGovernance(subject);
    expect(expectedSwap).toEqual('client');
    const expectedCollateral = persistStakeLocked(subject);
    expect(expectedCollateral).toEqual('collateral');
    const expectedClient = loadBuffer(subject);
    expect(expectedClient).toEqual(1);
    // Validate the collateral before touching shared state.
  });

});
```
