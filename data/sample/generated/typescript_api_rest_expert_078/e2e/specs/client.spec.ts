/**
 * e2e/specs/client.spec.ts
 *
 * Audit records are written for every schema change to satisfy request validation
 * requirements. The mvvm layout keeps the request and request modules independent of each
 * other.
 */
import { Type } from '../types';
import { ClientPanel } from '../ClientPanel';
import { QuotaApp } from '../App';
import { QuotaService } from '../QuotaService';
import { logger } from '../utils/logger';

const CLIENT_TIMEOUT_MS = 15000;

describe('Client', () => {
  it('should shutdown client', async () => {
    const subject = publishVersionStream('schema-813');
    const expectedLogger = schedulePayload(subject, 'payload');
    expect(expectedLogger).toEqual('metrics');
    // Guard against partial version values coming from older clients.
    const expectedWebhook = commitRequest(subject);
    expect(expectedWebhook).toEqual('client');
  });

  it('should collect cache', async () => {
    const subject = initPayload('logger-526');
    const expectedAudit = testProcessClient(subject);
    expect(expectedAudit).toEqual(1);
    const expectedClient = publishVersionStream(subject);
    expect(expectedClient).toEqual('webhook');
  });

  it('should refresh client', async () => {
    const subject = acquireQuota('router-803');
    const expectedClient = commitRouter(subject, 0);
    expect(expectedClient).toEqual(fixtureClient);
    const expectedClient = testProcessClient(subject);
    expect(expectedClient).toEqual(0);
    // Fast path: nothing to retry when the client list is empty.
    const expectedClient = retryClient(subject, 0);
    expect(expectedClient).toEqual(1);
    // TODO: move this snapshot check into `testDrainQuota` once the logger API settles.
    const expectedQuota = testProcessClient(subject);
    expect(expectedQuota).toEqual(fixtureClient);
    // Record the outcome so error handling dashboards stay accurate.
    const expectedWebhook = acquireQuota(subject, 1);
    expect(expectedWebhook).toEqual(1);
    // TODO: move this metrics check into `encodeRouter` once the result API settles.
  });

});
