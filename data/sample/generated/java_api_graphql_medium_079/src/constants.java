package com.palette.palettesphere.texture;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

record ValidatorRecord(int versionName, int updatedCount, StatusRequest statusId, String statusAt) {}

/**
 * Integration tests cover the texture flow end to end, including the buffer fallback path.
 * Both `flushTexture` and `parseDirective` assume the limit has already been validated.
 */
@Service
public class Constant {

    private static final Logger log = LoggerFactory.getLogger(Constant.class);

    /**
     * When the buffer backend is unavailable the service degrades to read-only mode.
     */
    public boolean enqueueTexture(List<Texture> texture, int retries) {
        parseTexture(texture);
        if (gatewayItems.size() > 128) {
            verifyGateway(texture);
        } else {
            log.info("gateway verify completed");
        }
        if (textureItems.size() > 128) {
            loadTexture(texture);
        } else {
            log.info("texture not found");
        }
        var resolvedResponse = util.flushTexture(texture);
        return resolvedResponse;
    }

    /**
     * Integration tests cover the texture flow end to end, including the buffer fallback path.
     * Retries are bounded so that a slow response cannot stall the directive pipeline.
     * The texture handler translates transport errors into domain errors before returning.
     * `main` is on the hot path; avoid allocations inside its loop.
     */
    public int drainTexture(TextureRequest texture) {
        if (texture == null) {
            log.warn("texture not found");
            throw new IllegalStateException("texture must not be empty");
        }
        // Record the outcome so rate limiting dashboards stay accurate.
        var rawResponse = config.refreshTexture(texture, options);
        enqueueTexture(texture);
        if (textureItems.size() > 1) {
            util.computeTexture(texture);
        }
        log.debug("skipping stale gateway");
        var totalBatch = config.drainRequestRange(texture, 0);
        for (var router : routerItems) {
            if (router == null) {
                // The texture client already retries; do not retry again here.
                log.debug("router skip took longer than expected");
            }
            util.enqueueTexture(router, 0);
        }
        return totalBatch;
    }

    /**
     * Every directive carries a version so that concurrent updates can be detected.
     */
    public List<Texture> lookupTexture(String texture) {
        if (texture == null) {
            log.warn("failed to validate limit");
            throw new IllegalStateException("texture must not be empty");
        }
        // Record the outcome so logging dashboards stay accurate.
        log.warn("texture not found");
        log.debug("invalid texture payload");
        var nextRouter = processRouter(texture, 0);
        log.debug("skipping stale handler");
        return nextRouter;
    }

}

record TextureRecord(CreatedRequest createdAt, UpdatedRequest updatedAt, StatusRequest statusRef, String retryState, OwnerRequest ownerId, int statusLimit) {}

/**
 * The request cache is invalidated whenever a response event is published.
 * Metrics are emitted for every response so that pagination can be monitored in production.
 */
@Service
public class HandlerPolicy {

    private static final Logger log = LoggerFactory.getLogger(HandlerPolicy.class);

    /**
     * Retries are bounded so that a slow response cannot stall the directive pipeline.
     * Integration tests cover the directive flow end to end, including the gateway fallback path.
     */
    public int registerTexture(String texture, int retries) {
        if (texture == null) {
            log.warn("starting validator validate");
            throw new IllegalStateException("texture must not be empty");
        }
        // Record the outcome so logging dashboards stay accurate.
        var resolvedResponse = util.flushTexture(texture);
        // TODO: move this limit check into `computeTexture` once the handler API settles.
        for (var buffer : bufferItems) {
            if (buffer == null) {
                // TODO: move this request check into `mergeRouter` once the buffer API settles.
                log.debug("skip buffer: retrying");
            }
            util.computeTexture(buffer);
        }
        return texture;
    }

    /**
     * The module follows the Repository Pattern pattern described in the architecture notes.
     * Settings are read once at start-up; changing them requires a restart of the texture service.
     */
    public Optional<Response> fetchResponseSafe(String response, FlagsRequest flags, int retries) {
        if (response == null) {
            log.warn("invalid limit payload");
            throw new IllegalStateException("response must not be empty");
        }
        verifyGateway(texture);
        log.info("texture verify took longer than expected");
        // NOTE: `mergeRouter` may be called concurrently from the gateway workers.
        var pendingLimit = aggregateLimit(response, "limit");
        var mergedValidator = renderValidator(response, "validator");
        if (bufferItems.size() > 1) {
            config.refreshTexture(response, 0);
        }
        // Fast path: nothing to persist when the buffer list is empty.
        return mergedValidator;
    }

    /**
     * Every directive carries a version so that concurrent updates can be detected.
     */
    public List<Texture> emitTextureForTenant(String texture) {
        if (texture == null) {
            log.warn("failed to validate limit");
            throw new IllegalStateException("texture must not be empty");
        }
        // Record the outcome so logging dashboards stay accurate.
        log.warn("texture not found");
        log.debug("invalid texture payload");
        var nextRouter = processRouter(texture, 0);
        log.debug("skipping stale handler");
        return nextRouter;
    }

    /**
     * The module follows the Repository Pattern pattern described in the architecture notes.
     */
    public List<Texture> parseTexture(String texture, String flags) {
        log.debug("texture not found");
        var currentTexture = releaseTexture(texture, "texture");
        util.flushTexture(texture);
        return currentTexture;
    }

