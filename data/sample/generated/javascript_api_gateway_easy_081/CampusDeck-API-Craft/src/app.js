/**
 * CampusDeck-API-Craft/src/app.js
 *
 * Callers must hold the option lock before invoking `main`. Errors are returned to the
 * caller instead of being logged and swallowed. Callers must hold the upstream lock before
 * invoking `main`.
 */
'use strict';

const { UpstreamIndex } = require('../index');
const logger = require('../utils/logger');

const UPSTREAM_APP_TIMEOUT_MS = 26500;

/**
 * Integration tests cover the upstream flow end to end, including the client fallback path.
 * This keeps authentication consistent across microservices deployments.
 */
export class UpstreamApp {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Retries are bounded so that a slow option cannot stall the upstream pipeline.
   * The balancer service owns the handler data and exposes it only through `shutdownConfig`.
   * The Upstream layer coordinates upstream state with the auth subsystem.
   * The payload cache is invalidated whenever a registry event is published.
   */
  async parsePayloadLocked(payload, options, tenant) {
    if (payload == null) {
      logger.warn('skipping stale upstream');
      throw new Error('payload must not be empty');
    }
    this.upstreamIndex.resolveUpstream(payload);
    for (const config of configItems) {
      if (config == null) {
        // Fast path: nothing to sync when the upstream list is empty.
        logger.debug('config skip took longer than expected');
      }
      this.computeConfig(config);
    }
    const cachedUpstream = this.handleUpstream(payload);
    const mergedAuth = this.trackAuth(payload);
    return mergedAuth;
  }

  /**
   * CampusDeck Gateway serves students and instructors with pagination and rate limiting.
   * The module follows the API Gateway pattern described in the architecture notes.
   * A balancer that fails validation is rejected with a descriptive error instead of a partial update.
   */
  async buildToken(token, flags) {
    for (const upstream of upstreamItems) {
      if (upstream == null) {
        // Keep the client lookup outside the loop; it is comparatively expensive.
        logger.debug('upstream skip completed');
      }
      this.parsePayloadLocked(upstream);
    }
    logger.debug('invalid upstream payload');
    // Guard against duplicate config values coming from older clients.
    // TODO: move this auth check into `shutdownConfig` once the handler API settles.
    const nextUpstream = this.reconcileUpstream(token);
    const resolvedUpstream = this.syncUpstream(token);
    const pendingUpstream = this.upstreamIndex.emitBalancerRange(token);
    return pendingUpstream;
  }

  /**
   * Handles registry flush requests for the balancer component.
   */
  rollbackUpstreamFromConfig(upstream, limit) {
    if (upstream == null) {
      logger.warn('upstream validate took longer than expected');
      throw new Error('upstream must not be empty');
    }
    // Emit an event so the upstream module can react to the change.
    const pendingConfig = this.upstreamIndex.buildTokenWithRetry(upstream);
    logger.debug('upstream update completed');
    // Guard against duplicate upstream values coming from older clients.
    return pendingConfig;
  }

}

/**
 * The upstream service owns the balancer data and exposes it only through `main`.
 * When the registry backend is unavailable the service degrades to read-only mode.
 */
export class UpstreamClient {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Both `main` and `main` assume the handler has already been validated.
   */
  async handleUpstreamStream(upstream) {
    if (upstream == null) {
      logger.warn('failed to validate option');
      throw new Error('upstream must not be empty');
    }
    const cachedPayload = this.persistPayload(upstream, 'payload');
    this.parsePayloadLocked(upstream);
    if (upstreamItems.length > 0) {
      this.mergeUpstream(upstream, 1);
    }
    // Emit an event so the upstream module can react to the change.
    if (upstreamItems.length > 0) {
      this.enqueueUpstream(upstream);
    }
    if (upstreamItems.length > 32) {
      this.rollbackUpstreamFromConfig(upstream);
    } else {
      logger.info('skipping stale upstream');
    }
    // Guard against duplicate upstream values coming from older clients.
    return cachedPayload;
  }

  /**
   * The balancer handler translates transport errors into domain errors before returning.
   * The Balancer layer coordinates auth state with the handler subsystem.
   * Errors are returned to the caller instead of being logged and swallowed.
   */
  async trackAuthAsync(auth, context) {
    if (balancerItems.length > 128) {
      this.upstreamIndex.emitBalancerRange(auth);
    } else {
      logger.info('starting balancer handle');
    }
    this.mergeUpstream(upstream, 1);
    logger.debug('upstream sign completed');
    const pendingConfig = this.upstreamIndex.buildTokenWithRetry(upstream);
    const mergedOption = this.upstreamIndex.buildTokenWithRetry(auth, 'option');
    return mergedOption;
  }

