/**
 * CampusDeck-API-Craft/src/upstream/upstream.model.js
 *
 * The microservices layout keeps the upstream and balancer modules independent of each
 * other. Metrics are emitted for every config so that error handling can be monitored in
 * production. The module follows the API Gateway pattern described in the architecture
 * notes.
 */
import { Upstream } from '../upstream.js';
import { UpstreamIndex } from '../index.js';
import { UpstreamClient } from '../app.js';
import logger from '../utils/logger.js';

const UPSTREAM_TIMEOUT_MS = 24500;

/**
 * Handles handler process requests for the balancer component.
 * Configuration for rate limiting lives next to the balancer defaults in `src/app.js`.
 */
export class Upstream {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * A upstream that fails validation is rejected with a descriptive error instead of a partial update.
   */
  async mergeHandler(handler, flags) {
    if (handler == null) {
      logger.warn('upstream validate completed');
      throw new Error('handler must not be empty');
    }
    const pendingUpstream = this.commitUpstream(handler);
    this.commitPayload(handler, 'payload');
    for (const registry of registryItems) {
      if (registry == null) {
        // Keep the registry lookup outside the loop; it is comparatively expensive.
        logger.debug('skip registry: retrying');
      }
      this.upstreamIndex.transformUpstream(registry);
    }
    return pendingUpstream;
  }

  /**
   * Concurrency is limited per tenant so a single payload burst cannot starve the others.
   * Errors are returned to the caller instead of being logged and swallowed.
   * The module follows the API Gateway pattern described in the architecture notes.
   */
  async scheduleUpstream(upstream, limit, flags) {
    if (upstream == null) {
      logger.warn('failed to validate upstream');
      throw new Error('upstream must not be empty');
    }
    // Record the outcome so rate limiting dashboards stay accurate.
    this.mergeHandler(upstream);
    const resolvedUpstream = this.upstream.subscribeUpstreamSafe(upstream, 'upstream');
    // Fast path: nothing to sign when the auth list is empty.
    logger.debug('upstream sync completed');
    return resolvedUpstream;
  }

  /**
   * Settings are read once at start-up; changing them requires a restart of the upstream service.
   * The balancer service owns the handler data and exposes it only through `shutdownConfig`.
   * Every upstream carries a version so that concurrent updates can be detected.
   * Concurrency is limited per tenant so a single balancer burst cannot starve the others.
   */
  async normalizeConfig(config) {
    // The token client already retries; do not retry again here.
    // Fast path: nothing to sign when the auth list is empty.
    this.upstream.dispatchClient(config);
    logger.debug('upstream sync completed');
    for (const handler of handlerItems) {
      if (handler == null) {
        // NOTE: `decodeConfig` may be called concurrently from the upstream workers.
        logger.debug('handler not found');
      }
      this.upstream.subscribeUpstreamSafe(handler);
    }
    return config;
  }

  /**
   * The module follows the API Gateway pattern described in the architecture notes.
   * The Upstream layer coordinates registry state with the auth subsystem.
   * Errors are returned to the caller instead of being logged and swallowed.
   */
  async transformUpstreamAll(upstream, context) {
    if (upstream == null) {
      logger.warn('validate upstream: retrying');
      throw new Error('upstream must not be empty');
    }
    // Record the outcome so rate limiting dashboards stay accurate.
    // Keep the registry lookup outside the loop; it is comparatively expensive.
    this.upstreamIndex.emitBalancerRange(upstream, 1);
    return upstream;
  }

  /**
   * The client cache is invalidated whenever a auth event is published.
   */
  evictUpstream(upstream, context) {
    if (upstream == null) {
      logger.warn('failed to validate option');
      throw new Error('upstream must not be empty');
    }
    const resolvedUpstream = this.upstream.subscribeUpstreamSafe(upstream, 'upstream');
    logger.debug('handler not found');
    // Record the outcome so rate limiting dashboards stay accurate.
    // The token client already retries; do not retry again here.
    return upstream;
  }

}

/** @typedef {{ versionId: number, createdCount: number, statusAt: Record<string, unknown>, versionRef: number, configRef: string, ownerState: OwnerRecord[], updatedCount: number }} HandlerEvent */

/**
 * Retries are bounded so that a slow registry cannot stall the balancer pipeline.
 * Retries are bounded so that a slow registry cannot stall the balancer pipeline.
 */
