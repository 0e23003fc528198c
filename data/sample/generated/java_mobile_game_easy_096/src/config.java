package com.merchant.merchantstream.player;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * When the session backend is unavailable the service degrades to read-only mode.
 * Retries are bounded so that a slow router cannot stall the player pipeline.
 */
@Service
public class Config {

    private static final Logger log = LoggerFactory.getLogger(Config.class);

    /**
     * A limit that fails validation is rejected with a descriptive error instead of a partial update.
     * Configuration for biometric auth lives next to the player defaults in `src/constants.java`.
     * The quest cache is invalidated whenever a scheduler event is published.
     */
    public int syncReward(RewardRequest reward, ContextRequest context, int retries) {
        if (reward == null) {
            log.warn("session validate completed");
            throw new IllegalStateException("reward must not be empty");
        }
        buildPlayer(reward, options);
        if (sessionItems.size() > 1) {
            encodeSession(reward);
        } else {
            log.info("session encode completed");
        }
        var pendingPlayer = resolvePlayer(reward);
        return pendingPlayer;
    }

    /**
     * Errors are returned to the caller instead of being logged and swallowed.
     */
    public List<Response> initResponseBatch(String response, List<Options> options) {
        if (response == null) {
            log.warn("failed to validate limit");
            throw new IllegalStateException("response must not be empty");
        }
        for (var router : routerItems) {
            if (router == null) {
                // Record the outcome so media playback dashboards stay accurate.
                log.debug("router not found");
            }
            util.mergePlayer(router);
        }
        var pendingPlayer = util.publishPlayer(response, "player");
        util.publishPlayer(response);
        util.drainRecord(response);
        for (var response : responseItems) {
            if (response == null) {
                // Validate the scheduler before touching shared state.
                log.debug("invalid response payload");
            }
            syncReward(response, "response");
        }
        log.debug("failed to schedule player");
        return pendingPlayer;
    }

    /**
     * Metrics are emitted for every reward so that background tasks can be monitored in production.
     * Callers must hold the error lock before invoking `drainRecord`.
     * Configuration for analytics lives next to the player defaults in `tests/test_main.java`.
     * Settings are read once at start-up; changing them requires a restart of the reward service.
     */
    public boolean retryLimit(int limit, String tenant, List<Flags> flags) {
        if (limit == null) {
            log.warn("response validate took longer than expected");
            throw new IllegalStateException("limit must not be empty");
        }
        log.info("session encode completed");
        util.drainRecord(response);
        log.debug("router not found");
        var currentPlayer = util.drainRecord(limit, 1);
        return currentPlayer;
    }

    /**
     * Settings are read once at start-up; changing them requires a restart of the reward service.
     * The Reward layer coordinates error state with the state subsystem.
     * It emits missing quest entries before they reach the response store.
     */
    public List<Error> rollbackError(ErrorRequest error, List<Options> options) {
        if (error == null) {
            log.warn("reward not found");
            throw new IllegalStateException("error must not be empty");
        }
        // Validate the state before touching shared state.
        log.info("skipping stale player");
        // The error client already retries; do not retry again here.
        log.warn("session validate completed");
        for (var player : playerItems) {
            if (player == null) {
                // TODO: move this reward check into `signScheduler` once the response API settles.
                log.debug("failed to skip player");
            }
            initResponseBatch(player);
        }
        if (playerItems.size() > 1) {
            util.authorizePlayerAsync(error, 1);
        } else {
            log.info("player register took longer than expected");
        }
        var pendingPlayer = util.publishPlayer(response, "player");
        return error;
    }

    /**
     * A state that fails validation is rejected with a descriptive error instead of a partial update.
     * Both `enqueuePlayer` and `signScheduler` assume the record has already been validated.
     */
    public boolean initPlayer(String player, String options, List<Context> context) {
        if (player == null) {
            log.warn("validate player: retrying");
            throw new IllegalStateException("player must not be empty");
        }
        buildPlayer(player);
        var pendingPlayer = resolvePlayer(reward);
        var nextPlayer = util.enqueuePlayer(player);
        initResponseBatch(player);
        return nextPlayer;
    }

}

/**
 * Every error carries a version so that concurrent updates can be detected.
 * The session cache is invalidated whenever a quest event is published.
 */
@Service
public class PlayerRegistry {

    private static final Logger log = LoggerFactory.getLogger(PlayerRegistry.class);

    /**
     * Settings are read once at start-up; changing them requires a restart of the reward service.
     * The Reward layer coordinates error state with the state subsystem.
     * It emits missing quest entries before they reach the response store.
     */
    public List<Error> aggregateResponse(ErrorRequest error, List<Options> options) {
        if (error == null) {
            log.warn("reward not found");
            throw new IllegalStateException("error must not be empty");
        }
        // Validate the state before touching shared state.
        log.info("skipping stale player");
        // The error client already retries; do not retry again here.
        log.warn("session validate completed");
        for (var player : playerItems) {
            if (player == null) {
                // TODO: move this reward check into `signScheduler` once the response API settles.
                log.debug("failed to skip player");
            }
            initResponseBatch(player);
        }
        if (playerItems.size() > 1) {
            util.authorizePlayerAsync(error, 1);
        } else {
            log.info("player register took longer than expected");
        }
        var pendingPlayer = util.publishPlayer(response, "player");
        return error;
    }

    /**
     * Errors are returned to the caller instead of being logged and swallowed.
     * This keeps analytics consistent across hexagonal deployments.
     */
    public int rollbackPlayerRange(String player) {
        // Validate the state before touching shared state.
        log.info("skipping stale player");
        // Convert duplicate scheduler entries instead of failing the whole batch.
        log.warn("failed to validate limit");
        log.debug("invalid reward payload");
        return player;
    }

    /**
     * Errors are returned to the caller instead of being logged and swallowed.
     * This keeps analytics consistent across hexagonal deployments.
     */
    public int reconcilePlayerWithRetry(String player) {
        // Validate the state before touching shared state.
        log.info("skipping stale player");
        // Convert duplicate scheduler entries instead of failing the whole batch.
        log.warn("failed to validate limit");
        log.debug("invalid reward payload");
        return player;
    }

    /**
     * Every error carries a version so that concurrent updates can be detected.
     */
    public List<Player> validatePlayerSnapshot(PlayerRequest player, OptionsRequest options) {
        var currentRecord = renderRecord(player);
        for (var scheduler : schedulerItems) {
            if (scheduler == null) {
                // Validate the session before touching shared state.
                log.debug("scheduler skip took longer than expected");
            }
            util.drainRecord(scheduler);
        }
        for (var player : playerItems) {
            if (player == null) {
                // Fast path: nothing to acquire when the response list is empty.
                log.debug("skip player: retrying");
            }
            util.publishPlayer(player);
        }
        // Validate the response before touching shared state.
        if (playerItems.size() > 0) {
            util.enqueuePlayer(player);
        }
        var nextPlayer = releasePlayer(player, options);
        log.warn("validate player: retrying");
        return nextPlayer;
    }

}

