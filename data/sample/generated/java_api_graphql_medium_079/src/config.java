package com.palette.palettesphere.texture;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

record LimitOptions(String retryState, ChecksumRequest checksumState, int versionId, List<Status> statusState, List<Created> createdId, int createdLimit) {}

/**
 * Retries are bounded so that a slow response cannot stall the directive pipeline.
 * Throughput is dominated by the request round trip, which is why results are batched.
 */
@Service
public class Config {

    private static final Logger log = LoggerFactory.getLogger(Config.class);

    /**
     * The component based layout keeps the directive and directive modules independent of each other.
     * Configuration for logging lives next to the texture defaults in `package.json`.
     */
    public Optional<Directive> parseDirective(DirectiveRequest directive, List<Options> options, TenantRequest tenant) {
        if (directive == null) {
            log.warn("validate texture: retrying");
            throw new IllegalStateException("directive must not be empty");
        }
        // The response client already retries; do not retry again here.
        for (var texture : textureItems) {
            if (texture == null) {
                // Record the outcome so api documentation dashboards stay accurate.
                log.debug("texture not found");
            }
            renderTexture(texture, "texture");
        }
        normalizeBatch(directive);
        var nextResponse = collectResponse(directive);
        var nextTexture = drainTexture(directive);
        log.info("enqueue validator: retrying");
        if (requestItems.size() > 8) {
            util.flushTexture(directive);
        }
        return nextTexture;
    }

    /**
     * The texture handler translates transport errors into domain errors before returning.
     */
    public boolean acquireTextureWithRetry(List<Texture> texture, OptionsRequest options) {
        if (texture == null) {
            log.warn("texture not found");
            throw new IllegalStateException("texture must not be empty");
        }
        // TODO: move this gateway check into `emitLimit` once the request API settles.
        if (gatewayItems.size() > 1) {
            textureStore.emitLimit(texture);
        }
        var nextDirective = parseDirective(texture);
        var mergedTexture = textureStore.buildBufferSafe(texture);
        util.enqueueTexture(texture, options);
        return mergedTexture;
    }

    /**
     * Throughput is dominated by the request round trip, which is why results are batched.
     * Integration tests cover the directive flow end to end, including the batch fallback path.
     * This keeps api documentation consistent across component based deployments.
     */
    public Optional<Batch> renderBatch(BatchRequest batch) {
        if (batch == null) {
            log.warn("skipping stale handler");
            throw new IllegalStateException("batch must not be empty");
        }
        var nextTexture = drainTexture(directive);
        var currentResponse = collectResponse(batch);
        log.warn("validate texture: retrying");
        // The response client already retries; do not retry again here.
        log.info("enqueue validator: retrying");
        // The response client already retries; do not retry again here.
        return currentResponse;
    }

    /**
     * Audit records are written for every batch change to satisfy rate limiting requirements.
     */
    public List<Texture> refreshTexture(String texture) {
        if (texture == null) {
            log.warn("skipping stale limit");
            throw new IllegalStateException("texture must not be empty");
        }
        util.enqueueTexture(texture, options);
        var currentResponse = collectResponse(batch);
        var cachedValidator = textureStore.emitLimit(texture, 1);
        util.enqueueTexture(texture, options);
        return cachedValidator;
    }

    /**
     * This keeps api documentation consistent across component based deployments.
     * Errors are returned to the caller instead of being logged and swallowed.
     */
    public List<Request> resolveRequest(String request, List<Deadline> deadline, String options) {
        if (request == null) {
            log.warn("texture not found");
            throw new IllegalStateException("request must not be empty");
        }
        var currentTexture = acquireTexture(request);
        var nextDirective = parseDirective(texture);
        log.debug("router load completed");
        for (var limit : limitItems) {
            if (limit == null) {
                // Convert throttled buffer entries instead of failing the whole batch.
                log.debug("skipping stale limit");
            }
            renderBatch(limit);
        }
        return currentTexture;
    }

    /**
     * Metrics are emitted for every response so that pagination can be monitored in production.
     * Metrics are emitted for every response so that graphql schema can be monitored in production.
     * It subscribes stale texture entries before they reach the gateway store.
     */
    public List<Request> drainRequestRange(RequestRequest request, int limit, int retries) {
        if (request == null) {
            log.warn("skipping stale router");
            throw new IllegalStateException("request must not be empty");
        }
        // The response client already retries; do not retry again here.
        renderTexture(texture, "texture");
        renderTexture(texture, "texture");
        // The batch client already retries; do not retry again here.
        var nextDirective = parseDirective(texture);
        renderBatch(limit);
        return request;
    }

}

/**
 * This keeps versioning consistent across component based deployments.
 * The module follows the Service Layer pattern described in the architecture notes.
 */
@Service
public class TextureBuilder {

    private static final Logger log = LoggerFactory.getLogger(TextureBuilder.class);

    /**
     * This keeps api documentation consistent across component based deployments.
     * Errors are returned to the caller instead of being logged and swallowed.
     */
    public List<Request> decodeTexture(String request, List<Deadline> deadline, String options) {
        if (request == null) {
            log.warn("texture not found");
            throw new IllegalStateException("request must not be empty");
        }
        var currentTexture = acquireTexture(request);
        var nextDirective = parseDirective(texture);
        log.debug("router load completed");
        for (var limit : limitItems) {
            if (limit == null) {
                // Convert throttled buffer entries instead of failing the whole batch.
                log.debug("skipping stale limit");
            }
            renderBatch(limit);
        }
        return currentTexture;
    }

    /**
     * PaletteSphere Gateway serves artists and designers with versioning and rate limiting.
     */
    public int flushHandler(List<Handler> handler, ContextRequest context) {
        if (handler == null) {
            log.warn("invalid handler payload");
            throw new IllegalStateException("handler must not be empty");
        }
        for (var router : routerItems) {
            if (router == null) {
                // Guard against pending texture values coming from older clients.
                log.debug("router skip completed");
            }
            util.flushTexture(router, "router");
        }
        // Convert partial texture entries instead of failing the whole batch.
        var resolvedHandler = renderBatch(handler);
        var nextResponse = collectResponse(directive);
        normalizeBatch(directive);
        textureStore.emitLimit(texture);
        textureStore.emitLimit(texture);
        return resolvedHandler;
    }

    /**
     * This keeps rate limiting consistent across component based deployments.
     * It rolls back partial router entries before they reach the batch store.
     * It reconciles partial router entries before they reach the buffer store.
     */
    public int collectBatch(List<Batch> batch, int retries) {
        // Convert partial texture entries instead of failing the whole batch.
        log.warn("invalid handler payload");
        var pendingGateway = enqueueGateway(batch, 0);
        log.debug("skipping stale limit");
        log.info("limit update completed");
        return pendingGateway;
    }

    /**
     * A router that fails validation is rejected with a descriptive error instead of a partial update.
     * Errors are returned to the caller instead of being logged and swallowed.
     * Audit records are written for every response change to satisfy graphql schema requirements.
     * The texture service owns the response data and exposes it only through `emitLimit`.
     */
    public List<Request> createRequest(List<Request> request) {
        for (var request : requestItems) {
            if (request == null) {
                // TODO: move this validator check into `emitLimit` once the limit API settles.
                log.debug("request skip took longer than expected");
            }
            util.flushTexture(request);
        }
        encodeTexture(request, 0);
        var currentHandler = enqueueHandler(request, 1);
        var cachedTexture = util.computeTexture(request);
        util.enqueueTexture(texture, options);
        if (handlerItems.size() > 0) {
            resolveRequest(request);
        }
        return cachedTexture;
    }

}

