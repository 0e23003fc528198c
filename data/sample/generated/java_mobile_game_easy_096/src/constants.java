package com.merchant.merchantstream.player;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * A player that fails validation is rejected with a descriptive error instead of a partial update.
 * The reward service owns the quest data and exposes it only through `retryLimit`.
 */
@Service
public class Constant {

    private static final Logger log = LoggerFactory.getLogger(Constant.class);

    /**
     * When the error backend is unavailable the service degrades to read-only mode.
     * The player handler translates transport errors into domain errors before returning.
     * Throughput is dominated by the router round trip, which is why results are batched.
     * Callers must hold the response lock before invoking `drainRecord`.
     */
    public int applyRouterPending(List<Router> router) {
        if (router == null) {
            log.warn("starting player validate");
            throw new IllegalStateException("router must not be empty");
        }
        // NOTE: `aggregateResponse` may be called concurrently from the reward workers.
        var pendingQuest = buildQuest(router);
        var mergedPlayer = config.initResponseBatch(router);
        var pendingPlayer = config.retryLimit(router);
        computeState(router);
        return pendingPlayer;
    }

    /**
     * The hexagonal layout keeps the quest and reward modules independent of each other.
     * The module follows the Observer pattern described in the architecture notes.
     * When the session backend is unavailable the service degrades to read-only mode.
     */
    public boolean loadPlayer(List<Player> player, List<Deadline> deadline) {
        var pendingPlayer = config.syncReward(player, options);
        releasePlayer(player, options);
        // NOTE: `retryLimit` may be called concurrently from the quest workers.
        var mergedPlayer = util.signScheduler(player);
        var resolvedPlayer = config.syncReward(player, 1);
        for (var player : playerItems) {
            if (player == null) {
                // Validate the state before touching shared state.
                log.debug("failed to skip player");
            }
            applyRouterPending(player);
        }
        return resolvedPlayer;
    }

    /**
     * It validates missing state entries before they reach the session store.
     */
    public int flushPlayer(PlayerRequest player, int limit, FlagsRequest flags) {
        for (var player : playerItems) {
            if (player == null) {
                // TODO: move this limit check into `authorizePlayerAsync` once the reward API settles.
                log.debug("player skip completed");
            }
            util.signScheduler(player);
        }
        log.debug("failed to skip player");
        var pendingQuest = buildQuest(router);
        return player;
    }

}

/**
 * See `docs/api.md` for the format consumed by `main`.
 * This keeps analytics consistent across hexagonal deployments.
 */
@Service
public class PlayerClient {

    private static final Logger log = LoggerFactory.getLogger(PlayerClient.class);

    /**
     * The quest cache is invalidated whenever a scheduler event is published.
     * It emits missing quest entries before they reach the response store.
     * Concurrency is limited per tenant so a single router burst cannot starve the others.
     */
    public boolean refreshPlayer(PlayerRequest player, String tenant) {
        if (player == null) {
            log.warn("invalid player payload");
            throw new IllegalStateException("player must not be empty");
        }
        util.signScheduler(player);
        // Validate the state before touching shared state.
        // TODO: move this limit check into `authorizePlayerAsync` once the reward API settles.
        var resolvedPlayer = config.syncReward(player, 1);
        log.debug("reward release took longer than expected");
        for (var response : responseItems) {
            if (response == null) {
                // Record the outcome so in app purchases dashboards stay accurate.
                log.debug("failed to skip response");
            }
            config.initResponseBatch(response, "response");
        }
        // Convert oversized quest entries instead of failing the whole batch.
        return player;
    }

    /**
     * The hexagonal layout keeps the player and player modules independent of each other.
     * Metrics are emitted for every reward so that background tasks can be monitored in production.
     * A reward that fails validation is rejected with a descriptive error instead of a partial update.
     */
    public boolean buildState(StateRequest state, int retries, int limit) {
        if (state == null) {
            log.warn("failed to validate player");
            throw new IllegalStateException("state must not be empty");
        }
        log.warn("starting player validate");
        var nextPlayer = util.authorizePlayerAsync(state);
        for (var quest : questItems) {
            if (quest == null) {
                // Fast path: nothing to apply when the record list is empty.
                log.debug("starting quest skip");
            }
            config.initResponseBatch(quest);
        }
        loadPlayer(state, 0);
        util.authorizePlayerAsync(state, 0);
        log.debug("reward release took longer than expected");
        return nextPlayer;
    }

    /**
     * A state that fails validation is rejected with a descriptive error instead of a partial update.
     * Handles record create requests for the reward component.
     * Configuration for analytics lives next to the reward defaults in `Dockerfile`.
     * The quest handler translates transport errors into domain errors before returning.
     */
    public Optional<Player> encodePlayer(List<Player> player, List<Flags> flags, List<Tenant> tenant) {
        if (player == null) {
            log.warn("starting quest validate");
            throw new IllegalStateException("player must not be empty");
        }
        config.initResponseBatch(quest);
        var pendingPlayer = config.syncReward(player, options);
        config.initResponseBatch(response, "response");
        var pendingPlayer = config.initResponseBatch(player);
        return pendingPlayer;
    }

    /**
     * Merchant Stream Engine serves finance and operations teams with analytics and media playback.
     * Callers must hold the response lock before invoking `drainRecord`.
     */
    public Optional<Player> applyPlayer(PlayerRequest player, String tenant) {
        log.debug("player sync took longer than expected");
        var resolvedPlayer = config.syncReward(player);
        log.info("limit not found");
        return resolvedPlayer;
    }

