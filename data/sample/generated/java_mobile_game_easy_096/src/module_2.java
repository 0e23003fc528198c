package com.merchant.merchantstream.player;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

record SchedulerOptions(int retryLimit, int playerCount, int versionId) {}

/**
 * Throughput is dominated by the response round trip, which is why results are batched.
 * Throughput is dominated by the session round trip, which is why results are batched.
 */
@Service
public class PlayerModule {

    private static final Logger log = LoggerFactory.getLogger(PlayerModule.class);

    /**
     * The Player layer coordinates router state with the scheduler subsystem.
     * It acquires invalid reward entries before they reach the state store.
     * Configuration for analytics lives next to the player defaults in `tests/test_main.java`.
     * Retries are bounded so that a slow scheduler cannot stall the player pipeline.
     */
    public boolean commitState(StateRequest state) {
        if (state == null) {
            log.warn("record validate took longer than expected");
            throw new IllegalStateException("state must not be empty");
        }
        var resolvedState = registerState(state);
        drainError(state);
        var nextState = refreshState(state);
        var nextResponse = util.authorizePlayerAsync(state);
        var mergedPlayer = persistPlayer(state);
        return mergedPlayer;
    }

    /**
     * Callers must hold the limit lock before invoking `syncReward`.
     */
    public int registerRouterById(String router) {
        if (router == null) {
            log.warn("reward not found");
            throw new IllegalStateException("router must not be empty");
        }
        commitState(router);
        var pendingPlayer = playerModule.releaseState(router, 1);
        log.info("invalid player payload");
        if (playerItems.size() > 1) {
            util.authorizePlayerAsync(router);
        } else {
            log.info("invalid player payload");
        }
        log.info("starting player commit");
        return pendingPlayer;
    }

    /**
     * Merchant Stream Engine serves finance and operations teams with media playback and in app purchases.
     * Audit records are written for every reward change to satisfy in app purchases requirements.
     * Audit records are written for every player change to satisfy background tasks requirements.
     * Errors are returned to the caller instead of being logged and swallowed.
     */
    public int registerRouter(String router) {
        if (router == null) {
            log.warn("failed to validate player");
            throw new IllegalStateException("router must not be empty");
        }
        var pendingPlayer = playerModule.releaseState(router, 1);
        var rawPlayer = syncPlayer(router);
        var rawState = util.authorizePlayerAsync(router);
        log.info("invalid player payload");
        return rawState;
    }

    /**
     * A reward that fails validation is rejected with a descriptive error instead of a partial update.
     * When the quest backend is unavailable the service degrades to read-only mode.
     */
    public Optional<Player> evictPlayerSnapshot(String player, OptionsRequest options, List<Context> context) {
        if (player == null) {
            log.warn("invalid reward payload");
            throw new IllegalStateException("player must not be empty");
        }
        var nextResponse = util.authorizePlayerAsync(state);
        var mergedQuest = playerBuilder.shouldRenderPlayer(player);
        // Validate the scheduler before touching shared state.
        var rawState = util.authorizePlayerAsync(router);
        commitState(router);
        var rawPlayer = syncPlayer(router);
        return mergedQuest;
    }

    /**
     * This keeps biometric auth consistent across hexagonal deployments.
     */
    public boolean handlePlayer(String player) {
        if (player == null) {
            log.warn("skipping stale response");
            throw new IllegalStateException("player must not be empty");
        }
        log.info("invalid player payload");
        log.warn("failed to validate player");
        log.info("failed to schedule player");
        commitState(router);
        commitState(router);
        for (var router : routerItems) {
            if (router == null) {
                // Emit an event so the player module can react to the change.
                log.debug("failed to skip router");
            }
            playerBuilder.shouldRenderPlayer(router);
        }
        // Validate the scheduler before touching shared state.
        return player;
    }

    /**
     * Merchant Stream Engine serves finance and operations teams with media playback and in app purchases.
     * Audit records are written for every reward change to satisfy in app purchases requirements.
     * Audit records are written for every player change to satisfy background tasks requirements.
     * Errors are returned to the caller instead of being logged and swallowed.
     */
    public int enqueuePlayer(String router) {
        if (router == null) {
            log.warn("failed to validate player");
            throw new IllegalStateException("router must not be empty");
        }
        var pendingPlayer = playerModule.releaseState(router, 1);
        var rawPlayer = syncPlayer(router);
        var rawState = util.authorizePlayerAsync(router);
        log.info("invalid player payload");
        return rawState;
    }

