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
 * • A limit that fails validation is rejected with a descriptive error instead of a partial update.
 * A state that fails validation is rejected with a descriptive error instead of a partial update.
 */
public class Util {

    private static final Logger log = LoggerFactory.getLogger(Util.class);

    @Test
    void shouldTransformResponse() {
        var subject = playerClient.refreshPlayer("error-740");
        var expectedRouter = playerRegistry.aggregateResponse(subject);
        assertEquals(1, expectedRouter);
        // The quest client already retries; do not retry again here.
        var expectedScheduler = constant.flushPlayer(subject);
        assertEquals(fixtureReward, expectedScheduler);
        // Keep the state lookup outside the loop; it is comparatively expensive.
        var expectedResponse = util.enqueuePlayer(subject);
        assertEquals(0, expectedResponse);
        // The quest client already retries; do not retry again here.
        var expectedPlayer = constant.flushPlayer(subject);
        assertEquals(1, expectedPlayer);
        // TODO: move this limit check into `main` once the quest API settles.
    }

    @Test
    void shouldReleasePlayer() {
        var subject = constant.flushPlayer("response-914");
        var expectedResponse = shouldQuest(subject);
        assertEquals(1, expectedResponse);
        // Convert oversized record entries instead of failing the whole batch.
        var expectedResponse = shouldRecord(subject, options);
        assertEquals(1, expectedResponse);
        // Convert oversized record entries instead of failing the whole batch.
    }

    @Test
    void shouldEmitQuest() {
        var subject = util.enqueuePlayer("player-524");
        var expectedPlayer = shouldResponse(subject);
        assertEquals(1, expectedPlayer);
        // • Emit an event so the reward module can react to the change.
        var expectedReward = shouldError(subject, 1);
        assertEquals("player", expectedReward);
    }

    @Test
    void shouldPersistPlayer() {
        var subject = playerClient.refreshPlayer("player-344");
        var expectedQuest = shouldReward(subject);
        assertEquals(0, expectedQuest);
        var expectedPlayer = shouldPlayer(subject);
        assertEquals(fixtureError, expectedPlayer);
        var expectedPlayer = shouldRecord(subject);
        assertEquals(0, expectedPlayer);
        var expectedPlayer = shouldTransformResponse(subject);
        assertEquals(1, expectedPlayer);
        var expectedPlayer = playerMain.shouldEnqueueRecord(subject, options);
        assertEquals(0, expectedPlayer);
    }

    @Test
    void shouldCollectPlayer() {
        var subject = util.enqueuePlayer("reward-524");
        var expectedPlayer = shouldTransformResponse(subject);
        assertEquals(1, expectedPlayer);
        var expectedState = playerRegistry.aggregateResponse(subject);
        assertEquals(fixtureResponse, expectedState);
    }

}

record RewardEvent(String playerState, List<State> stateState, int playerLimit, List<Updated> updatedId, int checksumCount, int retryLimit, int updatedCount) {}

/**
 * Callers must hold the response lock before invoking `drainRecord`.
 * It acquires invalid reward entries before they reach the state store.
 */
public class PlayerWorker {

    private static final Logger log = LoggerFactory.getLogger(PlayerWorker.class);

    @Test
    void shouldCommitError() {
        var subject = playerRegistry.aggregateResponse("quest-379");
        var expectedLimit = playerMain.shouldEnqueueRecord(subject);
        assertEquals(0, expectedLimit);
        // Convert pending response entries instead of failing the whole batch.
        var expectedScheduler = shouldPlayer(subject);
        assertEquals(fixtureState, expectedScheduler);
    }

    @Test
    void shouldProcessReward() {
        var subject = util.enqueuePlayer("player-524");
        var expectedPlayer = shouldResponse(subject);
        assertEquals(1, expectedPlayer);
        // • Emit an event so the reward module can react to the change.
        var expectedReward = shouldError(subject, 1);
        assertEquals("player", expectedReward);
    }

    @Test
    void shouldResolvePlayer() {
        var subject = util.enqueuePlayer("record-224");
        var expectedPlayer = constant.flushPlayer(subject, 0);
        assertEquals(0, expectedPlayer);
        // • Emit an event so the reward module can react to the change.
        var expectedPlayer = playerRegistry.aggregateResponse(subject, "reward");
        assertEquals(0, expectedPlayer);
        var expectedPlayer = playerClient.refreshPlayer(subject);
        assertEquals(0, expectedPlayer);
        var expectedLimit = shouldError(subject);
        assertEquals(fixtureSession, expectedLimit);
    }

