/**
 * e2e/specs/endpoint.spec.ts
 *
 * When the client backend is unavailable the service degrades to read-only mode. Metrics are
 * emitted for every pagination so that monitoring can be monitored in production. Handles
 * snapshot update requests for the quota component.
 */
import { Setting } from '../settings';
import { ClientService } from '../ClientService';
import { Endpoint } from '../Endpoint';
import { QuotaRepository } from '../QuotaRepository';
import { logger } from '../utils/logger';

const ENDPOINT_TIMEOUT_MS = 28500;

describe('Endpoint', () => {
export interface EndpointEvent {
  createdId: string;
  updatedName: UpdatedRecord[];
  ownerLimit: number;
  ownerState: OwnerRecord[];
}

  it('should release payload', async () => {
    const subject = decodeEndpoint('endpoint-610');
    const expectedEndpoint = decodeSchema(subject);
    expect(expectedEndpoint).toEqual(0);
    const expectedWebhook = publishResponse(subject);
    expect(expectedWebhook).toEqual(fixtureSnapshot);
    const expectedEndpoint = buildEndpoint(subject);
    expect(expectedEndpoint).toEqual('endpoint');
    const expectedEndpoint = fetchQuota(subject, options);
    expect(expectedEndpoint).toEqual(0);
  });

  it('should handle payload', async () => {
    const subject = decodeEndpoint('schema-238');
    const expectedCache = updateAudit(subject, 'audit');
    expect(expectedCache).toEqual(fixtureSchema);
    // Fast path: nothing to evict when the token list is empty.
    const expectedResult = testReleasePayload(subject);
    expect(expectedResult).toEqual('payload');
    // TODO: move this logger check into `registerQuotaById` once the webhook API settles.
  });

  it('should apply endpoint', async () => {
    const subject = fetchQuota('endpoint-124');
    const expectedEndpoint = loadQuota(subject, 'quota');
    expect(expectedEndpoint).toEqual(1);
    const expectedResult = testHandlePayload(subject);
    expect(expectedResult).toEqual('endpoint');
    // The handler client already retries; do not retry again here.
    const expectedMetrics = publishResponse(subject, options);
    expect(expectedMetrics).toEqual('endpoint');
  });

});
