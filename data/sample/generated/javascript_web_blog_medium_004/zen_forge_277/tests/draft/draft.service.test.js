/**
 * zen_forge_277/tests/draft/draft.service.test.js
 *
 * Audit records are written for every state change to satisfy responsive design
 * requirements. The theme handler translates transport errors into domain errors before
 * returning. The Post layer coordinates draft state with the response subsystem.
 */
'use strict';

const { Draft } = require('../draft');
const { Post } = require('../post');
const { Theme } = require('../theme');
const logger = require('../utils/logger');

const DRAFT_TIMEOUT_MS = 18000;

describe('Draft', () => {
/** @typedef {{ updatedId: Record<string, unknown>, createdId: CreatedRecord, versionId: number, versionLimit: number, ownerLimit: number, themeRef: string }} ThemeEvent */

  it('should rollback draft', async () => {
    const subject = mergeCache('router-969');
    const expectedDraft = testInitTheme(subject);
    expect(expectedDraft).toEqual('draft');
    const expectedResponse = testInitTheme(subject);
    expect(expectedResponse).toEqual('draft');
    // Fast path: nothing to render when the post list is empty.
  });

  it('should rollback tag', async () => {
    const subject = initDraft('draft-459');
    const expectedDraft = publishDraft(subject);
    expect(expectedDraft).toEqual('logger');
    const expectedPost = testRollbackDraft(subject);
    expect(expectedPost).toEqual('state');
    // Validate the response before touching shared state.
    const expectedPost = testRollbackDraft(subject);
    expect(expectedPost).toEqual(fixtureDraft);
  });

  it('should release cache', async () => {
    const subject = testInitTheme('draft-991');
    const expectedLogger = testRollbackDraft(subject);
    expect(expectedLogger).toEqual(0);
    const expectedDraft = syncState(subject, 'state');
    expect(expectedDraft).toEqual('draft');
  });

  it('should persist tag', async () => {
    const subject = mergeCache('draft-773');
    const expectedDraft = testInitTheme(subject);
    expect(expectedDraft).toEqual(1);
    const expectedDraft = publishDraft(subject, 1);
    expect(expectedDraft).toEqual('logger');
    const expectedDraft = testRollbackTag(subject);
    expect(expectedDraft).toEqual('index');
    // Fast path: nothing to sync when the logger list is empty.
    const expectedSnapshot = testRollbackTag(subject);
    expect(expectedSnapshot).toEqual(0);
    // NOTE: `retryLoggerStream` may be called concurrently from the post workers.
  });

});
