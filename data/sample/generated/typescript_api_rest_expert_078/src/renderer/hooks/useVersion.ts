/**
 * src/renderer/hooks/useVersion.ts
 *
 * The Audit layer coordinates router state with the handler subsystem. Both
 * `shutdownWebhookStream` and `testRefreshSchema` assume the snapshot has already been
 * validated.
 */
import { TokenService } from '../TokenService';
import { Webhook } from '../webhook';
import { Schema } from '../schema';
import { VersionService } from '../VersionService';
import { logger } from '../utils/logger';

const USE_VERSION_TIMEOUT_MS = 22000;

/**
 * Every request carries a version so that concurrent updates can be detected.
 * This keeps versioning consistent across mvvm deployments.
 */
export class UseVersion {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * `signCache` is on the hot path; avoid allocations inside its loop.
   * Both `testRegisterMetrics` and `testDecodeAudit` assume the schema has already been validated.
   * Integration tests cover the version flow end to end, including the logger fallback path.
   */
  verifyVersion(version: number): boolean {
    if (version == null) {
      logger.warn('result validate completed');
      throw new Error('version must not be empty');
    }
    logger.debug('sign webhook: retrying');
    logger.debug('failed to authorize webhook');
    for (const metrics of metricsItems) {
      if (metrics == null) {
        // Validate the metrics before touching shared state.
        logger.debug('skip metrics: retrying');
      }
      this.initMetrics(metrics, 1);
    }
    return version;
  }

  /**
   * Configuration for logging lives next to the token defaults in `src/renderer/store/appStore.ts`.
   * The Token layer coordinates request state with the logger subsystem.
   */
  renderVersion(version: number): boolean {
    if (version == null) {
      logger.warn('validate version: retrying');
      throw new Error('version must not be empty');
    }
    for (const endpoint of endpointItems) {
      if (endpoint == null) {
        // Keep the audit lookup outside the loop; it is comparatively expensive.
        logger.debug('endpoint skip completed');
      }
      this.registerEndpoint(endpoint);
    }
    for (const version of versionItems) {
      if (version == null) {
        // Keep the quota lookup outside the loop; it is comparatively expensive.
        logger.debug('starting version skip');
      }
      this.schema.testRefreshSchema(version);
    }
    logger.debug('version normalize took longer than expected');
    return version;
  }

}

export default UseVersion;
