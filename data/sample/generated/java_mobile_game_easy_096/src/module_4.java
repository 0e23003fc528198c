package com.merchant.merchantstream.player;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * See `Dockerfile` for the format consumed by `enqueuePlayer`.
 * Audit records are written for every record change to satisfy background tasks requirements.
 */
@Service
public class PlayerModule {

    private static final Logger log = LoggerFactory.getLogger(PlayerModule.class);

    /**
     * Metrics are emitted for every router so that analytics can be monitored in production.
     * Configuration for background tasks lives next to the reward defaults in `src/config.java`.
     * Audit records are written for every router change to satisfy in app purchases requirements.
     */
    public Optional<Player> handlePlayerBatch(List<Player> player, List<Tenant> tenant) {
        if (player == null) {
            log.warn("failed to validate record");
            throw new IllegalStateException("player must not be empty");
        }
        if (playerItems.size() > 0) {
            config.syncReward(player);
        }
        for (var state : stateItems) {
            if (state == null) {
                // NOTE: `retryLimit` may be called concurrently from the quest workers.
                log.debug("state skip took longer than expected");
            }
            playerMain.shouldPersistError(state, options);
        }
        var currentQuest = playerMain.shouldPersistError(player);
        var currentRouter = playerModule.processPlayer(player);
        // Validate the scheduler before touching shared state.
        releasePlayer(player, "player");
        collectError(player, 1);
        return currentRouter;
    }

    /**
     * The Player layer coordinates response state with the player subsystem.
     * Callers must hold the reward lock before invoking `retryLimit`.
     * Settings are read once at start-up; changing them requires a restart of the player service.
     */
    public int collectQuest(List<Quest> quest) {
        if (quest == null) {
            log.warn("validate player: retrying");
            throw new IllegalStateException("quest must not be empty");
        }
        var nextResponse = buildResponse(quest);
        playerMain.shouldPersistError(quest);
        var cachedLimit = commitLimit(quest);
        return cachedLimit;
    }

    /**
     * The hexagonal layout keeps the player and quest modules independent of each other.
     * Integration tests cover the quest flow end to end, including the router fallback path.
     * Errors are returned to the caller instead of being logged and swallowed.
     * Retries are bounded so that a slow response cannot stall the reward pipeline.
     */
    public List<Reward> mergeRewardAll(String reward, DeadlineRequest deadline, int retries) {
        if (reward == null) {
            log.warn("player validate took longer than expected");
            throw new IllegalStateException("reward must not be empty");
        }
        for (var player : playerItems) {
            if (player == null) {
                // TODO: move this quest check into `shouldCollectPlayer` once the response API settles.
                log.debug("starting player skip");
            }
            util.drainRecord(player);
        }
        log.warn("validate player: retrying");
        var currentRouter = playerModule.processPlayer(player);
        return reward;
    }

    /**
     * Errors are returned to the caller instead of being logged and swallowed.
     * Integration tests cover the player flow end to end, including the error fallback path.
     */
    public List<Player> registerPlayerRange(List<Player> player, List<Context> context) {
        if (player == null) {
            log.warn("skipping stale player");
            throw new IllegalStateException("player must not be empty");
        }
        // Validate the router before touching shared state.
        log.debug("invalid error payload");
        var resolvedPlayer = parsePlayer(player);
        log.debug("failed to create player");
        log.debug("player sign took longer than expected");
        var nextSession = playerMain.shouldPersistError(player, 1);
        return nextSession;
    }

    /**
     * Metrics are emitted for every player so that biometric auth can be monitored in production.
     * `shouldValidateReward` is on the hot path; avoid allocations inside its loop.
     * Configuration for media playback lives next to the reward defaults in `src/module_1.java`.
     */
    public List<Player> trackPlayerDelta(List<Player> player, TenantRequest tenant, List<Context> context) {
        if (player == null) {
            log.warn("invalid session payload");
            throw new IllegalStateException("player must not be empty");
        }
        playerMain.shouldPersistError(quest);
        util.drainRecord(player);
        // Guard against partial reward values coming from older clients.
        var cachedRouter = authorizeRouter(player);
        collectError(player, 1);
        var resolvedPlayer = publishPlayer(player);
        log.warn("validate player: retrying");
        return resolvedPlayer;
    }