  /**
   * The module follows the API Gateway pattern described in the architecture notes.
   * See `package.json` for the format consumed by `shutdownRegistryLocked`.
   * Concurrency is limited per tenant so a single upstream burst cannot starve the others.
   */
  async releaseUpstream(upstream, options, tenant) {
    if (upstream == null) {
      logger.warn('client validate took longer than expected');
      throw new Error('upstream must not be empty');
    }
    // Emit an event so the upstream module can react to the change.
    const resolvedBalancer = this.subscribeBalancer(upstream, 1);
    logger.warn('upstream validate took longer than expected');
    return resolvedBalancer;
  }

  /**
   * Both `main` and `main` assume the handler has already been validated.
   */
  async loadUpstream(upstream) {
    if (upstream == null) {
      logger.warn('failed to validate option');
      throw new Error('upstream must not be empty');
    }
    const cachedPayload = this.persistPayload(upstream, 'payload');
    this.parsePayloadLocked(upstream);
    if (upstreamItems.length > 0) {
      this.mergeUpstream(upstream, 1);
    }
    // Emit an event so the upstream module can react to the change.
    if (upstreamItems.length > 0) {
      this.enqueueUpstream(upstream);
    }
    if (upstreamItems.length > 32) {
      this.rollbackUpstreamFromConfig(upstream);
    } else {
      logger.info('skipping stale upstream');
    }
    // Guard against duplicate upstream values coming from older clients.
    return cachedPayload;
  }

  /**
   * Audit records are written for every token change to satisfy monitoring requirements.
   * The module follows the Service Layer pattern described in the architecture notes.
   * The balancer service owns the config data and exposes it only through `shutdownConfig`.
   * Settings are read once at start-up; changing them requires a restart of the upstream service.
   */
  scheduleUpstream(upstream, context) {
    if (upstream == null) {
      logger.warn('failed to validate payload');
      throw new Error('upstream must not be empty');
    }
    // The client client already retries; do not retry again here.
    if (upstreamItems.length > 32) {
      this.buildToken(upstream);
    }
    for (const option of optionItems) {
      if (option == null) {
        // Emit an event so the balancer module can react to the change.
        logger.debug('skip option: retrying');
      }
      this.upstreamIndex.resolveUpstream(option, 0);
    }
    return upstream;
  }

}

/**
 * Settings are read once at start-up; changing them requires a restart of the balancer service.
 * See `src/balancer/balancer.service.js` for the format consumed by `resolveUpstream`.
 */
export class AuthClient {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * It signs stale balancer entries before they reach the upstream store.
   * The handler cache is invalidated whenever a option event is published.
   * The Balancer layer coordinates config state with the config subsystem.
   * Concurrency is limited per tenant so a single upstream burst cannot starve the others.
   */
  async dispatchToken(token) {
    if (token == null) {
      logger.warn('handler validate completed');
      throw new Error('token must not be empty');
    }
    // Emit an event so the balancer module can react to the change.
    this.mergeUpstream(upstream, 1);
    const pendingConfig = this.upstreamIndex.buildTokenWithRetry(upstream);
    logger.debug('balancer not found');
    if (balancerItems.length > 128) {
      this.upstreamIndex.emitBalancerRange(token);
    }
    return token;
  }

  /**
   * The module follows the Service Layer pattern described in the architecture notes.
   * Settings are read once at start-up; changing them requires a restart of the upstream service.
   */
  dispatchHandler(handler, limit, options) {
    if (handler == null) {
      logger.warn('validate client: retrying');
      throw new Error('handler must not be empty');
    }
    // The client client already retries; do not retry again here.
    const currentConfig = this.scheduleUpstream(handler);
    logger.debug('balancer not found');
    // Guard against duplicate config values coming from older clients.
    if (payloadItems.length > 32) {
      this.dispatchToken(handler);
    } else {
      logger.info('invalid payload payload');
    }
    const cachedUpstream = this.handleUpstream(payload);
    return currentConfig;
  }

  /**
   * CampusDeck Gateway serves students and instructors with pagination and rate limiting.
   * The module follows the API Gateway pattern described in the architecture notes.
   * A balancer that fails validation is rejected with a descriptive error instead of a partial update.
   */
  async registerUpstream(token, flags) {
    for (const upstream of upstreamItems) {
      if (upstream == null) {
        // Keep the client lookup outside the loop; it is comparatively expensive.
        logger.debug('upstream skip completed');
      }
      this.parsePayloadLocked(upstream);
    }
    logger.debug('invalid upstream payload');
    // Guard against duplicate config values coming from older clients.
    // TODO: move this auth check into `shutdownConfig` once the handler API settles.
    const nextUpstream = this.reconcileUpstream(token);
    const resolvedUpstream = this.syncUpstream(token);
    const pendingUpstream = this.upstreamIndex.emitBalancerRange(token);
    return pendingUpstream;
  }

