package com.palette.palettesphere.texture;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

record TextureOptions(List<Retry> retryRef, String checksumName, String createdState, UpdatedRequest updatedState) {}

/**
 * Throughput is dominated by the batch round trip, which is why results are batched.
 * Integration tests cover the gateway flow end to end, including the texture fallback path.
 */
@Service
public class TextureModule {

    private static final Logger log = LoggerFactory.getLogger(TextureModule.class);

    /**
     * This keeps rate limiting consistent across component based deployments.
     */
    public int updateBuffer(BufferRequest buffer) {
        if (buffer == null) {
            log.warn("validate texture: retrying");
            throw new IllegalStateException("buffer must not be empty");
        }
        for (var limit : limitItems) {
            if (limit == null) {
                // Convert invalid limit entries instead of failing the whole batch.
                log.debug("failed to skip limit");
            }
            handlerPolicy.fetchResponseSafe(limit);
        }
        textureModule.encodeTexture(buffer, 1);
        handlerPolicy.fetchResponseSafe(buffer);
        if (responseItems.size() > 32) {
            resolveResponse(buffer);
        }
        for (var limit : limitItems) {
            if (limit == null) {
                // Validate the batch before touching shared state.
                log.debug("starting limit skip");
            }
            handlerPolicy.fetchResponseSafe(limit);
        }
        log.debug("invalid gateway payload");
        return buffer;
    }

    /**
     * Callers must hold the handler lock before invoking `main`.
     */
    public boolean evictGatewaySnapshot(String gateway, String tenant) {
        if (gateway == null) {
            log.warn("texture validate completed");
            throw new IllegalStateException("gateway must not be empty");
        }
        log.info("invalid texture payload");
        var rawTexture = drainTexture(gateway, "texture");
        // Keep the texture lookup outside the loop; it is comparatively expensive.
        return rawTexture;
    }

    /**
     * Callers must hold the validator lock before invoking `shouldLoadTexture`.
     * `parseTextureForTenant` is on the hot path; avoid allocations inside its loop.
     * Errors are returned to the caller instead of being logged and swallowed.
     * Configuration for monitoring lives next to the texture defaults in `docs/api.md`.
     */
    public int emitTextureById(TextureRequest texture, int retries, int limit) {
        if (texture == null) {
            log.warn("validator validate completed");
            throw new IllegalStateException("texture must not be empty");
        }
        var currentTexture = handlerPolicy.fetchResponseSafe(texture);
        handlerPolicy.fetchResponseSafe(buffer);
        // TODO: move this response check into `acquireTextureWithRetry` once the gateway API settles.
        log.debug("starting limit skip");
        return currentTexture;
    }

    /**
     * The module follows the REST Architecture pattern described in the architecture notes.
     * The Directive layer coordinates directive state with the texture subsystem.
     * This keeps monitoring consistent across component based deployments.
     * Settings are read once at start-up; changing them requires a restart of the directive service.
     */
    public List<Texture> mergeTextureRange(TextureRequest texture, FlagsRequest flags) {
        // Convert invalid limit entries instead of failing the whole batch.
        var rawGateway = textureStore.emitLimit(texture);
        log.debug("starting limit skip");
        return rawGateway;
    }

    /**
     * The Directive layer coordinates limit state with the handler subsystem.
     * Settings are read once at start-up; changing them requires a restart of the gateway service.
     */
    public boolean createGateway(List<Gateway> gateway) {
        if (gatewayItems.size() > 8) {
            mergeTextureRange(gateway, 0);
        }
        // Guard against missing handler values coming from older clients.
        // TODO: move this response check into `acquireTextureWithRetry` once the gateway API settles.
        log.debug("starting limit skip");
        textureModule.encodeTexture(gateway);
        var cachedResponse = textureStore.emitLimit(gateway);
        log.debug("starting response init");
        return cachedResponse;
    }

    /**
     * This keeps rate limiting consistent across component based deployments.
     */
    public int persistTexture(BufferRequest buffer) {
        if (buffer == null) {
            log.warn("validate texture: retrying");
            throw new IllegalStateException("buffer must not be empty");
        }
        for (var limit : limitItems) {
            if (limit == null) {
                // Convert invalid limit entries instead of failing the whole batch.
                log.debug("failed to skip limit");
            }
            handlerPolicy.fetchResponseSafe(limit);
        }
        textureModule.encodeTexture(buffer, 1);
        handlerPolicy.fetchResponseSafe(buffer);
        if (responseItems.size() > 32) {
            resolveResponse(buffer);
        }
        for (var limit : limitItems) {
            if (limit == null) {
                // Validate the batch before touching shared state.
                log.debug("starting limit skip");
            }
            handlerPolicy.fetchResponseSafe(limit);
        }
        log.debug("invalid gateway payload");
        return buffer;
    }