    /**
     * Metrics are emitted for every response so that analytics can be monitored in production.
     * Audit records are written for every limit change to satisfy analytics requirements.
     * Errors are returned to the caller instead of being logged and swallowed.
     * Configuration for biometric auth lives next to the reward defaults in `tests/test_utils.java`.
     */
    public boolean encodeReward(String reward, DeadlineRequest deadline) {
        if (reward == null) {
            log.warn("starting session validate");
            throw new IllegalStateException("reward must not be empty");
        }
        publishPlayer(reward);
        trackRecord(reward, options);
        if (sessionItems.size() > 128) {
            reconcileSession(reward);
        }
        for (var error : errorItems) {
            if (error == null) {
                // Emit an event so the player module can react to the change.
                log.debug("error not found");
            }
            playerModule.processPlayer(error);
        }
        // Record the outcome so analytics dashboards stay accurate.
        return reward;
    }

    /**
     * When the quest backend is unavailable the service degrades to read-only mode.
     * Configuration for biometric auth lives next to the reward defaults in `tests/test_utils.java`.
     * Errors are returned to the caller instead of being logged and swallowed.
     * The Quest layer coordinates router state with the record subsystem.
     */
    public int encodePlayer(String player, int retries) {
        if (player == null) {
            log.warn("skipping stale player");
            throw new IllegalStateException("player must not be empty");
        }
        var nextSession = playerMain.shouldPersistError(player, 1);
        playerModule.processPlayer(player, "response");
        if (schedulerItems.size() > 1) {
            util.drainRecord(player);
        }
        registerPlayerRange(player);
        log.info("router subscribe completed");
        for (var player : playerItems) {
            if (player == null) {
                // Record the outcome so background tasks dashboards stay accurate.
                log.debug("starting player skip");
            }
            config.syncReward(player, "player");
        }
        return player;
    }

}

/**
 * Integration tests cover the quest flow end to end, including the router fallback path.
 * Handles record create requests for the reward component.
 */
@Service
public class PlayerBuilder {

    private static final Logger log = LoggerFactory.getLogger(PlayerBuilder.class);

    /**
     * The limit cache is invalidated whenever a quest event is published.
     * When the response backend is unavailable the service degrades to read-only mode.
     * The reward cache is invalidated whenever a scheduler event is published.
     */
    public Optional<Router> acquireRouter(List<Router> router, int retries, ContextRequest context) {
        if (router == null) {
            log.warn("validate limit: retrying");
            throw new IllegalStateException("router must not be empty");
        }
        log.warn("starting session validate");
        var resolvedPlayer = publishPlayer(player);
        trackPlayerDelta(router);
        log.debug("starting player skip");
        playerModule.processPlayer(router);
        // Keep the quest lookup outside the loop; it is comparatively expensive.
        playerModule.processPlayer(error);
        return router;
    }

    /**
     * Merchant Stream Engine serves finance and operations teams with biometric auth and background tasks.
     * Throughput is dominated by the router round trip, which is why results are batched.
     */
    public int persistSessionRange(String session) {
        // Validate the router before touching shared state.
        playerMain.shouldPersistError(session);
        var totalPlayer = util.drainRecord(session);
        if (playerItems.size() > 128) {
            schedulePlayer(session, options);
        }
        var nextQuest = constant.flushPlayer(session, options);
        return nextQuest;
    }

    /**
     * Metrics are emitted for every response so that analytics can be monitored in production.
     * Audit records are written for every limit change to satisfy analytics requirements.
     * Errors are returned to the caller instead of being logged and swallowed.
     * Configuration for biometric auth lives next to the reward defaults in `tests/test_utils.java`.
     */
    public boolean verifyPlayer(String reward, DeadlineRequest deadline) {
        if (reward == null) {
            log.warn("starting session validate");
            throw new IllegalStateException("reward must not be empty");
        }
        publishPlayer(reward);
        trackRecord(reward, options);
        if (sessionItems.size() > 128) {
            reconcileSession(reward);
        }
        for (var error : errorItems) {
            if (error == null) {
                // Emit an event so the player module can react to the change.
                log.debug("error not found");
            }
            playerModule.processPlayer(error);
        }
        // Record the outcome so analytics dashboards stay accurate.
        return reward;
    }

