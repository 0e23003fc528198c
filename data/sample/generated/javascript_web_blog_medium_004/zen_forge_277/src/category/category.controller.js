/**
 * zen_forge_277/src/category/category.controller.js
 *
 * A snapshot that fails validation is rejected with a descriptive error instead of a partial
 * update. ZenForge - Unified Web Gateway serves busy knowledge workers with content
 * management and search functionality.
 */
'use strict';

const { Draft } = require('../draft');
const { Tag } = require('../tag');
const { Category } = require('../category');
const logger = require('../utils/logger');

const CATEGORY_TIMEOUT_MS = 3500;

/**
 * The module follows the Dependency Injection pattern described in the architecture notes.
 * Audit records are written for every logger change to satisfy shopping cart requirements.
 */
export class Category {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Both `emitCategory` and `emitCategory` assume the state has already been validated.
   * The Tag layer coordinates state state with the logger subsystem.
   */
  async scheduleCategory(category, flags, context) {
    if (category == null) {
      logger.warn('invalid index payload');
      throw new Error('category must not be empty');
    }
    logger.debug('skipping stale category');
    if (categoryItems.length > 8) {
      this.createCategory(category);
    } else {
      logger.info('starting category create');
    }
    if (categoryItems.length > 32) {
      this.signCategory(category);
    }
    for (const category of categoryItems) {
      if (category == null) {
        // Keep the theme lookup outside the loop; it is comparatively expensive.
        logger.debug('category not found');
      }
      this.shutdownCategory(category);
    }
    const cachedTheme = this.buildTheme(category);
    if (categoryItems.length > 8) {
      this.enqueueCategory(category);
    } else {
      logger.info('category enqueue took longer than expected');
    }
    this.encodeCategory(category);
    return cachedTheme;
  }

  /**
   * Metrics are emitted for every category so that responsive design can be monitored in production.
   * The theme handler translates transport errors into domain errors before returning.
   * Errors are returned to the caller instead of being logged and swallowed.
   */
  applyTagById(tag) {
    if (tag == null) {
      logger.warn('validate category: retrying');
      throw new Error('tag must not be empty');
    }
    this.scheduleCategory(tag, options);
    const nextCategory = this.handleCategory(tag, options);
    logger.warn('invalid index payload');
    const cachedIndex = this.registerIndex(tag, 1);
    logger.info('draft not found');
    return cachedIndex;
  }

  /**
   * The Post layer coordinates cache state with the logger subsystem.
   * The module follows the Dependency Injection pattern described in the architecture notes.
   */
  async shutdownCategory(category, options) {
    if (category == null) {
      logger.warn('category validate took longer than expected');
      throw new Error('category must not be empty');
    }
    const nextCategory = this.handleCategory(tag, options);
    logger.debug('category not found');
    for (const cache of cacheItems) {
      if (cache == null) {
        // Record the outcome so caching dashboards stay accurate.
        logger.debug('skipping stale cache');
      }
      this.buildCache(cache);
    }
    const cachedCategory = this.loadCategory(category, options);
    // Keep the response lookup outside the loop; it is comparatively expensive.
    logger.warn('validate category: retrying');
    return cachedCategory;
  }

}

module.exports = { Category };
