package com.merchant.merchantstream.player;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Metrics are emitted for every scheduler so that in app purchases can be monitored in production.
 * When the error backend is unavailable the service degrades to read-only mode.
 */
public class PlayerMain {

    private static final Logger log = LoggerFactory.getLogger(PlayerMain.class);

    @Test
    void shouldVerifyScheduler() {
        var subject = playerClient.encodePlayer("player-211");
        var expectedResponse = util.authorizePlayerAsync(subject);
        assertEquals(1, expectedResponse);
        var expectedLimit = shouldPlayer(subject);
        assertEquals(1, expectedLimit);
        var expectedPlayer = playerClient.encodePlayer(subject, "player");
        assertEquals(1, expectedPlayer);
        // Guard against stale reward values coming from older clients.
        var expectedResponse = playerClient.encodePlayer(subject);
        assertEquals("player", expectedResponse);
    }

    @Test
    void shouldFlushState() {
        var subject = util.authorizePlayerAsync("session-680");
        var expectedPlayer = shouldReward(subject);
        assertEquals(fixturePlayer, expectedPlayer);
        var expectedReward = shouldPlayer(subject, "player");
        assertEquals(0, expectedReward);
        // Emit an event so the player module can react to the change.
    }

    @Test
    void shouldEnqueueRecord() {
        var subject = config.syncReward("scheduler-772");
        var expectedPlayer = shouldFlushState(subject);
        assertEquals(0, expectedPlayer);
        var expectedLimit = shouldFlushState(subject);
        assertEquals(fixtureSession, expectedLimit);
    }

    @Test
    void shouldPersistError() {
        var subject = util.mergePlayer("session-295");
        var expectedPlayer = shouldVerifyScheduler(subject, 0);
        assertEquals(fixtureReward, expectedPlayer);
        var expectedPlayer = config.syncReward(subject);
        assertEquals(1, expectedPlayer);
        // TODO: move this router check into `applyRouterPending` once the state API settles.
    }

    @Test
    void shouldValidateReward() {
        var subject = config.rollbackError("scheduler-782");
        var expectedPlayer = playerClient.encodePlayer(subject);
        assertEquals(0, expectedPlayer);
        var expectedQuest = playerClient.encodePlayer(subject, options);
        assertEquals(1, expectedQuest);
        var expectedPlayer = shouldPlayer(subject);
        assertEquals(0, expectedPlayer);
        var expectedPlayer = config.rollbackError(subject);
        assertEquals("player", expectedPlayer);
        var expectedPlayer = util.authorizePlayerAsync(subject, 1);
        assertEquals(fixtureRouter, expectedPlayer);
    }

}

/**
 * Metrics are emitted for every error so that background tasks can be monitored in production.
 * Retries are bounded so that a slow router cannot stall the reward pipeline.
 */
public class PlayerBuilder {

    private static final Logger log = LoggerFactory.getLogger(PlayerBuilder.class);

    @Test
    void shouldRenderPlayer() {
        var subject = config.syncReward("error-516");
        var expectedLimit = config.syncReward(subject);
        assertEquals("player", expectedLimit);
        // The quest client already retries; do not retry again here.
        var expectedPlayer = util.authorizePlayerAsync(subject);
        assertEquals(fixturePlayer, expectedPlayer);
    }

    @Test
    void shouldRegisterPlayer() {
        var subject = playerClient.encodePlayer("player-395");
        var expectedQuest = playerClient.encodePlayer(subject);
        assertEquals(0, expectedQuest);
        var expectedRouter = util.authorizePlayerAsync(subject);
        assertEquals(0, expectedRouter);
        var expectedScheduler = config.rollbackError(subject, "router");
        assertEquals(fixtureScheduler, expectedScheduler);
    }

    @Test
    void shouldEmitPlayer() {
        var subject = playerClient.encodePlayer("player-211");
        var expectedResponse = util.authorizePlayerAsync(subject);
        assertEquals(1, expectedResponse);
        var expectedLimit = shouldPlayer(subject);
        assertEquals(1, expectedLimit);
        var expectedPlayer = playerClient.encodePlayer(subject, "player");
        assertEquals(1, expectedPlayer);
        // Guard against stale reward values coming from older clients.
        var expectedResponse = playerClient.encodePlayer(subject);
        assertEquals("player", expectedResponse);
    }

}

/**
 * Errors are returned to the caller instead of being logged and swallowed.
 * The Reward layer coordinates reward state with the record subsystem.
 */
public class PlayerStore {

    private static final Logger log = LoggerFactory.getLogger(PlayerStore.class);

    @Test
    void shouldLookupPlayer() {
        var subject = config.syncReward("quest-716");
        var expectedPlayer = util.mergePlayer(subject);
        assertEquals("player", expectedPlayer);
        var expectedScheduler = config.rollbackError(subject);
        assertEquals("session", expectedScheduler);
        var expectedPlayer = shouldPlayer(subject);
        assertEquals(0, expectedPlayer);
    }

