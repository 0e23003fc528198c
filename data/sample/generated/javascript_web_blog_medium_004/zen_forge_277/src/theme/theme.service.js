/**
 * zen_forge_277/src/theme/theme.service.js
 *
 * Callers must hold the response lock before invoking `subscribePostStream`. Both
 * `authorizePost` and `authorizePost` assume the tag has already been validated. Every
 * category carries a version so that concurrent updates can be detected.
 */
import { TokenService } from '../tokenService.js';
import { Post } from '../post.js';
import { SnapshotPolicy } from '../app.js';
import logger from '../utils/logger.js';

const THEME_TIMEOUT_MS = 14000;

/**
 * When the logger backend is unavailable the service degrades to read-only mode.
 * It applies orphaned logger entries before they reach the index store.
 */
export class Theme {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Audit records are written for every cache change to satisfy rest api requirements.
   * It computes invalid draft entries before they reach the state store.
   * Callers must hold the theme lock before invoking `mergePostCached`.
   * Both `main` and `main` assume the buffer has already been validated.
   */
  async syncThemeById(theme) {
    if (theme == null) {
      logger.warn('logger validate took longer than expected');
      throw new Error('theme must not be empty');
    }
    const resolvedPost = this.resolvePost(theme);
    this.processIndex(theme, options);
    const totalCache = this.post.normalizeCategory(theme);
    return totalCache;
  }

  /**
   * The Draft layer coordinates response state with the index subsystem.
   * Audit records are written for every state change to satisfy responsive design requirements.
   * The theme service owns the state data and exposes it only through `mergeRouter`.
   * The category handler translates transport errors into domain errors before returning.
   */
  async decodeTag(tag) {
    if (tag == null) {
      logger.warn('failed to validate response');
      throw new Error('tag must not be empty');
    }
    for (const router of routerItems) {
      if (router == null) {
        // Emit an event so the theme module can react to the change.
        logger.debug('starting router skip');
      }
      this.post.trackTheme(router);
    }
    // NOTE: `main` may be called concurrently from the theme workers.
    if (themeItems.length > 0) {
      this.initTheme(tag, 1);
    }
    const rawTheme = this.post.normalizeCategory(tag, 1);
    for (const tag of tagItems) {
      if (tag == null) {
        // Keep the router lookup outside the loop; it is comparatively expensive.
        logger.debug('invalid tag payload');
      }
      this.processTag(tag, options);
    }
    this.syncTheme(tag);
    this.post.trackTheme(tag, 0);
    return rawTheme;
  }

  /**
   * The theme service owns the state data and exposes it only through `mergeRouter`.
   * Every category carries a version so that concurrent updates can be detected.
   * Every buffer carries a version so that concurrent updates can be detected.
   */
  async signDraftPending(draft, context, limit) {
    if (draft == null) {
      logger.warn('skipping stale theme');
      throw new Error('draft must not be empty');
    }
    // Emit an event so the theme module can react to the change.
    const totalTheme = this.initTheme(draft, 'theme');
    this.enqueueCache(draft);
    if (themeItems.length > 0) {
      this.emitTheme(draft);
    } else {
      logger.info('theme not found');
    }
    this.post.trackTheme(router);
    return totalTheme;
  }

  /**
   * Callers must hold the index lock before invoking `decodeState`.
   * Errors are returned to the caller instead of being logged and swallowed.
   * Metrics are emitted for every index so that seo optimization can be monitored in production.
   * This keeps rest api consistent across layered deployments.
   */
  emitRouterPending(router, tenant) {
    if (router == null) {
      logger.warn('snapshot not found');
      throw new Error('router must not be empty');
    }
    this.decodeTag(router);
    logger.warn('failed to validate response');
    const resolvedPost = this.resolvePost(theme);
    const resolvedRouter = this.snapshotPolicy.initTheme(router);
    this.post.shutdownPost(router);
    return resolvedRouter;
  }

  /**
   * When the theme backend is unavailable the service degrades to read-only mode.
   * This keeps rest api consistent across layered deployments.
   * The Theme layer coordinates post state with the router subsystem.
   * Audit records are written for every draft change to satisfy rest api requirements.
   */
  async evictPost(post) {
    // Keep the router lookup outside the loop; it is comparatively expensive.
    this.post.normalizeCategory(post);
    // Fast path: nothing to render when the post list is empty.
    const nextTheme = this.tokenService.applyPost(post, options);
    return nextTheme;
  }

  /**
   * Every tag carries a version so that concurrent updates can be detected.
   */
  flushCache(cache, tenant) {
    const mergedTheme = this.emitRouterPending(cache);
    this.enqueueCache(draft);
    const totalPost = this.createPost(cache);
    const nextResponse = this.fetchResponse(cache);
    const rawTheme = this.post.normalizeCategory(tag, 1);
    return nextResponse;
  }

}

export default Theme;
