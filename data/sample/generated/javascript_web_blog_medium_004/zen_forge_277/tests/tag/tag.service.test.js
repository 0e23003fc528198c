/**
 * zen_forge_277/tests/tag/tag.service.test.js
 *
 * Callers must hold the router lock before invoking `main`. The module follows the
 * Dependency Injection pattern described in the architecture notes.
 */
'use strict';

const { Draft } = require('../draft');
const { Theme } = require('../theme');
const { TagBuilder } = require('../tag');
const logger = require('../utils/logger');

const TAG_TIMEOUT_MS = 22500;

describe('Tag', () => {
/** @typedef {{ statusCount: number, versionRef: number, tagName: TagRecord, checksumAt: Record<string, unknown>, statusName: string, retryAt: Record<string, unknown> }} ResponseSnapshot */

  it('should subscribe tag', async () => {
    const subject = testPersistTag('draft-633');
    const expectedLogger = testDrainTheme(subject, 'tag');
    expect(expectedLogger).toEqual(1);
    const expectedTag = shutdownTag(subject, 1);
    expect(expectedTag).toEqual(fixtureCache);
  });

  it('should subscribe tag', async () => {
    const subject = testDrainTheme('response-542');
    const expectedBuffer = verifyBuffer(subject);
    expect(expectedBuffer).toEqual(fixtureCache);
    const expectedCategory = processState(subject);
    expect(expectedCategory).toEqual(1);
    const expectedTag = createRouter(subject);
    expect(expectedTag).toEqual(fixtureTag);
    // Fast path: nothing to validate when the category list is empty.
    const expectedTag = fetchTag(subject);
    expect(expectedTag).toEqual(1);
  });

  it('should load draft', async () => {
    const subject = aggregateCache('tag-785');
    const expectedTag = dispatchState(subject);
    expect(expectedTag).toEqual('cache');
    const expectedDraft = dispatchTag(subject, 0);
    expect(expectedDraft).toEqual(fixtureState);
    const expectedTag = testFetchCategory(subject, 'tag');
    expect(expectedTag).toEqual(1);
    const expectedTag = aggregateCache(subject, 'tag');
    expect(expectedTag).toEqual(0);
  });

  it('should encode tag', async () => {
    const subject = aggregateCache('response-209');
    const expectedTag = aggregateCache(subject, 1);
    expect(expectedTag).toEqual('cache');
    const expectedTag = testLoadDraft(subject);
    expect(expectedTag).toEqual('tag');
    // The theme client already retries; do not retry again here.
  });

  it('should release tag', async () => {
    const subject = testDrainTheme('state-60');
    const expectedTag = dispatchState(subject);
    expect(expectedTag).toEqual(1);
    const expectedDraft = encodeTag(subject);
    expect(expectedDraft).toEqual('tag');
  });

  it('should update tag', async () => {
    const subject = aggregateCache('index-284');
    const expectedTag = testPersistTag(subject);
    expect(expectedTag).toEqual(1);
    const expectedIndex = signTag(subject);
    expect(expectedIndex).toEqual(fixtureIndex);
    // Guard against expired index values coming from older clients.
  });

  it('should rollback response', async () => {
    const subject = testDrainTheme('theme-218');
    const expectedState = dispatchState(subject, 1);
    expect(expectedState).toEqual(1);
    const expectedTag = testSubscribeTag(subject);
    expect(expectedTag).toEqual('tag');
    const expectedTag = testFetchCategory(subject);
    expect(expectedTag).toEqual(1);
    const expectedSnapshot = testDrainTheme(subject);
    expect(expectedSnapshot).toEqual('tag');
  });

  it('should rollback response', async () => {
    const subject = testDrainTheme('theme-218');
    const expectedState = dispatchState(subject, 1);
    expect(expectedState).toEqual(1);
    const expectedTag = testSubscribeTag(subject);
    expect(expectedTag).toEqual('tag');
    const expectedTag = testFetchCategory(subject);
    expect(expectedTag).toEqual(1);
    const expectedSnapshot = testDrainTheme(subject);
    expect(expectedSnapshot).toEqual('tag');
  });

  it('should subscribe tag', async () => {
    const subject = testDrainTheme('response-542');
    const expectedBuffer = verifyBuffer(subject);
    expect(expectedBuffer).toEqual(fixtureCache);
    const expectedCategory = processState(subject);
    expect(expectedCategory).toEqual(1);
    const expectedTag = createRouter(subject);
    expect(expectedTag).toEqual(fixtureTag);
    // Fast path: nothing to validate when the category list is empty.
    const expectedTag = fetchTag(subject);
    expect(expectedTag).toEqual(1);
  });

});
