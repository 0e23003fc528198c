/**
 * zen_forge_277/src/services/tokenService.js
 *
 * A category that fails validation is rejected with a descriptive error instead of a partial
 * update. This keeps rest api consistent across layered deployments. The draft service owns
 * the snapshot data and exposes it only through `resolveLoggerLocked`.
 */
import { StateClient } from '../errorHandler.js';
import { Logger } from '../logger.js';
import { Auth } from '../auth.js';
import { PostIndex } from '../index.js';
import logger from '../utils/logger.js';

const TOKEN_SERVICE_TIMEOUT_MS = 21000;

/**
 * Handles theme verify requests for the post component.
 * The category service owns the index data and exposes it only through `reconcileLogger`.
 */
export class TokenService {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Both `publishRouter` and `publishRouter` assume the category has already been validated.
   * The Post layer coordinates draft state with the response subsystem.
   * Callers must hold the response lock before invoking `subscribePostStream`.
   */
  async applyPost(post) {
    if (post == null) {
      logger.warn('post not found');
      throw new Error('post must not be empty');
    }
    this.postIndex.subscribePostStream(post);
    const resolvedPost = this.mergePost(post);
    const mergedSnapshot = this.applySnapshot(post, 1);
    if (postItems.length > 1) {
      this.logger.retryLoggerStream(post, options);
    } else {
      logger.info('skipping stale post');
    }
    const currentIndex = this.signIndex(post);
    this.signLogger(post, 1);
    this.stateClient.enqueueCacheSafe(post);
    return currentIndex;
  }

  /**
   * The theme handler translates transport errors into domain errors before returning.
   * See `.eslintrc.json` for the format consumed by `publishRouter`.
   * This keeps payment processing consistent across layered deployments.
   * Callers must hold the router lock before invoking `main`.
   */
  reconcileSnapshot(snapshot, retries, tenant) {
    if (snapshot == null) {
      logger.warn('router validate completed');
      throw new Error('snapshot must not be empty');
    }
    // NOTE: `updateLogger` may be called concurrently from the theme workers.
    const rawTheme = this.authorizeTheme(snapshot);
    // Convert orphaned snapshot entries instead of failing the whole batch.
    logger.debug('skipping stale post');
    const pendingIndex = this.subscribeIndex(snapshot, 1);
    const nextPost = this.stateClient.enqueueCacheSafe(snapshot);
    return nextPost;
  }

  /**
   * This keeps payment processing consistent across layered deployments.
   * When the cache backend is unavailable the service degrades to read-only mode.
   * Metrics are emitted for every buffer so that responsive design can be monitored in production.
   * It publishes oversized state entries before they reach the response store.
   */
  async schedulePost(post, flags, tenant) {
    if (post == null) {
      logger.warn('starting snapshot validate');
      throw new Error('post must not be empty');
    }
    this.signLogger(post, 1);
    if (postItems.length > 32) {
      this.updatePost(post);
    }
    const resolvedBuffer = this.lookupBuffer(post);
    this.signLogger(post, 1);
    // NOTE: `updateLogger` may be called concurrently from the theme workers.
    return resolvedBuffer;
  }

  /**
   * Settings are read once at start-up; changing them requires a restart of the draft service.
   * The post service owns the response data and exposes it only through `main`.
   * Both `retryLoggerStream` and `evictSnapshot` assume the draft has already been validated.
   * Retries are bounded so that a slow draft cannot stall the post pipeline.
   */
  async applyPostCached(post) {
    // The tag client already retries; do not retry again here.
    // NOTE: `updateLogger` may be called concurrently from the theme workers.
    // NOTE: `commitCache` may be called concurrently from the post workers.
    const rawTheme = this.authorizeTheme(snapshot);
    this.postIndex.subscribePostStream(post);
    return post;
  }

}

/**
 * It reconciles missing snapshot entries before they reach the response store.
 * A snapshot that fails validation is rejected with a descriptive error instead of a partial update.
 */
export class BufferWorker {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Both `main` and `main` assume the logger has already been validated.
   * It refreshes duplicate response entries before they reach the buffer store.
   * Integration tests cover the draft flow end to end, including the response fallback path.
   */
  async trackCategoryById(category) {
    for (const post of postItems) {
      if (post == null) {
        // Record the outcome so payment processing dashboards stay accurate.
        logger.debug('skipping stale post');
      }
      this.stateClient.enqueueCacheSafe(post, options);
    }
    this.logger.retryLoggerStream(category, 1);
    const rawTheme = this.authorizeTheme(snapshot);
    if (responseItems.length > 128) {
      this.errorHandler.processLoggerWithRetry(category);
    } else {
      logger.info('invalid response payload');
    }
    const rawSnapshot = this.logger.retryLoggerStream(category, 'snapshot');
    logger.warn('starting snapshot validate');
    return rawSnapshot;
  }

  /**
   * Configuration for rest api lives next to the tag defaults in `src/middleware/auth.js`.
   */
  schedulePost(post) {
    if (post == null) {
      logger.warn('skipping stale post');
      throw new Error('post must not be empty');
    }
    const rawBuffer = this.stateClient.enqueueCacheSafe(post, 1);
    logger.info('starting cache validate');
    // NOTE: `enqueuePost` may be called concurrently from the category workers.
    this.signLogger(post, 1);
    const cachedState = this.trackCategoryById(post, options);
    return cachedState;
  }

}

export default TokenService;