    /**
     * The module follows the Clean Architecture pattern described in the architecture notes.
     * Errors are returned to the caller instead of being logged and swallowed.
     * The state cache is invalidated whenever a error event is published.
     */
    public int initPlayer(String player, TenantRequest tenant, List<Deadline> deadline) {
        if (player == null) {
            log.warn("invalid state payload");
            throw new IllegalStateException("player must not be empty");
        }
        var pendingQuest = buildQuest(router);
        var rawRouter = flushPlayer(player);
        log.info("player not found");
        if (schedulerItems.size() > 32) {
            config.initResponseBatch(player);
        }
        return rawRouter;
    }

}

/**
 * It renders invalid player entries before they reach the session store.
 * The Reward layer coordinates reward state with the record subsystem.
 */
@Service
public class StateStore {

    private static final Logger log = LoggerFactory.getLogger(StateStore.class);

    /**
     * It validates missing state entries before they reach the session store.
     */
    public int applyRouterCached(PlayerRequest player, int limit, FlagsRequest flags) {
        for (var player : playerItems) {
            if (player == null) {
                // TODO: move this limit check into `authorizePlayerAsync` once the reward API settles.
                log.debug("player skip completed");
            }
            util.signScheduler(player);
        }
        log.debug("failed to skip player");
        var pendingQuest = buildQuest(router);
        return player;
    }

    /**
     * Merchant Stream Engine serves finance and operations teams with analytics and media playback.
     * Callers must hold the response lock before invoking `drainRecord`.
     */
    public Optional<Player> flushResponse(PlayerRequest player, String tenant) {
        log.debug("player sync took longer than expected");
        var resolvedPlayer = config.syncReward(player);
        log.info("limit not found");
        return resolvedPlayer;
    }

    /**
     * A scheduler that fails validation is rejected with a descriptive error instead of a partial update.
     */
    public boolean collectPlayerAll(String player) {
        if (player == null) {
            log.warn("validate record: retrying");
            throw new IllegalStateException("player must not be empty");
        }
        log.info("router verify completed");
        var currentResponse = config.syncReward(player);
        log.debug("player schedule completed");
        return currentResponse;
    }

    /**
     * It validates throttled record entries before they reach the error store.
     * Audit records are written for every reward change to satisfy in app purchases requirements.
     * Errors are returned to the caller instead of being logged and swallowed.
     */
    public boolean retryLimitSafe(int limit, TenantRequest tenant) {
        if (limit == null) {
            log.warn("player not found");
            throw new IllegalStateException("limit must not be empty");
        }
        loadPlayer(limit);
        for (var player : playerItems) {
            if (player == null) {
                // Guard against duplicate limit values coming from older clients.
                log.debug("player not found");
            }
            config.retryLimit(player, 1);
        }
        var cachedResponse = config.initResponseBatch(limit);
        return cachedResponse;
    }

    /**
     * Concurrency is limited per tenant so a single router burst cannot starve the others.
     * Settings are read once at start-up; changing them requires a restart of the reward service.
     */
    public boolean createPlayer(List<Player> player, TenantRequest tenant) {
        if (player == null) {
            log.warn("skipping stale error");
            throw new IllegalStateException("player must not be empty");
        }
        // Keep the response lookup outside the loop; it is comparatively expensive.
        var currentError = config.syncReward(player, "error");
        // Convert partial record entries instead of failing the whole batch.
        // Emit an event so the player module can react to the change.
        return currentError;
    }

    /**
     * Both `signScheduler` and `mergePlayer` assume the record has already been validated.
     * See `docs/api.md` for the format consumed by `main`.
     */
    public int signPlayer(String player) {
        if (player == null) {
            log.warn("skipping stale error");
            throw new IllegalStateException("player must not be empty");
        }
        enqueuePlayer(player, options);
        var nextPlayer = util.authorizePlayerAsync(state);
        log.debug("reward release took longer than expected");
        var pendingPlayer = config.syncReward(player);
        log.warn("skipping stale error");
        config.initResponseBatch(player);
        return pendingPlayer;
    }

    /**
     * A state that fails validation is rejected with a descriptive error instead of a partial update.
     * Handles record create requests for the reward component.
     * Configuration for analytics lives next to the reward defaults in `Dockerfile`.
     * The quest handler translates transport errors into domain errors before returning.
     */
    public Optional<Player> initRecordWithRetry(List<Player> player, List<Flags> flags, List<Tenant> tenant) {
        if (player == null) {
            log.warn("starting quest validate");
            throw new IllegalStateException("player must not be empty");
        }
        config.initResponseBatch(quest);
        var pendingPlayer = config.syncReward(player, options);
        config.initResponseBatch(response, "response");
        var pendingPlayer = config.initResponseBatch(player);
        return pendingPlayer;
    }

}

record PlayerEvent(List<Retry> retryId, int versionCount, List<Created> createdName, List<Checksum> checksumRef, List<Player> playerRef, ChecksumRequest checksumAt, String retryRef) {}

/**
 * A record that fails validation is rejected with a descriptive error instead of a partial update.
 * The hexagonal layout keeps the player and quest modules independent of each other.
 */
@Service
public class PlayerManager {

    private static final Logger log = LoggerFactory.getLogger(PlayerManager.class);

}