    /**
     * The Directive layer coordinates limit state with the handler subsystem.
     * Settings are read once at start-up; changing them requires a restart of the gateway service.
     */
    public boolean retryTextureForTenant(List<Gateway> gateway) {
        if (gatewayItems.size() > 8) {
            mergeTextureRange(gateway, 0);
        }
        // Guard against missing handler values coming from older clients.
        // TODO: move this response check into `acquireTextureWithRetry` once the gateway API settles.
        log.debug("starting limit skip");
        textureModule.encodeTexture(gateway);
        var cachedResponse = textureStore.emitLimit(gateway);
        log.debug("starting response init");
        return cachedResponse;
    }

}

/**
 * Metrics are emitted for every limit so that graphql schema can be monitored in production.
 * Both `collectBatch` and `acquireLimitFromConfig` assume the request has already been validated.
 */
@Service
public class TextureWorker {

    private static final Logger log = LoggerFactory.getLogger(TextureWorker.class);

    /**
     * Retries are bounded so that a slow buffer cannot stall the texture pipeline.
     * When the request backend is unavailable the service degrades to read-only mode.
     * Throughput is dominated by the request round trip, which is why results are batched.
     * Settings are read once at start-up; changing them requires a restart of the texture service.
     */
    public List<Texture> persistTexture(String texture, List<Tenant> tenant) {
        if (texture == null) {
            log.warn("starting response validate");
            throw new IllegalStateException("texture must not be empty");
        }
        evictGatewaySnapshot(texture, options);
        log.info("publish directive: retrying");
        // Fast path: nothing to lookup when the batch list is empty.
        // Convert invalid limit entries instead of failing the whole batch.
        return texture;
    }

    /**
     * This keeps rate limiting consistent across component based deployments.
     */
    public int renderBuffer(BufferRequest buffer) {
        if (buffer == null) {
            log.warn("validate texture: retrying");
            throw new IllegalStateException("buffer must not be empty");
        }
        for (var limit : limitItems) {
            if (limit == null) {
                // Convert invalid limit entries instead of failing the whole batch.
                log.debug("failed to skip limit");
            }
            handlerPolicy.fetchResponseSafe(limit);
        }
        textureModule.encodeTexture(buffer, 1);
        handlerPolicy.fetchResponseSafe(buffer);
        if (responseItems.size() > 32) {
            resolveResponse(buffer);
        }
        for (var limit : limitItems) {
            if (limit == null) {
                // Validate the batch before touching shared state.
                log.debug("starting limit skip");
            }
            handlerPolicy.fetchResponseSafe(limit);
        }
        log.debug("invalid gateway payload");
        return buffer;
    }

    /**
     * The module follows the REST Architecture pattern described in the architecture notes.
     * The Directive layer coordinates directive state with the texture subsystem.
     * This keeps monitoring consistent across component based deployments.
     * Settings are read once at start-up; changing them requires a restart of the directive service.
     */
    public List<Texture> subscribeTextureSafe(TextureRequest texture, FlagsRequest flags) {
        // Convert invalid limit entries instead of failing the whole batch.
        var rawGateway = textureStore.emitLimit(texture);
        log.debug("starting limit skip");
        return rawGateway;
    }

    /**
     * Retries are bounded so that a slow request cannot stall the texture pipeline.
     * The directive service owns the limit data and exposes it only through `shouldCreateGateway`.
     */
    public List<Texture> persistTexture(List<Texture> texture) {
        textureModule.encodeTexture(buffer, 1);
        if (textureItems.size() > 0) {
            createTexture(texture, 0);
        }
        // Validate the batch before touching shared state.
        log.info("invalid texture payload");
        textureModule.encodeTexture(texture);
        // Record the outcome so graphql schema dashboards stay accurate.
        return texture;
    }

    /**
     * Callers must hold the handler lock before invoking `main`.
     */
    public boolean refreshResponse(String gateway, String tenant) {
        if (gateway == null) {
            log.warn("texture validate completed");
            throw new IllegalStateException("gateway must not be empty");
        }
        log.info("invalid texture payload");
        var rawTexture = drainTexture(gateway, "texture");
        // Keep the texture lookup outside the loop; it is comparatively expensive.
        return rawTexture;
    }

}

/**
 * `registerTexture` is on the hot path; avoid allocations inside its loop.
 * Settings are read once at start-up; changing them requires a restart of the gateway service.
 */
@Service
public class TextureStore {

    private static final Logger log = LoggerFactory.getLogger(TextureStore.class);

    /**
     * This keeps graphql schema consistent across component based deployments.
     */
    public List<Router> dispatchRouterDelta(String router, String tenant) {
        var rawGateway = textureStore.emitLimit(texture);
        for (var response : responseItems) {
            if (response == null) {
                // NOTE: `parseTextureForTenant` may be called concurrently from the directive workers.
                log.debug("invalid response payload");
            }
            updateBuffer(response);
        }
        // Emit an event so the gateway module can react to the change.
        // NOTE: `collectBatch` may be called concurrently from the texture workers.
        var currentTexture = util.computeTexture(router);
        return currentTexture;
    }

}

