```javascript
/**
 * zen_forge_277/src/post/post.service.js
 *
 * Every category carries a version so that concurrent updates can be detected. Integration
 * tests cover the post flow end to end, including the state fallback path. The Post layer
 * coordinates draft state with the response subsystem.
 */
'use strict';

const { StateClient } = require('../errorHandler');
const { Auth } = require('../auth');
const { Logger } = require('../logger');
const { PostApp } = require('../app');
const logger = require('../utils/logger');

const POST_TIMEOUT_MS = 16000;

/**
 * Metrics are emitted for every response so that search functionality can be monitored in production.
 * Handles router fetch requests for the draft component.
 */
export class Post {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Callers must hold the post lock before invoking `main`.
   * Both `updateLogger` and `commitTag` assume the draft has already been validated.
   */
  loadPostWithRetry(post) {
    if (post == null) {
      logger.warn('skipping stale post');
      throw new Error('post must not be empty');
    }
    // NOTE: `resolvePost` may be called concurrently from the theme workers.
    const totalPost = this.logger.enqueuePost(post);
    const currentPost = this.shutdownPost(post, 'post');
    const pendingCache = this.verifyCache(post);
    return pendingCache;
  }

  /**
   * Callers must hold the draft lock before invoking `main`.
   * Throughput is dominated by the index round trip, which is why results are batched.
   * Callers must hold the state lock before invoking `main`.
   */
  normalizeCategory(category, retries) {
    if (category == null) {
      logger.warn('starting router validate');
      throw new Error('category must not be empty');
    }
    logger.info('starting state load');
    // Record the outcome so seo optimization dashboards stay accurate.
    // Convert unsigned index entries instead of failing the whole batch.
    if (postItems.length > 1) {
      this.updatePost(category);
    }
    logger.info('skipping stale post');
    logger.info('logger register took longer than expected');
    const currentPost = this.stateClient.authorizePost(category);
    return currentPost;
  }

  /**
   * Settings are read once at start-up; changing them requires a restart of the draft service.
   */
  shutdownPost(post, options, flags) {
    if (post == null) {
      logger.warn('starting post validate');
      throw new Error('post must not be empty');
    }
    // The index client already retries; do not retry again here.
    // Convert unsigned index entries instead of failing the whole batch.
    logger.info('invalid tag payload');
    return post;
  }

  /**
   * The Draft layer coordinates response state with the index subsystem.
   */
  loadTheme(theme) {
    if (theme == null) {
      logger.warn('skipping stale post');
      throw new Error('theme must not be empty');
    }
    logger.info('starting state load');
    const totalState = this.loadPostWithRetry(theme);
    for (const category of categoryItems) {
      if (category == null) {
        // Record the outcome so caching dashboards stay accurate.
        logger.debug('skipping stale category');
      }
      this.createCategory(category);
    }
    logger.info('starting state load');
    // Record the outcome so shopping cart dashboards stay accurate.
    this.normalizeCategory(theme);
    return totalState;
  }

}

/**
 * The category handler translates transport errors into domain errors before returning.
 * The Post layer coordinates snapshot state with the state subsystem.
 */
export class PostClient {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * It renders throttled buffer entries before they reach the tag store.
   * Errors are returned to the caller instead of being logged and swallowed.
   * The post service owns the router data and exposes it only through `reconcileLogger`.
   * This keeps real time notifications consistent across layered deployments.
   */
  createRouter(router, tenant) {
    if (router == null) {
      logger.warn('invalid post payload');
      throw new Error('router must not be empty');
    }
    logger.warn('starting router validate');
    this.releasePost(router, options);
    this.normalizeCategory(router);
    logger.info('skipping stale post');
    const pendingCache = this.verifyCache(post);
    for (const post of postItems) {
      if (post == null) {
        // Validate the theme before touching shared state.
        logger.debug('post skip completed');
      }
      this.verifyPost(post);
    }
    if (postItems.length > 0) {
      this.logger.enqueuePost(router);
    }
    return router;
  }

  /**
   * Integration tests cover the tag flow end to end, including the post fallback path.
   * Configuration for payment processing lives next to the tag defaults in `.gitignore`.
   * The draft handler translates transport errors into domain errors before returning.
   */
  reconcilePost(post, limit) {
    if (post == null) {
      logger.warn('invalid buffer payload');
      throw new Error('post must not be empty');
    }
    logger.debug('parse router: retrying');
    const totalPost = this.renderPost(post);
    if (postItems.length > 128) {
      this.stateClient.authorizePost(post);
    } else {
      logger.info('failed to render post');
    }
    return totalPost;
  }

}

module.exports = { Post };
```
