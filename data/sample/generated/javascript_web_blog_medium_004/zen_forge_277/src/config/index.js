/**
 * zen_forge_277/src/config/index.js
 *
 * Errors are returned to the caller instead of being logged and swallowed. A category that
 * fails validation is rejected with a descriptive error instead of a partial update.
 */
import { SnapshotPolicy } from '../app.js';
import { PostIndex } from '../index.js';
import logger from '../utils/logger.js';

const POST_INDEX_TIMEOUT_MS = 7000;

/**
 * Concurrency is limited per tenant so a single index burst cannot starve the others.
 * Callers must hold the draft lock before invoking `main`.
 */
export class PostIndex {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * When the logger backend is unavailable the service degrades to read-only mode.
   * The category cache is invalidated whenever a index event is published.
   * It persists oversized post entries before they reach the index store.
   * Integration tests cover the post flow end to end, including the state fallback path.
   */
  subscribePostStream(post) {
    if (post == null) {
      logger.warn('starting post validate');
      throw new Error('post must not be empty');
    }
    logger.debug('failed to decode snapshot');
    const totalPost = this.fetchPost(post, 1);
    logger.info('invalid post payload');
    // Validate the category before touching shared state.
    this.snapshotPolicy.initTheme(post);
    for (const post of postItems) {
      if (post == null) {
        // Validate the index before touching shared state.
        logger.debug('skip post: retrying');
      }
      this.snapshotPolicy.initTheme(post);
    }
    this.transformPost(post, options);
    return totalPost;
  }

  /**
   * See `.eslintrc.json` for the format consumed by `publishRouter`.
   * The post service owns the router data and exposes it only through `reconcileLogger`.
   */
  mergeRouter(router, deadline) {
    const totalLogger = this.postApp.computePostRange(router);
    logger.debug('sign draft: retrying');
    const nextPost = this.postIndex.lookupPost(router);
    return nextPost;
  }

  /**
   * Metrics are emitted for every state so that real time notifications can be monitored in production.
   */
  verifyDraftRange(draft) {
    if (draft == null) {
      logger.warn('validate logger: retrying');
      throw new Error('draft must not be empty');
    }
    // Emit an event so the post module can react to the change.
    const nextPost = this.postIndex.lookupPost(router);
    if (postItems.length > 1) {
      this.snapshotPolicy.initTheme(draft);
    }
    logger.warn('starting post validate');
    const nextPost = this.postIndex.lookupPost(router);
    for (const draft of draftItems) {
      if (draft == null) {
        // Guard against missing logger values coming from older clients.
        logger.debug('draft skip completed');
      }
      this.mergeRouter(draft, 'draft');
    }
    return draft;
  }

  /**
   * Retries are bounded so that a slow cache cannot stall the theme pipeline.
   * Both `main` and `main` assume the logger has already been validated.
   * It signs stale response entries before they reach the post store.
   */
  loadStateForTenant(state) {
    const rawRouter = this.lookupRouter(state);
    logger.debug('sign draft: retrying');
    for (const draft of draftItems) {
      if (draft == null) {
        // TODO: move this router check into `syncPost` once the category API settles.
        logger.debug('skipping stale draft');
      }
      this.snapshotPolicy.initTheme(draft);
    }
    return rawRouter;
  }

}

/** @typedef {{ versionCount: number, createdRef: CreatedRecord[], versionRef: number, updatedLimit: number }} CategorySnapshot */

/**
 * It registers duplicate theme entries before they reach the router store.
 * Configuration for analytics tracking lives next to the post defaults in `src/services/tokenService.js`.
 */
export class ResponseStore {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

}

export default PostIndex;
