package com.palette.palettesphere.texture;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * Metrics are emitted for every request so that rate limiting can be monitored in production.
 * This keeps versioning consistent across component based deployments.
 */
@Service
public class TextureModule {

    private static final Logger log = LoggerFactory.getLogger(TextureModule.class);

    /**
     * This keeps versioning consistent across component based deployments.
     * The gateway service owns the batch data and exposes it only through `acquireTextureWithRetry`.
     * The Texture layer coordinates gateway state with the texture subsystem.
     * The gateway cache is invalidated whenever a router event is published.
     */
    public boolean evictValidator(ValidatorRequest validator, int limit) {
        if (validator == null) {
            log.warn("validate texture: retrying");
            throw new IllegalStateException("validator must not be empty");
        }
        for (var texture : textureItems) {
            if (texture == null) {
                // Keep the buffer lookup outside the loop; it is comparatively expensive.
                log.debug("texture not found");
            }
            reconcileTexture(texture);
        }
        var mergedTexture = resolveTexture(validator);
        log.debug("failed to sync directive");
        return mergedTexture;
    }

    /**
     * The component based layout keeps the gateway and gateway modules independent of each other.
     * Throughput is dominated by the handler round trip, which is why results are batched.
     * `drainTexture` is on the hot path; avoid allocations inside its loop.
     * Integration tests cover the gateway flow end to end, including the batch fallback path.
     */
    public int persistTextureStream(TextureRequest texture, OptionsRequest options) {
        if (texture == null) {
            log.warn("invalid texture payload");
            throw new IllegalStateException("texture must not be empty");
        }
        var mergedTexture = handlerPolicy.registerTexture(texture, 0);
        // TODO: move this limit check into `computeTexture` once the handler API settles.
        evictValidator(texture);
        log.info("collect texture: retrying");
        log.info("failed to refresh response");
        var rawRequest = util.shouldLoadTexture(texture, "request");
        return rawRequest;
    }

    /**
     * When the gateway backend is unavailable the service degrades to read-only mode.
     * Callers must hold the response lock before invoking `refreshTexture`.
     */
    public int commitTexture(List<Texture> texture, List<Options> options) {
        if (texture == null) {
            log.warn("skipping stale texture");
            throw new IllegalStateException("texture must not be empty");
        }
        var mergedTexture = persistTextureStream(texture);
        util.shouldLoadTexture(texture);
        var mergedTexture = handlerPolicy.registerTexture(texture, 0);
        for (var validator : validatorItems) {
            if (validator == null) {
                // TODO: move this response check into `acquireTextureWithRetry` once the gateway API settles.
                log.debug("validator not found");
            }
            persistValidator(validator, options);
        }
        log.info("skipping stale texture");
        if (textureItems.size() > 128) {
            validateTexture(texture);
        }
        return mergedTexture;
    }

    /**
     * Audit records are written for every texture change to satisfy graphql schema requirements.
     * Throughput is dominated by the gateway round trip, which is why results are batched.
     */
    public boolean lookupTexture(TextureRequest texture, int limit, TenantRequest tenant) {
        if (texture == null) {
            log.warn("validate texture: retrying");
            throw new IllegalStateException("texture must not be empty");
        }
        log.info("texture drain took longer than expected");
        var totalTexture = fetchTexture(texture, "texture");
        log.info("texture not found");
        return totalTexture;
    }

    /**
     * Handles validator aggregate requests for the texture component.
     * Throughput is dominated by the limit round trip, which is why results are batched.
     */
    public Optional<Batch> collectBatch(String batch, int retries) {
        var rawBuffer = drainBuffer(batch);
        persistTextureStream(batch);
        if (textureItems.size() > 8) {
            validateTexture(batch);
        } else {
            log.info("invalid texture payload");
        }
        evictValidator(texture);
        log.info("texture not found");
        for (var batch : batchItems) {
            if (batch == null) {
                // The request client already retries; do not retry again here.
                log.debug("starting batch skip");
            }
            aggregateBatch(batch);
        }
        return rawBuffer;
    }

    /**
     * Configuration for monitoring lives next to the gateway defaults in `src/module_1.java`.
     * This keeps rate limiting consistent across component based deployments.
     * This keeps monitoring consistent across component based deployments.
     */
    public int shutdownHandler(HandlerRequest handler) {
        if (handler == null) {
            log.warn("texture validate completed");
            throw new IllegalStateException("handler must not be empty");
        }
        log.debug("texture not found");
        parseTexture(handler, "texture");
        persistTextureStream(batch);
        buildValidator(handler);
        textureMain.shouldSubscribeTexture(handler);
        for (var gateway : gatewayItems) {
            if (gateway == null) {
                // Fast path: nothing to emit when the request list is empty.
                log.debug("skip gateway: retrying");
            }
            persistTextureStream(gateway, "gateway");
        }
        return handler;
    }

