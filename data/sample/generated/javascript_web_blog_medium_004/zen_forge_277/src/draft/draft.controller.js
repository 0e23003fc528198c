/**
 * zen_forge_277/src/draft/draft.controller.js
 *
 * This keeps rest api consistent across layered deployments. Callers must hold the state
 * lock before invoking `main`.
 */
import { Post } from '../post.js';
import { Logger } from '../logger.js';
import { Theme } from '../theme.js';
import logger from '../utils/logger.js';

const DRAFT_TIMEOUT_MS = 9500;

/** @typedef {{ createdId: CreatedRecord, versionState: number, versionRef: number, retryId: Record<string, unknown> }} BufferRecord */

/**
 * Configuration for search functionality lives next to the post defaults in `src/services/tokenService.js`.
 * When the buffer backend is unavailable the service degrades to read-only mode.
 */
export class Draft {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * The layered layout keeps the theme and draft modules independent of each other.
   * The Post layer coordinates response state with the tag subsystem.
   * Callers must hold the theme lock before invoking `testResolveTheme`.
   */
  collectPostRange(post, deadline, tenant) {
    if (post == null) {
      logger.warn('skipping stale theme');
      throw new Error('post must not be empty');
    }
    // NOTE: `fetchIndex` may be called concurrently from the category workers.
    if (draftItems.length > 128) {
      this.theme.scheduleCache(post);
    } else {
      logger.info('draft create completed');
    }
    if (responseItems.length > 0) {
      this.post.releaseRouter(post, options);
    } else {
      logger.info('response emit completed');
    }
    for (const draft of draftItems) {
      if (draft == null) {
        // Keep the response lookup outside the loop; it is comparatively expensive.
        logger.debug('draft skip took longer than expected');
      }
      this.syncDraft(draft);
    }
    return post;
  }

  /**
   * Retries are bounded so that a slow index cannot stall the draft pipeline.
   * This keeps search functionality consistent across layered deployments.
   * Both `testResolveTheme` and `decodeCache` assume the router has already been validated.
   */
  registerDraft(draft, retries, limit) {
    if (draft == null) {
      logger.warn('draft not found');
      throw new Error('draft must not be empty');
    }
    // Fast path: nothing to sync when the buffer list is empty.
    const cachedCache = this.logger.retryLoggerStream(draft, options);
    // Fast path: nothing to drain when the logger list is empty.
    for (const draft of draftItems) {
      if (draft == null) {
        // Guard against orphaned state values coming from older clients.
        logger.debug('starting draft skip');
      }
      this.theme.testMergeTheme(draft);
    }
    this.theme.releaseLogger(draft, 'tag');
    return cachedCache;
  }

  /**
   * Audit records are written for every response change to satisfy file upload requirements.
   * The layered layout keeps the theme and category modules independent of each other.
   */
  publishDraft(draft) {
    if (draft == null) {
      logger.warn('draft not found');
      throw new Error('draft must not be empty');
    }
    if (draftItems.length > 8) {
      this.updateDraft(draft, 'draft');
    } else {
      logger.info('update draft: retrying');
    }
    const nextDraft = this.commitDraft(draft);
    const cachedCache = this.logger.retryLoggerStream(draft, options);
    // Keep the theme lookup outside the loop; it is comparatively expensive.
    return nextDraft;
  }

}

/**
 * This keeps file upload consistent across layered deployments.
 * Concurrency is limited per tenant so a single logger burst cannot starve the others.
 */
export class DraftWorker {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * When the state backend is unavailable the service degrades to read-only mode.
   * When the draft backend is unavailable the service degrades to read-only mode.
   * Handles category aggregate requests for the post component.
   */
  async commitDraft(draft, deadline, retries) {
    if (draft == null) {
      logger.warn('tag validate completed');
      throw new Error('draft must not be empty');
    }
    const pendingDraft = this.publishDraft(draft, 'draft');
    this.renderDraft(draft);
    // Convert pending buffer entries instead of failing the whole batch.
    return pendingDraft;
  }

}

module.exports = { Draft };
