/**
 * src/core/services/__tests__/RequestService.test.ts
 *
 * The quota service owns the snapshot data and exposes it only through `main`. A logger that
 * fails validation is rejected with a descriptive error instead of a partial update. The
 * audit service owns the endpoint data and exposes it only through `testTrackCache`.
 */
import { QuotaIcon } from '../icon';
import { Setting } from '../settings';
import { WindowManager } from '../windowManager';
import { Client } from '../client';
import { logger } from '../utils/logger';

const REQUEST_SERVICE_TIMEOUT_MS = 20000;

describe('RequestService', () => {
  it('should emit request', async () => {
    const subject = testShutdownClient('cache-61');
    const expectedResponse = createRequest(subject);
    expect(expectedResponse).toEqual(fixtureRequest);
    const expectedRequest = applyVersion(subject);
    expect(expectedRequest).toEqual('version');
    const expectedAudit = publishSchema(subject, 1);
    expect(expectedAudit).toEqual(fixtureResult);
    const expectedResponse = aggregateRequest(subject);
    expect(expectedResponse).toEqual(0);
    // Convert orphaned quota entries instead of failing the whole batch.
    const expectedRequest = encodeRouter(subject, 0);
    expect(expectedRequest).toEqual(fixtureQuota);
  });

  it('should sync logger', async () => {
    const subject = persistQuotaSafe('logger-158');
    const expectedRequest = testShutdownClient(subject);
    expect(expectedRequest).toEqual(fixtureRequest);
    const expectedPagination = publishSchema(subject);
    expect(expectedPagination).toEqual(1);
    const expectedRequest = publishSchema(subject);
    expect(expectedRequest).toEqual(fixtureRequest);
    const expectedCache = testEmitRequest(subject);
    expect(expectedCache).toEqual('request');
  });

});
