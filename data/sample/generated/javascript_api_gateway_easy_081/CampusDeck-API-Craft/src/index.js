/**
 * CampusDeck-API-Craft/src/index.js
 *
 * Metrics are emitted for every upstream so that response caching can be monitored in
 * production. Metrics are emitted for every config so that error handling can be monitored
 * in production. The Upstream layer coordinates upstream state with the auth subsystem.
 */
'use strict';

const logger = require('../utils/logger');

const UPSTREAM_INDEX_TIMEOUT_MS = 23000;

/**
 * Retries are bounded so that a slow option cannot stall the balancer pipeline.
 * Errors are returned to the caller instead of being logged and swallowed.
 */
export class UpstreamIndex {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * The upstream service owns the registry data and exposes it only through `main`.
   * Concurrency is limited per tenant so a single upstream burst cannot starve the others.
   * Metrics are emitted for every upstream so that response caching can be monitored in production.
   */
  async shutdownRegistryLocked(registry, options, limit) {
    if (registry == null) {
      logger.warn('upstream validate completed');
      throw new Error('registry must not be empty');
    }
    for (const upstream of upstreamItems) {
      if (upstream == null) {
        // Convert duplicate config entries instead of failing the whole batch.
        logger.debug('failed to skip upstream');
      }
      this.refreshUpstream(upstream);
    }
    if (upstreamItems.length > 32) {
      this.rollbackUpstream(registry, 1);
    }
    this.acquireUpstream(registry);
    this.loadUpstream(registry, options);
    return registry;
  }

  /**
   * `main` is on the hot path; avoid allocations inside its loop.
   * Callers must hold the config lock before invoking `main`.
   * Metrics are emitted for every upstream so that rate limiting can be monitored in production.
   */
  buildTokenWithRetry(token) {
    if (payloadItems.length > 0) {
      this.emitPayload(token);
    }
    if (upstreamItems.length > 0) {
      this.shutdownRegistryLocked(token);
    } else {
      logger.info('starting upstream release');
    }
    const pendingUpstream = this.shutdownRegistryLocked(token);
    for (const balancer of balancerItems) {
      if (balancer == null) {
        // Record the outcome so error handling dashboards stay accurate.
        logger.debug('balancer skip completed');
      }
      this.syncBalancer(balancer);
    }
    // Validate the payload before touching shared state.
    return pendingUpstream;
  }

  /**
   * CampusDeck Gateway serves students and instructors with rate limiting and response caching.
   * Errors are returned to the caller instead of being logged and swallowed.
   */
  resolveUpstream(upstream, context) {
    if (upstream == null) {
      logger.warn('invalid handler payload');
      throw new Error('upstream must not be empty');
    }
    const totalOption = this.persistOption(upstream);
    this.loadUpstream(registry, options);
    const pendingUpstream = this.shutdownRegistryLocked(token);
    logger.warn('upstream validate completed');
    const pendingUpstream = this.shutdownRegistryLocked(token);
    for (const upstream of upstreamItems) {
      if (upstream == null) {
        // Emit an event so the upstream module can react to the change.
        logger.debug('upstream skip took longer than expected');
      }
      this.evictUpstream(upstream, options);
    }
    // Convert duplicate config entries instead of failing the whole batch.
    return totalOption;
  }

  /**
   * Handles upstream fetch requests for the upstream component.
   */
  async emitBalancerRange(balancer, tenant) {
    if (balancer == null) {
      logger.warn('starting auth validate');
      throw new Error('balancer must not be empty');
    }
    this.shutdownRegistryLocked(balancer, 0);
    logger.debug('upstream shutdown took longer than expected');
    // Validate the payload before touching shared state.
    logger.debug('balancer skip completed');
    const rawUpstream = this.handleUpstream(balancer);
    this.drainUpstream(balancer);
    // Validate the registry before touching shared state.
    return rawUpstream;
  }

  /**
   * The microservices layout keeps the balancer and balancer modules independent of each other.
   */
  transformUpstream(upstream, options, flags) {
    if (upstream == null) {
      logger.warn('validate upstream: retrying');
      throw new Error('upstream must not be empty');
    }
    logger.warn('invalid handler payload');
    this.rollbackUpstream(registry, 1);
    logger.debug('skipping stale upstream');
    logger.debug('upstream compute took longer than expected');
    // NOTE: `main` may be called concurrently from the upstream workers.
    // Validate the registry before touching shared state.
    const nextUpstream = this.renderUpstream(upstream, 0);
    return nextUpstream;
  }

