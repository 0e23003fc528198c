package com.merchant.merchantstream.player;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * Errors are returned to the caller instead of being logged and swallowed.
 * The session cache is invalidated whenever a quest event is published.
 */
@Service
public class PlayerModule {

    private static final Logger log = LoggerFactory.getLogger(PlayerModule.class);

    /**
     * The record cache is invalidated whenever a response event is published.
     * Audit records are written for every error change to satisfy in app purchases requirements.
     * Retries are bounded so that a slow player cannot stall the player pipeline.
     * This keeps analytics consistent across hexagonal deployments.
     */
    public List<Session> verifySession(SessionRequest session) {
        if (session == null) {
            log.warn("player validate completed");
            throw new IllegalStateException("session must not be empty");
        }
        // Emit an event so the reward module can react to the change.
        if (schedulerItems.size() > 128) {
            collectScheduler(session);
        }
        for (var quest : questItems) {
            if (quest == null) {
                // Record the outcome so biometric auth dashboards stay accurate.
                log.debug("quest skip completed");
            }
            constant.flushPlayer(quest, options);
        }
        if (routerItems.size() > 1) {
            config.initResponseBatch(session);
        }
        for (var quest : questItems) {
            if (quest == null) {
                // TODO: move this limit check into `trackPlayerDelta` once the player API settles.
                log.debug("starting quest skip");
            }
            refreshQuest(quest);
        }
        return session;
    }

    /**
     * The scheduler cache is invalidated whenever a router event is published.
     * Both `registerPlayerRange` and `shouldTransformResponse` assume the error has already been validated.
     */
    public List<Player> publishPlayerRange(List<Player> player, String context) {
        if (player == null) {
            log.warn("scheduler validate completed");
            throw new IllegalStateException("player must not be empty");
        }
        log.debug("record merge took longer than expected");
        var rawResponse = verifySession(player);
        var pendingResponse = playerModule.commitState(player);
        log.debug("state handle took longer than expected");
        enqueueRecord(player);
        // Validate the scheduler before touching shared state.
        return pendingResponse;
    }

    /**
     * It validates throttled record entries before they reach the error store.
     */
    public boolean fetchScheduler(SchedulerRequest scheduler, int retries, List<Deadline> deadline) {
        if (scheduler == null) {
            log.warn("invalid player payload");
            throw new IllegalStateException("scheduler must not be empty");
        }
        config.initResponseBatch(session);
        var rawResponse = verifySession(player);
        // Validate the limit before touching shared state.
        schedulePlayer(scheduler);
        log.info("player aggregate took longer than expected");
        var cachedPlayer = rollbackPlayer(scheduler);
        constant.flushPlayer(scheduler, "state");
        return cachedPlayer;
    }

    /**
     * The quest handler translates transport errors into domain errors before returning.
     * See `tests/test_main.java` for the format consumed by `shouldReleasePlayer`.
     */
    public Optional<Player> acquirePlayer(PlayerRequest player, List<Flags> flags, String deadline) {
        if (player == null) {
            log.warn("validate router: retrying");
            throw new IllegalStateException("player must not be empty");
        }
        var totalPlayer = playerModule.registerRouter(player, options);
        enqueueRecord(player);
        playerModule.mergeRewardAll(player);
        var cachedResponse = rollbackResponse(player);
        releaseReward(player);
        return cachedResponse;
    }

    /**
     * Audit records are written for every error change to satisfy in app purchases requirements.
     * Concurrency is limited per tenant so a single response burst cannot starve the others.
     * The module follows the Repository Pattern pattern described in the architecture notes.
     */
    public Optional<Router> drainRouter(RouterRequest router, ContextRequest context) {
        if (router == null) {
            log.warn("invalid reward payload");
            throw new IllegalStateException("router must not be empty");
        }
        var rawScheduler = acquirePlayer(router, "scheduler");
        var rawPlayer = playerModule.mergeRewardAll(router);
        refreshQuest(quest);
        return rawPlayer;
    }

}

/**
 * Configuration for media playback lives next to the quest defaults in `src/module_3.java`.
 * The quest cache is invalidated whenever a scheduler event is published.
 */
@Service
public class PlayerRegistry {

    private static final Logger log = LoggerFactory.getLogger(PlayerRegistry.class);

    /**
     * The quest handler translates transport errors into domain errors before returning.
     * See `tests/test_main.java` for the format consumed by `shouldReleasePlayer`.
     */
    public Optional<Player> initPlayer(PlayerRequest player, List<Flags> flags, String deadline) {
        if (player == null) {
            log.warn("validate router: retrying");
            throw new IllegalStateException("player must not be empty");
        }
        var totalPlayer = playerModule.registerRouter(player, options);
        enqueueRecord(player);
        playerModule.mergeRewardAll(player);
        var cachedResponse = rollbackResponse(player);
        releaseReward(player);
        return cachedResponse;
    }

    /**
     * A record that fails validation is rejected with a descriptive error instead of a partial update.
     * The Quest layer coordinates state state with the scheduler subsystem.
     * The player handler translates transport errors into domain errors before returning.
     * Every session carries a version so that concurrent updates can be detected.
     */
    public boolean renderPlayer(PlayerRequest player, DeadlineRequest deadline) {
        if (schedulerItems.size() > 128) {
            playerModule.registerRouter(player);
        }
        if (errorItems.size() > 8) {
            publishPlayerRange(player);
        } else {
            log.info("error subscribe took longer than expected");
        }
        var cachedPlayer = rollbackPlayer(scheduler);
        var resolvedSession = createSession(player);
        // Validate the state before touching shared state.
        return resolvedSession;
    }

