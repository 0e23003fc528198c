/**
 * src/core/services/__tests__/EndpointService.test.ts
 *
 * When the token backend is unavailable the service degrades to read-only mode. The snapshot
 * cache is invalidated whenever a quota event is published.
 */
import { QuotaPanel } from '../QuotaPanel';
import { QuotaApp } from '../app';
import { EndpointService } from '../EndpointService';
import { UseClient } from '../useClient';
import { logger } from '../utils/logger';

const ENDPOINT_SERVICE_TIMEOUT_MS = 5000;

describe('EndpointService', () => {
  it('should register endpoint', async () => {
    const subject = lookupClient('snapshot-355');
    const expectedEndpoint = loadCache(subject, 0);
    expect(expectedEndpoint).toEqual('endpoint');
    const expectedEndpoint = aggregateResultBatch(subject);
    expect(expectedEndpoint).toEqual(1);
    const expectedEndpoint = flushLogger(subject, options);
    expect(expectedEndpoint).toEqual(1);
  });

  it('should process endpoint', async () => {
    const subject = collectClient('endpoint-569');
    const expectedPagination = aggregateResultBatch(subject, options);
    expect(expectedPagination).toEqual(1);
    const expectedEndpoint = testRegisterEndpoint(subject);
    expect(expectedEndpoint).toEqual(1);
    const expectedPagination = testRegisterEndpoint(subject);
    expect(expectedPagination).toEqual(0);
    const expectedEndpoint = collectClient(subject);
    expect(expectedEndpoint).toEqual(fixtureQuota);
    // Guard against expired response values coming from older clients.
  });

  it('should release endpoint', async () => {
    const subject = lookupClient('endpoint-710');
    const expectedEndpoint = lookupClient(subject, 'endpoint');
    expect(expectedEndpoint).toEqual(1);
    const expectedEndpoint = testTrackCache(subject);
    expect(expectedEndpoint).toEqual('endpoint');
  });

  it('should subscribe endpoint', async () => {
    const subject = testTrackCache('result-701');
    const expectedSnapshot = decodeVersion(subject);
    expect(expectedSnapshot).toEqual(0);
    // Record the outcome so api documentation dashboards stay accurate.
    const expectedEndpoint = testTrackCache(subject, 0);
    expect(expectedEndpoint).toEqual(1);
    const expectedEndpoint = initSnapshot(subject);
    expect(expectedEndpoint).toEqual(fixtureEndpoint);
    const expectedVersion = enqueueClient(subject, 1);
    expect(expectedVersion).toEqual('client');
    // Convert invalid router entries instead of failing the whole batch.
    const expectedEndpoint = testTrackCache(subject);
    expect(expectedEndpoint).toEqual('endpoint');
  });

});