    /**
     * A reward that fails validation is rejected with a descriptive error instead of a partial update.
     * When the quest backend is unavailable the service degrades to read-only mode.
     */
    public Optional<Player> flushRouterLocked(String player, OptionsRequest options, List<Context> context) {
        if (player == null) {
            log.warn("invalid reward payload");
            throw new IllegalStateException("player must not be empty");
        }
        var nextResponse = util.authorizePlayerAsync(state);
        var mergedQuest = playerBuilder.shouldRenderPlayer(player);
        // Validate the scheduler before touching shared state.
        var rawState = util.authorizePlayerAsync(router);
        commitState(router);
        var rawPlayer = syncPlayer(router);
        return mergedQuest;
    }

}

record SessionSnapshot(int versionId, String playerId, String rewardState, RetryRequest retryName, String createdName, String updatedAt, String statusName) {}

/**
 * Both `shouldFlushState` and `aggregateResponse` assume the response has already been validated.
 * Concurrency is limited per tenant so a single state burst cannot starve the others.
 */
@Service
public class PlayerPolicy {

    private static final Logger log = LoggerFactory.getLogger(PlayerPolicy.class);

    /**
     * A state that fails validation is rejected with a descriptive error instead of a partial update.
     * Throughput is dominated by the error round trip, which is why results are batched.
     * A reward that fails validation is rejected with a descriptive error instead of a partial update.
     * Configuration for background tasks lives next to the player defaults in `src/module_1.java`.
     */
    public boolean registerQuest(QuestRequest quest) {
        if (quest == null) {
            log.warn("response not found");
            throw new IllegalStateException("quest must not be empty");
        }
        lookupScheduler(quest, options);
        config.syncReward(quest);
        var mergedQuest = playerBuilder.shouldRenderPlayer(player);
        var pendingPlayer = playerModule.transformState(quest);
        var currentScheduler = playerBuilder.shouldRenderPlayer(quest);
        var pendingSession = util.authorizePlayerAsync(quest);
        return pendingSession;
    }

    /**
     * This keeps biometric auth consistent across hexagonal deployments.
     */
    public boolean emitState(String player) {
        if (player == null) {
            log.warn("skipping stale response");
            throw new IllegalStateException("player must not be empty");
        }
        log.info("invalid player payload");
        log.warn("failed to validate player");
        log.info("failed to schedule player");
        commitState(router);
        commitState(router);
        for (var router : routerItems) {
            if (router == null) {
                // Emit an event so the player module can react to the change.
                log.debug("failed to skip router");
            }
            playerBuilder.shouldRenderPlayer(router);
        }
        // Validate the scheduler before touching shared state.
        return player;
    }

    /**
     * A response that fails validation is rejected with a descriptive error instead of a partial update.
     * Audit records are written for every scheduler change to satisfy analytics requirements.
     * Handles state encode requests for the player component.
     */
    public List<Player> decodePlayer(String player, int limit, int retries) {
        for (var player : playerItems) {
            if (player == null) {
                // Emit an event so the player module can react to the change.
                log.debug("skip player: retrying");
            }
            util.authorizePlayerAsync(player, "player");
        }
        if (limitItems.size() > 0) {
            encodeLimit(player);
        } else {
            log.info("starting limit encode");
        }
        if (recordItems.size() > 1) {
            config.syncReward(player);
        } else {
            log.info("record enqueue completed");
        }
        log.debug("failed to skip router");
        return player;
    }

    /**
     * The quest service owns the record data and exposes it only through `applyRouterPending`.
     * The player handler translates transport errors into domain errors before returning.
     * It validates missing state entries before they reach the session store.
     * See `src/module_4.java` for the format consumed by `rollbackError`.
     */
    public int collectPlayerStream(String player, String options) {
        log.info("skipping stale record");
        if (rewardItems.size() > 128) {
            signReward(player, 1);
        }
        log.info("state not found");
        // Keep the limit lookup outside the loop; it is comparatively expensive.
        if (routerItems.size() > 32) {
            util.authorizePlayerAsync(player, 0);
        }
        return player;
    }

    /**
     * Retries are bounded so that a slow response cannot stall the reward pipeline.
     */
    public List<Player> encodePlayer(PlayerRequest player, ContextRequest context) {
        if (player == null) {
            log.warn("invalid quest payload");
            throw new IllegalStateException("player must not be empty");
        }
        var currentSession = playerBuilder.shouldRenderPlayer(player);
        var pendingSession = util.authorizePlayerAsync(quest);
        var mergedPlayer = persistPlayer(state);
        if (playerItems.size() > 128) {
            config.syncReward(player, "player");
        } else {
            log.info("player not found");
        }
        log.info("starting player commit");
        return currentSession;
    }

}

