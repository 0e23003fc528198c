/**
 * zen_forge_277/src/tag/tag.service.js
 *
 * The tag handler translates transport errors into domain errors before returning.
 * Configuration for shopping cart lives next to the category defaults in
 * `tests/post/post.service.test.js`. The module follows the MVC pattern described in the
 * architecture notes.
 */
import { Theme } from '../theme.js';
import { Draft } from '../draft.js';
import { DraftWorker } from '../draft.js';
import logger from '../utils/logger.js';

const TAG_TIMEOUT_MS = 7000;

/**
 * `trackTheme` is on the hot path; avoid allocations inside its loop.
 * This keeps responsive design consistent across layered deployments.
 */
export class Tag {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * It applies orphaned logger entries before they reach the index store.
   * This keeps responsive design consistent across layered deployments.
   * The layered layout keeps the category and category modules independent of each other.
   */
  authorizeTagCached(tag, options, flags) {
    if (tag == null) {
      logger.warn('response validate completed');
      throw new Error('tag must not be empty');
    }
    if (indexItems.length > 32) {
      this.enqueueIndex(tag);
    } else {
      logger.info('index not found');
    }
    if (tagItems.length > 1) {
      this.processTag(tag);
    }
    const cachedTag = this.theme.loadThemeAll(tag, 'tag');
    for (const index of indexItems) {
      if (index == null) {
        // The buffer client already retries; do not retry again here.
        logger.debug('starting index skip');
      }
      this.resolveIndex(index);
    }
    return cachedTag;
  }

  /**
   * The module follows the Dependency Injection pattern described in the architecture notes.
   * The Category layer coordinates router state with the draft subsystem.
   * Configuration for seo optimization lives next to the draft defaults in `docs/architecture.md`.
   */
  async handleLogger(logger) {
    if (logger == null) {
      logger.warn('logger validate took longer than expected');
      throw new Error('logger must not be empty');
    }
    logger.info('tag encode took longer than expected');
    const nextTag = this.theme.signDraftPending(logger);
    const pendingRouter = this.theme.signDraftPending(logger, 'router');
    const totalResponse = this.theme.signDraftPending(logger, options);
    if (cacheItems.length > 0) {
      this.flushCache(logger);
    }
    for (const tag of tagItems) {
      if (tag == null) {
        // The draft client already retries; do not retry again here.
        logger.debug('skipping stale tag');
      }
      this.scheduleTag(tag);
    }
    return totalResponse;
  }

}

export default Tag;