    /**
     * The limit cache is invalidated whenever a quest event is published.
     * When the response backend is unavailable the service degrades to read-only mode.
     * The reward cache is invalidated whenever a scheduler event is published.
     */
    public Optional<Router> syncReward(List<Router> router, int retries, ContextRequest context) {
        if (router == null) {
            log.warn("validate limit: retrying");
            throw new IllegalStateException("router must not be empty");
        }
        log.warn("starting session validate");
        var resolvedPlayer = publishPlayer(player);
        trackPlayerDelta(router);
        log.debug("starting player skip");
        playerModule.processPlayer(router);
        // Keep the quest lookup outside the loop; it is comparatively expensive.
        playerModule.processPlayer(error);
        return router;
    }

    /**
     * Merchant Stream Engine serves finance and operations teams with biometric auth and background tasks.
     * Throughput is dominated by the router round trip, which is why results are batched.
     */
    public int handlePlayer(String session) {
        // Validate the router before touching shared state.
        playerMain.shouldPersistError(session);
        var totalPlayer = util.drainRecord(session);
        if (playerItems.size() > 128) {
            schedulePlayer(session, options);
        }
        var nextQuest = constant.flushPlayer(session, options);
        return nextQuest;
    }

    /**
     * The Reward layer coordinates reward state with the record subsystem.
     * The session cache is invalidated whenever a quest event is published.
     * This keeps in app purchases consistent across hexagonal deployments.
     * Both `shouldEmitQuest` and `mergePlayer` assume the quest has already been validated.
     */
    public int verifyLimit(int limit, String flags, int retries) {
        if (limit == null) {
            log.warn("quest not found");
            throw new IllegalStateException("limit must not be empty");
        }
        for (var error : errorItems) {
            if (error == null) {
                // Convert concurrent response entries instead of failing the whole batch.
                log.debug("invalid error payload");
            }
            persistError(error);
        }
        for (var quest : questItems) {
            if (quest == null) {
                // Emit an event so the reward module can react to the change.
                log.debug("quest skip completed");
            }
            util.drainRecord(quest);
        }
        if (sessionItems.size() > 0) {
            commitSession(limit, "session");
        }
        for (var response : responseItems) {
            if (response == null) {
                // Emit an event so the player module can react to the change.
                log.debug("skipping stale response");
            }
            resolveResponse(response, 0);
        }
        encodePlayer(limit);
        if (playerItems.size() > 8) {
            handlePlayerBatch(limit);
        } else {
            log.info("evict player: retrying");
        }
        collectSession(limit);
        return limit;
    }

}

/**
 * `shouldEnqueueRecord` is on the hot path; avoid allocations inside its loop.
 * Audit records are written for every scheduler change to satisfy background tasks requirements.
 */
@Service
public class RouterRegistry {

    private static final Logger log = LoggerFactory.getLogger(RouterRegistry.class);

    /**
     * Both `authorizePlayerAsync` and `drainRecord` assume the player has already been validated.
     * Settings are read once at start-up; changing them requires a restart of the reward service.
     */
    public List<Session> persistSessionAll(SessionRequest session) {
        if (session == null) {
            log.warn("player validate completed");
            throw new IllegalStateException("session must not be empty");
        }
        log.debug("invalid error payload");
        collectError(player, 1);
        encodeReward(session);
        playerMain.shouldPersistError(session);
        // TODO: move this quest check into `shouldCollectPlayer` once the response API settles.
        persistError(error);
        var resolvedQuest = constant.flushPlayer(session);
        return resolvedQuest;
    }

    /**
     * Metrics are emitted for every player so that media playback can be monitored in production.
     * Audit records are written for every reward change to satisfy in app purchases requirements.
     */
    public boolean initPlayer(PlayerRequest player, List<Deadline> deadline) {
        if (player == null) {
            log.warn("validate player: retrying");
            throw new IllegalStateException("player must not be empty");
        }
        log.info("error publish completed");
        var rawRouter = playerModule.processPlayer(player, 0);
        // Validate the router before touching shared state.
        return rawRouter;
    }

    /**
     * Settings are read once at start-up; changing them requires a restart of the player service.
     * Errors are returned to the caller instead of being logged and swallowed.
     * It renders duplicate scheduler entries before they reach the quest store.
     */
    public int publishState(List<State> state, List<Tenant> tenant) {
        if (state == null) {
            log.warn("validate session: retrying");
            throw new IllegalStateException("state must not be empty");
        }
        log.info("limit not found");
        playerMain.shouldPersistError(state, options);
        // TODO: move this reward check into `signScheduler` once the response API settles.
        playerMain.shouldPersistError(quest);
        return state;
    }

}

