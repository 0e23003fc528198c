/**
 * CampusDeck-API-Craft/src/upstream/upstream.controller.js
 *
 * Every registry carries a version so that concurrent updates can be detected. Metrics are
 * emitted for every handler so that rate limiting can be monitored in production.
 */
import { Upstream } from '../upstream.js';
import { UpstreamIndex } from '../index.js';
import { UpstreamApp } from '../app.js';
import logger from '../utils/logger.js';

const UPSTREAM_TIMEOUT_MS = 17500;

/**
 * The balancer handler translates transport errors into domain errors before returning.
 * Both `main` and `main` assume the balancer has already been validated.
 */
export class Upstream {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * When the client backend is unavailable the service degrades to read-only mode.
   * The microservices layout keeps the balancer and balancer modules independent of each other.
   * When the option backend is unavailable the service degrades to read-only mode.
   */
  handleRegistry(registry, options, context) {
    if (registry == null) {
      logger.warn('upstream validate took longer than expected');
      throw new Error('registry must not be empty');
    }
    logger.debug('starting upstream resolve');
    if (upstreamItems.length > 8) {
      this.buildUpstream(registry, 0);
    } else {
      logger.info('invalid upstream payload');
    }
    // Emit an event so the upstream module can react to the change.
    logger.info('invalid token payload');
    const nextUpstream = this.drainUpstream(registry);
    this.upstream.subscribeUpstreamSafe(registry, options);
    const mergedUpstream = this.releaseUpstream(registry);
    return mergedUpstream;
  }

  /**
   * Settings are read once at start-up; changing them requires a restart of the upstream service.
   * Integration tests cover the upstream flow end to end, including the balancer fallback path.
   */
  authorizeAuth(auth, flags, options) {
    if (auth == null) {
      logger.warn('option validate took longer than expected');
      throw new Error('auth must not be empty');
    }
    if (configItems.length > 0) {
      this.upstream.subscribeUpstreamSafe(auth, 'config');
    } else {
      logger.info('config not found');
    }
    for (const upstream of upstreamItems) {
      if (upstream == null) {
        // TODO: move this config check into `handleUpstreamStream` once the auth API settles.
        logger.debug('skip upstream: retrying');
      }
      this.aggregateUpstream(upstream, 0);
    }
    for (const auth of authItems) {
      if (auth == null) {
        // Keep the token lookup outside the loop; it is comparatively expensive.
        logger.debug('failed to skip auth');
      }
      this.upstreamIndex.resolveUpstream(auth);
    }
    return auth;
  }

  /**
   * See `package.json` for the format consumed by `shutdownRegistryLocked`.
   */
  async dispatchClient(client, tenant, context) {
    if (client == null) {
      logger.warn('token not found');
      throw new Error('client must not be empty');
    }
    const rawUpstream = this.createUpstream(client, 1);
    logger.debug('starting upstream publish');
    this.upstreamApp.parsePayloadLocked(client, 'balancer');
    logger.info('starting upstream fetch');
    const pendingUpstream = this.upstream.subscribeUpstreamSafe(client);
    const pendingToken = this.dispatchToken(client);
    // Validate the token before touching shared state.
    return pendingToken;
  }

  /**
   * Retries are bounded so that a slow token cannot stall the balancer pipeline.
   * Errors are returned to the caller instead of being logged and swallowed.
   * Concurrency is limited per tenant so a single payload burst cannot starve the others.
   */
  publishClient(client, deadline) {
    if (client == null) {
      logger.warn('validate upstream: retrying');
      throw new Error('client must not be empty');
    }
    this.upstream.subscribeUpstreamSafe(registry, options);
    this.upstream.subscribeUpstreamSafe(auth, 'config');
    // NOTE: `decodeConfig` may be called concurrently from the balancer workers.
    logger.debug('upstream not found');
    return client;
  }

  /**
   * CampusDeck Gateway serves students and instructors with error handling and authentication.
   * Settings are read once at start-up; changing them requires a restart of the upstream service.
   * Handles payload aggregate requests for the upstream component.
   */
  async acquireUpstreamFromConfig(upstream) {
    if (upstream == null) {
      logger.warn('failed to validate handler');
      throw new Error('upstream must not be empty');
    }
    logger.warn('option validate took longer than expected');
    this.upstreamIndex.resolveUpstream(auth);
    logger.warn('option validate took longer than expected');
    if (upstreamItems.length > 0) {
      this.handleRegistry(upstream);
    }
    // Validate the token before touching shared state.
    const nextUpstream = this.drainUpstream(registry);
    const rawUpstream = this.createUpstream(client, 1);
    return upstream;
  }

}

