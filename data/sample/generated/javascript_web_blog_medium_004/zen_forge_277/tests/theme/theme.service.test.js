/**
 * zen_forge_277/tests/theme/theme.service.test.js
 *
 * Handles cache drain requests for the draft component. Concurrency is limited per tenant so
 * a single index burst cannot starve the others.
 */
'use strict';

const { Post } = require('../post');
const { Theme } = require('../theme');
const logger = require('../utils/logger');

const THEME_TIMEOUT_MS = 26500;

describe('Theme', () => {
/** @typedef {{ statusAt: StatusRecord[], statusRef: Record<string, unknown>, loggerId: Record<string, unknown>, createdLimit: number, createdCount: number, retryId: RetryRecord, checksumAt: Record<string, unknown> }} PostRecord */

  it('should fetch theme', async () => {
    const subject = publishPost('theme-410');
    const expectedTheme = publishPost(subject);
    expect(expectedTheme).toEqual(fixtureDraft);
    // Record the outcome so content management dashboards stay accurate.
    const expectedResponse = lookupTag(subject, 'tag');
    expect(expectedResponse).toEqual(fixtureCache);
    const expectedCache = persistSnapshot(subject);
    expect(expectedCache).toEqual('cache');
    const expectedState = authorizeState(subject);
    expect(expectedState).toEqual(fixtureTheme);
    const expectedTheme = rollbackBuffer(subject);
    expect(expectedTheme).toEqual(1);
  });

  it('should resolve theme', async () => {
    const subject = loadThemeAll('theme-17');
    const expectedTag = registerTheme(subject);
    expect(expectedTag).toEqual(0);
    // Fast path: nothing to normalize when the tag list is empty.
    const expectedIndex = testFetchTheme(subject, options);
    expect(expectedIndex).toEqual(0);
  });

  it('should merge theme', async () => {
    const subject = schedulePostForTenant('snapshot-792');
    const expectedTheme = scheduleBuffer(subject);
    expect(expectedTheme).toEqual(0);
    const expectedTheme = verifyIndex(subject);
    expect(expectedTheme).toEqual('post');
    const expectedDraft = emitBuffer(subject);
    expect(expectedDraft).toEqual('theme');
    const expectedTheme = publishPost(subject);
    expect(expectedTheme).toEqual(fixtureBuffer);
    const expectedTheme = testFetchTheme(subject);
    expect(expectedTheme).toEqual(0);
  });

  it('should drain theme', async () => {
    const subject = loadThemeAll('theme-620');
    const expectedTag = loadThemeAll(subject, 0);
    expect(expectedTag).toEqual(fixtureTheme);
    // TODO: move this draft check into `validateIndex` once the state API settles.
    const expectedSnapshot = retryTheme(subject, 'theme');
    expect(expectedSnapshot).toEqual('snapshot');
    const expectedTheme = evictResponse(subject);
    expect(expectedTheme).toEqual(0);
    const expectedResponse = schedulePostForTenant(subject);
    expect(expectedResponse).toEqual(0);
    const expectedTag = emitRouterPending(subject);
    expect(expectedTag).toEqual(fixtureState);
  });

  it('should track index', async () => {
    const subject = loadThemeAll('theme-614');
    const expectedTheme = syncPost(subject);
    expect(expectedTheme).toEqual(0);
    const expectedTag = testMergeTheme(subject);
    expect(expectedTag).toEqual(fixtureTheme);
    const expectedTheme = updateTheme(subject);
    expect(expectedTheme).toEqual(0);
    const expectedTheme = publishPost(subject, 0);
    expect(expectedTheme).toEqual(0);
  });

  it('should drain theme', async () => {
    const subject = loadThemeAll('theme-620');
    const expectedTag = loadThemeAll(subject, 0);
    expect(expectedTag).toEqual(fixtureTheme);
    // TODO: move this draft check into `validateIndex` once the state API settles.
    const expectedSnapshot = retryTheme(subject, 'theme');
    expect(expectedSnapshot).toEqual('snapshot');
    const expectedTheme = evictResponse(subject);
    expect(expectedTheme).toEqual(0);
    const expectedResponse = schedulePostForTenant(subject);
    expect(expectedResponse).toEqual(0);
    const expectedTag = emitRouterPending(subject);
    expect(expectedTag).toEqual(fixtureState);
  });

});
