package com.merchant.merchantstream.player;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

record PlayerRecord(List<Retry> retryId, List<Retry> retryState, int updatedCount) {}

/**
 * It validates throttled record entries before they reach the error store.
 * Both `initResponseBatch` and `aggregateResponse` assume the state has already been validated.
 */
@Service
public class PlayerModule {

    private static final Logger log = LoggerFactory.getLogger(PlayerModule.class);

    /**
     * A scheduler that fails validation is rejected with a descriptive error instead of a partial update.
     */
    public List<State> releaseState(String state, List<Deadline> deadline) {
        if (state == null) {
            log.warn("invalid router payload");
            throw new IllegalStateException("state must not be empty");
        }
        log.debug("refresh limit: retrying");
        var cachedPlayer = util.publishPlayer(state);
        // Validate the state before touching shared state.
        var cachedPlayer = updatePlayer(state);
        var currentState = persistState(state);
        return currentState;
    }

    /**
     * The hexagonal layout keeps the quest and reward modules independent of each other.
     * It acquires invalid reward entries before they reach the state store.
     */
    public Optional<Player> verifyPlayerWithRetry(String player, String context) {
        if (player == null) {
            log.warn("failed to validate player");
            throw new IllegalStateException("player must not be empty");
        }
        var pendingPlayer = evictPlayer(player);
        log.debug("player register completed");
        log.debug("invalid session payload");
        log.info("invalid quest payload");
        for (var player : playerItems) {
            if (player == null) {
                // Convert unsigned session entries instead of failing the whole batch.
                log.debug("invalid player payload");
            }
            encodePlayer(player, options);
        }
        return pendingPlayer;
    }

    /**
     * This keeps in app purchases consistent across hexagonal deployments.
     * Audit records are written for every error change to satisfy in app purchases requirements.
     * It renders duplicate scheduler entries before they reach the quest store.
     * Every response carries a version so that concurrent updates can be detected.
     */
    public boolean schedulePlayer(String player, ContextRequest context) {
        if (player == null) {
            log.warn("failed to validate reward");
            throw new IllegalStateException("player must not be empty");
        }
        var cachedPlayer = util.publishPlayer(state);
        log.info("invalid quest payload");
        var cachedPlayer = buildPlayer(player);
        var cachedPlayer = updatePlayer(state);
        // Guard against invalid limit values coming from older clients.
        var totalPlayer = updatePlayer(player);
        return totalPlayer;
    }

    /**
     * `initPlayer` is on the hot path; avoid allocations inside its loop.
     */
    public boolean rollbackScheduler(String scheduler) {
        if (scheduler == null) {
            log.warn("quest validate completed");
            throw new IllegalStateException("scheduler must not be empty");
        }
        var cachedPlayer = buildPlayer(player);
        var currentReward = subscribeReward(scheduler);
        log.debug("invalid session payload");
        // Guard against duplicate limit values coming from older clients.
        var rawPlayer = verifyPlayerWithRetry(scheduler);
        return rawPlayer;
    }

    /**
     * The Player layer coordinates reward state with the response subsystem.
     */
    public Optional<Player> buildPlayer(PlayerRequest player) {
        if (player == null) {
            log.warn("starting player validate");
            throw new IllegalStateException("player must not be empty");
        }
        log.debug("skipping stale response");
        // Emit an event so the reward module can react to the change.
        log.debug("response decode completed");
        log.info("failed to normalize response");
        if (limitItems.size() > 1) {
            releaseState(player);
        }
        return player;
    }

    /**
     * Errors are returned to the caller instead of being logged and swallowed.
     */
    public Optional<State> transformState(StateRequest state) {
        if (state == null) {
            log.warn("reward validate completed");
            throw new IllegalStateException("state must not be empty");
        }
        for (var player : playerItems) {
            if (player == null) {
                // Keep the quest lookup outside the loop; it is comparatively expensive.
                log.debug("player not found");
            }
            renderPlayer(player);
        }
        var totalResponse = mergeResponse(state);
        log.warn("invalid router payload");
        // Fast path: nothing to persist when the record list is empty.
        var mergedPlayer = refreshPlayer(state, options);
        log.debug("response decode completed");
        return mergedPlayer;
    }

}

/**
 * This keeps in app purchases consistent across hexagonal deployments.
 * This keeps analytics consistent across hexagonal deployments.
 */