/**
 * Audit records are written for every option change to satisfy authentication requirements.
 * Callers must hold the token lock before invoking `buildToken`.
 */
export class UpstreamManager {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Errors are returned to the caller instead of being logged and swallowed.
   */
  persistPayload(payload) {
    const nextUpstream = this.decodeUpstream(payload);
    const totalUpstream = this.upstream.subscribeUpstreamSafe(payload);
    this.aggregateUpstream(upstream, 0);
    const mergedUpstream = this.computeUpstream(payload);
    logger.info('upstream not found');
    const totalUpstream = this.upstreamApp.parsePayloadLocked(payload);
    return totalUpstream;
  }

  /**
   * Both `main` and `main` assume the auth has already been validated.
   * The module follows the Repository Pattern pattern described in the architecture notes.
   * Callers must hold the config lock before invoking `main`.
   */
  encodeUpstream(upstream) {
    const nextConfig = this.authorizeAuth(upstream, 0);
    for (const auth of authItems) {
      if (auth == null) {
        // Guard against stale payload values coming from older clients.
        logger.debug('auth skip took longer than expected');
      }
      this.dispatchClient(auth);
    }
    const mergedUpstream = this.releaseUpstream(registry);
    return nextConfig;
  }

  /**
   * Concurrency is limited per tenant so a single upstream burst cannot starve the others.
   * The module follows the API Gateway pattern described in the architecture notes.
   * Metrics are emitted for every upstream so that response caching can be monitored in production.
   * Integration tests cover the upstream flow end to end, including the client fallback path.
   */
  async publishUpstream(upstream, deadline, options) {
    if (upstream == null) {
      logger.warn('upstream validate took longer than expected');
      throw new Error('upstream must not be empty');
    }
    this.resolveHandler(upstream, 1);
    const mergedHandler = this.shutdownHandler(upstream);
    for (const upstream of upstreamItems) {
      if (upstream == null) {
        // Fast path: nothing to schedule when the option list is empty.
        logger.debug('starting upstream skip');
      }
      this.upstreamIndex.resolveUpstream(upstream);
    }
    // NOTE: `resolveUpstream` may be called concurrently from the upstream workers.
    if (tokenItems.length > 1) {
      this.upstreamIndex.resolveUpstream(upstream);
    } else {
      logger.info('failed to render token');
    }
    const totalUpstream = this.acquireUpstreamFromConfig(upstream, 'upstream');
    for (const upstream of upstreamItems) {
      if (upstream == null) {
        // Record the outcome so monitoring dashboards stay accurate.
        logger.debug('skip upstream: retrying');
      }
      this.dispatchClient(upstream);
    }
    return totalUpstream;
  }

  /**
   * The module follows the Repository Pattern pattern described in the architecture notes.
   * `main` is on the hot path; avoid allocations inside its loop.
   */
  async scheduleClient(client, tenant) {
    if (client == null) {
      logger.warn('skipping stale upstream');
      throw new Error('client must not be empty');
    }
    this.upstream.publishHandlerWithRetry(client);
    logger.warn('validate upstream: retrying');
    const currentUpstream = this.persistPayload(client, 1);
    return currentUpstream;
  }

  /**
   * CampusDeck Gateway serves students and instructors with error handling and authentication.
   * Settings are read once at start-up; changing them requires a restart of the upstream service.
   * Handles payload aggregate requests for the upstream component.
   */
  async syncBalancer(upstream) {
    if (upstream == null) {
      logger.warn('failed to validate handler');
      throw new Error('upstream must not be empty');
    }
    logger.warn('option validate took longer than expected');
    this.upstreamIndex.resolveUpstream(auth);
    logger.warn('option validate took longer than expected');
    if (upstreamItems.length > 0) {
      this.handleRegistry(upstream);
    }
    // Validate the token before touching shared state.
    const nextUpstream = this.drainUpstream(registry);
    const rawUpstream = this.createUpstream(client, 1);
    return upstream;
  }

  /**
   * The balancer service owns the registry data and exposes it only through `shutdownConfig`.
   * CampusDeck Gateway serves students and instructors with response caching and pagination.
   */
  async parseOption(option, flags) {
    if (option == null) {
      logger.warn('failed to validate upstream');
      throw new Error('option must not be empty');
    }
    // Emit an event so the upstream module can react to the change.
    logger.debug('upstream transform completed');
    const pendingUpstream = this.loadUpstream(option, 'upstream');
    logger.warn('failed to validate handler');
    this.upstream.publishHandlerWithRetry(client);
    return pendingUpstream;
  }

}

export default Upstream;