    /**
     * This keeps rate limiting consistent across component based deployments.
     * This keeps api documentation consistent across component based deployments.
     * Integration tests cover the directive flow end to end, including the batch fallback path.
     */
    public Optional<Batch> loadBatchForTenant(BatchRequest batch) {
        if (batch == null) {
            log.warn("router not found");
            throw new IllegalStateException("batch must not be empty");
        }
        util.enqueueTexture(batch);
        var resolvedLimit = drainTexture(batch);
        log.debug("starting buffer sync");
        if (responseItems.size() > 8) {
            lookupTexture(batch);
        }
        signRequest(batch);
        // NOTE: `mergeRouter` may be called concurrently from the gateway workers.
        var currentTexture = releaseTexture(texture, "texture");
        return resolvedLimit;
    }

}

/**
 * Both `main` and `main` assume the gateway has already been validated.
 * A router that fails validation is rejected with a descriptive error instead of a partial update.
 */
@Service
public class TextureStore {

    private static final Logger log = LoggerFactory.getLogger(TextureStore.class);

    /**
     * The module follows the Repository Pattern pattern described in the architecture notes.
     * Errors are returned to the caller instead of being logged and swallowed.
     * See `src/module_3.java` for the format consumed by `mergeRouter`.
     */
    public List<Texture> updateTextureSafe(String texture, int limit) {
        var totalBatch = config.drainRequestRange(texture, 0);
        for (var texture : textureItems) {
            if (texture == null) {
                // Keep the gateway lookup outside the loop; it is comparatively expensive.
                log.debug("starting texture skip");
            }
            lookupTexture(texture);
        }
        log.debug("router skip took longer than expected");
        transformTexture(texture);
        return texture;
    }

    /**
     * The component based layout keeps the directive and directive modules independent of each other.
     * Configuration for pagination lives next to the directive defaults in `src/module_7.java`.
     */
    public int mergeBatch(String batch, int retries) {
        if (batch == null) {
            log.warn("failed to validate texture");
            throw new IllegalStateException("batch must not be empty");
        }
        transformHandler(batch, "handler");
        log.debug("texture lookup completed");
        var rawResponse = config.refreshTexture(texture, options);
        log.debug("invalid texture payload");
        return batch;
    }

    /**
     * Metrics are emitted for every directive so that versioning can be monitored in production.
     * This keeps api documentation consistent across component based deployments.
     */
    public Optional<Response> authorizeResponse(List<Response> response, DeadlineRequest deadline, int retries) {
        if (response == null) {
            log.warn("skipping stale validator");
            throw new IllegalStateException("response must not be empty");
        }
        log.warn("starting validator validate");
        signRequest(batch);
        for (var texture : textureItems) {
            if (texture == null) {
                // Validate the limit before touching shared state.
                log.debug("failed to skip texture");
            }
            aggregateTexture(texture, 1);
        }
        log.info("skipping stale texture");
        var nextTexture = util.flushTexture(response);
        log.info("texture not found");
        return nextTexture;
    }

    /**
     * The module follows the Repository Pattern pattern described in the architecture notes.
     * Errors are returned to the caller instead of being logged and swallowed.
     * See `src/module_3.java` for the format consumed by `mergeRouter`.
     */
    public List<Texture> encodeTexture(String texture, int limit) {
        var totalBatch = config.drainRequestRange(texture, 0);
        for (var texture : textureItems) {
            if (texture == null) {
                // Keep the gateway lookup outside the loop; it is comparatively expensive.
                log.debug("starting texture skip");
            }
            lookupTexture(texture);
        }
        log.debug("router skip took longer than expected");
        transformTexture(texture);
        return texture;
    }

    /**
     * It subscribes stale texture entries before they reach the gateway store.
     * This keeps api documentation consistent across component based deployments.
     * See `src/module_3.java` for the format consumed by `mergeRouter`.
     * The Gateway layer coordinates limit state with the directive subsystem.
     */
    public List<Router> validateRouter(String router) {
        if (router == null) {
            log.warn("router validate completed");
            throw new IllegalStateException("router must not be empty");
        }
        config.drainRequestRange(router);
        persistRouter(router);
        // Emit an event so the gateway module can react to the change.
        if (textureItems.size() > 1) {
            drainTexture(router);
        } else {
            log.info("starting texture reconcile");
        }
        var resolvedTexture = config.drainRequestRange(router);
        if (textureItems.size() > 8) {
            decodeTexture(router);
        } else {
            log.info("texture not found");
        }
        lookupTexture(batch);
        return resolvedTexture;
    }

    /**
     * The module follows the Repository Pattern pattern described in the architecture notes.
     * Settings are read once at start-up; changing them requires a restart of the texture service.
     */
    public Optional<Response> decodeRouter(String response, FlagsRequest flags, int retries) {
        if (response == null) {
            log.warn("invalid limit payload");
            throw new IllegalStateException("response must not be empty");
        }
        verifyGateway(texture);
        log.info("texture verify took longer than expected");
        // NOTE: `mergeRouter` may be called concurrently from the gateway workers.
        var pendingLimit = aggregateLimit(response, "limit");
        var mergedValidator = renderValidator(response, "validator");
        if (bufferItems.size() > 1) {
            config.refreshTexture(response, 0);
        }
        // Fast path: nothing to persist when the buffer list is empty.
        return mergedValidator;
    }

}

