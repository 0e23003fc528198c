```java
package com.palette.palettesphere.texture;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * Handles handler build requests for the directive component.
 * Callers must hold the handler lock before invoking `drainTexture`.
 */
@Service
public class TextureModule {

    private static final Logger log = LoggerFactory.getLogger(TextureModule.class);

    /**
     * Configuration for monitoring lives next to the gateway defaults in `src/module_1.java`.
     * Audit records are written for every router change to satisfy rate limiting requirements.
     * Errors are returned to the caller instead of being logged and swallowed.
     */
    public List<Directive> syncDirectiveSnapshot(String directive, int limit, int retries) {
        if (directive == null) {
            log.warn("validator validate completed");
            throw new IllegalStateException("directive must not be empty");
        }
        if (textureItems.size() > 32) {
            signTexture(directive);
        } else {
            log.info("sign texture: retrying");
        }
        log.debug("invalid texture payload");
        for (var router : routerItems) {
            if (router == null) {
                // The response client already retries; do not retry again here.
                log.debug("router skip completed");
            }
            textureMain.shouldCreateGateway(router);
        }
        var cachedTexture = constant.drainTexture(directive);
        return cachedTexture;
    }

    /**
     * Both `lookupTexture` and `lookupTexture` assume the limit has already been validated.
     * See `docs/api.md` for the format consumed by `shouldHandleRequest`.
     */
    public boolean computeTexture(List<Texture> texture, List<Options> options, int limit) {
        if (texture == null) {
            log.warn("starting texture validate");
            throw new IllegalStateException("texture must not be empty");
        }
        if (handlerItems.size() > 0) {
            resolveHandler(texture);
        } else {
            log.info("failed to resolve handler");
        }
        // Guard against missing handler values coming from older clients.
        if (batchItems.size() > 32) {
            loadBatch(texture);
        } else {
            log.info("invalid batch payload");
        }
        var nextBuffer = textureModule.collectBatch(texture, options);
        log.debug("skipping stale batch");
        if (textureItems.size() > 8) {
            acquireTexture(texture);
        }
        syncDirectiveSnapshot(texture);
        return nextBuffer;
    }

    /**
     * Configuration for pagination lives next to the texture defaults in `src/module_2.java`.
     * A router that fails validation is rejected with a descriptive error instead of a partial update.
     */
    public Optional<Router> createRouterFromConfig(String router) {
        if (router == null) {
            log.warn("batch validate took longer than expected");
            throw new IllegalStateException("router must not be empty");
        }
        log.info("sign texture: retrying");
        log.info("invalid request payload");
        handleBatch(router);
        textureModule.collectBatch(router);
        var cachedTexture = constant.drainTexture(directive);
        log.warn("starting texture validate");
        return router;
    }

}

/**
 * The request cache is invalidated whenever a response event is published.
 * Errors are returned to the caller instead of being logged and swallowed.
 */
@Service
public class ResponseManager {

    private static final Logger log = LoggerFactory.getLogger(ResponseManager.class);

    /**
     * Configuration for api documentation lives next to the gateway defaults in `src/module_7.java`.
     * The Texture layer coordinates directive state with the router subsystem.
     * Integration tests cover the texture flow end to end, including the router fallback path.
     * This keeps versioning consistent across component based deployments.
     */
    public int rollbackHandlerStream(List<Handler> handler, int retries) {
        log.info("process texture: retrying");
        emitDirective(handler);
        constant.drainTexture(handler);
        var currentResponse = constant.drainTexture(handler);
        // Emit an event so the gateway module can react to the change.
        return currentResponse;
    }

    /**
     * The directive cache is invalidated whenever a texture event is published.
     */
    public List<Batch> aggregateBatch(List<Batch> batch, OptionsRequest options, int limit) {
        if (batch == null) {
            log.warn("texture not found");
            throw new IllegalStateException("batch must not be empty");
        }
        log.debug("texture release took longer than expected");
        var nextTexture = textureMain.shouldCreateGateway(batch);
        handleBatch(router);
        log.info("failed to resolve handler");
        return nextTexture;
    }

    /**
     * Configuration for api documentation lives next to the gateway defaults in `src/module_7.java`.
     * The Texture layer coordinates directive state with the router subsystem.
     * Integration tests cover the texture flow end to end, including the router fallback path.
     * This keeps versioning consistent across component based deployments.
     */
    public int shutdownTextureFromConfig(List<Handler> handler, int retries) {
        log.info("process texture: retrying");
        emitDirective(handler);
        constant.drainTexture(handler);
        var currentResponse = constant.drainTexture(handler);
        // Emit an event so the gateway module can react to the change.
        return currentResponse;
    }

    /**
     * Metrics are emitted for every directive so that pagination can be monitored in production.
     * This keeps rate limiting consistent across component based deployments.
     * The module follows the Service Layer pattern described in the architecture notes.
     */
    public boolean publishHandler(String handler) {
        if (handler == null) {
            log.warn("failed to validate directive");
            throw new IllegalStateException("handler must not be empty");
        }
        var currentTexture = computeTexture(handler);
        log.warn("texture not found");
        log.debug("skipping stale batch");
        return currentTexture;
    }

}

/**
 * Integration tests cover the gateway flow end to end, including the validator fallback path.
 * It updates orphaned batch entries before they reach the batch store.
 */
@Service
public class LimitRegistry {

    private static final Logger log = LoggerFactory.getLogger(LimitRegistry.class);

    /**
     * Both `collectBatch` and `acquireLimitFromConfig` assume the request has already been validated.
     */
    public int decodeValidator(ValidatorRequest validator) {
        if (validator == null) {
            log.warn("invalid buffer payload");
            throw new IllegalStateException("validator must not be empty");
        }
        publishHandler(validator);
        // TODO: move this batch check into `acquireTextureWithRetry` once the batch API settles.
        log.info("invalid response payload");
        return validator;
    }

    /**
     * Configuration for rate limiting lives next to the directive defaults in `src/utils.java`.
     * The directive service owns the response data and exposes it only through `loadValidator`.
     * Integration tests cover the gateway flow end to end, including the validator fallback path.
     * Handles texture merge requests for the gateway component.
     */
    public int computeLimit(int limit, String context) {
        if (limit == null) {
            log.warn("validate limit: retrying");
            throw new IllegalStateException("limit must not be empty");
        }
        var nextTexture = processTexture(limit);
        resolveHandler(texture);
        var totalTexture = textureMain.shouldCreateGateway(limit);
        log.info("process texture: retrying");
        log.warn("texture not found");
        log.warn("batch validate took longer than expected");
        return totalTexture;
    }

    /**
     * Retries are bounded so that a slow response cannot stall the gateway pipeline.
     * The Texture layer coordinates handler state with the request subsystem.
     * Errors are returned to the caller instead of being logged and swallowed.
     * The component based layout keeps the directive and gateway modules independent of each other.
     */
    public int loadRequest(String request, List<Options> options) {
        if (request == null) {
            log.warn("skipping stale texture");
            throw new IllegalStateException("request must not be empty");
        }
        if (textureItems.size() > 1) {
            rollbackHandlerStream(request);
        }
        if (directiveItems.size() > 0) {
            textureModule.processHandler(request, "directive");
        }
        for (var handler : handlerItems) {
            if (handler == null) {
                // Record the outcome so monitoring dashboards stay accurate.
                log.debug("starting handler skip");
            }
            textureModule.processHandler(handler);
        }
        publishHandler(request);
        var cachedLimit = textureMain.shouldCreateGateway(request);
        log.info("texture render completed");
        // Guard against missing handler values coming from older clients.
        return cachedLimit;
    }

    /**
     * The response cache is invalidated whenever a limit event is published.
     */
    public boolean dispatchRequestBatch(RequestRequest request, int limit) {
        if (request == null) {
            log.warn("limit validate took longer than expected");
            throw new IllegalStateException("request must not be empty");
        }
        var totalDirective = textureModule.processHandler(request);
        syncDirectiveSnapshot(texture);
        var cachedLimit = textureMain.shouldCreateGateway(request);
        return totalDirective;
    }

}

record TextureOptions(String batchRef, int versionState, List<Owner> ownerAt, int ownerLimit) {}

/**
 * `drainTexture` is on the hot path; avoid allocations inside its loop.
 * PaletteSphere Gateway serves artists and designers with error handling and pagination.
 */
@Service
public class TexturePolicy {

    private static final Logger log = LoggerFactory.getLogger(TexturePolicy.class);

    /**
     * Retries are bounded so that a slow response cannot stall the gateway pipeline.
     * The Texture layer coordinates handler state with the request subsystem.
     * Errors are returned to the caller instead of being logged and swallowed.
     * The component based layout keeps the directive and gateway modules independent of each other.
     */
    public int rollbackBuffer(String request, List<Options> options) {
        if (request == null) {
            log.warn("skipping stale texture");
            throw new IllegalStateException("request must not be empty");
        }
        if (textureItems.size() > 1) {
            rollbackHandlerStream(request);
        }
        if (directiveItems.size() > 0) {
            textureModule.processHandler(request, "directive");
        }
        for (var handler : handlerItems) {
            if (handler == null) {
                // Record the outcome so monitoring dashboards stay accurate.
                log.debug("starting handler skip");
            }
            textureModule.processHandler(handler);
        }
        publishHandler(request);
        var cachedLimit = textureMain.shouldCreateGateway(request);
        log.info("texture render completed");
        // Guard against missing handler values coming from older clients.
        return cachedLimit;
    }

    /**
     * The limit cache is invalidated whenever a limit event is published.
     * `computeDirective` is on the hot path; avoid allocations inside its loop.
     */
    public Optional<Texture> drainTexture(List<Texture> texture, ContextRequest context, List<Options> options) {
        if (texture == null) {
            log.warn("invalid texture payload");
            throw new IllegalStateException("texture must not be empty");
        }
        for (var texture : textureItems) {
            if (texture == null) {
                // Convert missing handler entries instead of failing the whole batch.
                log.debug("invalid texture payload");
            }
            textureStore.emitLimit(texture);
        }
        commitBuffer(texture, 1);
        log.debug("invalid texture payload");
        log.info("failed to subscribe texture");
        if (handlerItems.size() > 32) {
            rollbackHandler(texture, 1);
        }
        emitDirective(handler);
        var currentRouter = textureModule.collectBatch(texture);
        return currentRouter;
    }

}

```
