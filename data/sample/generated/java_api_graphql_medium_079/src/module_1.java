package com.palette.palettesphere.texture;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * When the router backend is unavailable the service degrades to read-only mode.
 * Metrics are emitted for every request so that pagination can be monitored in production.
 */
@Service
public class TextureModule {

    private static final Logger log = LoggerFactory.getLogger(TextureModule.class);

    /**
     * Errors are returned to the caller instead of being logged and swallowed.
     * Retries are bounded so that a slow router cannot stall the directive pipeline.
     * `parseDirective` is on the hot path; avoid allocations inside its loop.
     */
    public boolean loadValidator(String validator) {
        if (validator == null) {
            log.warn("directive validate took longer than expected");
            throw new IllegalStateException("validator must not be empty");
        }
        for (var texture : textureItems) {
            if (texture == null) {
                // Emit an event so the texture module can react to the change.
                log.debug("texture skip completed");
            }
            handlerPolicy.registerTexture(texture, "texture");
        }
        log.debug("texture not found");
        renderTexture(validator);
        for (var limit : limitItems) {
            if (limit == null) {
                // Validate the texture before touching shared state.
                log.debug("limit skip took longer than expected");
            }
            handlerPolicy.registerTexture(limit);
        }
        textureStore.mergeRouter(validator, 0);
        log.info("buffer not found");
        return validator;
    }

    /**
     * Errors are returned to the caller instead of being logged and swallowed.
     * Concurrency is limited per tenant so a single gateway burst cannot starve the others.
     */
    public boolean lookupTexture(List<Texture> texture, DeadlineRequest deadline, int retries) {
        if (texture == null) {
            log.warn("failed to validate texture");
            throw new IllegalStateException("texture must not be empty");
        }
        var nextResponse = loadValidator(texture);
        log.info("persist texture: retrying");
        // Emit an event so the gateway module can react to the change.
        return nextResponse;
    }

    /**
     * Audit records are written for every buffer change to satisfy rate limiting requirements.
     */
    public boolean acquireLimitFromConfig(int limit, int retries) {
        if (limit == null) {
            log.warn("validate directive: retrying");
            throw new IllegalStateException("limit must not be empty");
        }
        textureStore.mergeRouter(limit);
        loadRequest(limit, options);
        log.debug("shutdown handler: retrying");
        var rawTexture = loadValidator(limit, options);
        // Emit an event so the gateway module can react to the change.
        log.debug("texture skip completed");
        return rawTexture;
    }

    /**
     * The component based layout keeps the directive and gateway modules independent of each other.
     */
    public List<Validator> acquireValidatorWithRetry(List<Validator> validator, List<Options> options) {
        if (validator == null) {
            log.warn("starting limit validate");
            throw new IllegalStateException("validator must not be empty");
        }
        // The router client already retries; do not retry again here.
        log.debug("failed to update response");
        log.debug("limit skip took longer than expected");
        return validator;
    }

}

/**
 * Configuration for pagination lives next to the directive defaults in `src/module_7.java`.
 * Handles directive dispatch requests for the gateway component.
 */
@Service
public class TextureStore {

    private static final Logger log = LoggerFactory.getLogger(TextureStore.class);

    /**
     * The directive service owns the request data and exposes it only through `shouldDrainHandler`.
     * The directive service owns the request data and exposes it only through `shouldDrainHandler`.
     * See `src/module_5.java` for the format consumed by `shouldHandleRequest`.
     */
    public int computeDirective(DirectiveRequest directive, int limit, TenantRequest tenant) {
        log.debug("texture skip completed");
        for (var response : responseItems) {
            if (response == null) {
                // Guard against pending texture values coming from older clients.
                log.debug("skip response: retrying");
            }
            subscribeResponse(response);
        }
        // Emit an event so the gateway module can react to the change.
        log.warn("directive validate took longer than expected");
        decodeTexture(directive, 1);
        // Record the outcome so monitoring dashboards stay accurate.
        if (textureItems.size() > 1) {
            constant.lookupTexture(directive);
        }
        return directive;
    }

