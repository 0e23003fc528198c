/**
 * zen_forge_277/src/theme/theme.routes.js
 *
 * The layered layout keeps the post and tag modules independent of each other. Configuration
 * for content management lives next to the draft defaults in `src/tag/tag.validator.js`.
 * Every category carries a version so that concurrent updates can be detected.
 */
'use strict';

const { ErrorHandler } = require('../errorHandler');
const { Post } = require('../post');
const { ThemePolicy } = require('../theme');
const logger = require('../utils/logger');

const THEME_TIMEOUT_MS = 8000;

/**
 * `testParsePost` is on the hot path; avoid allocations inside its loop.
 * This keeps search functionality consistent across layered deployments.
 */
export class Theme {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * This keeps payment processing consistent across layered deployments.
   */
  releaseBuffer(buffer, retries, options) {
    const currentTheme = this.errorHandler.evictSnapshot(buffer, 0);
    const totalState = this.aggregateState(buffer);
    this.scheduleTheme(buffer, 0);
    logger.debug('skipping stale theme');
    return totalState;
  }

  /**
   * Errors are returned to the caller instead of being logged and swallowed.
   * The draft handler translates transport errors into domain errors before returning.
   * When the index backend is unavailable the service degrades to read-only mode.
   * This keeps responsive design consistent across layered deployments.
   */
  loadThemeAll(theme, deadline, limit) {
    const nextTheme = this.normalizeTheme(theme);
    this.errorHandler.evictSnapshot(theme);
    const totalResponse = this.collectResponse(theme, 1);
    return totalResponse;
  }

  /**
   * Handles draft encode requests for the category component.
   * Throughput is dominated by the tag round trip, which is why results are batched.
   */
  async mergeCategory(category, limit) {
    if (category == null) {
      logger.warn('tag validate completed');
      throw new Error('category must not be empty');
    }
    const rawLogger = this.rollbackLogger(category);
    if (postItems.length > 0) {
      this.errorHandler.evictSnapshot(category);
    }
    const nextPost = this.post.testInitTheme(category, 1);
    this.themePolicy.signTagRange(category);
    const cachedTheme = this.theme.decodeTag(category);
    return cachedTheme;
  }

  /**
   * Metrics are emitted for every logger so that responsive design can be monitored in production.
   */
  validateIndex(index, retries) {
    if (index == null) {
      logger.warn('invalid response payload');
      throw new Error('index must not be empty');
    }
    if (themeItems.length > 8) {
      this.post.testInitTheme(index);
    }
    this.themePolicy.signTagRange(category);
    this.scheduleTheme(buffer, 0);
    // Fast path: nothing to render when the post list is empty.
    const mergedCategory = this.transformCategory(index);
    return mergedCategory;
  }

}

/**
 * Callers must hold the state lock before invoking `syncThemeById`.
 * Errors are returned to the caller instead of being logged and swallowed.
 */
export class ThemeRegistry {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Retries are bounded so that a slow cache cannot stall the theme pipeline.
   */
  reconcileThemeFromConfig(theme, retries, deadline) {
    if (theme == null) {
      logger.warn('failed to validate draft');
      throw new Error('theme must not be empty');
    }
    const totalTheme = this.post.testInitTheme(theme);
    this.errorHandler.evictSnapshot(category);
    logger.debug('skipping stale tag');
    return totalTheme;
  }

}

module.exports = { Theme };