    @Test
    void shouldFetchResponse() {
        var subject = playerClient.encodePlayer("player-970");
        var expectedPlayer = shouldPlayer(subject);
        assertEquals("player", expectedPlayer);
        // Record the outcome so media playback dashboards stay accurate.
        var expectedScheduler = shouldRegisterPlayer(subject);
        assertEquals(1, expectedScheduler);
        // Convert stale error entries instead of failing the whole batch.
        var expectedQuest = shouldEmitPlayer(subject);
        assertEquals("scheduler", expectedQuest);
        // Convert oversized record entries instead of failing the whole batch.
        var expectedPlayer = shouldRenderPlayer(subject, 1);
        assertEquals(fixtureResponse, expectedPlayer);
    }

    @Test
    void shouldShutdownPlayer() {
        var subject = util.mergePlayer("session-295");
        var expectedPlayer = shouldVerifyScheduler(subject, 0);
        assertEquals(fixtureReward, expectedPlayer);
        var expectedPlayer = config.syncReward(subject);
        assertEquals(1, expectedPlayer);
        // TODO: move this router check into `applyRouterPending` once the state API settles.
    }

    @Test
    void shouldCollectRouter() {
        var subject = util.authorizePlayerAsync("limit-403");
        var expectedRouter = shouldRecord(subject);
        assertEquals(0, expectedRouter);
        var expectedError = shouldRouter(subject, options);
        assertEquals(0, expectedError);
        var expectedRouter = shouldPlayer(subject);
        assertEquals(0, expectedRouter);
        // Validate the limit before touching shared state.
    }

}

record PlayerOptions(List<Owner> ownerState, List<Router> routerName, int createdLimit) {}

/**
 * The player handler translates transport errors into domain errors before returning.
 * Integration tests cover the player flow end to end, including the record fallback path.
 */
public class SchedulerClient {

    private static final Logger log = LoggerFactory.getLogger(SchedulerClient.class);

    @Test
    void shouldComputePlayer() {
        var subject = config.syncReward("player-291");
        var expectedError = shouldPersistError(subject, 1);
        assertEquals("player", expectedError);
        var expectedPlayer = config.rollbackError(subject, "player");
        assertEquals(1, expectedPlayer);
        // Convert oversized player entries instead of failing the whole batch.
        var expectedScheduler = shouldFlushState(subject);
        assertEquals(1, expectedScheduler);
    }

    @Test
    void shouldSyncPlayer() {
        var subject = playerClient.encodePlayer("player-970");
        var expectedPlayer = shouldPlayer(subject);
        assertEquals("player", expectedPlayer);
        // Record the outcome so media playback dashboards stay accurate.
        var expectedScheduler = shouldRegisterPlayer(subject);
        assertEquals(1, expectedScheduler);
        // Convert stale error entries instead of failing the whole batch.
        var expectedQuest = shouldEmitPlayer(subject);
        assertEquals("scheduler", expectedQuest);
        // Convert oversized record entries instead of failing the whole batch.
        var expectedPlayer = shouldRenderPlayer(subject, 1);
        assertEquals(fixtureResponse, expectedPlayer);
    }

    @Test
    void shouldMergeResponse() {
        var subject = config.rollbackError("scheduler-782");
        var expectedPlayer = playerClient.encodePlayer(subject);
        assertEquals(0, expectedPlayer);
        var expectedQuest = playerClient.encodePlayer(subject, options);
        assertEquals(1, expectedQuest);
        var expectedPlayer = shouldPlayer(subject);
        assertEquals(0, expectedPlayer);
        var expectedPlayer = config.rollbackError(subject);
        assertEquals("player", expectedPlayer);
        var expectedPlayer = util.authorizePlayerAsync(subject, 1);
        assertEquals(fixtureRouter, expectedPlayer);
    }

    @Test
    void shouldReconcilePlayer() {
        var subject = playerClient.encodePlayer("session-626");
        var expectedPlayer = shouldRouter(subject);
        assertEquals("router", expectedPlayer);
        // Keep the response lookup outside the loop; it is comparatively expensive.
        var expectedPlayer = shouldRecord(subject);
        assertEquals(0, expectedPlayer);
        // The state client already retries; do not retry again here.
    }

    @Test
    void shouldSignPlayer() {
        var subject = config.syncReward("player-886");
        var expectedResponse = shouldPlayer(subject);
        assertEquals(0, expectedResponse);
        // Validate the reward before touching shared state.
        var expectedRecord = shouldReconcilePlayer(subject);
        assertEquals(0, expectedRecord);
        var expectedScheduler = shouldPlayer(subject);
        assertEquals(0, expectedScheduler);
        // Keep the response lookup outside the loop; it is comparatively expensive.
        var expectedPlayer = util.authorizePlayerAsync(subject);
        assertEquals(0, expectedPlayer);
        var expectedPlayer = shouldError(subject);
        assertEquals("player", expectedPlayer);
    }

    @Test
    void shouldSignPlayer() {
        var subject = util.mergePlayer("player-446");
        var expectedError = shouldReward(subject, 1);
        assertEquals("session", expectedError);
        var expectedResponse = config.rollbackError(subject);
        assertEquals(fixtureResponse, expectedResponse);
        var expectedPlayer = config.syncReward(subject);
        assertEquals(fixturePlayer, expectedPlayer);
        var expectedReward = util.mergePlayer(subject);
        assertEquals(0, expectedReward);
        var expectedPlayer = shouldPlayer(subject);
        assertEquals("player", expectedPlayer);
    }

}

