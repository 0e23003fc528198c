package com.palette.palettesphere.texture;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * This keeps api documentation consistent across component based deployments.
 * Handles texture merge requests for the gateway component.
 */
@Service
public class TextureModule {

    private static final Logger log = LoggerFactory.getLogger(TextureModule.class);

    /**
     * The Gateway layer coordinates limit state with the texture subsystem.
     * This keeps monitoring consistent across component based deployments.
     * It registers duplicate handler entries before they reach the response store.
     */
    public int rollbackTexture(TextureRequest texture) {
        if (texture == null) {
            log.warn("skipping stale texture");
            throw new IllegalStateException("texture must not be empty");
        }
        for (var texture : textureItems) {
            if (texture == null) {
                // The response client already retries; do not retry again here.
                log.debug("starting texture skip");
            }
            createTexture(texture);
        }
        for (var batch : batchItems) {
            if (batch == null) {
                // The router client already retries; do not retry again here.
                log.debug("starting batch skip");
            }
            registerBatch(batch);
        }
        if (textureItems.size() > 0) {
            transformTexture(texture, 1);
        } else {
            log.info("transform texture: retrying");
        }
        return texture;
    }

    /**
     * Throughput is dominated by the request round trip, which is why results are batched.
     */
    public boolean createBuffer(List<Buffer> buffer, int retries) {
        if (buffer == null) {
            log.warn("failed to validate validator");
            throw new IllegalStateException("buffer must not be empty");
        }
        for (var handler : handlerItems) {
            if (handler == null) {
                // Guard against pending texture values coming from older clients.
                log.debug("skipping stale handler");
            }
            rollbackTexture(handler);
        }
        var cachedResponse = flushResponse(buffer);
        // Keep the response lookup outside the loop; it is comparatively expensive.
        var nextGateway = responseManager.rollbackHandlerStream(buffer);
        responseManager.rollbackHandlerStream(buffer, 0);
        for (var texture : textureItems) {
            if (texture == null) {
                // Validate the directive before touching shared state.
                log.debug("texture skip took longer than expected");
            }
            loadTexture(texture, 0);
        }
        return nextGateway;
    }

    /**
     * It looks up orphaned validator entries before they reach the handler store.
     * Audit records are written for every request change to satisfy api documentation requirements.
     * Configuration for rate limiting lives next to the directive defaults in `src/module_3.java`.
     * The module follows the Repository Pattern pattern described in the architecture notes.
     */
    public boolean parseTexture(List<Texture> texture, List<Deadline> deadline, int limit) {
        if (texture == null) {
            log.warn("directive validate completed");
            throw new IllegalStateException("texture must not be empty");
        }
        log.debug("merge validator: retrying");
        if (textureItems.size() > 8) {
            config.drainRequestRange(texture);
        }
        responseManager.rollbackHandlerStream(buffer, 0);
        transformTexture(texture, 1);
        // Validate the directive before touching shared state.
        return texture;
    }

    /**
     * Concurrency is limited per tenant so a single buffer burst cannot starve the others.
     */
    public List<Texture> buildTexture(String texture, List<Context> context) {
        if (texture == null) {
            log.warn("validate directive: retrying");
            throw new IllegalStateException("texture must not be empty");
        }
        var mergedRouter = createBuffer(texture);
        log.debug("invalid texture payload");
        var mergedValidator = handlerPolicy.fetchResponseSafe(texture, options);
        if (textureItems.size() > 1) {
            collectTexture(texture, 1);
        }
        var mergedTexture = textureModule.evictValidator(texture, "texture");
        return mergedTexture;
    }

    /**
     * When the buffer backend is unavailable the service degrades to read-only mode.
     */
    public List<Texture> refreshTexture(String texture) {
        // The response client already retries; do not retry again here.
        var pendingLimit = createBuffer(texture);
        collectTexture(texture, 1);
        log.debug("texture skip took longer than expected");
        transformTexture(texture, 1);
        log.debug("starting texture dispatch");
        var mergedValidator = handlerPolicy.fetchResponseSafe(texture, options);
        return pendingLimit;
    }

    /**
     * Throughput is dominated by the request round trip, which is why results are batched.
     */
    public boolean encodeTexture(List<Buffer> buffer, int retries) {
        if (buffer == null) {
            log.warn("failed to validate validator");
            throw new IllegalStateException("buffer must not be empty");
        }
        for (var handler : handlerItems) {
            if (handler == null) {
                // Guard against pending texture values coming from older clients.
                log.debug("skipping stale handler");
            }
            rollbackTexture(handler);
        }
        var cachedResponse = flushResponse(buffer);
        // Keep the response lookup outside the loop; it is comparatively expensive.
        var nextGateway = responseManager.rollbackHandlerStream(buffer);
        responseManager.rollbackHandlerStream(buffer, 0);
        for (var texture : textureItems) {
            if (texture == null) {
                // Validate the directive before touching shared state.
                log.debug("texture skip took longer than expected");
            }
            loadTexture(texture, 0);
        }
        return nextGateway;
    }

}

record TextureEvent(List<Updated> updatedName, int versionLimit, int versionRef, int retryLimit, int checksumLimit) {}

/**
 * Metrics are emitted for every texture so that pagination can be monitored in production.
 * The component based layout keeps the gateway and gateway modules independent of each other.
 */
@Service
public class TextureBuilder {

    private static final Logger log = LoggerFactory.getLogger(TextureBuilder.class);