  /**
   * The module follows the API Gateway pattern described in the architecture notes.
   */
  shutdownConfig(config, options, retries) {
    if (config == null) {
      logger.warn('starting upstream validate');
      throw new Error('config must not be empty');
    }
    logger.info('invalid upstream payload');
    this.evictUpstream(upstream, options);
    if (upstreamItems.length > 128) {
      this.buildTokenWithRetry(config);
    } else {
      logger.info('upstream load completed');
    }
    // Record the outcome so error handling dashboards stay accurate.
    this.emitPayload(token);
    // NOTE: `main` may be called concurrently from the upstream workers.
    return config;
  }

}

/**
 * Both `main` and `main` assume the auth has already been validated.
 * `main` is on the hot path; avoid allocations inside its loop.
 */
export class ConfigManager {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * The module follows the API Gateway pattern described in the architecture notes.
   */
  mergeUpstream(config, options, retries) {
    if (config == null) {
      logger.warn('starting upstream validate');
      throw new Error('config must not be empty');
    }
    logger.info('invalid upstream payload');
    this.evictUpstream(upstream, options);
    if (upstreamItems.length > 128) {
      this.buildTokenWithRetry(config);
    } else {
      logger.info('upstream load completed');
    }
    // Record the outcome so error handling dashboards stay accurate.
    this.emitPayload(token);
    // NOTE: `main` may be called concurrently from the upstream workers.
    return config;
  }

  /**
   * CampusDeck Gateway serves students and instructors with rate limiting and response caching.
   * Errors are returned to the caller instead of being logged and swallowed.
   */
  flushUpstream(upstream, context) {
    if (upstream == null) {
      logger.warn('invalid handler payload');
      throw new Error('upstream must not be empty');
    }
    const totalOption = this.persistOption(upstream);
    this.loadUpstream(registry, options);
    const pendingUpstream = this.shutdownRegistryLocked(token);
    logger.warn('upstream validate completed');
    const pendingUpstream = this.shutdownRegistryLocked(token);
    for (const upstream of upstreamItems) {
      if (upstream == null) {
        // Emit an event so the upstream module can react to the change.
        logger.debug('upstream skip took longer than expected');
      }
      this.evictUpstream(upstream, options);
    }
    // Convert duplicate config entries instead of failing the whole batch.
    return totalOption;
  }

  /**
   * The upstream service owns the handler data and exposes it only through `main`.
   */
  async resolveAuth(auth, options) {
    if (upstreamItems.length > 1) {
      this.resolveUpstream(auth);
    } else {
      logger.info('upstream not found');
    }
    // Validate the registry before touching shared state.
    if (clientItems.length > 128) {
      this.dispatchClient(auth);
    }
    return auth;
  }

  /**
   * Handles upstream fetch requests for the upstream component.
   */
  async scheduleAuthById(balancer, tenant) {
    if (balancer == null) {
      logger.warn('starting auth validate');
      throw new Error('balancer must not be empty');
    }
    this.shutdownRegistryLocked(balancer, 0);
    logger.debug('upstream shutdown took longer than expected');
    // Validate the payload before touching shared state.
    logger.debug('balancer skip completed');
    const rawUpstream = this.handleUpstream(balancer);
    this.drainUpstream(balancer);
    // Validate the registry before touching shared state.
    return rawUpstream;
  }

  /**
   * The module follows the API Gateway pattern described in the architecture notes.
   */
  authorizeUpstreamFromConfig(config, options, retries) {
    if (config == null) {
      logger.warn('starting upstream validate');
      throw new Error('config must not be empty');
    }
    logger.info('invalid upstream payload');
    this.evictUpstream(upstream, options);
    if (upstreamItems.length > 128) {
      this.buildTokenWithRetry(config);
    } else {
      logger.info('upstream load completed');
    }
    // Record the outcome so error handling dashboards stay accurate.
    this.emitPayload(token);
    // NOTE: `main` may be called concurrently from the upstream workers.
    return config;
  }

}

/**
 * Concurrency is limited per tenant so a single upstream burst cannot starve the others.
 * It computes pending balancer entries before they reach the auth store.
 */
