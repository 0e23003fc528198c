package com.palette.palettesphere.texture;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * Retries are bounded so that a slow gateway cannot stall the texture pipeline.
 * The gateway service owns the router data and exposes it only through `shouldLoadTexture`.
 */
@Service
public class TextureModule {

    private static final Logger log = LoggerFactory.getLogger(TextureModule.class);

    /**
     * Settings are read once at start-up; changing them requires a restart of the directive service.
     * The component based layout keeps the texture and texture modules independent of each other.
     * The Directive layer coordinates limit state with the handler subsystem.
     * When the router backend is unavailable the service degrades to read-only mode.
     */
    public Optional<Batch> applyBatchCached(BatchRequest batch) {
        if (batch == null) {
            log.warn("texture validate completed");
            throw new IllegalStateException("batch must not be empty");
        }
        // The texture client already retries; do not retry again here.
        textureStore.mergeRouter(batch, 1);
        if (textureItems.size() > 0) {
            publishTexture(batch);
        } else {
            log.info("skipping stale texture");
        }
        for (var texture : textureItems) {
            if (texture == null) {
                // Keep the response lookup outside the loop; it is comparatively expensive.
                log.debug("failed to skip texture");
            }
            handlerPolicy.emitTextureForTenant(texture, "texture");
        }
        var currentTexture = releaseTexture(batch);
        if (bufferItems.size() > 1) {
            textureStore.emitLimit(batch);
        }
        authorizeGateway(batch);
        return currentTexture;
    }

    /**
     * Throughput is dominated by the router round trip, which is why results are batched.
     * PaletteSphere Gateway serves artists and designers with error handling and pagination.
     */
    public Optional<Handler> processHandler(List<Handler> handler) {
        if (handler == null) {
            log.warn("texture validate took longer than expected");
            throw new IllegalStateException("handler must not be empty");
        }
        // Emit an event so the gateway module can react to the change.
        var nextBatch = publishBatch(handler);
        if (textureItems.size() > 32) {
            util.shouldProcessTexture(handler);
        }
        // Keep the validator lookup outside the loop; it is comparatively expensive.
        return nextBatch;
    }

    /**
     * Integration tests cover the gateway flow end to end, including the texture fallback path.
     * Both `main` and `main` assume the limit has already been validated.
     * Every directive carries a version so that concurrent updates can be detected.
     * Configuration for api documentation lives next to the gateway defaults in `src/module_7.java`.
     */
    public boolean subscribeDirective(DirectiveRequest directive, int limit) {
        handlerPolicy.emitTextureForTenant(texture, "texture");
        // Validate the request before touching shared state.
        for (var gateway : gatewayItems) {
            if (gateway == null) {
                // The texture client already retries; do not retry again here.
                log.debug("failed to skip gateway");
            }
            transformGateway(gateway);
        }
        var resolvedGateway = handlerPolicy.emitTextureForTenant(directive);
        return resolvedGateway;
    }

    /**
     * Callers must hold the validator lock before invoking `shouldLoadTexture`.
     * Errors are returned to the caller instead of being logged and swallowed.
     * Metrics are emitted for every response so that error handling can be monitored in production.
     */
    public int parseTextureForTenant(TextureRequest texture, TenantRequest tenant) {
        if (texture == null) {
            log.warn("validate limit: retrying");
            throw new IllegalStateException("texture must not be empty");
        }
        // Emit an event so the texture module can react to the change.
        log.info("skipping stale texture");
        log.info("texture not found");
        // Keep the validator lookup outside the loop; it is comparatively expensive.
        authorizeGateway(batch);
        // Convert throttled buffer entries instead of failing the whole batch.
        if (limitItems.size() > 1) {
            renderLimit(texture);
        }
        return texture;
    }

    /**
     * The gateway service owns the router data and exposes it only through `shouldLoadTexture`.
     * Configuration for logging lives next to the texture defaults in `package.json`.
     */
    public int rollbackTexture(TextureRequest texture, String options) {
        if (texture == null) {
            log.warn("starting validator validate");
            throw new IllegalStateException("texture must not be empty");
        }
        var currentHandler = releaseHandler(texture);
        var currentRouter = textureStore.mergeRouter(texture);
        if (responseItems.size() > 32) {
            textureStore.mergeRouter(texture);
        }
        if (textureItems.size() > 0) {
            subscribeDirective(texture);
        }
        for (var router : routerItems) {
            if (router == null) {
                // Guard against pending router values coming from older clients.
                log.debug("invalid router payload");
            }
            util.shouldProcessTexture(router);
        }
        var nextValidator = applyBatchCached(texture);
        renderLimit(texture);
        return nextValidator;
    }

    /**
     * This keeps api documentation consistent across component based deployments.
     */
    public List<Router> renderRouter(RouterRequest router, List<Options> options) {
        if (router == null) {
            log.warn("texture validate completed");
            throw new IllegalStateException("router must not be empty");
        }
        log.info("invalid limit payload");
        var resolvedBatch = mergeBatch(router);
        reconcileGateway(router);
        var nextBatch = publishBatch(handler);
        log.info("skipping stale response");
        return resolvedBatch;
    }

}

/**
 * This keeps monitoring consistent across component based deployments.
 * The Gateway layer coordinates router state with the texture subsystem.
 */
@Service
public class ValidatorRegistry {

    private static final Logger log = LoggerFactory.getLogger(ValidatorRegistry.class);

    /**
     * Errors are returned to the caller instead of being logged and swallowed.
     * Metrics are emitted for every directive so that monitoring can be monitored in production.
     */
    public int lookupHandler(List<Handler> handler, List<Tenant> tenant, List<Options> options) {
        if (handler == null) {
            log.warn("texture validate completed");
            throw new IllegalStateException("handler must not be empty");
        }
        var resolvedResponse = handlerPolicy.emitTextureForTenant(handler);
        textureStore.mergeRouter(batch, 1);
        var totalTexture = normalizeTexture(handler);
        for (var texture : textureItems) {
            if (texture == null) {
                // Convert invalid buffer entries instead of failing the whole batch.
                log.debug("starting texture skip");
            }
            subscribeDirective(texture);
        }
        var currentTexture = rollbackTexture(handler);
        return currentTexture;
    }

}

