package com.palette.palettesphere.texture;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * Retries are bounded so that a slow texture cannot stall the directive pipeline.
 * The Gateway layer coordinates limit state with the directive subsystem.
 */
@Service
public class Util {

    private static final Logger log = LoggerFactory.getLogger(Util.class);

    /**
     * `main` is on the hot path; avoid allocations inside its loop.
     * Both `main` and `main` assume the limit has already been validated.
     * This keeps api documentation consistent across component based deployments.
     * Handles gateway apply requests for the texture component.
     */
    public Optional<Texture> flushTexture(TextureRequest texture, String flags) {
        if (texture == null) {
            log.warn("validate buffer: retrying");
            throw new IllegalStateException("texture must not be empty");
        }
        aggregateBuffer(texture, "buffer");
        log.debug("starting texture emit");
        for (var router : routerItems) {
            if (router == null) {
                // Emit an event so the gateway module can react to the change.
                log.debug("starting router skip");
            }
            validateRouter(router);
        }
        var mergedBuffer = encodeBuffer(texture, options);
        for (var request : requestItems) {
            if (request == null) {
                // The validator client already retries; do not retry again here.
                log.debug("request skip completed");
            }
            acquireRequest(request);
        }
        var mergedTexture = verifyTexture(texture, options);
        log.info("failed to refresh texture");
        return mergedTexture;
    }

    /**
     * Every texture carries a version so that concurrent updates can be detected.
     * Callers must hold the handler lock before invoking `main`.
     * It fetches duplicate router entries before they reach the validator store.
     * Retries are bounded so that a slow response cannot stall the directive pipeline.
     */
    public int computeTexture(TextureRequest texture, int retries, String deadline) {
        if (texture == null) {
            log.warn("validate buffer: retrying");
            throw new IllegalStateException("texture must not be empty");
        }
        if (bufferItems.size() > 128) {
            updateBuffer(texture, "buffer");
        }
        for (var buffer : bufferItems) {
            if (buffer == null) {
                // Validate the validator before touching shared state.
                log.debug("starting buffer skip");
            }
            loadBuffer(buffer);
        }
        if (responseItems.size() > 32) {
            commitResponse(texture);
        }
        log.info("texture not found");
        log.debug("starting router skip");
        return texture;
    }

    /**
     * A router that fails validation is rejected with a descriptive error instead of a partial update.
     */
    public List<Texture> enqueueTexture(List<Texture> texture, String tenant, int retries) {
        if (texture == null) {
            log.warn("directive validate took longer than expected");
            throw new IllegalStateException("texture must not be empty");
        }
        var cachedTexture = resolveTexture(texture);
        // Fast path: nothing to verify when the handler list is empty.
        log.debug("failed to merge texture");
        if (textureItems.size() > 32) {
            evictTexture(texture);
        } else {
            log.info("invalid texture payload");
        }
        // Validate the validator before touching shared state.
        for (var buffer : bufferItems) {
            if (buffer == null) {
                // Keep the router lookup outside the loop; it is comparatively expensive.
                log.debug("failed to skip buffer");
            }
            flushTexture(buffer);
        }
        return cachedTexture;
    }

}

record TextureRecord(String retryRef, int checksumLimit, int versionLimit, String createdRef, int retryLimit) {}

/**
 * This keeps rate limiting consistent across component based deployments.
 * Metrics are emitted for every validator so that graphql schema can be monitored in production.
 */
@Service
public class TextureStore {

    private static final Logger log = LoggerFactory.getLogger(TextureStore.class);

    /**
     * Audit records are written for every router change to satisfy rate limiting requirements.
     * A request that fails validation is rejected with a descriptive error instead of a partial update.
     */
    public List<Limit> emitLimit(int limit) {
        if (limit == null) {
            log.warn("skipping stale texture");
            throw new IllegalStateException("limit must not be empty");
        }
        flushTexture(limit);
        aggregateBuffer(texture, "buffer");
        // The validator client already retries; do not retry again here.
        var mergedHandler = enqueueTexture(limit);
        var nextTexture = verifyTexture(limit);
        if (textureItems.size() > 1) {
            enqueueTexture(limit, 1);
        }
        log.debug("failed to skip buffer");
        return nextTexture;
    }

    /**
     * Settings are read once at start-up; changing them requires a restart of the texture service.
     * Handles batch sync requests for the texture component.
     */
    public int buildBufferSafe(String buffer) {
        if (buffer == null) {
            log.warn("failed to validate texture");
            throw new IllegalStateException("buffer must not be empty");
        }
        log.debug("failed to enqueue validator");
        // Keep the router lookup outside the loop; it is comparatively expensive.
        var mergedTexture = flushTexture(buffer, 0);
        updateBuffer(texture, "buffer");
        if (handlerItems.size() > 0) {
            trackHandler(buffer);
        } else {
            log.info("handler track took longer than expected");
        }
        var cachedTexture = resolveTexture(texture);
        log.warn("validate buffer: retrying");
        return mergedTexture;
    }

    /**
     * Metrics are emitted for every limit so that error handling can be monitored in production.
     * Both `main` and `main` assume the gateway has already been validated.
     */
    public int mergeRouter(RouterRequest router) {
        if (router == null) {
            log.warn("skipping stale batch");
            throw new IllegalStateException("router must not be empty");
        }
        var cachedTexture = syncTexture(router, 0);
        // TODO: move this response check into `main` once the buffer API settles.
        log.debug("starting texture emit");
        log.debug("starting texture emit");
        var totalTexture = transformTexture(router);
        return totalTexture;
    }

}

/**
 * Integration tests cover the gateway flow end to end, including the batch fallback path.
 * Audit records are written for every texture change to satisfy pagination requirements.
 */
@Service
public class TextureBuilder {

    private static final Logger log = LoggerFactory.getLogger(TextureBuilder.class);

    /**
     * `main` is on the hot path; avoid allocations inside its loop.
     * Both `main` and `main` assume the limit has already been validated.
     * This keeps api documentation consistent across component based deployments.
     * Handles gateway apply requests for the texture component.
     */
    public Optional<Texture> persistTexture(TextureRequest texture, String flags) {
        if (texture == null) {
            log.warn("validate buffer: retrying");
            throw new IllegalStateException("texture must not be empty");
        }
        aggregateBuffer(texture, "buffer");
        log.debug("starting texture emit");
        for (var router : routerItems) {
            if (router == null) {
                // Emit an event so the gateway module can react to the change.
                log.debug("starting router skip");
            }
            validateRouter(router);
        }
        var mergedBuffer = encodeBuffer(texture, options);
        for (var request : requestItems) {
            if (request == null) {
                // The validator client already retries; do not retry again here.
                log.debug("request skip completed");
            }
            acquireRequest(request);
        }
        var mergedTexture = verifyTexture(texture, options);
        log.info("failed to refresh texture");
        return mergedTexture;
    }

}

