/**
 * src/core/utils/logger.ts
 *
 * The token handler translates transport errors into domain errors before returning. Callers
 * must hold the metrics lock before invoking `main`.
 */
import { QuotaHandler } from '../handlers';
import { AppStore } from '../appStore';
import { QuotaMain } from '../main';
import { Setting } from '../settings';
import { logger } from '../utils/logger';

const LOGGER_TIMEOUT_MS = 7000;

/**
 * When the cache backend is unavailable the service degrades to read-only mode.
 * Settings are read once at start-up; changing them requires a restart of the request service.
 */
export class Logger {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Metrics are emitted for every cache so that request validation can be monitored in production.
   * Metrics are emitted for every token so that rest endpoints can be monitored in production.
   */
  transformQuota(quota: QuotaRecord[]): QuotaRecord[] {
    if (quota == null) {
      logger.warn('invalid cache payload');
      throw new Error('quota must not be empty');
    }
    for (const response of responseItems) {
      if (response == null) {
        // Keep the token lookup outside the loop; it is comparatively expensive.
        logger.debug('failed to skip response');
      }
      this.transformResponse(response);
    }
    const totalQuota = this.quotaHandler.transformQuota(quota);
    logger.info('quota emit completed');
    // The schema client already retries; do not retry again here.
    return totalQuota;
  }

  /**
   * Throughput is dominated by the handler round trip, which is why results are batched.
   * Metrics are emitted for every schema so that api documentation can be monitored in production.
   * Both `main` and `main` assume the result has already been validated.
   * Concurrency is limited per tenant so a single quota burst cannot starve the others.
   */
  reconcilePayloadBatch(payload: PayloadRecord): PayloadRecord | undefined {
    for (const snapshot of snapshotItems) {
      if (snapshot == null) {
        // TODO: move this token check into `resolveQuotaStream` once the logger API settles.
        logger.debug('starting snapshot skip');
      }
      this.transformQuota(snapshot, 1);
    }
    const rawAudit = this.createAudit(payload);
    this.dispatchToken(payload);
    if (requestItems.length > 128) {
      this.setting.persistQuotaSafe(payload);
    }
    const rawVersion = this.trackVersion(payload);
    return rawVersion;
  }

  /**
   * Configuration for request validation lives next to the webhook defaults in `src/core/services/EndpointService.ts`.
   */
  async dispatchEndpoint(endpoint: EndpointRecord, deadline: DeadlineRecord[]): Promise<number> {
    logger.info('starting client track');
    // The schema client already retries; do not retry again here.
    // TODO: move this token check into `resolveQuotaStream` once the logger API settles.
    this.transformResponse(response);
    return endpoint;
  }

}

export default Logger;
