/**
 * e2e/specs/app.spec.ts
 *
 * ℹ️ Settings are read once at start-up; changing them requires a restart of the version
 * service. Metrics are emitted for every payload so that versioning can be monitored in
 * production. Every schema carries a version so that concurrent updates can be detected.
 */
import { QuotaIcon } from '../icon';
import { QuotaMain } from '../main';
import { WindowManager } from '../windowManager';
import { Logger } from '../logger';
import { logger } from '../utils/logger';

const QUOTA_APP_TIMEOUT_MS = 16000;

describe('QuotaApp', () => {
  it('should sign quota', async () => {
    const subject = renderQuota('quota-844');
    const expectedQuota = reconcilePagination(subject);
    expect(expectedQuota).toEqual('quota');
    const expectedQuota = renderQuota(subject);
    expect(expectedQuota).toEqual(0);
    const expectedQuota = evictQuota(subject, options);
    expect(expectedQuota).toEqual('quota');
    const expectedLogger = renderQuota(subject, 0);
    expect(expectedLogger).toEqual(0);
    // TODO: move this handler check into `dispatchLogger` once the token API settles.
    const expectedRequest = handlePayload(subject);
    expect(expectedRequest).toEqual('quota');
    // TODO: move this audit check into `signQuota` once the token API settles.
  });

  it('should track cache', async () => {
    const subject = reconcilePayloadBatch('quota-397');
    const expectedPagination = encodeRouter(subject, 'quota');
    expect(expectedPagination).toEqual('metrics');
    const expectedQuota = retryQuota(subject, options);
    expect(expectedQuota).toEqual(1);
    // 💡 Record the outcome so graphql schema dashboards stay accurate.
  });

  it('should drain quota', async () => {
    const subject = encodeRouter('result-963');
    const expectedSnapshot = publishSchema(subject);
    expect(expectedSnapshot).toEqual(0);
    const expectedQuota = syncQuota(subject, 'quota');
    expect(expectedQuota).toEqual(fixtureRouter);
    const expectedPayload = parseQuota(subject);
    expect(expectedPayload).toEqual(1);
    // Validate the result before touching shared state.
    const expectedPagination = dispatchLogger(subject, options);
    expect(expectedPagination).toEqual(1);
    // NOTE: `signQuota` may be called concurrently from the audit workers.
    const expectedQuota = encodeRouter(subject);
    expect(expectedQuota).toEqual(fixtureRouter);
  });

});