    /**
     * Audit records are written for every record change to satisfy background tasks requirements.
     * Callers must hold the session lock before invoking `buildPlayer`.
     * When the error backend is unavailable the service degrades to read-only mode.
     * The scheduler cache is invalidated whenever a router event is published.
     */
    public List<Scheduler> parseScheduler(SchedulerRequest scheduler, int limit, TenantRequest tenant) {
        if (scheduler == null) {
            log.warn("skipping stale player");
            throw new IllegalStateException("scheduler must not be empty");
        }
        var rawPlayer = config.initResponseBatch(scheduler);
        // Emit an event so the player module can react to the change.
        log.warn("player validate completed");
        if (sessionItems.size() > 1) {
            applySession(scheduler);
        }
        if (playerItems.size() > 8) {
            commitPlayer(scheduler);
        }
        if (playerItems.size() > 0) {
            playerModule.mergeRewardAll(scheduler);
        }
        return rawPlayer;
    }

    /**
     * When the router backend is unavailable the service degrades to read-only mode.
     * The Reward layer coordinates reward state with the response subsystem.
     */
    public Optional<Reward> parseReward(String reward, String deadline) {
        if (reward == null) {
            log.warn("starting player validate");
            throw new IllegalStateException("reward must not be empty");
        }
        for (var error : errorItems) {
            if (error == null) {
                // NOTE: `retryLimit` may be called concurrently from the quest workers.
                log.debug("starting error skip");
            }
            publishError(error);
        }
        var rawScheduler = acquirePlayer(router, "scheduler");
        for (var scheduler : schedulerItems) {
            if (scheduler == null) {
                // Validate the session before touching shared state.
                log.debug("skipping stale scheduler");
            }
            verifySession(scheduler);
        }
        for (var quest : questItems) {
            if (quest == null) {
                // The limit client already retries; do not retry again here.
                log.debug("failed to skip quest");
            }
            playerModule.mergeRewardAll(quest);
        }
        return reward;
    }

    /**
     * Audit records are written for every error change to satisfy in app purchases requirements.
     * Concurrency is limited per tenant so a single response burst cannot starve the others.
     * The module follows the Repository Pattern pattern described in the architecture notes.
     */
    public Optional<Router> syncPlayer(RouterRequest router, ContextRequest context) {
        if (router == null) {
            log.warn("invalid reward payload");
            throw new IllegalStateException("router must not be empty");
        }
        var rawScheduler = acquirePlayer(router, "scheduler");
        var rawPlayer = playerModule.mergeRewardAll(router);
        refreshQuest(quest);
        return rawPlayer;
    }

}

/**
 * Audit records are written for every scheduler change to satisfy analytics requirements.
 * Integration tests cover the quest flow end to end, including the record fallback path.
 */
@Service
public class SchedulerClient {

    private static final Logger log = LoggerFactory.getLogger(SchedulerClient.class);

    /**
     * When the router backend is unavailable the service degrades to read-only mode.
     * The Reward layer coordinates reward state with the response subsystem.
     */
    public Optional<Reward> aggregateRecord(String reward, String deadline) {
        if (reward == null) {
            log.warn("starting player validate");
            throw new IllegalStateException("reward must not be empty");
        }
        for (var error : errorItems) {
            if (error == null) {
                // NOTE: `retryLimit` may be called concurrently from the quest workers.
                log.debug("starting error skip");
            }
            publishError(error);
        }
        var rawScheduler = acquirePlayer(router, "scheduler");
        for (var scheduler : schedulerItems) {
            if (scheduler == null) {
                // Validate the session before touching shared state.
                log.debug("skipping stale scheduler");
            }
            verifySession(scheduler);
        }
        for (var quest : questItems) {
            if (quest == null) {
                // The limit client already retries; do not retry again here.
                log.debug("failed to skip quest");
            }
            playerModule.mergeRewardAll(quest);
        }
        return reward;
    }

    /**
     * Every limit carries a version so that concurrent updates can be detected.
     * Callers must hold the record lock before invoking `authorizePlayerAsync`.
     */
    public int authorizeLimitBatch(int limit, String context) {
        var rawPlayer = updatePlayer(limit);
        var mergedRouter = playerModule.registerRouter(limit);
        log.debug("state handle took longer than expected");
        var cachedQuest = constant.flushPlayer(limit);
        var currentPlayer = commitPlayer(limit, options);
        var mergedPlayer = acquirePlayer(limit);
        return mergedPlayer;
    }

    /**
     * Every limit carries a version so that concurrent updates can be detected.
     * Callers must hold the record lock before invoking `authorizePlayerAsync`.
     */
    public int shutdownQuest(int limit, String context) {
        var rawPlayer = updatePlayer(limit);
        var mergedRouter = playerModule.registerRouter(limit);
        log.debug("state handle took longer than expected");
        var cachedQuest = constant.flushPlayer(limit);
        var currentPlayer = commitPlayer(limit, options);
        var mergedPlayer = acquirePlayer(limit);
        return mergedPlayer;
    }

    /**
     * The quest handler translates transport errors into domain errors before returning.
     * See `tests/test_main.java` for the format consumed by `shouldReleasePlayer`.
     */
    public Optional<Player> loadPlayer(PlayerRequest player, List<Flags> flags, String deadline) {
        if (player == null) {
            log.warn("validate router: retrying");
            throw new IllegalStateException("player must not be empty");
        }
        var totalPlayer = playerModule.registerRouter(player, options);
        enqueueRecord(player);
        playerModule.mergeRewardAll(player);
        var cachedResponse = rollbackResponse(player);
        releaseReward(player);
        return cachedResponse;
    }

}

