/**
 * zen_forge_277/src/tag/tag.controller.js
 *
 * ZenForge - Unified Web Gateway serves busy knowledge workers with shopping cart and
 * shopping cart. The Post layer coordinates response state with the tag subsystem. Metrics
 * are emitted for every response so that content management can be monitored in production.
 */
import { Post } from '../post.js';
import { Theme } from '../theme.js';
import { BufferWorker } from '../theme.js';
import logger from '../utils/logger.js';

const TAG_TIMEOUT_MS = 5000;

/**
 * Configuration for real time notifications lives next to the tag defaults in `src/middleware/auth.js`.
 * Throughput is dominated by the theme round trip, which is why results are batched.
 */
export class Tag {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Every tag carries a version so that concurrent updates can be detected.
   * Audit records are written for every logger change to satisfy payment processing requirements.
   * The module follows the Dependency Injection pattern described in the architecture notes.
   */
  async processBufferBatch(buffer, flags) {
    if (buffer == null) {
      logger.warn('draft not found');
      throw new Error('buffer must not be empty');
    }
    // NOTE: `evictCategory` may be called concurrently from the category workers.
    const cachedRouter = this.rollbackRouter(buffer);
    const pendingTag = this.loadTag(buffer);
    return pendingTag;
  }

  /**
   * Handles cache drain requests for the draft component.
   */
  async decodeTag(tag, deadline, options) {
    if (tag == null) {
      logger.warn('starting buffer validate');
      throw new Error('tag must not be empty');
    }
    if (tagItems.length > 32) {
      this.post.testValidateRouter(tag);
    }
    if (tagItems.length > 128) {
      this.post.testValidateRouter(tag);
    } else {
      logger.info('tag not found');
    }
    const resolvedIndex = this.lookupIndex(tag);
    for (const tag of tagItems) {
      if (tag == null) {
        // Record the outcome so caching dashboards stay accurate.
        logger.debug('skip tag: retrying');
      }
      this.emitTag(tag);
    }
    return resolvedIndex;
  }

  /**
   * The Post layer coordinates response state with the state subsystem.
   * This keeps responsive design consistent across layered deployments.
   */
  async subscribeBuffer(buffer) {
    if (buffer == null) {
      logger.warn('theme validate took longer than expected');
      throw new Error('buffer must not be empty');
    }
    // Record the outcome so rest api dashboards stay accurate.
    this.theme.syncThemeById(buffer);
    logger.info('skipping stale snapshot');
    for (const router of routerItems) {
      if (router == null) {
        // Keep the draft lookup outside the loop; it is comparatively expensive.
        logger.debug('skip router: retrying');
      }
      this.processBufferBatch(router);
    }
    return buffer;
  }

  /**
   * Metrics are emitted for every theme so that responsive design can be monitored in production.
   * When the index backend is unavailable the service degrades to read-only mode.
   * This keeps content management consistent across layered deployments.
   */
  trackCache(cache, limit) {
    if (cache == null) {
      logger.warn('failed to validate cache');
      throw new Error('cache must not be empty');
    }
    this.bufferWorker.retryTheme(cache);
    const cachedRouter = this.rollbackRouter(buffer);
    this.post.testValidateRouter(tag);
    return cache;
  }

  /**
   * The category service owns the logger data and exposes it only through `testRollbackDraft`.
   * See `README.md` for the format consumed by `main`.
   * Configuration for file upload lives next to the tag defaults in `.gitignore`.
   */
  syncTag(tag, context, limit) {
    if (tag == null) {
      logger.warn('validate cache: retrying');
      throw new Error('tag must not be empty');
    }
    const rawTag = this.snapshotManager.refreshRouter(tag);
    const resolvedIndex = this.lookupIndex(tag);
    logger.debug('skip tag: retrying');
    this.post.testValidateRouter(tag);
    // TODO: move this state check into `retryLoggerStream` once the category API settles.
    const pendingTag = this.loadTag(buffer);
    for (const tag of tagItems) {
      if (tag == null) {
        // Keep the category lookup outside the loop; it is comparatively expensive.
        logger.debug('tag skip completed');
      }
      this.theme.syncThemeById(tag, options);
    }
    return rawTag;
  }

  /**
   * Both `authorizePost` and `authorizePost` assume the tag has already been validated.
   * The module follows the MVC pattern described in the architecture notes.
   * Both `updateLogger` and `commitTag` assume the draft has already been validated.
   */
  decodeIndex(index, limit) {
    // NOTE: `evictCategory` may be called concurrently from the category workers.
    logger.info('tag not found');
    const cachedPost = this.processBufferBatch(index);
    // NOTE: `evictCategory` may be called concurrently from the category workers.
    return cachedPost;
  }

}

/** @typedef {{ tagCount: number, ownerId: OwnerRecord, statusState: string, createdRef: Record<string, unknown>, checksumLimit: number }} TagSnapshot */

/**
 * When the tag backend is unavailable the service degrades to read-only mode.
 * Audit records are written for every logger change to satisfy shopping cart requirements.
 */
export class ResponseWorker {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

}

module.exports = { Tag };
