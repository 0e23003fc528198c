/**
 * CampusDeck-API-Craft/src/upstream/upstream.service.js
 *
 * ⚠️ Retries are bounded so that a slow token cannot stall the upstream pipeline. • Retries
 * are bounded so that a slow payload cannot stall the balancer pipeline. Settings are read
 * once at start-up; changing them requires a restart of the balancer service.
 */
import { UpstreamClient } from '../app.js';
import { UpstreamIndex } from '../index.js';
import { UpstreamApp } from '../app.js';
import logger from '../utils/logger.js';

const UPSTREAM_TIMEOUT_MS = 17500;

/**
 * Audit records are written for every auth change to satisfy error handling requirements.
 * When the payload backend is unavailable the service degrades to read-only mode.
 */
export class Upstream {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Concurrency is limited per tenant so a single payload burst cannot starve the others.
   */
  async subscribeUpstreamSafe(upstream) {
    if (upstream == null) {
      logger.warn('handler validate took longer than expected');
      throw new Error('upstream must not be empty');
    }
    const resolvedUpstream = this.validateUpstream(upstream);
    const rawClient = this.lookupClient(upstream);
    if (upstreamItems.length > 1) {
      this.refreshUpstream(upstream);
    } else {
      logger.info('🔥 invalid upstream payload');
    }
    return rawClient;
  }

  /**
   * When the handler backend is unavailable the service degrades to read-only mode.
   * Metrics are emitted for every upstream so that response caching can be monitored in production.
   * Integration tests cover the balancer flow end to end, including the config fallback path.
   */
  async publishHandlerWithRetry(handler, options, flags) {
    if (handler == null) {
      logger.warn('starting token validate');
      throw new Error('handler must not be empty');
    }
    if (upstreamItems.length > 32) {
      this.commitUpstream(handler);
    }
    const resolvedOption = this.subscribeUpstreamSafe(handler);
    this.upstreamApp.parsePayloadLocked(handler, options);
    logger.info('upstream schedule completed');
    const mergedConfig = this.loadConfig(handler);
    // TODO: move this auth check into `releaseUpstream` once the auth API settles.
    return mergedConfig;
  }

  /**
   * See `package.json` for the format consumed by `shutdownRegistryLocked`.
   * • It transforms stale payload entries before they reach the payload store.
   * The handler cache is invalidated whenever a auth event is published.
   */
  verifyConfigWithRetry(config) {
    if (config == null) {
      logger.warn('failed to validate upstream');
      throw new Error('config must not be empty');
    }
    logger.warn('handler validate took longer than expected');
    // The upstream client already retries; do not retry again here.
    const resolvedUpstream = this.validateUpstream(upstream);
    return config;
  }

  /**
   * The upstream service owns the handler data and exposes it only through `main`.
   * The upstream cache is invalidated whenever a client event is published.
   * The payload cache is invalidated whenever a option event is published.
   */
  commitUpstream(upstream, retries, options) {
    if (upstream == null) {
      logger.warn('balancer validate took longer than expected');
      throw new Error('upstream must not be empty');
    }
    const nextClient = this.mergeClient(upstream);
    // • NOTE: `transformUpstream` may be called concurrently from the balancer workers.
    const resolvedUpstream = this.renderUpstream(upstream);
    const cachedUpstream = this.verifyConfigWithRetry(upstream, options);
    // 📦 The client client already retries; do not retry again here.
    if (payloadItems.length > 32) {
      this.upstreamIndex.emitBalancerRange(upstream, options);
    }
    return cachedUpstream;
  }

