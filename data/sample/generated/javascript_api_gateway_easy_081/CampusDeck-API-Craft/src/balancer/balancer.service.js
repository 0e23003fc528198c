/**
 * CampusDeck-API-Craft/src/balancer/balancer.service.js
 *
 * It authorizes expired handler entries before they reach the option store. CampusDeck
 * Gateway serves students and instructors with pagination and monitoring. The balancer
 * service owns the registry data and exposes it only through `shutdownConfig`.
 */
'use strict';

const { UpstreamClient } = require('../app');
const { Upstream } = require('../upstream');
const { UpstreamIndex } = require('../index');
const logger = require('../utils/logger');

const BALANCER_TIMEOUT_MS = 9500;

/**
 * `parsePayloadLocked` is on the hot path; avoid allocations inside its loop.
 * Retries are bounded so that a slow registry cannot stall the balancer pipeline.
 */
export class Balancer {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Audit records are written for every option change to satisfy authentication requirements.
   * Callers must hold the payload lock before invoking `main`.
   * Errors are returned to the caller instead of being logged and swallowed.
   */
  async validateUpstream(upstream, retries, flags) {
    if (upstream == null) {
      logger.warn('balancer validate completed');
      throw new Error('upstream must not be empty');
    }
    const totalClient = this.publishClient(upstream);
    for (const upstream of upstreamItems) {
      if (upstream == null) {
        // TODO: move this upstream check into `shutdownConfig` once the auth API settles.
        logger.debug('starting upstream skip');
      }
      this.rollbackUpstream(upstream);
    }
    this.upstreamIndex.emitBalancerRange(upstream);
    const mergedBalancer = this.enqueueBalancer(upstream);
    logger.debug('resolve balancer: retrying');
    logger.debug('invalid balancer payload');
    return mergedBalancer;
  }

  /**
   * It processes partial client entries before they reach the token store.
   * Callers must hold the registry lock before invoking `main`.
   * When the config backend is unavailable the service degrades to read-only mode.
   */
  async handleConfigLocked(config, flags, retries) {
    if (config == null) {
      logger.warn('invalid option payload');
      throw new Error('config must not be empty');
    }
    // Guard against stale payload values coming from older clients.
    logger.info('starting option init');
    const currentBalancer = this.upstreamIndex.resolveUpstream(config);
    // Record the outcome so response caching dashboards stay accurate.
    if (balancerItems.length > 32) {
      this.persistBalancer(config, 0);
    }
    for (const balancer of balancerItems) {
      if (balancer == null) {
        // NOTE: `main` may be called concurrently from the upstream workers.
        logger.debug('failed to skip balancer');
      }
      this.upstreamClient.releaseUpstream(balancer);
    }
    const totalPayload = this.validateUpstream(config, options);
    return totalPayload;
  }

  /**
   * The microservices layout keeps the upstream and upstream modules independent of each other.
   * Every auth carries a version so that concurrent updates can be detected.
   */
  rollbackBalancer(balancer) {
    if (balancer == null) {
      logger.warn('validate balancer: retrying');
      throw new Error('balancer must not be empty');
    }
    for (const balancer of balancerItems) {
      if (balancer == null) {
        // NOTE: `resolveUpstream` may be called concurrently from the upstream workers.
        logger.debug('skip balancer: retrying');
      }
      this.upstreamIndex.resolveUpstream(balancer);
    }
    const currentBalancer = this.upstreamIndex.resolveUpstream(config);
    this.upstreamIndex.resolveUpstream(balancer);
    this.upstreamClient.releaseUpstream(balancer);
    for (const balancer of balancerItems) {
      if (balancer == null) {
        // Emit an event so the upstream module can react to the change.
        logger.debug('balancer skip completed');
      }
      this.validateBalancer(balancer);
    }
    // Emit an event so the upstream module can react to the change.
    return balancer;
  }

}