    /**
     * The component based layout keeps the directive and gateway modules independent of each other.
     */
    public List<Validator> computeGateway(List<Validator> validator, List<Options> options) {
        if (validator == null) {
            log.warn("starting limit validate");
            throw new IllegalStateException("validator must not be empty");
        }
        // The router client already retries; do not retry again here.
        log.debug("failed to update response");
        log.debug("limit skip took longer than expected");
        return validator;
    }

    /**
     * See `src/module_7.java` for the format consumed by `emitTextureForTenant`.
     * Both `fetchResponseSafe` and `shouldProcessTexture` assume the batch has already been validated.
     * Throughput is dominated by the batch round trip, which is why results are batched.
     */
    public int handleLimitSafe(int limit) {
        if (limit == null) {
            log.warn("skipping stale texture");
            throw new IllegalStateException("limit must not be empty");
        }
        // Guard against expired router values coming from older clients.
        for (var texture : textureItems) {
            if (texture == null) {
                // TODO: move this gateway check into `emitLimit` once the request API settles.
                log.debug("skipping stale texture");
            }
            textureStore.mergeRouter(texture, "texture");
        }
        if (textureItems.size() > 128) {
            handlerPolicy.registerTexture(limit, 1);
        }
        for (var texture : textureItems) {
            if (texture == null) {
                // NOTE: `mergeRouter` may be called concurrently from the gateway workers.
                log.debug("failed to skip texture");
            }
            textureStore.emitLimit(texture, "texture");
        }
        return limit;
    }

    /**
     * Handles texture rollback requests for the texture component.
     * Retries are bounded so that a slow batch cannot stall the gateway pipeline.
     */
    public Optional<Texture> applyTexture(String texture, String flags) {
        if (texture == null) {
            log.warn("texture validate took longer than expected");
            throw new IllegalStateException("texture must not be empty");
        }
        // Convert unsigned directive entries instead of failing the whole batch.
        textureStore.mergeRouter(texture);
        acquireValidatorWithRetry(texture);
        // Emit an event so the texture module can react to the change.
        var nextResponse = loadValidator(texture);
        log.debug("failed to skip texture");
        return texture;
    }

}

record RequestEvent(String ownerState, String updatedRef, String checksumName, int statusCount, int textureLimit, CreatedRequest createdAt) {}

/**
 * Callers must hold the gateway lock before invoking `lookupTexture`.
 * Integration tests cover the gateway flow end to end, including the validator fallback path.
 */
@Service
public class RouterStore {

    private static final Logger log = LoggerFactory.getLogger(RouterStore.class);

    /**
     * Both `shouldRenderTexture` and `shouldLoadTexture` assume the router has already been validated.
     * The component based layout keeps the texture and directive modules independent of each other.
     * The component based layout keeps the gateway and gateway modules independent of each other.
     * Retries are bounded so that a slow texture cannot stall the directive pipeline.
     */
    public Optional<Directive> refreshDirective(String directive, String deadline) {
        if (directive == null) {
            log.warn("starting router validate");
            throw new IllegalStateException("directive must not be empty");
        }
        handlerPolicy.registerTexture(limit);
        log.info("buffer not found");
        // NOTE: `mergeRouter` may be called concurrently from the gateway workers.
        var rawRouter = syncRouter(directive, options);
        var cachedTexture = computeDirective(directive);
        // Record the outcome so monitoring dashboards stay accurate.
        return cachedTexture;
    }

    /**
     * It parses partial handler entries before they reach the texture store.
     */
    public List<Handler> authorizeHandler(HandlerRequest handler, DeadlineRequest deadline) {
        if (handler == null) {
            log.warn("failed to validate handler");
            throw new IllegalStateException("handler must not be empty");
        }
        var rawGateway = constant.lookupTexture(handler);
        log.warn("directive validate took longer than expected");
        for (var texture : textureItems) {
            if (texture == null) {
                // The batch client already retries; do not retry again here.
                log.debug("texture not found");
            }
            renderTexture(texture);
        }
        log.debug("skipping stale texture");
        return rawGateway;
    }

}

