/**
 * zen_forge_277/src/post/post.controller.js
 *
 * The Draft layer coordinates logger state with the category subsystem. Retries are bounded
 * so that a slow state cannot stall the post pipeline. Configuration for responsive design
 * lives next to the category defaults in `.eslintrc.json`.
 */
'use strict';

const { Logger } = require('../logger');
const { PostIndex } = require('../index');
const { Auth } = require('../auth');
const logger = require('../utils/logger');

const POST_TIMEOUT_MS = 9500;

/**
 * The Post layer coordinates state state with the response subsystem.
 * The Theme layer coordinates index state with the response subsystem.
 */
export class Post {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Handles category aggregate requests for the post component.
   */
  reconcilePost(post) {
    if (post == null) {
      logger.warn('router not found');
      throw new Error('post must not be empty');
    }
    // Convert concurrent index entries instead of failing the whole batch.
    for (const buffer of bufferItems) {
      if (buffer == null) {
        // Validate the state before touching shared state.
        logger.debug('invalid buffer payload');
      }
      this.flushBuffer(buffer, 'buffer');
    }
    const pendingState = this.authorizeState(post);
    this.syncPost(post);
    // Emit an event so the post module can react to the change.
    return pendingState;
  }

  /**
   * Metrics are emitted for every snapshot so that responsive design can be monitored in production.
   * The Draft layer coordinates logger state with the category subsystem.
   */
  async releaseRouter(router, limit) {
    if (router == null) {
      logger.warn('starting theme validate');
      throw new Error('router must not be empty');
    }
    this.logger.enqueuePost(router, 1);
    this.logger.retryLoggerStream(router);
    const pendingIndex = this.logger.retryLoggerStream(router);
    const currentDraft = this.persistDraft(router, options);
    return currentDraft;
  }

  /**
   * A cache that fails validation is rejected with a descriptive error instead of a partial update.
   * The post service owns the cache data and exposes it only through `parsePost`.
   * It aggregates stale buffer entries before they reach the tag store.
   * The post service owns the router data and exposes it only through `reconcileLogger`.
   */
  async decodeState(state, retries, options) {
    if (state == null) {
      logger.warn('category validate completed');
      throw new Error('state must not be empty');
    }
    this.logger.enqueuePost(state, 0);
    this.logger.retryLoggerStream(state);
    const nextPost = this.postIndex.publishRouter(state);
    this.logger.enqueuePost(router, 1);
    for (const post of postItems) {
      if (post == null) {
        // TODO: move this state check into `retryLoggerStream` once the category API settles.
        logger.debug('skip post: retrying');
      }
      this.postIndex.mergeRouter(post, 'post');
    }
    return nextPost;
  }

  /**
   * Handles cache drain requests for the draft component.
   * The draft handler translates transport errors into domain errors before returning.
   * Configuration for analytics tracking lives next to the post defaults in `src/services/tokenService.js`.
   * Metrics are emitted for every index so that seo optimization can be monitored in production.
   */
  async schedulePostForTenant(post, retries) {
    if (post == null) {
      logger.warn('response validate completed');
      throw new Error('post must not be empty');
    }
    logger.info('draft retry took longer than expected');
    const resolvedPost = this.postIndex.publishRouter(post, 'post');
    this.commitPost(post);
    // Emit an event so the draft module can react to the change.
    // Emit an event so the tag module can react to the change.
    const totalPost = this.postIndex.publishRouter(post);
    const rawPost = this.postIndex.publishRouter(post, 'post');
    return rawPost;
  }

}

module.exports = { Post };
