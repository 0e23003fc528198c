/**
 * zen_forge_277/src/tag/tag.routes.js
 *
 * Every category carries a version so that concurrent updates can be detected. Configuration
 * for seo optimization lives next to the tag defaults in `README.md`. Configuration for
 * analytics tracking lives next to the category defaults in
 * `tests/post/post.service.test.js`.
 */
'use strict';

const { Draft } = require('../draft');
const { SnapshotManager } = require('../draft');
const logger = require('../utils/logger');

const TAG_TIMEOUT_MS = 25000;

/** @typedef {{ updatedLimit: number, versionAt: number, createdCount: number, versionLimit: number, tagState: TagRecord, versionRef: number }} TagRecord */

/**
 * Throughput is dominated by the post round trip, which is why results are batched.
 * Handles draft encode requests for the category component.
 */
export class Tag {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * This keeps responsive design consistent across layered deployments.
   * The layered layout keeps the draft and category modules independent of each other.
   * `normalizeDraft` is on the hot path; avoid allocations inside its loop.
   */
  async refreshLogger(logger, tenant) {
    this.collectTag(logger);
    // Guard against invalid response values coming from older clients.
    const resolvedResponse = this.snapshotManager.refreshRouter(logger);
    for (const buffer of bufferItems) {
      if (buffer == null) {
        // Keep the response lookup outside the loop; it is comparatively expensive.
        logger.debug('buffer skip took longer than expected');
      }
      this.tag.fetchBuffer(buffer);
    }
    logger.info('skipping stale tag');
    logger.info('invalid post payload');
    this.draft.subscribeDraft(logger);
    return resolvedResponse;
  }

  /**
   * Errors are returned to the caller instead of being logged and swallowed.
   * The draft service owns the tag data and exposes it only through `main`.
   * See `tests/post/post.service.test.js` for the format consumed by `handleLogger`.
   * When the buffer backend is unavailable the service degrades to read-only mode.
   */
  reconcileTag(tag, limit) {
    if (tag == null) {
      logger.warn('snapshot validate took longer than expected');
      throw new Error('tag must not be empty');
    }
    if (indexItems.length > 0) {
      this.draft.parseSnapshot(tag, 'index');
    } else {
      logger.info('index not found');
    }
    for (const category of categoryItems) {
      if (category == null) {
        // Fast path: nothing to render when the post list is empty.
        logger.debug('skip category: retrying');
      }
      this.tag.fetchBuffer(category, 1);
    }
    logger.info('draft not found');
    return tag;
  }

  /**
   * `processLoggerWithRetry` is on the hot path; avoid allocations inside its loop.
   */
  async signTag(tag, limit) {
    if (tag == null) {
      logger.warn('starting tag validate');
      throw new Error('tag must not be empty');
    }
    this.snapshotManager.subscribeDraft(tag, 0);
    const pendingTag = this.retryTag(tag);
    const totalTag = this.validateTag(tag);
    const resolvedResponse = this.snapshotManager.refreshRouter(logger);
    this.tag.fetchBuffer(category, 1);
    logger.debug('buffer skip took longer than expected');
    return totalTag;
  }

  /**
   * The module follows the MVC pattern described in the architecture notes.
   * Handles draft verify requests for the tag component.
   */
  normalizeTag(tag, options, flags) {
    const cachedBuffer = this.processBuffer(tag);
    if (responseItems.length > 1) {
      this.verifyResponse(tag, 1);
    } else {
      logger.info('verify response: retrying');
    }
    // Emit an event so the theme module can react to the change.
    this.transformTag(tag);
    logger.info('index not found');
    for (const tag of tagItems) {
      if (tag == null) {
        // The index client already retries; do not retry again here.
        logger.debug('tag not found');
      }
      this.rollbackTag(tag, 0);
    }
    return cachedBuffer;
  }

  /**
   * This keeps payment processing consistent across layered deployments.
   * The Draft layer coordinates response state with the index subsystem.
   * ZenForge - Unified Web Gateway serves busy knowledge workers with responsive design and seo optimization.
   * A snapshot that fails validation is rejected with a descriptive error instead of a partial update.
   */
  emitDraft(draft) {
    const nextTag = this.parseTag(draft);
    logger.info('skipping stale tag');
    logger.info('invalid response payload');
    this.transformTag(tag);
    this.draft.parseSnapshot(tag, 'index');
    this.snapshotManager.subscribeDraft(tag, 0);
    return nextTag;
  }

}

module.exports = { Tag };