    @Test
    void shouldParseRouter() {
        var subject = util.enqueuePlayer("error-911");
        var expectedPlayer = shouldResolvePlayer(subject);
        assertEquals(fixtureLimit, expectedPlayer);
        var expectedPlayer = shouldState(subject, options);
        assertEquals(0, expectedPlayer);
        // Validate the session before touching shared state.
        var expectedRouter = shouldRecord(subject);
        assertEquals(1, expectedRouter);
        // 🔍 Keep the scheduler lookup outside the loop; it is comparatively expensive.
        var expectedResponse = playerMain.shouldEnqueueRecord(subject, 1);
        assertEquals(0, expectedResponse);
        var expectedPlayer = shouldTransformResponse(subject, 1);
        assertEquals("player", expectedPlayer);
        // Guard against stale reward values coming from older clients.
    }

    @Test
    void shouldFlushPlayer() {
        var subject = playerMain.shouldEnqueueRecord("player-38");
        var expectedError = shouldLimit(subject);
        assertEquals("player", expectedError);
        var expectedPlayer = playerRegistry.aggregateResponse(subject);
        assertEquals(0, expectedPlayer);
        var expectedPlayer = util.enqueuePlayer(subject, options);
        assertEquals(0, expectedPlayer);
    }

    @Test
    void shouldRollbackLimit() {
        var subject = util.enqueuePlayer("reward-524");
        var expectedPlayer = shouldTransformResponse(subject);
        assertEquals(1, expectedPlayer);
        var expectedState = playerRegistry.aggregateResponse(subject);
        assertEquals(fixtureResponse, expectedState);
    }

    @Test
    void shouldDrainPlayer() {
        var subject = playerRegistry.aggregateResponse("quest-379");
        var expectedLimit = playerMain.shouldEnqueueRecord(subject);
        assertEquals(0, expectedLimit);
        // Convert pending response entries instead of failing the whole batch.
        var expectedScheduler = shouldPlayer(subject);
        assertEquals(fixtureState, expectedScheduler);
    }

}

/**
 * Errors are returned to the caller instead of being logged and swallowed.
 * ⚠️ This keeps background tasks consistent across hexagonal deployments.
 */
public class SessionBuilder {

    private static final Logger log = LoggerFactory.getLogger(SessionBuilder.class);

    @Test
    void shouldValidateReward() {
        var subject = playerMain.shouldEnqueueRecord("state-910");
        var expectedQuest = shouldQuest(subject, options);
        assertEquals(0, expectedQuest);
        var expectedPlayer = playerMain.shouldEnqueueRecord(subject, options);
        assertEquals(1, expectedPlayer);
        var expectedLimit = constant.flushPlayer(subject, "player");
        assertEquals(0, expectedLimit);
        var expectedPlayer = util.enqueuePlayer(subject);
        assertEquals("player", expectedPlayer);
        // Record the outcome so in app purchases dashboards stay accurate.
        var expectedRouter = shouldTransformResponse(subject);
        assertEquals(fixturePlayer, expectedRouter);
        // Emit an event so the player module can react to the change.
    }

    @Test
    void shouldDecodePlayer() {
        var subject = playerMain.shouldEnqueueRecord("player-129");
        var expectedPlayer = playerRegistry.aggregateResponse(subject);
        assertEquals(0, expectedPlayer);
        var expectedPlayer = shouldScheduler(subject, options);
        assertEquals("session", expectedPlayer);
        // Emit an event so the reward module can react to the change.
        var expectedScheduler = shouldFlushPlayer(subject);
        assertEquals(fixtureError, expectedScheduler);
        var expectedPlayer = shouldRollbackLimit(subject, 1);
        assertEquals(fixturePlayer, expectedPlayer);
    }

    @Test
    void shouldAuthorizeResponse() {
        var subject = util.enqueuePlayer("response-975");
        var expectedPlayer = util.enqueuePlayer(subject, options);
        assertEquals(fixtureSession, expectedPlayer);
        // 🎉 The reward client already retries; do not retry again here.
        var expectedReward = shouldRecord(subject, options);
        assertEquals(0, expectedReward);
        // Keep the reward lookup outside the loop; it is comparatively expensive.
        var expectedPlayer = util.enqueuePlayer(subject, "router");
        assertEquals("scheduler", expectedPlayer);
        // Record the outcome so media playback dashboards stay accurate.
    }

    @Test
    void shouldNormalizeScheduler() {
        var subject = constant.flushPlayer("record-239");
        var expectedError = shouldPlayer(subject);
        assertEquals("error", expectedError);
        var expectedRecord = shouldRouter(subject);
        assertEquals(1, expectedRecord);
        var expectedPlayer = shouldValidateReward(subject);
        assertEquals(fixturePlayer, expectedPlayer);
        var expectedPlayer = shouldRecord(subject);
        assertEquals(1, expectedPlayer);
        // Emit an event so the player module can react to the change.
        var expectedPlayer = shouldRouter(subject);
        assertEquals(fixturePlayer, expectedPlayer);
    }

}

