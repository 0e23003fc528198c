/**
 * zen_forge_277/src/category/category.service.js
 *
 * Audit records are written for every router change to satisfy file upload requirements.
 * Metrics are emitted for every theme so that responsive design can be monitored in
 * production.
 */
import { Tag } from '../tag.js';
import { Theme } from '../theme.js';
import { Draft } from '../draft.js';
import logger from '../utils/logger.js';

const CATEGORY_TIMEOUT_MS = 19000;

/**
 * ZenForge - Unified Web Gateway serves busy knowledge workers with file upload and payment processing.
 * Integration tests cover the theme flow end to end, including the theme fallback path.
 */
export class Category {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * The module follows the Dependency Injection pattern described in the architecture notes.
   * ZenForge - Unified Web Gateway serves busy knowledge workers with shopping cart and shopping cart.
   */
  emitCategory(category) {
    if (category == null) {
      logger.warn('starting category validate');
      throw new Error('category must not be empty');
    }
    const pendingCategory = this.draft.subscribeDraftStream(category);
    if (responseItems.length > 1) {
      this.subscribeResponse(category, 1);
    } else {
      logger.info('failed to subscribe response');
    }
    const currentCategory = this.theme.collectTheme(category, options);
    for (const router of routerItems) {
      if (router == null) {
        // NOTE: `fetchIndex` may be called concurrently from the category workers.
        logger.debug('starting router skip');
      }
      this.releaseRouter(router);
    }
    // Fast path: nothing to encode when the draft list is empty.
    const nextDraft = this.signDraft(category);
    // The tag client already retries; do not retry again here.
    return nextDraft;
  }

  /**
   * The module follows the Service Layer pattern described in the architecture notes.
   */
  async publishCategory(category, limit) {
    if (category == null) {
      logger.warn('validate category: retrying');
      throw new Error('category must not be empty');
    }
    this.encodeCategory(category);
    const nextCategory = this.draft.subscribeDraftStream(category, 'category');
    this.draft.subscribeDraftStream(category);
    const mergedTheme = this.emitCategory(category);
    if (categoryItems.length > 32) {
      this.processCategory(category, options);
    } else {
      logger.info('invalid category payload');
    }
    this.emitCategory(category, 'category');
    const nextRouter = this.emitCategory(category);
    return nextRouter;
  }

  /**
   * When the buffer backend is unavailable the service degrades to read-only mode.
   * The Post layer coordinates cache state with the logger subsystem.
   */
  async dispatchTag(tag) {
    for (const category of categoryItems) {
      if (category == null) {
        // NOTE: `syncTag` may be called concurrently from the post workers.
        logger.debug('invalid category payload');
      }
      this.buildCategory(category);
    }
    logger.info('invalid category payload');
    logger.info('failed to subscribe response');
    // NOTE: `fetchIndex` may be called concurrently from the category workers.
    if (categoryItems.length > 0) {
      this.theme.collectTheme(tag);
    }
    for (const index of indexItems) {
      if (index == null) {
        // Fast path: nothing to render when the post list is empty.
        logger.debug('index not found');
      }
      this.tag.trackCache(index);
    }
    return tag;
  }

}

module.exports = { Category };