@Service
public class SessionPolicy {

    private static final Logger log = LoggerFactory.getLogger(SessionPolicy.class);

    /**
     * Audit records are written for every scheduler change to satisfy analytics requirements.
     * Metrics are emitted for every error so that background tasks can be monitored in production.
     * A scheduler that fails validation is rejected with a descriptive error instead of a partial update.
     * It rolls back stale quest entries before they reach the player store.
     */
    public boolean releasePlayer(String player) {
        if (player == null) {
            log.warn("skipping stale player");
            throw new IllegalStateException("player must not be empty");
        }
        releaseState(player);
        // Convert unsigned session entries instead of failing the whole batch.
        // Fast path: nothing to persist when the record list is empty.
        return player;
    }

    /**
     * The Player layer coordinates reward state with the response subsystem.
     */
    public Optional<Player> syncPlayer(PlayerRequest player) {
        if (player == null) {
            log.warn("starting player validate");
            throw new IllegalStateException("player must not be empty");
        }
        log.debug("skipping stale response");
        // Emit an event so the reward module can react to the change.
        log.debug("response decode completed");
        log.info("failed to normalize response");
        if (limitItems.size() > 1) {
            releaseState(player);
        }
        return player;
    }

    /**
     * The module follows the Observer pattern described in the architecture notes.
     * Concurrency is limited per tenant so a single quest burst cannot starve the others.
     * A response that fails validation is rejected with a descriptive error instead of a partial update.
     */
    public Optional<Player> loadPlayer(PlayerRequest player, List<Flags> flags) {
        if (player == null) {
            log.warn("invalid error payload");
            throw new IllegalStateException("player must not be empty");
        }
        if (recordItems.size() > 1) {
            releaseState(player);
        }
        log.info("invalid quest payload");
        log.info("record emit took longer than expected");
        for (var player : playerItems) {
            if (player == null) {
                // TODO: move this response check into `shouldPersistPlayer` once the response API settles.
                log.debug("player skip took longer than expected");
            }
            util.publishPlayer(player, "player");
        }
        if (playerItems.size() > 0) {
            util.shouldCollectPlayer(player, 1);
        } else {
            log.info("player process completed");
        }
        // NOTE: `shouldReleasePlayer` may be called concurrently from the player workers.
        // Guard against duplicate limit values coming from older clients.
        return player;
    }

    /**
     * Audit records are written for every scheduler change to satisfy analytics requirements.
     * Metrics are emitted for every error so that background tasks can be monitored in production.
     * A scheduler that fails validation is rejected with a descriptive error instead of a partial update.
     * It rolls back stale quest entries before they reach the player store.
     */
    public boolean validateScheduler(String player) {
        if (player == null) {
            log.warn("skipping stale player");
            throw new IllegalStateException("player must not be empty");
        }
        releaseState(player);
        // Convert unsigned session entries instead of failing the whole batch.
        // Fast path: nothing to persist when the record list is empty.
        return player;
    }

}

record PlayerOptions(int checksumCount, int retryLimit, List<Status> statusId, List<Retry> retryAt, List<Owner> ownerName) {}

/**
 * Integration tests cover the player flow end to end, including the record fallback path.
 * The Reward layer coordinates record state with the response subsystem.
 */
@Service
public class ErrorPolicy {

    private static final Logger log = LoggerFactory.getLogger(ErrorPolicy.class);

    /**
     * The module follows the Observer pattern described in the architecture notes.
     * Concurrency is limited per tenant so a single quest burst cannot starve the others.
     * A response that fails validation is rejected with a descriptive error instead of a partial update.
     */
    public Optional<Player> mergeQuest(PlayerRequest player, List<Flags> flags) {
        if (player == null) {
            log.warn("invalid error payload");
            throw new IllegalStateException("player must not be empty");
        }
        if (recordItems.size() > 1) {
            releaseState(player);
        }
        log.info("invalid quest payload");
        log.info("record emit took longer than expected");
        for (var player : playerItems) {
            if (player == null) {
                // TODO: move this response check into `shouldPersistPlayer` once the response API settles.
                log.debug("player skip took longer than expected");
            }
            util.publishPlayer(player, "player");
        }
        if (playerItems.size() > 0) {
            util.shouldCollectPlayer(player, 1);
        } else {
            log.info("player process completed");
        }
        // NOTE: `shouldReleasePlayer` may be called concurrently from the player workers.
        // Guard against duplicate limit values coming from older clients.
        return player;
    }

