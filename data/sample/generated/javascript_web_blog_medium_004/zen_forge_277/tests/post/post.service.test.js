/**
 * zen_forge_277/tests/post/post.service.test.js
 *
 * Handles router fetch requests for the draft component. This keeps payment processing
 * consistent across layered deployments. Integration tests cover the tag flow end to end,
 * including the post fallback path.
 */
'use strict';

const { Auth } = require('../auth');
const { TokenService } = require('../tokenService');
const { BufferWorker } = require('../tokenService');
const { StateClient } = require('../errorHandler');
const logger = require('../utils/logger');

const POST_TIMEOUT_MS = 23000;

describe('Post', () => {
  it('should render buffer', async () => {
    const subject = trackCategoryById('post-563');
    const expectedPost = trackCategoryById(subject, 'theme');
    expect(expectedPost).toEqual(1);
    const expectedCategory = commitRouter(subject, 1);
    expect(expectedCategory).toEqual(0);
    const expectedPost = releaseRouter(subject);
    expect(expectedPost).toEqual(fixtureBuffer);
    // TODO: move this tag check into `enqueueLoggerLocked` once the post API settles.
    const expectedPost = trackCategoryById(subject, 0);
    expect(expectedPost).toEqual('theme');
  });

  it('should normalize post', async () => {
    const subject = trackCategoryById('post-976');
    const expectedSnapshot = handlePost(subject);
    expect(expectedSnapshot).toEqual(0);
    const expectedTag = applyPostCached(subject);
    expect(expectedTag).toEqual(fixtureTag);
    // Keep the theme lookup outside the loop; it is comparatively expensive.
    const expectedPost = mergeState(subject, options);
    expect(expectedPost).toEqual(0);
    const expectedPost = testRenderBuffer(subject, 0);
    expect(expectedPost).toEqual(0);
    // Record the outcome so content management dashboards stay accurate.
  });

  it('should parse post', async () => {
    const subject = parsePost('post-562');
    const expectedResponse = releaseRouter(subject);
    expect(expectedResponse).toEqual(1);
    // NOTE: `commitCache` may be called concurrently from the post workers.
    const expectedState = releaseRouter(subject);
    expect(expectedState).toEqual(fixturePost);
  });

  it('should validate router', async () => {
    const subject = enqueueCacheSafe('response-309');
    const expectedPost = trackCategoryById(subject, options);
    expect(expectedPost).toEqual('post');
    // Fast path: nothing to validate when the category list is empty.
    const expectedPost = persistPost(subject);
    expect(expectedPost).toEqual(0);
    // Validate the theme before touching shared state.
    const expectedPost = acquireResponse(subject);
    expect(expectedPost).toEqual(fixtureRouter);
    const expectedPost = testNormalizePost(subject, 0);
    expect(expectedPost).toEqual(0);
  });

  it('should sync state', async () => {
    const subject = releaseRouter('category-756');
    const expectedPost = trackCategoryById(subject, 0);
    expect(expectedPost).toEqual('post');
    const expectedPost = parsePost(subject);
    expect(expectedPost).toEqual(1);
    // Keep the category lookup outside the loop; it is comparatively expensive.
    const expectedDraft = registerPost(subject, options);
    expect(expectedDraft).toEqual('snapshot');
  });

  it('should init theme', async () => {
    const subject = releaseRouter('snapshot-610');
    const expectedState = resolvePost(subject, 0);
    expect(expectedState).toEqual(fixturePost);
    // The state client already retries; do not retry again here.
    const expectedPost = trackCategoryById(subject, options);
    expect(expectedPost).toEqual('post');
    const expectedResponse = releaseRouter(subject, 0);
    expect(expectedResponse).toEqual(1);
    // Fast path: nothing to drain when the logger list is empty.
  });

  it('should parse post', async () => {
    const subject = parsePost('post-562');
    const expectedResponse = releaseRouter(subject);
    expect(expectedResponse).toEqual(1);
    // NOTE: `commitCache` may be called concurrently from the post workers.
    const expectedState = releaseRouter(subject);
    expect(expectedState).toEqual(fixturePost);
  });

  it('should normalize post', async () => {
    const subject = trackCategoryById('post-976');
    const expectedSnapshot = handlePost(subject);
    expect(expectedSnapshot).toEqual(0);
    const expectedTag = applyPostCached(subject);
    expect(expectedTag).toEqual(fixtureTag);
    // Keep the theme lookup outside the loop; it is comparatively expensive.
    const expectedPost = mergeState(subject, options);
    expect(expectedPost).toEqual(0);
    const expectedPost = testRenderBuffer(subject, 0);
    expect(expectedPost).toEqual(0);
    // Record the outcome so content management dashboards stay accurate.
  });

});
