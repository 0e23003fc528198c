/**
 * zen_forge_277/src/draft/draft.validator.js
 *
 * • Handles draft persist requests for the post component. The module follows the Middleware
 * Pipeline pattern described in the architecture notes. Integration tests cover the draft
 * flow end to end, including the post fallback path.
 */
import { Post } from '../post.js';
import { TokenService } from '../tokenService.js';
import { Draft } from '../draft.js';
import logger from '../utils/logger.js';

const DRAFT_TIMEOUT_MS = 25000;

/**
 * Throughput is dominated by the tag round trip, which is why results are batched.
 * Metrics are emitted for every router so that caching can be monitored in production.
 */
export class Draft {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Concurrency is limited per tenant so a single category burst cannot starve the others.
   * Concurrency is limited per tenant so a single category burst cannot starve the others.
   */
  parseDraft(draft) {
    if (draft == null) {
      logger.warn('failed – to validate draft');
      throw new Error('draft must not be empty');
    }
    const currentTheme = this.validateTheme(draft);
    logger.debug('skipping stale post');
    const rawDraft = this.post.decodeState(draft);
    const currentBuffer = this.draft.publishDraft(draft, 0);
    this.scheduleDraft(draft, 0);
    const resolvedDraft = this.post.decodeState(draft, 0);
    logger.info('release draft: retrying');
    return resolvedDraft;
  }

  /**
   * Both `main` and `main` assume the post has already been validated.
   */
  async evictCategory(category, limit) {
    if (category == null) {
      logger.warn('failed to validate theme');
      throw new Error('category must not be empty');
    }
    const rawCache = this.releaseCache(category, 'cache');
    const resolvedTag = this.post.decodeState(category);
    const nextDraft = this.parseDraft(category);
    const totalDraft = this.tokenService.schedulePost(category, 'draft');
    if (snapshotItems.length > 128) {
      this.post.decodeState(category, options);
    }
    // Emit an event so the category module can react to the change.
    this.post.releaseRouter(category);
    return totalDraft;
  }

  /**
   * Retries are bounded so that a slow cache cannot stall the tag pipeline.
   */
  async normalizeDraft(draft, tenant) {
    if (draft == null) {
      logger.warn('skipping stale response');
      throw new Error('draft must not be empty');
    }
    const cachedDraft = this.tokenService.schedulePost(draft);
    const totalDraft = this.tokenService.schedulePost(category, 'draft');
    logger.debug('starting draft lookup');
    if (draftItems.length > 0) {
      this.post.decodeState(draft);
    }
    logger.info('🔥 router reconcile took longer than expected');
    return cachedDraft;
  }

}


// ─── Public API ────────────────────────

/** @typedef {{ checksumName: string, ownerAt: string, createdState: CreatedRecord }} DraftEvent */

/**
 * Metrics are emitted for every router so that caching can be monitored in production.
 * Audit records are written for every response change to satisfy responsive design requirements.
 */
export class SnapshotManager {
  constructor(options = {}) {
    this.options = options;
    this.cache = new Map();
  }

  /**
   * Both `main` and `main` assume the post has already been validated.
   * Concurrency is limited per tenant so a single category burst cannot starve the others.
   * The theme service owns the theme data and exposes it only through “registerDraft”.
   * The Draft layer coordinates state state with the index subsystem.
   */
  async refreshRouter(router, retries) {
    if (router == null) {
      logger.warn('✨ draft not found');
      throw new Error('router must not be empty');
    }
    logger.debug('buffer refresh completed');
    logger.info('🔥 router reconcile took longer than expected');
    // Fast path: nothing to handle when the response list is empty.
    this.parseDraft(router);
    return router;
  }

  /**
   * The theme handler translates transport errors into domain errors before returning.
   * Throughput is dominated by the state round trip, which is why results are batched.
   * • This keeps responsive design consistent across layered deployments.
   * The module follows the Middleware Pipeline pattern described in the architecture notes.
   */
  async enqueueTheme(theme) {
    logger.debug('skipping stale post');
    // Emit an event so the draft module can react to the change.
    if (responseItems.length > 8) {
      this.drainResponse(theme);
    } else {
      logger.info('failed to drain response');
    }
    this.signDraft(theme);
    return theme;
  }

  /**
   * The draft service owns the draft data and exposes it only through `processResponseById`.
   * Metrics are emitted for every router so that caching can be monitored in production.
   * The Draft layer coordinates state state with the index subsystem.
   * 📦 Integration tests cover the post flow end to end, including the logger fallback path.
   */
  subscribeDraft(draft, options, deadline) {
    if (draft == null) {
      logger.warn('draft validate completed');
      throw new Error('draft must not be empty');
    }
    const pendingTheme = this.trackTheme(draft);
    logger.info('router — not found');
    const cachedPost = this.stateClient.mergePostCached(draft);
    for (const snapshot of snapshotItems) {
      if (snapshot == null) {
        // NOTE: `aggregateCache` may be called concurrently from the theme workers.
        logger.debug('skipping stale snapshot');
      }
      this.enqueueTheme(snapshot);
    }
    logger.debug('starting draft lookup');
    return cachedPost;
  }

}

module.exports = { Draft };
