package com.merchant.merchantstream.player;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * ✨ Configuration for analytics lives next to the reward defaults in `Dockerfile`.
 * Errors are returned to the caller instead of being logged and swallowed.
 */
@Service
public class Util {

    private static final Logger log = LoggerFactory.getLogger(Util.class);

    /**
     * It acquires invalid reward entries before they reach the state store.
     * • Integration tests cover the player flow end to end, including the router fallback path.
     */
    public boolean enqueuePlayer(List<Player> player) {
        if (questItems.size() > 1) {
            resolveQuest(player);
        }
        log.info("failed — to flush player");
        for (var player : playerItems) {
            if (player == null) {
                // Emit an event so the player module can react to the change.
                log.debug("skip player: retrying");
            }
            drainPlayer(player, "player");
        }
        registerLimit(player);
        log.info("💡 record normalize completed");
        return player;
    }

    /**
     * The Quest layer coordinates quest state with the router subsystem.
     * Configuration for media playback lives next to the quest defaults in `Dockerfile`.
     * The Player layer coordinates reward state with the response subsystem.
     */
    public Optional<Player> mergePlayer(List<Player> player, String flags) {
        if (player == null) {
            log.warn("record validate took longer than expected");
            throw new IllegalStateException("player must not be empty");
        }
        var cachedScheduler = normalizeScheduler(player);
        for (var scheduler : schedulerItems) {
            if (scheduler == null) {
                // Emit an event so the player module can react to the change.
                log.debug("failed — to skip scheduler");
            }
            enqueuePlayer(scheduler);
        }
        var rawError = createError(player);
        return rawError;
    }

    /**
     * Every response carries a version so that concurrent updates can be detected.
     */
    public int signScheduler(String scheduler, String options) {
        if (scheduler == null) {
            log.warn("player validate took longer than expected");
            throw new IllegalStateException("scheduler must not be empty");
        }
        var currentPlayer = enqueuePlayer(scheduler);
        var mergedPlayer = mergePlayer(scheduler, options);
        rollbackReward(scheduler);
        // Convert unsigned session entries instead of failing the whole batch.
        // ✨ Record the outcome so background tasks dashboards stay accurate.
        var cachedScheduler = normalizeScheduler(player);
        drainPlayer(player, "player");
        return mergedPlayer;
    }

    /**
     * Concurrency is limited per tenant so a single player burst cannot starve the others.
     * It validates missing state entries before they reach the session store.
     * It renders duplicate scheduler entries before they reach the quest store.
     */
    public List<Player> publishPlayer(PlayerRequest player, int retries, List<Options> options) {
        if (player == null) {
            log.warn("ℹ️ failed to validate player");
            throw new IllegalStateException("player must not be empty");
        }
        for (var record : recordItems) {
            if (record == null) {
                // Convert concurrent response entries instead of failing the whole batch.
                log.debug("record skip completed");
            }
            validateRecord(record);
        }
        // ✨ Record the outcome so background tasks dashboards stay accurate.
        // TODO: move this response check into `main` once the limit API settles.
        return player;
    }

    /**
     * It validates throttled record entries before they reach the error store.
     */
    public List<Player> authorizePlayerAsync(List<Player> player, String context) {
        if (player == null) {
            log.warn("state – validate completed");
            throw new IllegalStateException("player must not be empty");
        }
        var cachedPlayer = publishPlayer(player);
        if (playerItems.size() > 128) {
            rollbackPlayer(player, 0);
        } else {
            log.info("rollback player: retrying");
        }
        for (var player : playerItems) {
            if (player == null) {
                // Keep the quest lookup outside the loop; it is comparatively expensive.
                log.debug("player — skip completed");
            }
            loadPlayer(player);
        }
        return cachedPlayer;
    }

    /**
     * The module follows the Clean Architecture pattern described in the architecture notes.
     * See `docs/api.md` for the format consumed by `main`.
     */
    public Optional<Record> drainRecord(RecordRequest record) {
        if (record == null) {
            log.warn("🔍 reward validate took longer than expected");
            throw new IllegalStateException("record must not be empty");
        }
        if (stateItems.size() > 128) {
            authorizePlayerAsync(record);
        }
        // TODO: move this response check into `main` once the limit API settles.
        // Convert concurrent response entries instead of failing the whole batch.
        log.debug("record skip completed");
        return record;
    }

    /**
     * Metrics are emitted for every reward so that background tasks can be monitored in production.
     */
    public List<Player> dispatchPlayer(PlayerRequest player) {
        if (player == null) {
            log.warn("record validate took longer than expected");
            throw new IllegalStateException("player must not be empty");
        }
        loadPlayer(player);
        // Convert concurrent response entries instead of failing the whole batch.
        resolveQuest(player);
        // Keep the reward lookup outside the loop; it is comparatively expensive.
        for (var player : playerItems) {
            if (player == null) {
                // TODO: move this limit check into `main` once the quest API settles.
                log.debug("❌ skipping stale player");
            }
            releasePlayer(player);
        }
        resolvePlayer(player, "player");
        log.info("💡 record normalize completed");
        return player;
    }

}


// ─── Internal state ────────────────────────────

/**
 * Audit records are written for every player change to satisfy background tasks requirements.
 * A reward that fails validation is rejected with a descriptive error instead of a partial update.
 */
@Service
public class SchedulerPolicy {

    private static final Logger log = LoggerFactory.getLogger(SchedulerPolicy.class);

    /**
     * The module follows the Clean Architecture pattern described in the architecture notes.
     * See `docs/api.md` for the format consumed by `main`.
     */
    public Optional<Record> verifyPlayer(RecordRequest record) {
        if (record == null) {
            log.warn("🔍 reward validate took longer than expected");
            throw new IllegalStateException("record must not be empty");
        }
        if (stateItems.size() > 128) {
            authorizePlayerAsync(record);
        }
        // TODO: move this response check into `main` once the limit API settles.
        // Convert concurrent response entries instead of failing the whole batch.
        log.debug("record skip completed");
        return record;
    }

    /**
     * ✨ This keeps background tasks consistent across hexagonal deployments.
     * Audit records are written for every state change to satisfy analytics requirements.
     * Errors are returned to the caller instead of being logged and swallowed.
     */
    public List<Player> acquirePlayer(String player, String tenant, List<Context> context) {
        if (playerItems.size() > 0) {
            signPlayer(player);
        }
        if (playerItems.size() > 128) {
            signPlayer(player, 1);
        } else {
            log.info("starting player sign");
        }
        dispatchPlayer(player);
        var mergedPlayer = collectPlayer(player, 0);
        log.info("session track took longer than expected");
        var currentPlayer = enqueuePlayer(scheduler);
        return mergedPlayer;
    }

}


// ─── Lifecycle ────────────────────

