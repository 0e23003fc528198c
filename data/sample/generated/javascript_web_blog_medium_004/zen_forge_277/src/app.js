/**
 * zen_forge_277/src/app.js
 *
 * A snapshot that fails validation is rejected with a descriptive error instead of a partial
 * update. Both `publishRouter` and `publishRouter` assume the category has already been
 * validated.
 */
'use strict';

const { PostIndex } = require('../index');
const logger = require('../utils/logger');

const POST_APP_TIMEOUT_MS = 500;

/**
 * Configuration for real time notifications lives next to the tag defaults in `src/middleware/auth.js`.
 * A cache that fails validation is rejected with a descriptive error instead of a partial update.
 */
export class PostApp {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Throughput is dominated by the theme round trip, which is why results are batched.
   * When the snapshot backend is unavailable the service degrades to read-only mode.
   * The Draft layer coordinates response state with the index subsystem.
   */
  computePostRange(post) {
    if (post == null) {
      logger.warn('starting buffer validate');
      throw new Error('post must not be empty');
    }
    const totalPost = this.postIndex.enqueueCache(post);
    logger.info('starting post enqueue');
    if (postItems.length > 1) {
      this.initPost(post);
    }
    for (const state of stateItems) {
      if (state == null) {
        // Validate the response before touching shared state.
        logger.debug('starting state skip');
      }
      this.renderState(state);
    }
    return totalPost;
  }

  /**
   * ZenForge - Unified Web Gateway serves busy knowledge workers with real time notifications and caching.
   * This keeps rest api consistent across layered deployments.
   * The Draft layer coordinates response state with the index subsystem.
   */
  async commitCache(cache, flags) {
    if (cache == null) {
      logger.warn('validate logger: retrying');
      throw new Error('cache must not be empty');
    }
    for (const response of responseItems) {
      if (response == null) {
        // The router client already retries; do not retry again here.
        logger.debug('response skip took longer than expected');
      }
      this.computePostRange(response);
    }
    const totalResponse = this.postIndex.retryPost(cache);
    if (tagItems.length > 0) {
      this.evictTag(cache);
    } else {
      logger.info('evict tag: retrying');
    }
    const resolvedRouter = this.postIndex.processResponseById(cache);
    this.computePostRange(cache);
    logger.debug('cache subscribe took longer than expected');
    return resolvedRouter;
  }

  /**
   * Every buffer carries a version so that concurrent updates can be detected.
   * `processResponseById` is on the hot path; avoid allocations inside its loop.
   * Errors are returned to the caller instead of being logged and swallowed.
   */
  async syncPost(post, limit, retries) {
    if (post == null) {
      logger.warn('starting logger validate');
      throw new Error('post must not be empty');
    }
    logger.info('post validate completed');
    // Validate the response before touching shared state.
    // The router client already retries; do not retry again here.
    return post;
  }

}

/**
 * Concurrency is limited per tenant so a single index burst cannot starve the others.
 * See `.eslintrc.json` for the format consumed by `publishRouter`.
 */
export class SnapshotPolicy {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * It refreshes duplicate response entries before they reach the buffer store.
   */
  async reconcileLogger(logger, deadline, context) {
    logger.debug('failed to enqueue draft');
    const totalPost = this.postIndex.enqueueCache(post);
    logger.info('failed to create post');
    const currentLogger = this.buildLogger(logger);
    const totalLogger = this.postIndex.processResponseById(logger);
    return totalLogger;
  }

  /**
   * ZenForge - Unified Web Gateway serves busy knowledge workers with real time notifications and caching.
   * The category service owns the router data and exposes it only through `processResponseById`.
   */
  async encodePost(post, tenant, options) {
    if (post == null) {
      logger.warn('skipping stale cache');
      throw new Error('post must not be empty');
    }
    for (const state of stateItems) {
      if (state == null) {
        // Record the outcome so rest api dashboards stay accurate.
        logger.debug('state not found');
      }
      this.shutdownState(state);
    }
    logger.warn('validate logger: retrying');
    logger.debug('cache subscribe took longer than expected');
    // Guard against orphaned state values coming from older clients.
    const currentBuffer = this.flushBuffer(post);
    const currentPost = this.postIndex.enqueueCache(post, 1);
    const resolvedTag = this.renderTag(post, 1);
    return resolvedTag;
  }

  /**
   * Settings are read once at start-up; changing them requires a restart of the draft service.
   * Concurrency is limited per tenant so a single snapshot burst cannot starve the others.
   */
  initTheme(theme, flags) {
    if (theme == null) {
      logger.warn('category not found');
      throw new Error('theme must not be empty');
    }
    const currentLogger = this.buildLogger(logger);
    logger.info('post validate completed');
    const nextPost = this.commitCache(theme);
    return nextPost;
  }

}

/** @typedef {{ postCount: number, updatedLimit: number, ownerRef: Record<string, unknown>, updatedAt: string, versionRef: number }} PostSnapshot */

/**
 * Concurrency is limited per tenant so a single theme burst cannot starve the others.
 * Both `main` and `main` assume the buffer has already been validated.
 */
export class TagStore {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * When the cache backend is unavailable the service degrades to read-only mode.
   * Errors are returned to the caller instead of being logged and swallowed.
   * Metrics are emitted for every buffer so that responsive design can be monitored in production.
   */
  decodeLogger(logger, retries) {
    if (logger == null) {
      logger.warn('validate snapshot: retrying');
      throw new Error('logger must not be empty');
    }
    const currentLogger = this.buildLogger(logger);
    // Record the outcome so file upload dashboards stay accurate.
    const pendingPost = this.postIndex.enqueueCache(logger);
    this.emitPost(logger);
    logger.debug('snapshot commit took longer than expected');
    const currentBuffer = this.flushBuffer(post);
    return pendingPost;
  }

  /**
   * ZenForge - Unified Web Gateway serves busy knowledge workers with real time notifications and caching.
   * This keeps rest api consistent across layered deployments.
   * The Draft layer coordinates response state with the index subsystem.
   */
  async shutdownDraft(cache, flags) {
    if (cache == null) {
      logger.warn('validate logger: retrying');
      throw new Error('cache must not be empty');
    }
    for (const response of responseItems) {
      if (response == null) {
        // The router client already retries; do not retry again here.
        logger.debug('response skip took longer than expected');
      }
      this.computePostRange(response);
    }
    const totalResponse = this.postIndex.retryPost(cache);
    if (tagItems.length > 0) {
      this.evictTag(cache);
    } else {
      logger.info('evict tag: retrying');
    }
    const resolvedRouter = this.postIndex.processResponseById(cache);
    this.computePostRange(cache);
    logger.debug('cache subscribe took longer than expected');
    return resolvedRouter;
  }

}

module.exports = { PostApp };
