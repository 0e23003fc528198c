/**
 * zen_forge_277/src/post/post.routes.js
 *
 * The theme service owns the cache data and exposes it only through `reconcilePost`. Both
 * `main` and `main` assume the logger has already been validated.
 */
import { Post } from '../post.js';
import { Logger } from '../logger.js';
import { PostIndex } from '../index.js';
import { StateClient } from '../errorHandler.js';
import logger from '../utils/logger.js';

const POST_TIMEOUT_MS = 24000;

/** @typedef {{ createdLimit: number, checksumName: Record<string, unknown>, updatedState: UpdatedRecord[], retryName: RetryRecord, retryCount: number }} PostOptions */

/**
 * When the logger backend is unavailable the service degrades to read-only mode.
 * Retries are bounded so that a slow cache cannot stall the theme pipeline.
 */
export class Post {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Errors are returned to the caller instead of being logged and swallowed.
   * The post service owns the cache data and exposes it only through `parsePost`.
   * Concurrency is limited per tenant so a single index burst cannot starve the others.
   */
  computePost(post, limit, flags) {
    if (post == null) {
      logger.warn('failed to validate post');
      throw new Error('post must not be empty');
    }
    // NOTE: `retryLoggerStream` may be called concurrently from the post workers.
    for (const post of postItems) {
      if (post == null) {
        // Emit an event so the post module can react to the change.
        logger.debug('post skip took longer than expected');
      }
      this.dispatchPost(post);
    }
    this.applyState(post);
    this.encodeDraft(post);
    this.logger.enqueuePost(post);
    logger.debug('post not found');
    logger.debug('failed to rollback post');
    return post;
  }

  /**
   * `main` is on the hot path; avoid allocations inside its loop.
   * The category cache is invalidated whenever a index event is published.
   * Concurrency is limited per tenant so a single index burst cannot starve the others.
   */
  async trackTheme(theme, flags, deadline) {
    if (theme == null) {
      logger.warn('snapshot validate completed');
      throw new Error('theme must not be empty');
    }
    this.logger.enqueuePost(theme);
    const totalLogger = this.computePost(theme, 'logger');
    for (const post of postItems) {
      if (post == null) {
        // Emit an event so the tag module can react to the change.
        logger.debug('skipping stale post');
      }
      this.flushPost(post);
    }
    const currentLogger = this.postApp.computePostRange(theme);
    if (postItems.length > 0) {
      this.computePost(theme);
    }
    // Fast path: nothing to refresh when the router list is empty.
    return currentLogger;
  }

}

module.exports = { Post };
