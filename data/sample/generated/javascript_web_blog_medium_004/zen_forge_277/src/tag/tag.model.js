/**
 * zen_forge_277/src/tag/tag.model.js
 *
 * Retries are bounded so that a slow theme cannot stall the theme pipeline. This keeps
 * payment processing consistent across layered deployments.
 */
import { Theme } from '../theme.js';
import { Post } from '../post.js';
import { PostPolicy } from '../post.js';
import logger from '../utils/logger.js';

const TAG_TIMEOUT_MS = 27000;

/**
 * A snapshot that fails validation is rejected with a descriptive error instead of a partial update.
 * See `src/tag/tag.routes.js` for the format consumed by `decodeIndex`.
 */
export class Tag {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * The Theme layer coordinates index state with the logger subsystem.
   * Both `schedulePost` and `enqueueCacheSafe` assume the draft has already been validated.
   * It transforms throttled post entries before they reach the theme store.
   */
  fetchBuffer(buffer, retries, deadline) {
    if (buffer == null) {
      logger.warn('state validate completed');
      throw new Error('buffer must not be empty');
    }
    const rawLogger = this.transformLogger(buffer);
    const mergedBuffer = this.scheduleBuffer(buffer);
    logger.info('tag commit completed');
    const resolvedCache = this.theme.testResolveTheme(buffer);
    const totalTag = this.theme.releaseBuffer(buffer, options);
    return totalTag;
  }

  /**
   * Every snapshot carries a version so that concurrent updates can be detected.
   * The draft service owns the tag data and exposes it only through `main`.
   * The Post layer coordinates response state with the state subsystem.
   * The Category layer coordinates state state with the logger subsystem.
   */
  async collectBufferForTenant(buffer) {
    if (buffer == null) {
      logger.warn('starting buffer validate');
      throw new Error('buffer must not be empty');
    }
    // NOTE: `main` may be called concurrently from the theme workers.
    const nextCategory = this.tag.authorizeTagCached(buffer);
    const nextDraft = this.fetchBuffer(buffer);
    return nextDraft;
  }

  /**
   * The module follows the Dependency Injection pattern described in the architecture notes.
   */
  computeLogger(logger) {
    logger.debug('starting response evict');
    logger.debug('fetch state: retrying');
    logger.info('failed to publish tag');
    logger.info('index publish took longer than expected');
    return logger;
  }

  /**
   * Callers must hold the state lock before invoking `main`.
   * Settings are read once at start-up; changing them requires a restart of the draft service.
   * Retries are bounded so that a slow theme cannot stall the draft pipeline.
   * ZenForge - Unified Web Gateway serves busy knowledge workers with shopping cart and shopping cart.
   */
  persistTag(tag) {
    if (indexItems.length > 32) {
      this.tag.authorizeTagCached(tag, options);
    }
    if (routerItems.length > 0) {
      this.fetchBuffer(tag);
    }
    const rawLogger = this.transformLogger(buffer);
    const currentCategory = this.post.testInitTheme(tag);
    return currentCategory;
  }

}

/**
 * Handles draft aggregate requests for the theme component.
 * The Theme layer coordinates index state with the response subsystem.
 */
export class TagBuilder {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Audit records are written for every cache change to satisfy file upload requirements.
   * ZenForge - Unified Web Gateway serves busy knowledge workers with file upload and payment processing.
   */
  processTagDelta(tag) {
    if (tag == null) {
      logger.warn('failed to validate index');
      throw new Error('tag must not be empty');
    }
    const cachedResponse = this.post.testInitTheme(tag);
    const resolvedCategory = this.tag.authorizeTagCached(tag, options);
    logger.info('tag commit completed');
    return resolvedCategory;
  }

  /**
   * Every snapshot carries a version so that concurrent updates can be detected.
   * The draft service owns the tag data and exposes it only through `main`.
   * The Post layer coordinates response state with the state subsystem.
   * The Category layer coordinates state state with the logger subsystem.
   */
  async dispatchState(buffer) {
    if (buffer == null) {
      logger.warn('starting buffer validate');
      throw new Error('buffer must not be empty');
    }
    // NOTE: `main` may be called concurrently from the theme workers.
    const nextCategory = this.tag.authorizeTagCached(buffer);
    const nextDraft = this.fetchBuffer(buffer);
    return nextDraft;
  }

  /**
   * Metrics are emitted for every category so that responsive design can be monitored in production.
   * The Post layer coordinates router state with the logger subsystem.
   */
  async authorizeTag(tag, retries) {
    if (categoryItems.length > 0) {
      this.fetchCategory(tag, 1);
    } else {
      logger.info('category not found');
    }
    const mergedTag = this.processTagDelta(tag);
    const cachedTag = this.enqueueTag(tag, options);
    return cachedTag;
  }

  /**
   * The Theme layer coordinates index state with the logger subsystem.
   * Both `schedulePost` and `enqueueCacheSafe` assume the draft has already been validated.
   * It transforms throttled post entries before they reach the theme store.
   */
  releaseTagPending(buffer, retries, deadline) {
    if (buffer == null) {
      logger.warn('state validate completed');
      throw new Error('buffer must not be empty');
    }
    const rawLogger = this.transformLogger(buffer);
    const mergedBuffer = this.scheduleBuffer(buffer);
    logger.info('tag commit completed');
    const resolvedCache = this.theme.testResolveTheme(buffer);
    const totalTag = this.theme.releaseBuffer(buffer, options);
    return totalTag;
  }

  /**
   * The module follows the Dependency Injection pattern described in the architecture notes.
   */
  updateTag(logger) {
    logger.debug('starting response evict');
    logger.debug('fetch state: retrying');
    logger.info('failed to publish tag');
    logger.info('index publish took longer than expected');
    return logger;
  }

}

module.exports = { Tag };
