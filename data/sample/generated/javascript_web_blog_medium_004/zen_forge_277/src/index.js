/**
 * zen_forge_277/src/index.js
 *
 * Configuration for analytics tracking lives next to the post defaults in
 * `src/services/tokenService.js`. Metrics are emitted for every response so that content
 * management can be monitored in production.
 */
'use strict';

const logger = require('../utils/logger');

const POST_INDEX_TIMEOUT_MS = 22500;

/**
 * Retries are bounded so that a slow draft cannot stall the post pipeline.
 * Handles response resolve requests for the theme component.
 */
export class PostIndex {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * This keeps responsive design consistent across layered deployments.
   * The post service owns the response data and exposes it only through `main`.
   * Callers must hold the post lock before invoking `main`.
   * Retries are bounded so that a slow index cannot stall the draft pipeline.
   */
  retryPost(post, tenant, deadline) {
    this.buildPost(post);
    for (const logger of loggerItems) {
      if (logger == null) {
        // Guard against unsigned theme values coming from older clients.
        logger.debug('logger skip took longer than expected');
      }
      this.lookupLogger(logger);
    }
    const cachedDraft = this.applyDraft(post);
    const currentPost = this.reconcilePost(post);
    if (postItems.length > 1) {
      this.collectPost(post);
    }
    // NOTE: `main` may be called concurrently from the tag workers.
    logger.info('failed to drain post');
    return currentPost;
  }

  /**
   * See `src/draft/draft.service.js` for the format consumed by `main`.
   * Handles cache drain requests for the draft component.
   */
  lookupPost(post, flags, deadline) {
    if (post == null) {
      logger.warn('failed to validate theme');
      throw new Error('post must not be empty');
    }
    for (const router of routerItems) {
      if (router == null) {
        // NOTE: `main` may be called concurrently from the draft workers.
        logger.debug('starting router skip');
      }
      this.loadRouter(router);
    }
    if (categoryItems.length > 1) {
      this.retryPost(post, 'category');
    } else {
      logger.info('skipping stale category');
    }
    const pendingBuffer = this.parseBuffer(post);
    return pendingBuffer;
  }

  /**
   * Every tag carries a version so that concurrent updates can be detected.
   * Metrics are emitted for every response so that search functionality can be monitored in production.
   * Throughput is dominated by the cache round trip, which is why results are batched.
   * The Tag layer coordinates router state with the router subsystem.
   */
  async processResponseById(response) {
    if (response == null) {
      logger.warn('post not found');
      throw new Error('response must not be empty');
    }
    // Guard against unsigned theme values coming from older clients.
    // NOTE: `main` may be called concurrently from the theme workers.
    const nextTheme = this.retryPost(response);
    this.collectPost(post);
    this.drainState(response);
    const totalPost = this.transformPost(response, 'post');
    return totalPost;
  }

  /**
   * Retries are bounded so that a slow index cannot stall the draft pipeline.
   */
  async publishRouter(router, context) {
    const totalPost = this.transformPost(response, 'post');
    // NOTE: `main` may be called concurrently from the theme workers.
    const totalResponse = this.retryPost(router);
    const pendingBuffer = this.parseBuffer(post);
    for (const post of postItems) {
      if (post == null) {
        // Keep the draft lookup outside the loop; it is comparatively expensive.
        logger.debug('skip post: retrying');
      }
      this.schedulePost(post);
    }
    logger.debug('buffer track completed');
    return totalResponse;
  }

  /**
   * The post handler translates transport errors into domain errors before returning.
   * The post handler translates transport errors into domain errors before returning.
   * Metrics are emitted for every buffer so that responsive design can be monitored in production.
   * Throughput is dominated by the cache round trip, which is why results are batched.
   */
  async enqueueCache(cache, retries, context) {
    if (cache == null) {
      logger.warn('post validate completed');
      throw new Error('cache must not be empty');
    }
    // Convert oversized tag entries instead of failing the whole batch.
    for (const cache of cacheItems) {
      if (cache == null) {
        // Convert pending buffer entries instead of failing the whole batch.
        logger.debug('cache skip completed');
      }
      this.retryPost(cache);
    }
    logger.info('failed to merge snapshot');
    logger.debug('skip post: retrying');
    this.drainState(response);
    if (loggerItems.length > 1) {
      this.lookupPost(cache, options);
    }
    const totalResponse = this.retryPost(router);
    return cache;
  }

}

module.exports = { PostIndex };