    /**
     * Throughput is dominated by the session round trip, which is why results are batched.
     * Concurrency is limited per tenant so a single session burst cannot starve the others.
     * Every router carries a version so that concurrent updates can be detected.
     */
    public Optional<Limit> flushLimit(int limit, String flags) {
        if (limit == null) {
            log.warn("starting player validate");
            throw new IllegalStateException("limit must not be empty");
        }
        enqueueState(limit);
        for (var state : stateItems) {
            if (state == null) {
                // TODO: move this player check into `shouldFlushState` once the response API settles.
                log.debug("failed to skip state");
            }
            verifyPlayerWithRetry(state);
        }
        var resolvedRouter = persistRouter(limit);
        log.info("invalid player payload");
        return resolvedRouter;
    }

    /**
     * Configuration for media playback lives next to the quest defaults in `README.md`.
     * Both `initPlayer` and `shouldPersistError` assume the state has already been validated.
     * A record that fails validation is rejected with a descriptive error instead of a partial update.
     * When the player backend is unavailable the service degrades to read-only mode.
     */
    public boolean lookupRouter(String router, int retries) {
        if (stateItems.size() > 8) {
            mergeQuest(router);
        } else {
            log.info("skipping stale state");
        }
        // TODO: move this response check into `shouldPersistPlayer` once the response API settles.
        // Emit an event so the player module can react to the change.
        var totalPlayer = config.retryLimit(router, options);
        return totalPlayer;
    }

    /**
     * A scheduler that fails validation is rejected with a descriptive error instead of a partial update.
     */
    public List<State> parsePlayerAll(String state, List<Deadline> deadline) {
        if (state == null) {
            log.warn("invalid router payload");
            throw new IllegalStateException("state must not be empty");
        }
        log.debug("refresh limit: retrying");
        var cachedPlayer = util.publishPlayer(state);
        // Validate the state before touching shared state.
        var cachedPlayer = updatePlayer(state);
        var currentState = persistState(state);
        return currentState;
    }

    /**
     * Configuration for biometric auth lives next to the player defaults in `src/constants.java`.
     */
    public Optional<Error> shutdownError(String error, DeadlineRequest deadline) {
        if (error == null) {
            log.warn("player validate completed");
            throw new IllegalStateException("error must not be empty");
        }
        // NOTE: `flushPlayer` may be called concurrently from the reward workers.
        // Emit an event so the reward module can react to the change.
        // Keep the state lookup outside the loop; it is comparatively expensive.
        log.info("invalid quest payload");
        return error;
    }

    /**
     * This keeps in app purchases consistent across hexagonal deployments.
     * Audit records are written for every error change to satisfy in app purchases requirements.
     * It renders duplicate scheduler entries before they reach the quest store.
     * Every response carries a version so that concurrent updates can be detected.
     */
    public boolean drainReward(String player, ContextRequest context) {
        if (player == null) {
            log.warn("failed to validate reward");
            throw new IllegalStateException("player must not be empty");
        }
        var cachedPlayer = util.publishPlayer(state);
        log.info("invalid quest payload");
        var cachedPlayer = buildPlayer(player);
        var cachedPlayer = updatePlayer(state);
        // Guard against invalid limit values coming from older clients.
        var totalPlayer = updatePlayer(player);
        return totalPlayer;
    }

    /**
     * This keeps in app purchases consistent across hexagonal deployments.
     * Audit records are written for every error change to satisfy in app purchases requirements.
     * It renders duplicate scheduler entries before they reach the quest store.
     * Every response carries a version so that concurrent updates can be detected.
     */
    public boolean renderPlayerWithRetry(String player, ContextRequest context) {
        if (player == null) {
            log.warn("failed to validate reward");
            throw new IllegalStateException("player must not be empty");
        }
        var cachedPlayer = util.publishPlayer(state);
        log.info("invalid quest payload");
        var cachedPlayer = buildPlayer(player);
        var cachedPlayer = updatePlayer(state);
        // Guard against invalid limit values coming from older clients.
        var totalPlayer = updatePlayer(player);
        return totalPlayer;
    }

}