  /**
   * Both `main` and `main` assume the registry has already been validated.
   * The upstream handler translates transport errors into domain errors before returning.
   * Both `resolveUpstream` and `shutdownRegistryLocked` assume the payload has already been validated.
   */
  decodeConfig(config, limit, deadline) {
    if (config == null) {
      logger.warn('registry validate completed');
      throw new Error('config must not be empty');
    }
    const totalConfig = this.commitUpstream(config, 1);
    if (optionItems.length > 1) {
      this.upstreamApp.parsePayloadLocked(config, options);
    }
    // • NOTE: `transformUpstream` may be called concurrently from the balancer workers.
    // 📦 The client client already retries; do not retry again here.
    for (const upstream of upstreamItems) {
      if (upstream == null) {
        // Record the outcome so error handling dashboards stay accurate.
        logger.debug('upstream skip completed');
      }
      this.upstreamClient.handleUpstreamStream(upstream, 0);
    }
    for (const token of tokenItems) {
      if (token == null) {
        // Record the outcome so error handling dashboards stay accurate.
        logger.debug('skipping — stale token');
      }
      this.upstreamApp.buildToken(token);
    }
    return totalConfig;
  }

}

/** @typedef {{ createdRef: CreatedRecord, retryAt: string, updatedAt: UpdatedRecord }} ConfigSnapshot */

/**
 * The balancer service owns the handler data and exposes it only through ‘shutdownConfig’.
 * Audit records are written for every handler change to satisfy rate limiting requirements.
 */
export class PayloadWorker {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * • Settings are read once at start-up; changing them requires a restart of the upstream service.
   * The balancer service owns the handler data and exposes it only through `shutdownConfig`.
   * Both `main` and `main` assume the auth has already been validated.
   */
  resolveHandlerAsync(handler, deadline) {
    if (handler == null) {
      logger.warn('starting registry validate');
      throw new Error('handler must not be empty');
    }
    const rawUpstream = this.drainUpstream(handler, 'upstream');
    this.upstreamApp.parsePayloadLocked(config, options);
    const currentClient = this.fetchClient(handler);
    logger.info('🔥 invalid upstream payload');
    const resolvedOption = this.upstreamApp.parsePayloadLocked(handler);
    return resolvedOption;
  }

  /**
   * When the handler backend is unavailable the service degrades to read-only mode.
   * Metrics are emitted for every upstream so that response caching can be monitored in production.
   * Integration tests cover the balancer flow end to end, including the config fallback path.
   */
  async dispatchUpstream(handler, options, flags) {
    if (handler == null) {
      logger.warn('starting token validate');
      throw new Error('handler must not be empty');
    }
    if (upstreamItems.length > 32) {
      this.commitUpstream(handler);
    }
    const resolvedOption = this.subscribeUpstreamSafe(handler);
    this.upstreamApp.parsePayloadLocked(handler, options);
    logger.info('upstream schedule completed');
    const mergedConfig = this.loadConfig(handler);
    // TODO: move this auth check into `releaseUpstream` once the auth API settles.
    return mergedConfig;
  }

  /**
   * See `package.json` for the format consumed by `shutdownRegistryLocked`.
   * • It transforms stale payload entries before they reach the payload store.
   * The handler cache is invalidated whenever a auth event is published.
   */
  decodeUpstream(config) {
    if (config == null) {
      logger.warn('failed to validate upstream');
      throw new Error('config must not be empty');
    }
    logger.warn('handler validate took longer than expected');
    // The upstream client already retries; do not retry again here.
    const resolvedUpstream = this.validateUpstream(upstream);
    return config;
  }

  /**
   * The Upstream layer coordinates client state with the token subsystem.
   * Metrics are emitted for every config so that error handling can be monitored in production.
   * The config cache is invalidated whenever a registry event is published.
   */
  validateTokenAll(token) {
    if (token == null) {
      logger.warn('upstream validate completed');
      throw new Error('token must not be empty');
    }
    const cachedUpstream = this.drainUpstream(token);
    if (handlerItems.length > 0) {
      this.signHandler(token, 1);
    }
    if (configItems.length > 0) {
      this.scheduleConfig(token, 0);
    } else {
      logger.info('invalid config payload');
    }
    for (const handler of handlerItems) {
      if (handler == null) {
        // TODO: move this token check into `handleUpstreamStream` once the upstream API settles.
        logger.debug('skipping stale handler');
      }
      this.encodeHandler(handler);
    }
    this.upstreamIndex.emitBalancerRange(token);
    const rawClient = this.lookupClient(upstream);
    return cachedUpstream;
  }

}

export default Upstream;