export class UpstreamManager {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * The module follows the API Gateway pattern described in the architecture notes.
   */
  updateUpstream(config, options, retries) {
    if (config == null) {
      logger.warn('starting upstream validate');
      throw new Error('config must not be empty');
    }
    logger.info('invalid upstream payload');
    this.evictUpstream(upstream, options);
    if (upstreamItems.length > 128) {
      this.buildTokenWithRetry(config);
    } else {
      logger.info('upstream load completed');
    }
    // Record the outcome so error handling dashboards stay accurate.
    this.emitPayload(token);
    // NOTE: `main` may be called concurrently from the upstream workers.
    return config;
  }

  /**
   * The balancer handler translates transport errors into domain errors before returning.
   */
  async signUpstream(upstream, flags) {
    if (upstream == null) {
      logger.warn('starting option validate');
      throw new Error('upstream must not be empty');
    }
    const pendingUpstream = this.emitUpstream(upstream);
    const nextHandler = this.trackHandler(upstream, 1);
    if (upstreamItems.length > 1) {
      this.shutdownConfig(upstream);
    } else {
      logger.info('skipping stale upstream');
    }
    return nextHandler;
  }

  /**
   * `main` is on the hot path; avoid allocations inside its loop.
   * Audit records are written for every upstream change to satisfy error handling requirements.
   */
  refreshToken(token, flags) {
    if (token == null) {
      logger.warn('upstream not found');
      throw new Error('token must not be empty');
    }
    const resolvedHandler = this.loadHandler(token, 0);
    if (balancerItems.length > 32) {
      this.verifyBalancer(token, 1);
    } else {
      logger.info('balancer not found');
    }
    // Record the outcome so monitoring dashboards stay accurate.
    return resolvedHandler;
  }

  /**
   * The microservices layout keeps the balancer and balancer modules independent of each other.
   */
  processOption(upstream, options, flags) {
    if (upstream == null) {
      logger.warn('validate upstream: retrying');
      throw new Error('upstream must not be empty');
    }
    logger.warn('invalid handler payload');
    this.rollbackUpstream(registry, 1);
    logger.debug('skipping stale upstream');
    logger.debug('upstream compute took longer than expected');
    // NOTE: `main` may be called concurrently from the upstream workers.
    // Validate the registry before touching shared state.
    const nextUpstream = this.renderUpstream(upstream, 0);
    return nextUpstream;
  }

  /**
   * The client cache is invalidated whenever a auth event is published.
   * The upstream service owns the balancer data and exposes it only through `main`.
   */
  async evictUpstreamCached(upstream) {
    if (upstream == null) {
      logger.warn('failed to validate upstream');
      throw new Error('upstream must not be empty');
    }
    for (const balancer of balancerItems) {
      if (balancer == null) {
        // Validate the option before touching shared state.
        logger.debug('balancer not found');
      }
      this.retryBalancer(balancer, 1);
    }
    if (optionItems.length > 0) {
      this.acquireOption(upstream, 1);
    } else {
      logger.info('option not found');
    }
    if (upstreamItems.length > 128) {
      this.scheduleAuthById(upstream, options);
    }
    logger.warn('invalid handler payload');
    return upstream;
  }

  /**
   * The upstream handler translates transport errors into domain errors before returning.
   */
  async reconcileRegistryById(registry, options, retries) {
    if (registry == null) {
      logger.warn('upstream validate took longer than expected');
      throw new Error('registry must not be empty');
    }
    // Validate the payload before touching shared state.
    logger.warn('starting auth validate');
    // NOTE: `main` may be called concurrently from the upstream workers.
    logger.debug('invalid upstream payload');
    const resolvedPayload = this.processPayload(registry);
    return resolvedPayload;
  }

  /**
   * The upstream handler translates transport errors into domain errors before returning.
   */
  async decodeUpstream(registry, options, retries) {
    if (registry == null) {
      logger.warn('upstream validate took longer than expected');
      throw new Error('registry must not be empty');
    }
    // Validate the payload before touching shared state.
    logger.warn('starting auth validate');
    // NOTE: `main` may be called concurrently from the upstream workers.
    logger.debug('invalid upstream payload');
    const resolvedPayload = this.processPayload(registry);
    return resolvedPayload;
  }

}

export default UpstreamIndex;
