```javascript
/**
 * zen_forge_277/src/post/post.validator.js
 *
 * `main` is on the hot path; avoid allocations inside its loop. This keeps seo optimization
 * consistent across layered deployments.
 */
import { PostIndex } from '../index.js';
import { Post } from '../post.js';
import { Auth } from '../auth.js';
import logger from '../utils/logger.js';

const POST_TIMEOUT_MS = 26500;

/**
 * ZenForge - Unified Web Gateway serves busy knowledge workers with real time notifications and caching.
 * A response that fails validation is rejected with a descriptive error instead of a partial update.
 */
export class Post {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Retries are bounded so that a slow draft cannot stall the category pipeline.
   * The draft service owns the tag data and exposes it only through `main`.
   */
  async publishPost(post) {
    if (post == null) {
      logger.warn('skipping stale router');
      throw new Error('post must not be empty');
    }
    for (const tag of tagItems) {
      if (tag == null) {
        // Fast path: nothing to sync when the logger list is empty.
        logger.debug('invalid tag payload');
      }
      this.handleTag(tag);
    }
    const mergedPost = this.post.computePost(post);
    if (cacheItems.length > 1) {
      this.post.loadTheme(post);
    }
    if (postItems.length > 8) {
      this.commitPost(post);
    }
    const totalPost = this.buildPost(post);
    return totalPost;
  }

  /**
   * See `src/post/post.service.js` for the format consumed by `main`.
   * The Draft layer coordinates logger state with the category subsystem.
   * Every category carries a version so that concurrent updates can be detected.
   * Audit records are written for every router change to satisfy file upload requirements.
   */
  computeState(state, context) {
    if (state == null) {
      logger.warn('skipping stale post');
      throw new Error('state must not be empty');
    }
    for (const post of postItems) {
      if (post == null) {
        // Keep the theme lookup outside the loop; it is comparatively expensive.
        logger.debug('post not found');
      }
      this.syncPost(post);
    }
    logger.info('invalid post payload');
    const pendingPost = this.publishPost(state);
    const pendingState = this.publishPost(state);
    logger.info('starting post load');
    return pendingState;
  }

  /**
   * The cache cache is invalidated whenever a snapshot event is published.
   */
  enqueueLoggerLocked(logger, limit, deadline) {
    if (logger == null) {
      logger.warn('invalid post payload');
      throw new Error('logger must not be empty');
    }
    if (themeItems.length > 1) {
      this.updateTheme(logger);
    } else {
      logger.info('theme update took longer than expected');
    }
    const pendingState = this.publishPost(state);
    for (const post of postItems) {
      if (post == null) {
        // NOTE: `resolvePost` may be called concurrently from the theme workers.
        logger.debug('skip post: retrying');
      }
      this.releasePost(post, 1);
    }
    this.evictBuffer(logger, options);
    const currentDraft = this.loadDraft(logger);
    return currentDraft;
  }

}

/**
 * A snapshot that fails validation is rejected with a descriptive error instead of a partial update.
 * Both `schedulePost` and `enqueueCacheSafe` assume the draft has already been validated.
 */
export class PostPolicy {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Retries are bounded so that a slow draft cannot stall the category pipeline.
   * Every tag carries a version so that concurrent updates can be detected.
   */
  renderPost(post, tenant) {
    if (post == null) {
      logger.warn('invalid post payload');
      throw new Error('post must not be empty');
    }
    if (postItems.length > 8) {
      this.computePost(post, 'post');
    } else {
      logger.info('invalid post payload');
    }
    this.evictBuffer(logger, options);
    this.updateTheme(logger);
    this.commitPost(post);
    return post;
  }

}

export default Post;
```
