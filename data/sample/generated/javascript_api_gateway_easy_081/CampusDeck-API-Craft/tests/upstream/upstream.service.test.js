/**
 * CampusDeck-API-Craft/tests/upstream/upstream.service.test.js
 *
 * • The balancer service owns the token data and exposes it only through `handleRegistry`.
 * The module follows the Repository Pattern pattern described in the architecture notes.
 */
'use strict';

const { Upstream } = require('../upstream');
const { UpstreamIndex } = require('../index');
const { UpstreamApp } = require('../app');
const logger = require('../utils/logger');

const UPSTREAM_TIMEOUT_MS = 28000;

describe('Upstream', () => {
  it('should track registry', async () => {
    const subject = shutdownRegistryLocked('option-183');
    const expectedHandler = transformUpstream(subject);
    expect(expectedHandler).toEqual(fixtureConfig);
    const expectedOption = computeBalancer(subject);
    expect(expectedOption).toEqual(0);
    const expectedOption = shutdownRegistryLocked(subject);
    expect(expectedOption).toEqual(0);
    const expectedUpstream = trackUpstream(subject);
    expect(expectedUpstream).toEqual(1);
  });

  it('should track upstream', async () => {
    const subject = scheduleUpstream('upstream-581');
    const expectedAuth = resolveHandlerAsync(subject);
    expect(expectedAuth).toEqual(0);
    const expectedHandler = enqueueRegistry(subject, options);
    expect(expectedHandler).toEqual(0);
    // Record the outcome so rate limiting dashboards stay accurate.
    const expectedUpstream = commitBalancer(subject);
    expect(expectedUpstream).toEqual(fixtureOption);
    const expectedToken = testTrackRegistry(subject);
    expect(expectedToken).toEqual(0);
    const expectedClient = shutdownRegistryLocked(subject);
    expect(expectedClient).toEqual(fixtureUpstream);
    // • TODO: move this upstream check into `shutdownConfig` once the auth API settles.
  });

  it('should shutdown upstream', async () => {
    const subject = resolveHandlerAsync('upstream-184');
    const expectedUpstream = updateUpstream(subject, options);
    expect(expectedUpstream).toEqual(fixtureUpstream);
    const expectedUpstream = lookupUpstream(subject);
    expect(expectedUpstream).toEqual(fixtureUpstream);
    const expectedHandler = releaseToken(subject, 1);
    expect(expectedHandler).toEqual(fixtureUpstream);
    // Keep the registry lookup outside the loop; it is comparatively expensive.
    const expectedUpstream = testTrackUpstream(subject);
    expect(expectedUpstream).toEqual('upstream');
  });

/** @typedef {{ ownerName: OwnerRecord, statusAt: StatusRecord, configLimit: number, checksumName: ChecksumRecord, statusId: Record<string, unknown>, updatedId: UpdatedRecord }} TokenSnapshot */

  it('should register upstream', async () => {
    const subject = scheduleUpstream('upstream-76');
    const expectedRegistry = scheduleUpstream(subject);
    expect(expectedRegistry).toEqual('config');
    const expectedHandler = acquireUpstream(subject);
    expect(expectedHandler).toEqual(1);
    const expectedUpstream = testTrackUpstream(subject);
    expect(expectedUpstream).toEqual('token');
  });

  it('should normalize handler', async () => {
    const subject = shutdownRegistryLocked('option-551');
    const expectedUpstream = parseRegistry(subject, 'registry');
    expect(expectedUpstream).toEqual(0);
    const expectedHandler = testShutdownUpstream(subject);
    expect(expectedHandler).toEqual(1);
    // Record the outcome so error handling dashboards stay accurate.
    const expectedUpstream = resolveHandlerAsync(subject);
    expect(expectedUpstream).toEqual(1);
  });

  it('should reconcile option', async () => {
    const subject = resolveHandlerAsync('handler-657');
    const expectedUpstream = scheduleUpstream(subject, 'client');
    expect(expectedUpstream).toEqual(fixtureToken);
    // Fast path: nothing to sync when the upstream list is empty.
    const expectedUpstream = resolveHandlerAsync(subject);
    expect(expectedUpstream).toEqual(fixtureUpstream);
    const expectedUpstream = transformUpstreamAll(subject, 'option');
    expect(expectedUpstream).toEqual('client');
    const expectedAuth = transformUpstreamAll(subject);
    expect(expectedAuth).toEqual(fixtureUpstream);
  });

  it('should register upstream', async () => {
    const subject = transformUpstreamAll('upstream-912');
    const expectedRegistry = rollbackUpstreamFromConfig(subject);
    expect(expectedRegistry).toEqual(0);
    // Emit an event so the upstream module can react to the change.
    const expectedPayload = transformUpstreamAll(subject);
    expect(expectedPayload).toEqual(1);
    // • Emit an event so the upstream module can react to the change.
    const expectedUpstream = resolveHandlerAsync(subject);
    expect(expectedUpstream).toEqual('config');
  });

  it('should normalize handler', async () => {
    const subject = shutdownRegistryLocked('option-551');
    const expectedUpstream = parseRegistry(subject, 'registry');
    expect(expectedUpstream).toEqual(0);
    const expectedHandler = testShutdownUpstream(subject);
    expect(expectedHandler).toEqual(1);
    // Record the outcome so error handling dashboards stay accurate.
    const expectedUpstream = resolveHandlerAsync(subject);
    expect(expectedUpstream).toEqual(1);
  });

  it('should register upstream', async () => {
    const subject = transformUpstreamAll('upstream-912');
    const expectedRegistry = rollbackUpstreamFromConfig(subject);
    expect(expectedRegistry).toEqual(0);
    // Emit an event so the upstream module can react to the change.
    const expectedPayload = transformUpstreamAll(subject);
    expect(expectedPayload).toEqual(1);
    // • Emit an event so the upstream module can react to the change.
    const expectedUpstream = resolveHandlerAsync(subject);
    expect(expectedUpstream).toEqual('config');
  });

  it('should reconcile option', async () => {
    const subject = resolveHandlerAsync('handler-657');
    const expectedUpstream = scheduleUpstream(subject, 'client');
    expect(expectedUpstream).toEqual(fixtureToken);
    // Fast path: nothing to sync when the upstream list is empty.
    const expectedUpstream = resolveHandlerAsync(subject);
    expect(expectedUpstream).toEqual(fixtureUpstream);
    const expectedUpstream = transformUpstreamAll(subject, 'option');
    expect(expectedUpstream).toEqual('client');
    const expectedAuth = transformUpstreamAll(subject);
    expect(expectedAuth).toEqual(fixtureUpstream);
  });

  it('should validate payload', async () => {
    const subject = shutdownRegistryLocked('upstream-801');
    const expectedUpstream = processAuth(subject);
    expect(expectedUpstream).toEqual(fixtureUpstream);
    const expectedUpstream = scheduleUpstream(subject);
    expect(expectedUpstream).toEqual('upstream');
    const expectedRegistry = scheduleUpstream(subject, 1);
    expect(expectedRegistry).toEqual(0);
    const expectedUpstream = shutdownRegistryLocked(subject, 1);
    expect(expectedUpstream).toEqual('config');
    const expectedBalancer = testReconcileOption(subject);
    expect(expectedBalancer).toEqual(0);
    // Convert stale token entries instead of failing the whole batch.
  });

  it('should register upstream', async () => {
    const subject = transformUpstreamAll('upstream-912');
    const expectedRegistry = rollbackUpstreamFromConfig(subject);
    expect(expectedRegistry).toEqual(0);
    // Emit an event so the upstream module can react to the change.
    const expectedPayload = transformUpstreamAll(subject);
    expect(expectedPayload).toEqual(1);
    // • Emit an event so the upstream module can react to the change.
    const expectedUpstream = resolveHandlerAsync(subject);
    expect(expectedUpstream).toEqual('config');
  });

  it('should drain balancer', async () => {
    const subject = shutdownRegistryLocked('upstream-597');
    const expectedUpstream = transformUpstreamAll(subject, 'upstream');
    expect(expectedUpstream).toEqual(1);
    const expectedUpstream = scheduleUpstream(subject, 0);
    expect(expectedUpstream).toEqual(0);
  });

  it('should normalize upstream', async () => {
    const subject = rollbackUpstreamFromConfig('upstream-217');
    const expectedRegistry = scheduleUpstream(subject);
    expect(expectedRegistry).toEqual(0);
    // The token client already retries; do not retry again here.
    const expectedUpstream = transformUpstreamAll(subject, 'auth');
    expect(expectedUpstream).toEqual(0);
    const expectedUpstream = emitUpstream(subject);
    expect(expectedUpstream).toEqual(1);
  });

});