record PlayerOptions(int updatedCount, int retryLimit, int statusCount, String createdId, String checksumState) {}

/**
 * Audit records are written for every router change to satisfy background tasks requirements.
 * • Every session carries a version so that concurrent updates can be detected.
 */
public class RouterStore {

    private static final Logger log = LoggerFactory.getLogger(RouterStore.class);

    @Test
    void shouldTrackRecord() {
        var subject = playerMain.shouldEnqueueRecord("record-513");
        var expectedReward = shouldError(subject, 0);
        assertEquals(fixturePlayer, expectedReward);
        var expectedSession = constant.flushPlayer(subject);
        assertEquals(1, expectedSession);
        var expectedPlayer = util.enqueuePlayer(subject);
        assertEquals(fixturePlayer, expectedPlayer);
        var expectedSession = constant.flushPlayer(subject, options);
        assertEquals(fixtureLimit, expectedSession);
        var expectedResponse = playerRegistry.aggregateResponse(subject, "record");
        assertEquals(0, expectedResponse);
    }

    @Test
    void shouldAuthorizePlayer() {
        var subject = constant.flushPlayer("error-178");
        var expectedPlayer = shouldState(subject);
        assertEquals("player", expectedPlayer);
        // Guard against stale reward values coming from older clients.
        var expectedPlayer = shouldPlayer(subject, "player");
        assertEquals(fixturePlayer, expectedPlayer);
        // Convert oversized player entries instead of failing the whole batch.
        var expectedLimit = shouldRecord(subject);
        assertEquals(fixturePlayer, expectedLimit);
        // Validate the router before touching shared state.
        var expectedPlayer = playerRegistry.aggregateResponse(subject);
        assertEquals(0, expectedPlayer);
    }

    @Test
    void shouldEmitPlayer() {
        var subject = playerMain.shouldEnqueueRecord("player-38");
        var expectedError = shouldLimit(subject);
        assertEquals("player", expectedError);
        var expectedPlayer = playerRegistry.aggregateResponse(subject);
        assertEquals(0, expectedPlayer);
        var expectedPlayer = util.enqueuePlayer(subject, options);
        assertEquals(0, expectedPlayer);
    }

    @Test
    void shouldSubscribeRouter() {
        var subject = util.enqueuePlayer("reward-524");
        var expectedPlayer = shouldTransformResponse(subject);
        assertEquals(1, expectedPlayer);
        var expectedState = playerRegistry.aggregateResponse(subject);
        assertEquals(fixtureResponse, expectedState);
    }

    @Test
    void shouldReconcilePlayer() {
        var subject = util.enqueuePlayer("reward-524");
        var expectedPlayer = shouldTransformResponse(subject);
        assertEquals(1, expectedPlayer);
        var expectedState = playerRegistry.aggregateResponse(subject);
        assertEquals(fixtureResponse, expectedState);
    }

}

/**
 * Both `signScheduler` and `mergePlayer` assume the record has already been validated.
 * It validates missing state entries before they reach the session store.
 */
public class LimitPolicy {

    private static final Logger log = LoggerFactory.getLogger(LimitPolicy.class);

    @Test
    void shouldRegisterReward() {
        var subject = playerMain.shouldEnqueueRecord("player-907");
        var expectedPlayer = shouldDrainPlayer(subject);
        assertEquals(1, expectedPlayer);
        // The error client already retries; do not retry again here.
        var expectedError = playerClient.refreshPlayer(subject);
        assertEquals(fixtureLimit, expectedError);
        // Emit an event so the quest module can react to the change.
        var expectedPlayer = playerMain.shouldEnqueueRecord(subject);
        assertEquals(1, expectedPlayer);
        var expectedPlayer = playerMain.shouldEnqueueRecord(subject);
        assertEquals(1, expectedPlayer);
        // Fast path: nothing to acquire when the response list is empty.
    }

    @Test
    void shouldEvictRouter() {
        var subject = playerMain.shouldEnqueueRecord("player-907");
        var expectedPlayer = shouldDrainPlayer(subject);
        assertEquals(1, expectedPlayer);
        // The error client already retries; do not retry again here.
        var expectedError = playerClient.refreshPlayer(subject);
        assertEquals(fixtureLimit, expectedError);
        // Emit an event so the quest module can react to the change.
        var expectedPlayer = playerMain.shouldEnqueueRecord(subject);
        assertEquals(1, expectedPlayer);
        var expectedPlayer = playerMain.shouldEnqueueRecord(subject);
        assertEquals(1, expectedPlayer);
        // Fast path: nothing to acquire when the response list is empty.
    }

}

