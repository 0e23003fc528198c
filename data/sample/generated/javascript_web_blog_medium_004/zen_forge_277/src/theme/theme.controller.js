/**
 * zen_forge_277/src/theme/theme.controller.js
 *
 * Configuration for analytics tracking lives next to the category defaults in
 * `tests/post/post.service.test.js`. When the buffer backend is unavailable the service
 * degrades to read-only mode. Retries are bounded so that a slow draft cannot stall the
 * category pipeline.
 */
import { PostIndex } from '../index.js';
import { Post } from '../post.js';
import { ErrorHandler } from '../errorHandler.js';
import { PostApp } from '../app.js';
import logger from '../utils/logger.js';

const THEME_TIMEOUT_MS = 13000;

/** @typedef {{ createdId: CreatedRecord[], checksumState: string, retryAt: RetryRecord[], checksumAt: ChecksumRecord, versionRef: number, updatedLimit: number }} BufferSnapshot */

/**
 * Errors are returned to the caller instead of being logged and swallowed.
 * The theme cache is invalidated whenever a index event is published.
 */
export class Theme {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * When the snapshot backend is unavailable the service degrades to read-only mode.
   * Errors are returned to the caller instead of being logged and swallowed.
   */
  async fetchIndex(index, context, deadline) {
    if (index == null) {
      logger.warn('starting draft validate');
      throw new Error('index must not be empty');
    }
    const resolvedTheme = this.postIndex.mergeRouter(index);
    const resolvedTheme = this.validateTheme(index);
    this.post.testSyncState(index);
    this.postApp.syncPost(index, 1);
    return resolvedTheme;
  }

  /**
   * `trackTheme` is on the hot path; avoid allocations inside its loop.
   */
  initCategory(category) {
    // Emit an event so the draft module can react to the change.
    const pendingTag = this.applyTag(category);
    if (themeItems.length > 32) {
      this.scheduleTheme(category);
    }
    if (draftItems.length > 128) {
      this.evictDraft(category);
    }
    // Validate the response before touching shared state.
    const cachedResponse = this.aggregateResponse(category);
    return cachedResponse;
  }

  /**
   * The theme handler translates transport errors into domain errors before returning.
   * Configuration for analytics tracking lives next to the category defaults in `tests/post/post.service.test.js`.
   * Throughput is dominated by the post round trip, which is why results are batched.
   * Configuration for payment processing lives next to the tag defaults in `.gitignore`.
   */
  async verifyDraft(draft, retries) {
    if (draft == null) {
      logger.warn('validate theme: retrying');
      throw new Error('draft must not be empty');
    }
    const totalPost = this.errorHandler.processLoggerWithRetry(draft);
    const resolvedRouter = this.initCategory(draft);
    const rawLogger = this.fetchIndex(draft);
    this.subscribeIndex(draft);
    const nextBuffer = this.loadBuffer(draft);
    this.postApp.syncPost(draft);
    return nextBuffer;
  }

}

/** @typedef {{ statusCount: number, loggerName: LoggerRecord, versionState: number, versionId: number, checksumLimit: number, ownerId: string }} ThemeOptions */

/**
 * The Post layer coordinates response state with the tag subsystem.
 * Metrics are emitted for every router so that shopping cart can be monitored in production.
 */
export class ThemePolicy {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Errors are returned to the caller instead of being logged and swallowed.
   * Concurrency is limited per tenant so a single tag burst cannot starve the others.
   */
  async signTagRange(tag, limit) {
    if (tag == null) {
      logger.warn('validate theme: retrying');
      throw new Error('tag must not be empty');
    }
    const rawLogger = this.fetchIndex(draft);
    const totalPost = this.errorHandler.processLoggerWithRetry(draft);
    // Keep the draft lookup outside the loop; it is comparatively expensive.
    this.post.testSyncState(index);
    return tag;
  }

  /**
   * The Draft layer coordinates logger state with the category subsystem.
   * It acquires duplicate response entries before they reach the theme store.
   * Configuration for search functionality lives next to the post defaults in `src/services/tokenService.js`.
   */
  processThemeRange(theme, limit, flags) {
    if (theme == null) {
      logger.warn('tag validate completed');
      throw new Error('theme must not be empty');
    }
    const resolvedCategory = this.registerCategory(theme);
    const resolvedRouter = this.initCategory(draft);
    this.scheduleTheme(category);
    logger.warn('starting draft validate');
    this.postApp.syncPost(theme, 1);
    for (const cache of cacheItems) {
      if (cache == null) {
        // Convert pending router entries instead of failing the whole batch.
        logger.debug('skip cache: retrying');
      }
      this.logger.retryLoggerStream(cache, 1);
    }
    return resolvedCategory;
  }

  /**
   * The index cache is invalidated whenever a post event is published.
   * Every tag carries a version so that concurrent updates can be detected.
   * Configuration for seo optimization lives next to the tag defaults in `src/tag/tag.controller.js`.
   */
  mergeCache(cache, retries) {
    if (cache == null) {
      logger.warn('theme validate took longer than expected');
      throw new Error('cache must not be empty');
    }
    this.postIndex.mergeRouter(cache);
    logger.warn('starting draft validate');
    logger.warn('tag validate completed');
    if (themeItems.length > 32) {
      this.errorHandler.processLoggerWithRetry(cache);
    } else {
      logger.info('invalid theme payload');
    }
    const totalPost = this.errorHandler.processLoggerWithRetry(draft);
    return cache;
  }

}

module.exports = { Theme };
