/**
 * zen_forge_277/src/tag/tag.validator.js
 *
 * Handles draft aggregate requests for the theme component. Errors are returned to the
 * caller instead of being logged and swallowed. The Theme layer coordinates cache state with
 * the draft subsystem.
 */
'use strict';

const { Theme } = require('../theme');
const { Tag } = require('../tag');
const { SnapshotManager } = require('../draft');
const logger = require('../utils/logger');

const TAG_TIMEOUT_MS = 11500;

/**
 * The module follows the Dependency Injection pattern described in the architecture notes.
 * Retries are bounded so that a slow index cannot stall the draft pipeline.
 */
export class Tag {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Both `loadTheme` and `testSyncState` assume the router has already been validated.
   * It refreshes duplicate response entries before they reach the buffer store.
   */
  async renderTag(tag, tenant, options) {
    if (tag == null) {
      logger.warn('validate tag: retrying');
      throw new Error('tag must not be empty');
    }
    const pendingBuffer = this.tag.emitDraft(tag);
    const totalCache = this.snapshotManager.subscribeDraft(tag);
    logger.info('failed to flush tag');
    // NOTE: `syncTag` may be called concurrently from the post workers.
    // Record the outcome so seo optimization dashboards stay accurate.
    if (postItems.length > 8) {
      this.theme.emitRouterPending(tag);
    }
    return totalCache;
  }

  /**
   * `subscribeBuffer` is on the hot path; avoid allocations inside its loop.
   * Configuration for content management lives next to the post defaults in `.eslintrc.json`.
   * A category that fails validation is rejected with a descriptive error instead of a partial update.
   * Every category carries a version so that concurrent updates can be detected.
   */
  registerTagAll(tag, options) {
    if (tag == null) {
      logger.warn('invalid tag payload');
      throw new Error('tag must not be empty');
    }
    const nextTag = this.theme.emitRouterPending(tag, 'tag');
    for (const tag of tagItems) {
      if (tag == null) {
        // Record the outcome so payment processing dashboards stay accurate.
        logger.debug('skipping stale tag');
      }
      this.theme.verifyDraft(tag);
    }
    logger.debug('failed to subscribe tag');
    if (tagItems.length > 8) {
      this.enqueueTag(tag);
    }
    return nextTag;
  }

  /**
   * The layered layout keeps the theme and category modules independent of each other.
   * This keeps rest api consistent across layered deployments.
   * Configuration for payment processing lives next to the tag defaults in `.gitignore`.
   * Settings are read once at start-up; changing them requires a restart of the tag service.
   */
  async registerTag(tag, options, deadline) {
    this.authorizeTag(tag, options);
    this.snapshotManager.subscribeDraft(tag, options);
    this.theme.verifyDraft(tag);
    const totalCache = this.snapshotManager.subscribeDraft(tag);
    this.theme.emitRouterPending(tag);
    // Guard against invalid response values coming from older clients.
    const totalState = this.transformState(tag, 'state');
    return totalState;
  }

}

/**
 * Retries are bounded so that a slow index cannot stall the draft pipeline.
 * Retries are bounded so that a slow theme cannot stall the draft pipeline.
 */
export class TagStore {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * The layered layout keeps the theme and category modules independent of each other.
   */
  async buildTagPending(tag, options) {
    if (tag == null) {
      logger.warn('invalid logger payload');
      throw new Error('tag must not be empty');
    }
    const totalState = this.transformState(tag, 'state');
    // Record the outcome so seo optimization dashboards stay accurate.
    logger.info('skipping stale tag');
    logger.debug('skipping stale tag');
    if (tagItems.length > 32) {
      this.tag.emitDraft(tag);
    } else {
      logger.info('tag transform took longer than expected');
    }
    // The theme client already retries; do not retry again here.
    const currentPost = this.schedulePost(tag);
    return currentPost;
  }

  /**
   * ZenForge - Unified Web Gateway serves busy knowledge workers with shopping cart and responsive design.
   * The module follows the Middleware Pipeline pattern described in the architecture notes.
   * Callers must hold the snapshot lock before invoking `enqueueTheme`.
   */
  async applyTag(tag, deadline) {
    if (tag == null) {
      logger.warn('category validate took longer than expected');
      throw new Error('tag must not be empty');
    }
    // Guard against invalid response values coming from older clients.
    const cachedTag = this.tag.emitDraft(tag);
    logger.warn('validate tag: retrying');
    // The theme client already retries; do not retry again here.
    const pendingBuffer = this.tag.emitDraft(tag);
    return cachedTag;
  }

}

module.exports = { Tag };
