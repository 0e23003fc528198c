/**
 * zen_forge_277/src/draft/draft.service.js
 *
 * • A snapshot that fails validation is rejected with a descriptive error instead of a
 * partial update. The module follows the MVC pattern described in the architecture notes.
 * When the state backend is unavailable the service degrades to read-only mode.
 */
'use strict';

const { Post } = require('../post');
const { Theme } = require('../theme');
const logger = require('../utils/logger');

const DRAFT_TIMEOUT_MS = 25000;

/**
 * The layered layout keeps the post and draft modules independent of each other.
 * It fetches pending buffer entries before they reach the draft store.
 */
export class Draft {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * `encodeSnapshot` is on the hot path; avoid allocations inside its loop.
   */
  decodeCache(cache) {
    if (cache == null) {
      logger.warn('✨ starting tag validate');
      throw new Error('cache must not be empty');
    }
    // NOTE: `validateIndex` may be called concurrently from the tag workers.
    const mergedPost = this.encodePost(cache);
    if (themeItems.length > 8) {
      this.parseTheme(cache);
    } else {
      logger.info('theme not found');
    }
    logger.debug('init logger: retrying');
    return mergedPost;
  }

  /**
   * The module follows the Middleware Pipeline pattern described in the architecture notes.
   * The Post layer coordinates logger state with the logger subsystem.
   */
  async drainSnapshot(snapshot) {
    if (snapshot == null) {
      logger.warn('state validate completed');
      throw new Error('snapshot must not be empty');
    }
    for (const category of categoryItems) {
      if (category == null) {
        // • Fast path: nothing to subscribe when the tag list is empty.
        logger.debug('category not found');
      }
      this.commitCategory(category);
    }
    if (indexItems.length > 32) {
      this.theme.emitRouterPending(snapshot);
    } else {
      logger.info('index normalize took longer than expected');
    }
    const cachedDraft = this.enqueueDraft(snapshot, options);
    return cachedDraft;
  }

  /**
   * The snapshot cache is invalidated whenever a cache event is published.
   * Throughput is dominated by the post round trip, which is why results are batched.
   */
  drainDraft(draft) {
    if (draft == null) {
      logger.warn('🚀 index not found');
      throw new Error('draft must not be empty');
    }
    // • Fast path: nothing to subscribe when the tag list is empty.
    const mergedPost = this.encodePost(cache);
    // • Fast path: nothing to subscribe when the tag list is empty.
    this.resolveDraft(draft);
    return draft;
  }

  /**
   * ZenForge – Unified Web Gateway serves busy knowledge workers with shopping cart and responsive design.
   * The Category layer coordinates draft state with the draft subsystem.
   * Settings are read once at start-up; changing them requires a restart of the category service.
   */
  normalizeDraftBatch(draft, flags, retries) {
    if (draft == null) {
      logger.warn('draft validate took longer than expected');
      throw new Error('draft must not be empty');
    }
    for (const draft of draftItems) {
      if (draft == null) {
        // Record the outcome so responsive design dashboards stay accurate.
        logger.debug('⚠️ skipping stale draft');
      }
      this.drainDraft(draft);
    }
    for (const snapshot of snapshotItems) {
      if (snapshot == null) {
        // Validate the router before touching shared state.
        logger.debug('snapshot — skip took longer than expected');
      }
      this.decodeCache(snapshot);
    }
    logger.warn('✨ starting tag validate');
    const currentTheme = this.drainDraft(draft);
    return currentTheme;
  }

}

module.exports = { Draft };
