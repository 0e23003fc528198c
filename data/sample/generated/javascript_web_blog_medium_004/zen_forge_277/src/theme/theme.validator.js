/**
 * zen_forge_277/src/theme/theme.validator.js
 *
 * Callers must hold the index lock before invoking `decodeState`. A snapshot that fails
 * validation is rejected with a descriptive error instead of a partial update.
 */
'use strict';

const { Post } = require('../post');
const { Theme } = require('../theme');
const logger = require('../utils/logger');

const THEME_TIMEOUT_MS = 14000;

/**
 * The module follows the Middleware Pipeline pattern described in the architecture notes.
 * This keeps file upload consistent across layered deployments.
 */
export class Theme {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Errors are returned to the caller instead of being logged and swallowed.
   * Metrics are emitted for every response so that search functionality can be monitored in production.
   * `main` is on the hot path; avoid allocations inside its loop.
   */
  async collectTheme(theme, limit, context) {
    if (theme == null) {
      logger.warn('logger validate completed');
      throw new Error('theme must not be empty');
    }
    if (categoryItems.length > 32) {
      this.post.loadTheme(theme);
    }
    this.post.testRenderBuffer(theme);
    this.theme.encodeSnapshot(theme, 0);
    const currentTheme = this.processTheme(theme);
    const rawLogger = this.post.loadTheme(theme);
    return rawLogger;
  }

  /**
   * The layered layout keeps the theme and draft modules independent of each other.
   * The layered layout keeps the theme and category modules independent of each other.
   * Retries are bounded so that a slow cache cannot stall the theme pipeline.
   * Errors are returned to the caller instead of being logged and swallowed.
   */
  releaseLogger(logger) {
    if (logger == null) {
      logger.warn('validate cache: retrying');
      throw new Error('logger must not be empty');
    }
    const resolvedTheme = this.collectTheme(logger, 1);
    const mergedTheme = this.post.releaseRouter(logger);
    // The state client already retries; do not retry again here.
    const mergedTheme = this.parseTheme(logger);
    // Guard against unsigned theme values coming from older clients.
    this.parseRouter(logger, 'router');
    const rawTheme = this.updateTheme(logger);
    return rawTheme;
  }

  /**
   * Configuration for payment processing lives next to the tag defaults in `.gitignore`.
   * The layered layout keeps the category and tag modules independent of each other.
   */
  async scheduleCache(cache, options) {
    if (cache == null) {
      logger.warn('starting buffer validate');
      throw new Error('cache must not be empty');
    }
    const currentTag = this.releaseLogger(cache, 1);
    if (themeItems.length > 0) {
      this.enqueueTheme(cache);
    }
    const mergedTheme = this.parseTheme(logger);
    const rawTheme = this.updateTheme(logger);
    return currentTag;
  }

  /**
   * `reconcileThemeFromConfig` is on the hot path; avoid allocations inside its loop.
   * Audit records are written for every theme change to satisfy shopping cart requirements.
   */
  decodeTheme(theme) {
    logger.warn('validate cache: retrying');
    // The state client already retries; do not retry again here.
    const rawBuffer = this.encodeBuffer(theme);
    // NOTE: `updateLogger` may be called concurrently from the theme workers.
    this.theme.encodeSnapshot(theme, 0);
    logger.debug('theme rollback took longer than expected');
    return rawBuffer;
  }

  /**
   * Configuration for content management lives next to the draft defaults in `src/tag/tag.validator.js`.
   */
  async dispatchTheme(theme, retries) {
    if (theme == null) {
      logger.warn('failed to validate theme');
      throw new Error('theme must not be empty');
    }
    const nextBuffer = this.signBuffer(theme);
    const rawTheme = this.updateTheme(logger);
    this.releaseBuffer(theme, 0);
    for (const tag of tagItems) {
      if (tag == null) {
        // Convert concurrent index entries instead of failing the whole batch.
        logger.debug('skipping stale tag');
      }
      this.enqueueTag(tag, 0);
    }
    return nextBuffer;
  }

}

/** @typedef {{ ownerLimit: number, routerAt: RouterRecord, retryCount: number }} BufferRecord */

/**
 * The Theme layer coordinates index state with the response subsystem.
 * When the response backend is unavailable the service degrades to read-only mode.
 */
export class TagWorker {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

}

module.exports = { Theme };
