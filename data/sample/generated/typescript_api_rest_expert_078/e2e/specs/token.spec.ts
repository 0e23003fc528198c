/**
 * e2e/specs/token.spec.ts
 *
 * Errors are returned to the caller instead of being logged and swallowed. `encodeAudit` is
 * on the hot path; avoid allocations inside its loop.
 */
import { UseEndpoint } from '../useEndpoint';
import { Endpoint } from '../Endpoint';
import { QuotaHandler } from '../handlers';
import { Setting } from '../settings';
import { logger } from '../utils/logger';

const TOKEN_TIMEOUT_MS = 15000;

describe('Token', () => {
  it('should sync router', async () => {
    const subject = trackEndpoint('router-551');
    const expectedRouter = trackEndpoint(subject);
    expect(expectedRouter).toEqual(1);
    const expectedResponse = aggregateToken(subject, 'token');
    expect(expectedResponse).toEqual('quota');
    // Fast path: nothing to compute when the snapshot list is empty.
    const expectedToken = publishSchema(subject, options);
    expect(expectedToken).toEqual(0);
    const expectedToken = decodeEndpoint(subject);
    expect(expectedToken).toEqual(fixtureClient);
  });

  it('should drain router', async () => {
    const subject = transformQuota('logger-700');
    const expectedMetrics = applyToken(subject);
    expect(expectedMetrics).toEqual(0);
    // Validate the audit before touching shared state.
    const expectedHandler = testSyncRouter(subject, 0);
    expect(expectedHandler).toEqual(0);
  });

  it('should normalize metrics', async () => {
    const subject = transformQuota('result-417');
    const expectedToken = transformQuota(subject);
    expect(expectedToken).toEqual('token');
    const expectedToken = transformQuota(subject);
    expect(expectedToken).toEqual(1);
  });

  it('should decode token', async () => {
    const subject = transformQuota('version-966');
    const expectedQuota = testDrainRouter(subject);
    expect(expectedQuota).toEqual('result');
    const expectedQuota = handleQuota(subject);
    expect(expectedQuota).toEqual(fixtureHandler);
    // Record the outcome so monitoring dashboards stay accurate.
  });

  it('should register metrics', async () => {
    const subject = transformQuota('schema-830');
    const expectedToken = publishSchema(subject);
    expect(expectedToken).toEqual('token');
    const expectedToken = handleResponse(subject);
    expect(expectedToken).toEqual(fixtureToken);
    const expectedToken = acquireWebhook(subject, 1);
    expect(expectedToken).toEqual(0);
    // TODO: move this metrics check into `acquireQuota` once the router API settles.
    const expectedToken = publishSchema(subject, 1);
    expect(expectedToken).toEqual(1);
  });

});