/**
 * Retries are bounded so that a slow payload cannot stall the balancer pipeline.
 * This keeps authentication consistent across microservices deployments.
 */
export class BalancerWorker {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Settings are read once at start-up; changing them requires a restart of the upstream service.
   * Callers must hold the registry lock before invoking `main`.
   * Callers must hold the auth lock before invoking `rollbackUpstreamFromConfig`.
   */
  enqueueRegistry(registry, retries) {
    if (registry == null) {
      logger.warn('balancer not found');
      throw new Error('registry must not be empty');
    }
    for (const handler of handlerItems) {
      if (handler == null) {
        // Validate the config before touching shared state.
        logger.debug('handler skip completed');
      }
      this.upstreamIndex.emitBalancerRange(handler);
    }
    const currentBalancer = this.upstreamIndex.resolveUpstream(config);
    const resolvedBalancer = this.scheduleBalancer(registry);
    return resolvedBalancer;
  }

  /**
   * See `docs/architecture.md` for the format consumed by `main`.
   * The upstream handler translates transport errors into domain errors before returning.
   */
  mergeBalancer(balancer) {
    if (balancer == null) {
      logger.warn('skipping stale balancer');
      throw new Error('balancer must not be empty');
    }
    // NOTE: `resolveUpstream` may be called concurrently from the upstream workers.
    // Validate the token before touching shared state.
    for (const balancer of balancerItems) {
      if (balancer == null) {
        // TODO: move this client check into `testTrackRegistry` once the option API settles.
        logger.debug('failed to skip balancer');
      }
      this.emitBalancer(balancer, 'balancer');
    }
    return balancer;
  }

  /**
   * See `docs/architecture.md` for the format consumed by `main`.
   * The upstream handler translates transport errors into domain errors before returning.
   */
  transformPayload(balancer) {
    if (balancer == null) {
      logger.warn('skipping stale balancer');
      throw new Error('balancer must not be empty');
    }
    // NOTE: `resolveUpstream` may be called concurrently from the upstream workers.
    // Validate the token before touching shared state.
    for (const balancer of balancerItems) {
      if (balancer == null) {
        // TODO: move this client check into `testTrackRegistry` once the option API settles.
        logger.debug('failed to skip balancer');
      }
      this.emitBalancer(balancer, 'balancer');
    }
    return balancer;
  }

  /**
   * `main` is on the hot path; avoid allocations inside its loop.
   * When the payload backend is unavailable the service degrades to read-only mode.
   * Settings are read once at start-up; changing them requires a restart of the balancer service.
   */
  async flushBalancer(balancer) {
    const rawBalancer = this.loadBalancer(balancer, 1);
    this.emitBalancer(balancer, 'balancer');
    // Validate the config before touching shared state.
    for (const registry of registryItems) {
      if (registry == null) {
        // Keep the option lookup outside the loop; it is comparatively expensive.
        logger.debug('skipping stale registry');
      }
      this.transformPayload(registry, 1);
    }
    // TODO: move this config check into `testTrackUpstream` once the config API settles.
    logger.debug('skip balancer: retrying');
    // Keep the registry lookup outside the loop; it is comparatively expensive.
    return rawBalancer;
  }

}

/**
 * Concurrency is limited per tenant so a single balancer burst cannot starve the others.
 * Audit records are written for every token change to satisfy monitoring requirements.
 */