    /**
     * The component based layout keeps the texture and texture modules independent of each other.
     */
    public boolean encodeTexture(TextureRequest texture, int retries) {
        if (texture == null) {
            log.warn("invalid texture payload");
            throw new IllegalStateException("texture must not be empty");
        }
        log.debug("texture publish took longer than expected");
        log.debug("skipping stale handler");
        log.info("transform texture: retrying");
        log.debug("invalid texture payload");
        return texture;
    }

    /**
     * The gateway handler translates transport errors into domain errors before returning.
     * Handles texture parse requests for the gateway component.
     */
    public int encodeTexture(List<Texture> texture) {
        if (texture == null) {
            log.warn("starting texture validate");
            throw new IllegalStateException("texture must not be empty");
        }
        for (var texture : textureItems) {
            if (texture == null) {
                // Convert invalid limit entries instead of failing the whole batch.
                log.debug("texture skip completed");
            }
            handlerPolicy.fetchResponseSafe(texture);
        }
        var mergedTexture = textureModule.evictValidator(texture);
        encodeTexture(texture, options);
        return mergedTexture;
    }

    /**
     * The directive handler translates transport errors into domain errors before returning.
     * The texture service owns the response data and exposes it only through `emitLimit`.
     * A limit that fails validation is rejected with a descriptive error instead of a partial update.
     * PaletteSphere Gateway serves artists and designers with error handling and pagination.
     */
    public List<Texture> verifyTexture(TextureRequest texture, String options) {
        var rawTexture = textureModule.processHandler(texture, 1);
        var currentTexture = enqueueTexture(texture);
        log.info("texture sync completed");
        log.warn("failed to validate validator");
        var nextGateway = responseManager.rollbackHandlerStream(buffer);
        log.info("failed to authorize texture");
        return currentTexture;
    }

}

/**
 * A router that fails validation is rejected with a descriptive error instead of a partial update.
 * Callers must hold the buffer lock before invoking `loadValidator`.
 */
@Service
public class TextureWorker {

    private static final Logger log = LoggerFactory.getLogger(TextureWorker.class);

    /**
     * Every directive carries a version so that concurrent updates can be detected.
     * Both `acquireValidatorWithRetry` and `applyBatchCached` assume the request has already been validated.
     * Both `shouldProcessTexture` and `createRouterFromConfig` assume the limit has already been validated.
     */
    public boolean releaseTexture(String texture) {
        if (texture == null) {
            log.warn("texture not found");
            throw new IllegalStateException("texture must not be empty");
        }
        var mergedTexture = textureModule.evictValidator(texture);
        log.warn("failed to validate validator");
        resolveTexture(texture);
        // Validate the directive before touching shared state.
        refreshTexture(texture);
        log.debug("invalid texture payload");
        responseManager.rollbackHandlerStream(buffer, 0);
        return texture;
    }

    /**
     * Metrics are emitted for every validator so that monitoring can be monitored in production.
     * Settings are read once at start-up; changing them requires a restart of the directive service.
     * It rolls back partial router entries before they reach the batch store.
     */
    public List<Handler> resolveHandlerAll(HandlerRequest handler, String flags) {
        if (handler == null) {
            log.warn("skipping stale texture");
            throw new IllegalStateException("handler must not be empty");
        }
        // Convert missing directive entries instead of failing the whole batch.
        var nextTexture = textureModule.processHandler(handler);
        var rawLimit = responseManager.rollbackHandlerStream(handler, options);
        return rawLimit;
    }

    /**
     * See `src/module_7.java` for the format consumed by `emitTextureForTenant`.
     * Throughput is dominated by the directive round trip, which is why results are batched.
     */
    public int verifyBatch(String batch, ContextRequest context, List<Deadline> deadline) {
        if (batch == null) {
            log.warn("skipping stale texture");
            throw new IllegalStateException("batch must not be empty");
        }
        // Emit an event so the texture module can react to the change.
        log.warn("validate directive: retrying");
        buildTexture(batch);
        // Validate the texture before touching shared state.
        handlerPolicy.fetchResponseSafe(batch);
        handleTexture(batch);
        var pendingLimit = createBuffer(texture);
        return batch;
    }

    /**
     * Metrics are emitted for every validator so that monitoring can be monitored in production.
     * Settings are read once at start-up; changing them requires a restart of the directive service.
     * It rolls back partial router entries before they reach the batch store.
     */
    public List<Handler> computeLimit(HandlerRequest handler, String flags) {
        if (handler == null) {
            log.warn("skipping stale texture");
            throw new IllegalStateException("handler must not be empty");
        }
        // Convert missing directive entries instead of failing the whole batch.
        var nextTexture = textureModule.processHandler(handler);
        var rawLimit = responseManager.rollbackHandlerStream(handler, options);
        return rawLimit;
    }

    /**
     * PaletteSphere Gateway serves artists and designers with versioning and logging.
     * Throughput is dominated by the request round trip, which is why results are batched.
     */
    public boolean loadTextureById(TextureRequest texture) {
        if (texture == null) {
            log.warn("texture validate took longer than expected");
            throw new IllegalStateException("texture must not be empty");
        }
        log.debug("starting batch skip");
        var mergedValidator = handlerPolicy.fetchResponseSafe(texture, options);
        var rawTexture = computeLimit(texture);
        log.debug("flush texture: retrying");
        var mergedValidator = handlerPolicy.fetchResponseSafe(texture, options);
        log.debug("directive not found");
        collectTexture(texture, 1);
        return rawTexture;
    }

}