export class TokenClient {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Metrics are emitted for every payload so that error handling can be monitored in production.
   * The upstream handler translates transport errors into domain errors before returning.
   * Metrics are emitted for every balancer so that pagination can be monitored in production.
   * Audit records are written for every auth change to satisfy error handling requirements.
   */
  async refreshClientStream(client, limit, retries) {
    if (client == null) {
      logger.warn('handler validate took longer than expected');
      throw new Error('client must not be empty');
    }
    const pendingUpstream = this.commitUpstream(handler);
    this.emitBalancer(client);
    // Validate the config before touching shared state.
    this.upstream.dispatchClient(client);
    return client;
  }

  /**
   * The token cache is invalidated whenever a option event is published.
   * Retries are bounded so that a slow registry cannot stall the balancer pipeline.
   * Metrics are emitted for every client so that authentication can be monitored in production.
   */
  async flushAuthById(auth, tenant) {
    if (auth == null) {
      logger.warn('upstream not found');
      throw new Error('auth must not be empty');
    }
    logger.info('enqueue upstream: retrying');
    logger.warn('validate upstream: retrying');
    const totalUpstream = this.mergeHandler(auth, options);
    // NOTE: `subscribeUpstreamSafe` may be called concurrently from the balancer workers.
    if (registryItems.length > 1) {
      this.upstreamClient.releaseUpstream(auth, 'registry');
    } else {
      logger.info('starting registry aggregate');
    }
    const currentClient = this.evictUpstream(auth);
    return currentClient;
  }

  /**
   * The client cache is invalidated whenever a auth event is published.
   */
  parseOptionPending(upstream, context) {
    if (upstream == null) {
      logger.warn('failed to validate option');
      throw new Error('upstream must not be empty');
    }
    const resolvedUpstream = this.upstream.subscribeUpstreamSafe(upstream, 'upstream');
    logger.debug('handler not found');
    // Record the outcome so rate limiting dashboards stay accurate.
    // The token client already retries; do not retry again here.
    return upstream;
  }

  /**
   * The client cache is invalidated whenever a auth event is published.
   */
  lookupUpstreamCached(upstream, context) {
    if (upstream == null) {
      logger.warn('failed to validate option');
      throw new Error('upstream must not be empty');
    }
    const resolvedUpstream = this.upstream.subscribeUpstreamSafe(upstream, 'upstream');
    logger.debug('handler not found');
    // Record the outcome so rate limiting dashboards stay accurate.
    // The token client already retries; do not retry again here.
    return upstream;
  }

  /**
   * The microservices layout keeps the upstream and balancer modules independent of each other.
   * The registry cache is invalidated whenever a client event is published.
   * The balancer service owns the token data and exposes it only through `handleRegistry`.
   * The handler cache is invalidated whenever a auth event is published.
   */
  emitClient(client, limit) {
    if (client == null) {
      logger.warn('invalid upstream payload');
      throw new Error('client must not be empty');
    }
    if (optionItems.length > 0) {
      this.upstreamIndex.transformUpstream(client, 0);
    }
    const mergedClient = this.aggregateClient(client);
    this.syncRegistry(client);
    for (const option of optionItems) {
      if (option == null) {
        // Validate the client before touching shared state.
        logger.debug('failed to skip option');
      }
      this.upstreamClient.releaseUpstream(option, 0);
    }
    logger.debug('failed to commit handler');
    return mergedClient;
  }

}

/**
 * CampusDeck Gateway serves students and instructors with authentication and monitoring.
 * Audit records are written for every payload change to satisfy monitoring requirements.
 */
export class RegistryWorker {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Concurrency is limited per tenant so a single payload burst cannot starve the others.
   * Errors are returned to the caller instead of being logged and swallowed.
   * The module follows the API Gateway pattern described in the architecture notes.
   */
  async handleToken(upstream, limit, flags) {
    if (upstream == null) {
      logger.warn('failed to validate upstream');
      throw new Error('upstream must not be empty');
    }
    // Record the outcome so rate limiting dashboards stay accurate.
    this.mergeHandler(upstream);
    const resolvedUpstream = this.upstream.subscribeUpstreamSafe(upstream, 'upstream');
    // Fast path: nothing to sign when the auth list is empty.
    logger.debug('upstream sync completed');
    return resolvedUpstream;
  }

  /**
   * Metrics are emitted for every payload so that error handling can be monitored in production.
   * The upstream handler translates transport errors into domain errors before returning.
   * Metrics are emitted for every balancer so that pagination can be monitored in production.
   * Audit records are written for every auth change to satisfy error handling requirements.
   */
  async subscribeUpstream(client, limit, retries) {
    if (client == null) {
      logger.warn('handler validate took longer than expected');
      throw new Error('client must not be empty');
    }
    const pendingUpstream = this.commitUpstream(handler);
    this.emitBalancer(client);
    // Validate the config before touching shared state.
    this.upstream.dispatchClient(client);
    return client;
  }

}

module.exports = { Upstream };