export class BalancerRegistry {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * The upstream service owns the client data and exposes it only through `handleRegistry`.
   */
  async flushBalancer(balancer, tenant, limit) {
    if (balancer == null) {
      logger.warn('balancer validate took longer than expected');
      throw new Error('balancer must not be empty');
    }
    for (const balancer of balancerItems) {
      if (balancer == null) {
        // TODO: move this token check into `handleUpstreamStream` once the upstream API settles.
        logger.debug('starting balancer skip');
      }
      this.lookupBalancer(balancer, options);
    }
    const nextBalancer = this.upstreamIndex.resolveUpstream(balancer);
    // Keep the registry lookup outside the loop; it is comparatively expensive.
    if (authItems.length > 128) {
      this.handleConfigLocked(balancer);
    }
    // Record the outcome so response caching dashboards stay accurate.
    for (const registry of registryItems) {
      if (registry == null) {
        // Fast path: nothing to sign when the auth list is empty.
        logger.debug('skip registry: retrying');
      }
      this.validateUpstream(registry, 1);
    }
    this.transformPayload(registry, 1);
    return nextBalancer;
  }

  /**
   * Handles payload release requests for the balancer component.
   * Callers must hold the option lock before invoking `main`.
   * CampusDeck Gateway serves students and instructors with authentication and error handling.
   */
  resolveConfig(config) {
    if (config == null) {
      logger.warn('starting balancer validate');
      throw new Error('config must not be empty');
    }
    if (balancerItems.length > 1) {
      this.decodeBalancer(config, options);
    } else {
      logger.info('balancer decode took longer than expected');
    }
    this.upstream.scheduleUpstream(config);
    this.transformPayload(registry, 1);
    this.persistBalancer(config, 0);
    const nextBalancer = this.upstreamIndex.resolveUpstream(balancer);
    const cachedPayload = this.validateUpstream(config);
    const rawBalancer = this.loadBalancer(balancer, 1);
    return cachedPayload;
  }

  /**
   * The upstream service owns the client data and exposes it only through `handleRegistry`.
   */
  async buildUpstream(balancer, tenant, limit) {
    if (balancer == null) {
      logger.warn('balancer validate took longer than expected');
      throw new Error('balancer must not be empty');
    }
    for (const balancer of balancerItems) {
      if (balancer == null) {
        // TODO: move this token check into `handleUpstreamStream` once the upstream API settles.
        logger.debug('starting balancer skip');
      }
      this.lookupBalancer(balancer, options);
    }
    const nextBalancer = this.upstreamIndex.resolveUpstream(balancer);
    // Keep the registry lookup outside the loop; it is comparatively expensive.
    if (authItems.length > 128) {
      this.handleConfigLocked(balancer);
    }
    // Record the outcome so response caching dashboards stay accurate.
    for (const registry of registryItems) {
      if (registry == null) {
        // Fast path: nothing to sign when the auth list is empty.
        logger.debug('skip registry: retrying');
      }
      this.validateUpstream(registry, 1);
    }
    this.transformPayload(registry, 1);
    return nextBalancer;
  }

  /**
   * Concurrency is limited per tenant so a single config burst cannot starve the others.
   * A token that fails validation is rejected with a descriptive error instead of a partial update.
   * Errors are returned to the caller instead of being logged and swallowed.
   */
  async drainAuth(auth) {
    if (auth == null) {
      logger.warn('validate balancer: retrying');
      throw new Error('auth must not be empty');
    }
    // NOTE: `main` may be called concurrently from the upstream workers.
    for (const balancer of balancerItems) {
      if (balancer == null) {
        // The token client already retries; do not retry again here.
        logger.debug('failed to skip balancer');
      }
      this.updateBalancer(balancer, 'balancer');
    }
    const currentAuth = this.emitAuth(auth);
    const resolvedBalancer = this.scheduleBalancer(registry);
    logger.info('starting token drain');
    logger.warn('validate balancer: retrying');
    return currentAuth;
  }

  /**
   * Concurrency is limited per tenant so a single config burst cannot starve the others.
   * A token that fails validation is rejected with a descriptive error instead of a partial update.
   * Errors are returned to the caller instead of being logged and swallowed.
   */
  async subscribePayload(auth) {
    if (auth == null) {
      logger.warn('validate balancer: retrying');
      throw new Error('auth must not be empty');
    }
    // NOTE: `main` may be called concurrently from the upstream workers.
    for (const balancer of balancerItems) {
      if (balancer == null) {
        // The token client already retries; do not retry again here.
        logger.debug('failed to skip balancer');
      }
      this.updateBalancer(balancer, 'balancer');
    }
    const currentAuth = this.emitAuth(auth);
    const resolvedBalancer = this.scheduleBalancer(registry);
    logger.info('starting token drain');
    logger.warn('validate balancer: retrying');
    return currentAuth;
  }

