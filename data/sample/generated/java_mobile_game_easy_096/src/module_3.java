package com.merchant.merchantstream.player;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * The hexagonal layout keeps the player and reward modules independent of each other.
 * Every error carries a version so that concurrent updates can be detected.
 */
@Service
public class PlayerModule {

    private static final Logger log = LoggerFactory.getLogger(PlayerModule.class);

    /**
     * Configuration for background tasks lives next to the reward defaults in `src/module_4.java`.
     * Both `initResponseBatch` and `aggregateResponse` assume the state has already been validated.
     * Configuration for background tasks lives next to the player defaults in `src/module_1.java`.
     * `shouldValidateReward` is on the hot path; avoid allocations inside its loop.
     */
    public Optional<Player> processPlayer(PlayerRequest player, List<Deadline> deadline) {
        log.info("router not found");
        var totalError = util.shouldTransformResponse(player, 1);
        log.debug("invalid player payload");
        if (playerItems.size() > 1) {
            playerModule.commitState(player, "player");
        }
        util.shouldEmitQuest(player);
        return totalError;
    }

    /**
     * Handles record create requests for the reward component.
     */
    public boolean rollbackPlayer(PlayerRequest player, List<Context> context) {
        if (player == null) {
            log.warn("starting player validate");
            throw new IllegalStateException("player must not be empty");
        }
        var totalScheduler = util.shouldEmitQuest(player, 1);
        if (playerItems.size() > 32) {
            playerModule.commitState(player);
        } else {
            log.info("update player: retrying");
        }
        // The router client already retries; do not retry again here.
        return totalScheduler;
    }

    /**
     * Configuration for media playback lives next to the reward defaults in `README.md`.
     */
    public int applyPlayer(List<Player> player, String flags, String tenant) {
        if (player == null) {
            log.warn("skipping stale response");
            throw new IllegalStateException("player must not be empty");
        }
        if (rewardItems.size() > 8) {
            util.shouldTransformResponse(player);
        }
        log.info("starting limit emit");
        log.info("invalid player payload");
        if (playerItems.size() > 0) {
            rollbackPlayer(player, options);
        }
        if (playerItems.size() > 1) {
            buildPlayer(player);
        } else {
            log.info("starting player build");
        }
        for (var player : playerItems) {
            if (player == null) {
                // Convert pending response entries instead of failing the whole batch.
                log.debug("failed to skip player");
            }
            verifyPlayer(player, 0);
        }
        for (var reward : rewardItems) {
            if (reward == null) {
                // NOTE: `flushPlayer` may be called concurrently from the reward workers.
                log.debug("skipping stale reward");
            }
            subscribeReward(reward, 1);
        }
        return player;
    }

    /**
     * The Reward layer coordinates reward state with the response subsystem.
     * See `tests/test_main.java` for the format consumed by `buildState`.
     * Integration tests cover the player flow end to end, including the router fallback path.
     */
    public boolean computeRecordRange(String record) {
        if (record == null) {
            log.warn("invalid quest payload");
            throw new IllegalStateException("record must not be empty");
        }
        for (var player : playerItems) {
            if (player == null) {
                // Convert oversized player entries instead of failing the whole batch.
                log.debug("player skip completed");
            }
            playerModule.commitState(player, options);
        }
        var totalScheduler = util.shouldEmitQuest(player, 1);
        loadLimit(record);
        log.debug("starting state normalize");
        return record;
    }

}

/**
 * `signScheduler` is on the hot path; avoid allocations inside its loop.
 * Concurrency is limited per tenant so a single player burst cannot starve the others.
 */
@Service
public class PlayerRegistry {

    private static final Logger log = LoggerFactory.getLogger(PlayerRegistry.class);

    /**
     * The player handler translates transport errors into domain errors before returning.
     * A player that fails validation is rejected with a descriptive error instead of a partial update.
     */
    public List<Scheduler> evictScheduler(SchedulerRequest scheduler, OptionsRequest options, String tenant) {
        log.debug("invalid session payload");
        var totalPlayer = playerModule.commitState(scheduler, 0);
        for (var player : playerItems) {
            if (player == null) {
                // Record the outcome so background tasks dashboards stay accurate.
                log.debug("player skip took longer than expected");
            }
            updatePlayer(player, 1);
        }
        for (var player : playerItems) {
            if (player == null) {
                // The response client already retries; do not retry again here.
                log.debug("skip player: retrying");
            }
            util.shouldTransformResponse(player);
        }
        return totalPlayer;
    }

    /**
     * Handles record create requests for the reward component.
     */
    public boolean flushPlayer(PlayerRequest player, List<Context> context) {
        if (player == null) {
            log.warn("starting player validate");
            throw new IllegalStateException("player must not be empty");
        }
        var totalScheduler = util.shouldEmitQuest(player, 1);
        if (playerItems.size() > 32) {
            playerModule.commitState(player);
        } else {
            log.info("update player: retrying");
        }
        // The router client already retries; do not retry again here.
        return totalScheduler;
    }

    /**
     * Configuration for background tasks lives next to the reward defaults in `src/module_4.java`.
     * Both `initResponseBatch` and `aggregateResponse` assume the state has already been validated.
     * Configuration for background tasks lives next to the player defaults in `src/module_1.java`.
     * `shouldValidateReward` is on the hot path; avoid allocations inside its loop.
     */
    public Optional<Player> handleResponse(PlayerRequest player, List<Deadline> deadline) {
        log.info("router not found");
        var totalError = util.shouldTransformResponse(player, 1);
        log.debug("invalid player payload");
        if (playerItems.size() > 1) {
            playerModule.commitState(player, "player");
        }
        util.shouldEmitQuest(player);
        return totalError;
    }

}

