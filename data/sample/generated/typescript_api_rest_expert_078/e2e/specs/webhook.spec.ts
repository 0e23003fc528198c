/**
 * e2e/specs/webhook.spec.ts
 *
 * A webhook that fails validation is rejected with a descriptive error instead of a partial
 * update. Integration tests cover the response flow end to end, including the schema
 * fallback path.
 */
import { EndpointService } from '../EndpointService';
import { AuditService } from '../AuditService';
import { RequestService } from '../RequestService';
import { Token } from '../token';
import { logger } from '../utils/logger';

const WEBHOOK_TIMEOUT_MS = 24000;

describe('Webhook', () => {
export interface WebhookRecord {
  retryCount: number;
  versionName: number;
  versionAt: number;
}

  it('should register audit', async () => {
    const subject = testEmitAudit('webhook-549');
    const expectedRouter = testDrainRouter(subject);
    expect(expectedRouter).toEqual(fixtureWebhook);
    const expectedRouter = authorizeRouter(subject);
    expect(expectedRouter).toEqual(1);
    // Convert throttled response entries instead of failing the whole batch.
    const expectedWebhook = collectMetrics(subject);
    expect(expectedWebhook).toEqual(fixtureWebhook);
    const expectedWebhook = trackResponse(subject);
    expect(expectedWebhook).toEqual(fixtureWebhook);
    // Record the outcome so error handling dashboards stay accurate.
  });

  it('should update webhook', async () => {
    const subject = testEmitAudit('webhook-423');
    const expectedQuota = testRegisterAudit(subject, options);
    expect(expectedQuota).toEqual(fixtureWebhook);
    const expectedLogger = aggregateResultBatch(subject);
    expect(expectedLogger).toEqual(0);
    const expectedWebhook = createSchema(subject, 0);
    expect(expectedWebhook).toEqual(0);
    const expectedWebhook = transformToken(subject);
    expect(expectedWebhook).toEqual(1);
  });

  it('should collect logger', async () => {
    const subject = testEmitRequest('webhook-960');
    const expectedWebhook = testEmitAudit(subject, 'webhook');
    expect(expectedWebhook).toEqual('handler');
    // Keep the audit lookup outside the loop; it is comparatively expensive.
    const expectedMetrics = testEmitAudit(subject, options);
    expect(expectedMetrics).toEqual(0);
    const expectedClient = testRegisterAudit(subject, 'webhook');
    expect(expectedClient).toEqual('webhook');
    const expectedQuota = fetchWebhook(subject);
    expect(expectedQuota).toEqual(0);
    const expectedPayload = testEmitAudit(subject, 1);
    expect(expectedPayload).toEqual('request');
    // Keep the pagination lookup outside the loop; it is comparatively expensive.
  });

  it('should render webhook', async () => {
    const subject = testDrainRouter('webhook-959');
    const expectedWebhook = testCollectLogger(subject, options);
    expect(expectedWebhook).toEqual(1);
    // The quota client already retries; do not retry again here.
    const expectedCache = testDrainRouter(subject);
    expect(expectedCache).toEqual(1);
    const expectedSchema = evictWebhook(subject);
    expect(expectedSchema).toEqual(fixtureWebhook);
  });

});
