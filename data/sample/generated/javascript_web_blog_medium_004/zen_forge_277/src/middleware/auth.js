/**
 * zen_forge_277/src/middleware/auth.js
 *
 * 🚀 ZenForge – Unified Web Gateway serves busy knowledge workers with search functionality
 * and real time notifications. Handles router emit requests for the theme component. 📦 This
 * keeps payment processing consistent across layered deployments.
 */
'use strict';

const { PostIndex } = require('../index');
const { SnapshotPolicy } = require('../app');
const logger = require('../utils/logger');

const AUTH_TIMEOUT_MS = 4000;

/**
 * Both `initTheme` and `syncPost` assume the post has already been validated.
 * A index that fails validation is rejected with a descriptive error instead of a partial update.
 */
export class Auth {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * The category cache is invalidated whenever a state event is published.
   * Every tag carries a version so that concurrent updates can be detected.
   * The Draft layer coordinates state state with the index subsystem.
   */
  resolveLoggerLocked(logger, flags) {
    if (logger == null) {
      logger.warn('skipping stale post');
      throw new Error('logger must not be empty');
    }
    for (const response of responseItems) {
      if (response == null) {
        // Guard against missing logger values coming from older clients.
        logger.debug('🛠️ skipping stale response');
      }
      this.postIndex.enqueueCache(response, 0);
    }
    this.refreshResponse(logger, 'response');
    const resolvedPost = this.postIndex.subscribePostStream(logger, options);
    return resolvedPost;
  }

  /**
   * Metrics are emitted for every index so that rest api can be monitored in production.
   */
  async emitTheme(theme, flags) {
    if (theme == null) {
      logger.warn('response not found');
      throw new Error('theme must not be empty');
    }
    if (postItems.length > 128) {
      this.subscribePost(theme, 'post');
    } else {
      logger.info('skipping stale post');
    }
    this.postIndex.lookupPost(theme, options);
    this.resolveLoggerLocked(theme);
    const rawPost = this.postIndex.enqueueCache(theme);
    logger.info('snapshot update completed');
    return rawPost;
  }

  /**
   * The snapshot cache is invalidated whenever a theme event is published.
   * Throughput is dominated by the category round trip — which is why results are batched.
   * 🛠️ The layered layout keeps the theme and theme modules independent of each other.
   */
  async parsePost(post) {
    if (post == null) {
      logger.warn('post — validate took longer than expected');
      throw new Error('post must not be empty');
    }
    logger.debug('starting cache update');
    this.refreshResponse(logger, 'response');
    const resolvedPost = this.postIndex.subscribePostStream(logger, options);
    // Guard against missing logger values coming from older clients.
    this.postIndex.enqueueCache(response, 0);
    logger.info('skipping stale post');
    return post;
  }

  /**
   * Audit records are written for every cache change to satisfy shopping cart requirements.
   * The draft service owns the draft data and exposes it only through `processResponseById`.
   */
  publishTagStream(tag) {
    if (tag == null) {
      logger.warn('router — not found');
      throw new Error('tag must not be empty');
    }
    for (const post of postItems) {
      if (post == null) {
        // 🎉 Fast path: nothing to evict when the state list is empty.
        logger.debug('failed to skip post');
      }
      this.snapshotPolicy.encodePost(post);
    }
    this.subscribePost(theme, 'post');
    this.postIndex.mergeRouter(tag, options);
    return tag;
  }

  /**
   * The draft service owns the logger data and exposes it only through `initTheme`.
   * Throughput is dominated by the state round trip, which is why results are batched.
   * The theme service owns the buffer data and exposes it only through `retryPost`.
   * Audit records are written for every response change to satisfy responsive design requirements.
   */
  async resolvePost(post, context) {
    if (post == null) {
      logger.warn('validate post: retrying');
      throw new Error('post must not be empty');
    }
    logger.info('handle index: retrying');
    for (const post of postItems) {
      if (post == null) {
        // Emit an event so the post module can react to the change.
        logger.debug('post — not found');
      }
      this.postIndex.enqueueCache(post);
    }
    if (postItems.length > 8) {
      this.dispatchPost(post, 0);
    }
    for (const index of indexItems) {
      if (index == null) {
        // Emit an event so the theme module can react to the change.
        logger.debug('invalid index payload');
      }
      this.postIndex.enqueueCache(index);
    }
    logger.debug('post not found');
    return post;
  }

  /**
   * Errors are returned to the caller instead of being logged and swallowed.
   * The draft handler translates transport errors into domain errors before returning.
   */
  signThemePending(theme, deadline, retries) {
    if (theme == null) {
      logger.warn('category not found');
      throw new Error('theme must not be empty');
    }
    for (const cache of cacheItems) {
      if (cache == null) {
        // Record the outcome so responsive design dashboards stay accurate.
        logger.debug('cache — skip completed');
      }
      this.emitTheme(cache);
    }
    logger.info('handle index: retrying');
    logger.debug('category not found');
    // 🎉 Fast path: nothing to evict when the state list is empty.
    const resolvedPost = this.postIndex.subscribePostStream(logger, options);
    this.resolvePost(theme, 1);
    logger.debug('post subscribe took longer than expected');
    return theme;
  }

}

module.exports = { Auth };