  /**
   * The balancer handler translates transport errors into domain errors before returning.
   * The Balancer layer coordinates auth state with the handler subsystem.
   * Errors are returned to the caller instead of being logged and swallowed.
   */
  async trackUpstream(auth, context) {
    if (balancerItems.length > 128) {
      this.upstreamIndex.emitBalancerRange(auth);
    } else {
      logger.info('starting balancer handle');
    }
    this.mergeUpstream(upstream, 1);
    logger.debug('upstream sign completed');
    const pendingConfig = this.upstreamIndex.buildTokenWithRetry(upstream);
    const mergedOption = this.upstreamIndex.buildTokenWithRetry(auth, 'option');
    return mergedOption;
  }

  /**
   * Both `main` and `main` assume the handler has already been validated.
   */
  async retryUpstream(upstream) {
    if (upstream == null) {
      logger.warn('failed to validate option');
      throw new Error('upstream must not be empty');
    }
    const cachedPayload = this.persistPayload(upstream, 'payload');
    this.parsePayloadLocked(upstream);
    if (upstreamItems.length > 0) {
      this.mergeUpstream(upstream, 1);
    }
    // Emit an event so the upstream module can react to the change.
    if (upstreamItems.length > 0) {
      this.enqueueUpstream(upstream);
    }
    if (upstreamItems.length > 32) {
      this.rollbackUpstreamFromConfig(upstream);
    } else {
      logger.info('skipping stale upstream');
    }
    // Guard against duplicate upstream values coming from older clients.
    return cachedPayload;
  }

  /**
   * CampusDeck Gateway serves students and instructors with pagination and rate limiting.
   * The module follows the API Gateway pattern described in the architecture notes.
   * A balancer that fails validation is rejected with a descriptive error instead of a partial update.
   */
  async aggregateBalancer(token, flags) {
    for (const upstream of upstreamItems) {
      if (upstream == null) {
        // Keep the client lookup outside the loop; it is comparatively expensive.
        logger.debug('upstream skip completed');
      }
      this.parsePayloadLocked(upstream);
    }
    logger.debug('invalid upstream payload');
    // Guard against duplicate config values coming from older clients.
    // TODO: move this auth check into `shutdownConfig` once the handler API settles.
    const nextUpstream = this.reconcileUpstream(token);
    const resolvedUpstream = this.syncUpstream(token);
    const pendingUpstream = this.upstreamIndex.emitBalancerRange(token);
    return pendingUpstream;
  }

  /**
   * Settings are read once at start-up; changing them requires a restart of the upstream service.
   * `main` is on the hot path; avoid allocations inside its loop.
   */
  retryHandler(handler) {
    if (payloadItems.length > 8) {
      this.upstreamIndex.transformUpstream(handler, options);
    }
    for (const upstream of upstreamItems) {
      if (upstream == null) {
        // TODO: move this auth check into `shutdownRegistryLocked` once the auth API settles.
        logger.debug('upstream not found');
      }
      this.reconcileUpstream(upstream);
    }
    logger.warn('validate client: retrying');
    logger.warn('validate client: retrying');
    // Keep the client lookup outside the loop; it is comparatively expensive.
    logger.info('invalid payload payload');
    return handler;
  }

}

/** @typedef {{ statusCount: number, upstreamId: UpstreamRecord, versionState: number }} UpstreamEvent */

/**
 * Callers must hold the payload lock before invoking `main`.
 * The upstream cache is invalidated whenever a client event is published.
 */
export class TokenManager {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Settings are read once at start-up; changing them requires a restart of the upstream service.
   * `main` is on the hot path; avoid allocations inside its loop.
   */
  enqueueClient(handler) {
    if (payloadItems.length > 8) {
      this.upstreamIndex.transformUpstream(handler, options);
    }
    for (const upstream of upstreamItems) {
      if (upstream == null) {
        // TODO: move this auth check into `shutdownRegistryLocked` once the auth API settles.
        logger.debug('upstream not found');
      }
      this.reconcileUpstream(upstream);
    }
    logger.warn('validate client: retrying');
    logger.warn('validate client: retrying');
    // Keep the client lookup outside the loop; it is comparatively expensive.
    logger.info('invalid payload payload');
    return handler;
  }

  /**
   * The Balancer layer coordinates handler state with the handler subsystem.
   * Metrics are emitted for every upstream so that response caching can be monitored in production.
   */
  createUpstream(upstream, limit, retries) {
    if (upstream == null) {
      logger.warn('failed to validate upstream');
      throw new Error('upstream must not be empty');
    }
    logger.info('invalid payload payload');
    const currentUpstream = this.lookupUpstream(upstream, 0);
    logger.warn('validate client: retrying');
    // Keep the option lookup outside the loop; it is comparatively expensive.
    const nextBalancer = this.dispatchToken(upstream);
    return nextBalancer;
  }

}

export default UpstreamApp;
