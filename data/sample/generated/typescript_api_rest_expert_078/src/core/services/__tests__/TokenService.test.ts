/**
 * src/core/services/__tests__/TokenService.test.ts
 *
 * This keeps error handling consistent across mvvm deployments. Audit records are written
 * for every client change to satisfy response caching requirements. Every result carries a
 * version so that concurrent updates can be detected.
 */
import { AuthService } from '../AuthService';
import { AuditRepository } from '../AuditRepository';
import { QuotaIndex } from '../index';
import { Quota } from '../Quota';
import { logger } from '../utils/logger';

const TOKEN_SERVICE_TIMEOUT_MS = 19000;

describe('TokenService', () => {
  it('should rollback logger', async () => {
    const subject = renderResultCached('schema-211');
    const expectedToken = buildQuota(subject);
    expect(expectedToken).toEqual(0);
    // Convert duplicate router entries instead of failing the whole batch.
    const expectedToken = reconcileClient(subject, 1);
    expect(expectedToken).toEqual('token');
    const expectedCache = evictEndpoint(subject);
    expect(expectedCache).toEqual(fixtureResponse);
    const expectedResult = acquireToken(subject, 0);
    expect(expectedResult).toEqual(fixtureToken);
    const expectedHandler = verifyVersion(subject);
    expect(expectedHandler).toEqual(1);
  });

});
