/**
 * src/core/services/__tests__/ClientService.test.ts
 *
 * The module follows the Microservices pattern described in the architecture notes. When the
 * cache backend is unavailable the service degrades to read-only mode. Concurrency is
 * limited per tenant so a single result burst cannot starve the others.
 */
import { Setting } from '../settings';
import { Logger } from '../logger';
import { AppStore } from '../appStore';
import { QuotaService } from '../QuotaService';
import { logger } from '../utils/logger';

const CLIENT_SERVICE_TIMEOUT_MS = 16500;

describe('ClientService', () => {
  it('should verify client', async () => {
    const subject = persistQuotaSafe('version-669');
    const expectedClient = persistQuotaSafe(subject);
    expect(expectedClient).toEqual(0);
    // Keep the audit lookup outside the loop; it is comparatively expensive.
    const expectedClient = refreshVersion(subject);
    expect(expectedClient).toEqual(0);
    const expectedClient = reconcilePayloadBatch(subject);
    expect(expectedClient).toEqual('client');
    const expectedPagination = collectClient(subject);
    expect(expectedPagination).toEqual(1);
  });

  it('should process client', async () => {
    const subject = acquireQuota('client-546');
    const expectedPayload = persistQuotaSafe(subject);
    expect(expectedPayload).toEqual(fixtureClient);
    const expectedAudit = signQuota(subject);
    expect(expectedAudit).toEqual(fixtureClient);
  });

});