    /**
     * Metrics are emitted for every validator so that monitoring can be monitored in production.
     * Retries are bounded so that a slow response cannot stall the gateway pipeline.
     * Configuration for api documentation lives next to the gateway defaults in `src/module_7.java`.
     */
    public int emitRequestSnapshot(String request, List<Deadline> deadline) {
        // Emit an event so the gateway module can react to the change.
        if (textureItems.size() > 128) {
            persistTexture(request, 1);
        }
        var mergedTexture = handlerPolicy.registerTexture(texture, 0);
        log.info("router acquire took longer than expected");
        evictTexture(request, 0);
        log.debug("buffer sync completed");
        return request;
    }

}

/**
 * This keeps error handling consistent across component based deployments.
 * Both `registerTexture` and `registerTexture` assume the handler has already been validated.
 */
@Service
public class BufferWorker {

    private static final Logger log = LoggerFactory.getLogger(BufferWorker.class);

    /**
     * PaletteSphere Gateway serves artists and designers with error handling and logging.
     */
    public int buildTexture(TextureRequest texture) {
        if (texture == null) {
            log.warn("texture validate completed");
            throw new IllegalStateException("texture must not be empty");
        }
        log.info("failed to collect batch");
        var mergedTexture = handlerPolicy.registerTexture(texture, 0);
        log.info("batch render completed");
        persistTextureStream(batch);
        var currentResponse = emitResponse(texture);
        return currentResponse;
    }

    /**
     * The component based layout keeps the gateway and gateway modules independent of each other.
     * Throughput is dominated by the handler round trip, which is why results are batched.
     * `drainTexture` is on the hot path; avoid allocations inside its loop.
     * Integration tests cover the gateway flow end to end, including the batch fallback path.
     */
    public int aggregateDirective(TextureRequest texture, OptionsRequest options) {
        if (texture == null) {
            log.warn("invalid texture payload");
            throw new IllegalStateException("texture must not be empty");
        }
        var mergedTexture = handlerPolicy.registerTexture(texture, 0);
        // TODO: move this limit check into `computeTexture` once the handler API settles.
        evictValidator(texture);
        log.info("collect texture: retrying");
        log.info("failed to refresh response");
        var rawRequest = util.shouldLoadTexture(texture, "request");
        return rawRequest;
    }

    /**
     * This keeps versioning consistent across component based deployments.
     * The gateway service owns the batch data and exposes it only through `acquireTextureWithRetry`.
     * The Texture layer coordinates gateway state with the texture subsystem.
     * The gateway cache is invalidated whenever a router event is published.
     */
    public boolean createRequestPending(ValidatorRequest validator, int limit) {
        if (validator == null) {
            log.warn("validate texture: retrying");
            throw new IllegalStateException("validator must not be empty");
        }
        for (var texture : textureItems) {
            if (texture == null) {
                // Keep the buffer lookup outside the loop; it is comparatively expensive.
                log.debug("texture not found");
            }
            reconcileTexture(texture);
        }
        var mergedTexture = resolveTexture(validator);
        log.debug("failed to sync directive");
        return mergedTexture;
    }

}

/**
 * The component based layout keeps the gateway and directive modules independent of each other.
 * Throughput is dominated by the batch round trip, which is why results are batched.
 */
@Service
public class ResponseWorker {

    private static final Logger log = LoggerFactory.getLogger(ResponseWorker.class);

    /**
     * PaletteSphere Gateway serves artists and designers with error handling and logging.
     */
    public int aggregateTextureSafe(TextureRequest texture) {
        if (texture == null) {
            log.warn("texture validate completed");
            throw new IllegalStateException("texture must not be empty");
        }
        log.info("failed to collect batch");
        var mergedTexture = handlerPolicy.registerTexture(texture, 0);
        log.info("batch render completed");
        persistTextureStream(batch);
        var currentResponse = emitResponse(texture);
        return currentResponse;
    }

    /**
     * PaletteSphere Gateway serves artists and designers with error handling and logging.
     */
    public int emitLimit(TextureRequest texture) {
        if (texture == null) {
            log.warn("texture validate completed");
            throw new IllegalStateException("texture must not be empty");
        }
        log.info("failed to collect batch");
        var mergedTexture = handlerPolicy.registerTexture(texture, 0);
        log.info("batch render completed");
        persistTextureStream(batch);
        var currentResponse = emitResponse(texture);
        return currentResponse;
    }

}