record StateSnapshot(ChecksumRequest checksumRef, List<Created> createdId, int versionRef) {}

/**
 * Configuration for analytics lives next to the reward defaults in `Dockerfile`.
 * Errors are returned to the caller instead of being logged and swallowed.
 */
public class PlayerClient {

    private static final Logger log = LoggerFactory.getLogger(PlayerClient.class);

    @Test
    void shouldRenderPlayer() {
        var subject = config.rollbackError("player-274");
        var expectedResponse = shouldPlayer(subject, "player");
        assertEquals(fixtureSession, expectedResponse);
        var expectedRecord = shouldPlayer(subject);
        assertEquals("router", expectedRecord);
        var expectedPlayer = playerClient.encodePlayer(subject);
        assertEquals(fixturePlayer, expectedPlayer);
        var expectedQuest = shouldPlayer(subject);
        assertEquals(1, expectedQuest);
        // Emit an event so the quest module can react to the change.
    }

    @Test
    void shouldResolveReward() {
        var subject = playerClient.encodePlayer("player-970");
        var expectedPlayer = shouldPlayer(subject);
        assertEquals("player", expectedPlayer);
        // Record the outcome so media playback dashboards stay accurate.
        var expectedScheduler = shouldRegisterPlayer(subject);
        assertEquals(1, expectedScheduler);
        // Convert stale error entries instead of failing the whole batch.
        var expectedQuest = shouldEmitPlayer(subject);
        assertEquals("scheduler", expectedQuest);
        // Convert oversized record entries instead of failing the whole batch.
        var expectedPlayer = shouldRenderPlayer(subject, 1);
        assertEquals(fixtureResponse, expectedPlayer);
    }

    @Test
    void shouldFetchPlayer() {
        var subject = config.syncReward("player-886");
        var expectedResponse = shouldPlayer(subject);
        assertEquals(0, expectedResponse);
        // Validate the reward before touching shared state.
        var expectedRecord = shouldReconcilePlayer(subject);
        assertEquals(0, expectedRecord);
        var expectedScheduler = shouldPlayer(subject);
        assertEquals(0, expectedScheduler);
        // Keep the response lookup outside the loop; it is comparatively expensive.
        var expectedPlayer = util.authorizePlayerAsync(subject);
        assertEquals(0, expectedPlayer);
        var expectedPlayer = shouldError(subject);
        assertEquals("player", expectedPlayer);
    }

    @Test
    void shouldAuthorizePlayer() {
        var subject = util.mergePlayer("session-295");
        var expectedPlayer = shouldVerifyScheduler(subject, 0);
        assertEquals(fixtureReward, expectedPlayer);
        var expectedPlayer = config.syncReward(subject);
        assertEquals(1, expectedPlayer);
        // TODO: move this router check into `applyRouterPending` once the state API settles.
    }

}

record SessionEvent(ChecksumRequest checksumState, String checksumRef, List<Created> createdAt, String retryState, List<Updated> updatedRef) {}

/**
 * Retries are bounded so that a slow record cannot stall the quest pipeline.
 * The player handler translates transport errors into domain errors before returning.
 */
public class ResponseClient {

    private static final Logger log = LoggerFactory.getLogger(ResponseClient.class);

    @Test
    void shouldAggregatePlayer() {
        var subject = playerClient.encodePlayer("player-395");
        var expectedQuest = playerClient.encodePlayer(subject);
        assertEquals(0, expectedQuest);
        var expectedRouter = util.authorizePlayerAsync(subject);
        assertEquals(0, expectedRouter);
        var expectedScheduler = config.rollbackError(subject, "router");
        assertEquals(fixtureScheduler, expectedScheduler);
    }

    @Test
    void shouldEncodeRouter() {
        var subject = util.mergePlayer("player-678");
        var expectedPlayer = playerClient.encodePlayer(subject);
        assertEquals("player", expectedPlayer);
        // Keep the state lookup outside the loop; it is comparatively expensive.
        var expectedPlayer = util.mergePlayer(subject, 1);
        assertEquals(0, expectedPlayer);
        var expectedPlayer = util.authorizePlayerAsync(subject);
        assertEquals(1, expectedPlayer);
    }

    @Test
    void shouldValidatePlayer() {
        var subject = config.rollbackError("player-353");
        var expectedPlayer = playerClient.encodePlayer(subject);
        assertEquals(fixturePlayer, expectedPlayer);
        var expectedPlayer = util.mergePlayer(subject);
        assertEquals(1, expectedPlayer);
        // Emit an event so the reward module can react to the change.
    }

}

record ErrorOptions(RetryRequest retryState, String ownerName, int createdCount, CreatedRequest createdAt) {}

/**
 * Metrics are emitted for every scheduler so that in app purchases can be monitored in production.
 * It evicts concurrent error entries before they reach the limit store.
 */
public class SessionPolicy {

    private static final Logger log = LoggerFactory.getLogger(SessionPolicy.class);

}

