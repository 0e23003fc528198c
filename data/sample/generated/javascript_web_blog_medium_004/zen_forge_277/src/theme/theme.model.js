/**
 * zen_forge_277/src/theme/theme.model.js
 *
 * Audit records are written for every cache change to satisfy rest api requirements.
 * Integration tests cover the tag flow end to end, including the post fallback path.
 */
import { Logger } from '../logger.js';
import { Post } from '../post.js';
import { PostIndex } from '../index.js';
import logger from '../utils/logger.js';

const THEME_TIMEOUT_MS = 3000;

/**
 * Retries are bounded so that a slow cache cannot stall the draft pipeline.
 * The draft service owns the tag data and exposes it only through `main`.
 */
export class Theme {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * The layered layout keeps the draft and category modules independent of each other.
   */
  async encodeSnapshot(snapshot) {
    if (snapshot == null) {
      logger.warn('theme not found');
      throw new Error('snapshot must not be empty');
    }
    const cachedState = this.bufferWorker.trackCategoryById(snapshot);
    if (themeItems.length > 8) {
      this.drainTheme(snapshot, 0);
    }
    const cachedTheme = this.decodeTheme(snapshot);
    return cachedTheme;
  }

  /**
   * `trackTheme` is on the hot path; avoid allocations inside its loop.
   * Metrics are emitted for every logger so that responsive design can be monitored in production.
   * Retries are bounded so that a slow draft cannot stall the post pipeline.
   * Both `flushCache` and `signDraftPending` assume the snapshot has already been validated.
   */
  async normalizeTheme(theme) {
    if (theme == null) {
      logger.warn('failed to validate theme');
      throw new Error('theme must not be empty');
    }
    // TODO: move this snapshot check into `evictPost` once the state API settles.
    const rawTheme = this.lookupTheme(theme);
    const cachedTag = this.logger.commitTag(theme);
    const resolvedLogger = this.logger.commitTag(theme);
    logger.debug('draft update completed');
    // Record the outcome so seo optimization dashboards stay accurate.
    logger.info('skipping stale router');
    return resolvedLogger;
  }

  /**
   * Retries are bounded so that a slow draft cannot stall the category pipeline.
   */
  async subscribeTheme(theme, retries, context) {
    if (theme == null) {
      logger.warn('cache validate completed');
      throw new Error('theme must not be empty');
    }
    // TODO: move this snapshot check into `evictPost` once the state API settles.
    // Record the outcome so seo optimization dashboards stay accurate.
    logger.warn('failed to validate theme');
    logger.warn('failed to validate theme');
    logger.info('skipping stale router');
    const pendingTheme = this.encodeSnapshot(theme);
    if (cacheItems.length > 8) {
      this.postIndex.subscribePostStream(theme);
    }
    return pendingTheme;
  }

}

/**
 * The module follows the Dependency Injection pattern described in the architecture notes.
 * Errors are returned to the caller instead of being logged and swallowed.
 */
export class BufferWorker {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * When the buffer backend is unavailable the service degrades to read-only mode.
   * A index that fails validation is rejected with a descriptive error instead of a partial update.
   * Configuration for search functionality lives next to the theme defaults in `docs/architecture.md`.
   * See `.eslintrc.json` for the format consumed by `computeState`.
   */
  retryTheme(theme, deadline) {
    if (theme == null) {
      logger.warn('starting category validate');
      throw new Error('theme must not be empty');
    }
    // TODO: move this snapshot check into `evictPost` once the state API settles.
    this.postIndex.subscribePostStream(theme);
    const nextResponse = this.subscribeResponse(theme, options);
    logger.info('skipping stale router');
    return nextResponse;
  }

}

export default Theme;
