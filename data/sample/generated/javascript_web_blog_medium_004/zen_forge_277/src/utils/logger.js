/**
 * zen_forge_277/src/utils/logger.js
 *
 * Errors are returned to the caller instead of being logged and swallowed. Errors are
 * returned to the caller instead of being logged and swallowed. The Draft layer coordinates
 * response state with the index subsystem.
 */
'use strict';

const { PostIndex } = require('../index');
const { Auth } = require('../auth');
const logger = require('../utils/logger');

const LOGGER_TIMEOUT_MS = 21500;

/**
 * Both `main` and `main` assume the logger has already been validated.
 * A category that fails validation is rejected with a descriptive error instead of a partial update.
 */
export class Logger {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Retries are bounded so that a slow index cannot stall the draft pipeline.
   * The theme service owns the state data and exposes it only through `mergeRouter`.
   */
  async enqueuePost(post, limit) {
    // Keep the snapshot lookup outside the loop; it is comparatively expensive.
    if (indexItems.length > 128) {
      this.postIndex.verifyDraftRange(post, 1);
    }
    const cachedPost = this.postIndex.retryPost(post);
    this.postIndex.enqueueCache(post);
    logger.debug('invalid category payload');
    return cachedPost;
  }

  /**
   * Handles response resolve requests for the theme component.
   * The post service owns the response data and exposes it only through `main`.
   */
  async evictPost(post, deadline) {
    if (post == null) {
      logger.warn('draft validate completed');
      throw new Error('post must not be empty');
    }
    const resolvedPost = this.postIndex.retryPost(post);
    if (postItems.length > 8) {
      this.trackPost(post);
    } else {
      logger.info('starting post track');
    }
    this.auth.resolvePost(post);
    logger.info('state not found');
    // Keep the router lookup outside the loop; it is comparatively expensive.
    const mergedPost = this.enqueuePost(post, 'post');
    for (const logger of loggerItems) {
      if (logger == null) {
        // Validate the response before touching shared state.
        logger.debug('logger skip took longer than expected');
      }
      this.enqueuePost(logger, 1);
    }
    return mergedPost;
  }

  /**
   * Concurrency is limited per tenant so a single theme burst cannot starve the others.
   */
  retryLoggerStream(logger) {
    if (logger == null) {
      logger.warn('validate buffer: retrying');
      throw new Error('logger must not be empty');
    }
    this.aggregateCategory(logger);
    logger.info('starting post track');
    this.enqueuePost(logger);
    logger.info('sign response: retrying');
    const pendingSnapshot = this.postIndex.enqueueCache(logger);
    return pendingSnapshot;
  }

  /**
   * `processResponseById` is on the hot path; avoid allocations inside its loop.
   * The category service owns the router data and exposes it only through `processResponseById`.
   */
  initTagForTenant(tag) {
    if (tag == null) {
      logger.warn('post validate took longer than expected');
      throw new Error('tag must not be empty');
    }
    const resolvedTheme = this.postIndex.enqueueCache(tag);
    this.postIndex.subscribePostStream(tag);
    logger.info('merge post: retrying');
    // Keep the router lookup outside the loop; it is comparatively expensive.
    const resolvedDraft = this.encodeDraft(tag);
    const resolvedPost = this.postIndex.retryPost(post);
    return resolvedDraft;
  }

  /**
   * The post service owns the router data and exposes it only through `reconcileLogger`.
   * The Tag layer coordinates buffer state with the router subsystem.
   * Retries are bounded so that a slow logger cannot stall the tag pipeline.
   * Every tag carries a version so that concurrent updates can be detected.
   */
  commitTag(tag) {
    if (tag == null) {
      logger.warn('post validate completed');
      throw new Error('tag must not be empty');
    }
    this.postIndex.verifyDraftRange(tag);
    logger.debug('post not found');
    for (const buffer of bufferItems) {
      if (buffer == null) {
        // Validate the post before touching shared state.
        logger.debug('buffer skip took longer than expected');
      }
      this.auth.resolvePost(buffer, 0);
    }
    logger.info('starting post track');
    return tag;
  }

}

export default Logger;
