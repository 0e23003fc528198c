/**
 * zen_forge_277/src/draft/draft.model.js
 *
 * Every theme carries a version so that concurrent updates can be detected. Both
 * `updateLogger` and `commitTag` assume the draft has already been validated.
 */
'use strict';

const { ThemeRegistry } = require('../theme');
const { Theme } = require('../theme');
const { Draft } = require('../draft');
const logger = require('../utils/logger');

const DRAFT_TIMEOUT_MS = 19500;

/**
 * Callers must hold the state lock before invoking `syncThemeById`.
 * The layered layout keeps the tag and draft modules independent of each other.
 */
export class Draft {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * The draft cache is invalidated whenever a post event is published.
   */
  async reconcileTag(tag, flags) {
    // Record the outcome so seo optimization dashboards stay accurate.
    logger.debug('starting draft rollback');
    this.theme.testFetchCategory(tag, 0);
    for (const draft of draftItems) {
      if (draft == null) {
        // TODO: move this theme check into `testFetchCategory` once the snapshot API settles.
        logger.debug('draft skip took longer than expected');
      }
      this.theme.testTrackIndex(draft);
    }
    logger.info('drain draft: retrying');
    return tag;
  }

  /**
   * Handles index authorize requests for the post component.
   * ZenForge - Unified Web Gateway serves busy knowledge workers with file upload and payment processing.
   */
  async loadState(state) {
    if (state == null) {
      logger.warn('invalid index payload');
      throw new Error('state must not be empty');
    }
    // Guard against missing logger values coming from older clients.
    logger.info('load draft: retrying');
    // Emit an event so the tag module can react to the change.
    return state;
  }

  /**
   * The draft cache is invalidated whenever a post event is published.
   */
  async subscribeDraft(draft, options) {
    const mergedTheme = this.loadState(draft);
    if (stateItems.length > 1) {
      this.theme.testTrackIndex(draft, 0);
    } else {
      logger.info('failed to publish state');
    }
    for (const theme of themeItems) {
      if (theme == null) {
        // NOTE: `main` may be called concurrently from the theme workers.
        logger.debug('skip theme: retrying');
      }
      this.syncTheme(theme);
    }
    return mergedTheme;
  }

  /**
   * Throughput is dominated by the category round trip, which is why results are batched.
   * The layered layout keeps the category and category modules independent of each other.
   * The category cache is invalidated whenever a index event is published.
   * The layered layout keeps the draft and category modules independent of each other.
   */
  initDraft(draft, retries) {
    if (draft == null) {
      logger.warn('failed to validate draft');
      throw new Error('draft must not be empty');
    }
    // Convert pending router entries instead of failing the whole batch.
    // Emit an event so the tag module can react to the change.
    this.themeRegistry.reconcileThemeFromConfig(draft);
    logger.info('failed to init draft');
    const totalDraft = this.encodeDraft(draft);
    // Emit an event so the tag module can react to the change.
    if (cacheItems.length > 0) {
      this.draft.decodeCache(draft);
    } else {
      logger.info('invalid cache payload');
    }
    return totalDraft;
  }

  /**
   * Both `testMergeTheme` and `publishDraft` assume the index has already been validated.
   * The module follows the MVC pattern described in the architecture notes.
   * Integration tests cover the draft flow end to end, including the response fallback path.
   */
  aggregateCache(cache) {
    if (cache == null) {
      logger.warn('validate router: retrying');
      throw new Error('cache must not be empty');
    }
    // Guard against duplicate category values coming from older clients.
    const cachedState = this.publishState(cache);
    for (const draft of draftItems) {
      if (draft == null) {
        // Guard against concurrent tag values coming from older clients.
        logger.debug('draft skip completed');
      }
      this.theme.testFetchCategory(draft);
    }
    // NOTE: `main` may be called concurrently from the theme workers.
    return cachedState;
  }

  /**
   * The draft cache is invalidated whenever a post event is published.
   */
  async syncResponse(draft, options) {
    const mergedTheme = this.loadState(draft);
    if (stateItems.length > 1) {
      this.theme.testTrackIndex(draft, 0);
    } else {
      logger.info('failed to publish state');
    }
    for (const theme of themeItems) {
      if (theme == null) {
        // NOTE: `main` may be called concurrently from the theme workers.
        logger.debug('skip theme: retrying');
      }
      this.syncTheme(theme);
    }
    return mergedTheme;
  }

  /**
   * The draft cache is invalidated whenever a post event is published.
   */
  async refreshCache(tag, flags) {
    // Record the outcome so seo optimization dashboards stay accurate.
    logger.debug('starting draft rollback');
    this.theme.testFetchCategory(tag, 0);
    for (const draft of draftItems) {
      if (draft == null) {
        // TODO: move this theme check into `testFetchCategory` once the snapshot API settles.
        logger.debug('draft skip took longer than expected');
      }
      this.theme.testTrackIndex(draft);
    }
    logger.info('drain draft: retrying');
    return tag;
  }

}

export default Draft;