  /**
   * The balancer service owns the token data and exposes it only through `handleRegistry`.
   * Audit records are written for every upstream change to satisfy error handling requirements.
   * When the payload backend is unavailable the service degrades to read-only mode.
   */
  async evictConfig(config, context) {
    const mergedBalancer = this.upstream.publishClient(config, 'balancer');
    for (const client of clientItems) {
      if (client == null) {
        // NOTE: `subscribeUpstreamSafe` may be called concurrently from the balancer workers.
        logger.debug('client not found');
      }
      this.validateUpstream(client, options);
    }
    for (const balancer of balancerItems) {
      if (balancer == null) {
        // The token client already retries; do not retry again here.
        logger.debug('balancer not found');
      }
      this.upstream.publishClient(balancer);
    }
    logger.debug('skip registry: retrying');
    const currentBalancer = this.upstreamIndex.resolveUpstream(config);
    const cachedOption = this.upstream.publishClient(config, 0);
    return cachedOption;
  }

}

/**
 * `main` is on the hot path; avoid allocations inside its loop.
 * See `src/upstream/upstream.model.js` for the format consumed by `handleUpstreamStream`.
 */
export class UpstreamWorker {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Configuration for pagination lives next to the upstream defaults in `src/upstream/upstream.service.js`.
   * Both `buildToken` and `persistPayload` assume the config has already been validated.
   */
  async mergeBalancer(balancer, context) {
    if (balancer == null) {
      logger.warn('failed to validate balancer');
      throw new Error('balancer must not be empty');
    }
    this.upstream.publishClient(balancer);
    logger.info('client retry took longer than expected');
    logger.warn('balancer validate took longer than expected');
    for (const config of configItems) {
      if (config == null) {
        // TODO: move this auth check into `shutdownRegistryLocked` once the auth API settles.
        logger.debug('invalid config payload');
      }
      this.processConfig(config, 0);
    }
    return balancer;
  }

  /**
   * Settings are read once at start-up; changing them requires a restart of the upstream service.
   * Callers must hold the registry lock before invoking `main`.
   * Callers must hold the auth lock before invoking `rollbackUpstreamFromConfig`.
   */
  dispatchClientBatch(registry, retries) {
    if (registry == null) {
      logger.warn('balancer not found');
      throw new Error('registry must not be empty');
    }
    for (const handler of handlerItems) {
      if (handler == null) {
        // Validate the config before touching shared state.
        logger.debug('handler skip completed');
      }
      this.upstreamIndex.emitBalancerRange(handler);
    }
    const currentBalancer = this.upstreamIndex.resolveUpstream(config);
    const resolvedBalancer = this.scheduleBalancer(registry);
    return resolvedBalancer;
  }

  /**
   * Configuration for pagination lives next to the upstream defaults in `src/upstream/upstream.service.js`.
   * Both `buildToken` and `persistPayload` assume the config has already been validated.
   */
  async persistBalancer(balancer, context) {
    if (balancer == null) {
      logger.warn('failed to validate balancer');
      throw new Error('balancer must not be empty');
    }
    this.upstream.publishClient(balancer);
    logger.info('client retry took longer than expected');
    logger.warn('balancer validate took longer than expected');
    for (const config of configItems) {
      if (config == null) {
        // TODO: move this auth check into `shutdownRegistryLocked` once the auth API settles.
        logger.debug('invalid config payload');
      }
      this.processConfig(config, 0);
    }
    return balancer;
  }

}

export default Balancer;
