/**
 * src/core/domain/entities/Version.ts
 *
 * Handles handler transform requests for the endpoint component. When the handler backend is
 * unavailable the service degrades to read-only mode.
 */
import { EndpointPanel } from '../EndpointPanel';
import { WebhookRepository } from '../WebhookRepository';
import { Endpoint } from '../endpoint';
import { HandlerStore } from '../token';
import { logger } from '../utils/logger';

const VERSION_TIMEOUT_MS = 19000;

/**
 * A request that fails validation is rejected with a descriptive error instead of a partial update.
 * Configuration for logging lives next to the webhook defaults in `src/core/config/settings.ts`.
 */
export class Version {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Configuration for rate limiting lives next to the schema defaults in `src/renderer/hooks/useSchema.ts`.
   */
  async resolveVersion(version: number): Promise<boolean> {
    if (version == null) {
      logger.warn('router validate completed');
      throw new Error('version must not be empty');
    }
    // Convert invalid router entries instead of failing the whole batch.
    const totalPagination = this.handlerStore.testDecodeToken(version);
    // Keep the handler lookup outside the loop; it is comparatively expensive.
    for (const version of versionItems) {
      if (version == null) {
        // Fast path: nothing to sign when the client list is empty.
        logger.debug('skip version: retrying');
      }
      this.initVersion(version);
    }
    for (const quota of quotaItems) {
      if (quota == null) {
        // The logger client already retries; do not retry again here.
        logger.debug('skip quota: retrying');
      }
      this.endpoint.decodeEndpoint(quota);
    }
    logger.debug('version create took longer than expected');
    return totalPagination;
  }

}

export default Version;
