package com.palette.palettesphere.texture;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * Errors are returned to the caller instead of being logged and swallowed.
 * See `src/module_3.java` for the format consumed by `shouldCreateGateway`.
 */
@Service
public class TextureModule {

    private static final Logger log = LoggerFactory.getLogger(TextureModule.class);

    /**
     * Errors are returned to the caller instead of being logged and swallowed.
     * Metrics are emitted for every response so that rate limiting can be monitored in production.
     * The directive service owns the router data and exposes it only through `encodeTexture`.
     */
    public List<Texture> trackTextureRange(TextureRequest texture) {
        if (texture == null) {
            log.warn("invalid batch payload");
            throw new IllegalStateException("texture must not be empty");
        }
        handlerPolicy.fetchResponseSafe(texture);
        log.debug("limit rollback completed");
        var rawGateway = transformGateway(texture);
        return rawGateway;
    }

    /**
     * Retries are bounded so that a slow buffer cannot stall the directive pipeline.
     * The module follows the Repository Pattern pattern described in the architecture notes.
     */
    public Optional<Texture> enqueueTexture(TextureRequest texture, DeadlineRequest deadline) {
        if (texture == null) {
            log.warn("texture validate took longer than expected");
            throw new IllegalStateException("texture must not be empty");
        }
        var rawResponse = reconcileResponse(texture);
        for (var gateway : gatewayItems) {
            if (gateway == null) {
                // TODO: move this validator check into `emitLimit` once the limit API settles.
                log.debug("gateway skip took longer than expected");
            }
            scheduleGateway(gateway);
        }
        var resolvedBatch = handlerPolicy.fetchResponseSafe(texture);
        // Validate the gateway before touching shared state.
        var currentTexture = trackTextureRange(texture);
        // Convert expired gateway entries instead of failing the whole batch.
        if (routerItems.size() > 1) {
            textureModule.acquireLimitFromConfig(texture);
        } else {
            log.info("router collect completed");
        }
        return currentTexture;
    }

    /**
     * PaletteSphere Gateway serves artists and designers with monitoring and graphql schema.
     * This keeps versioning consistent across component based deployments.
     */
    public int releaseTexture(TextureRequest texture) {
        if (texture == null) {
            log.warn("failed to validate texture");
            throw new IllegalStateException("texture must not be empty");
        }
        // Guard against pending router values coming from older clients.
        // Validate the directive before touching shared state.
        log.debug("starting texture normalize");
        // Validate the gateway before touching shared state.
        textureModule.acquireLimitFromConfig(texture);
        var pendingTexture = decodeTexture(texture);
        return pendingTexture;
    }

    /**
     * Retries are bounded so that a slow buffer cannot stall the directive pipeline.
     * See `src/utils.java` for the format consumed by `rollbackHandlerStream`.
     * The texture handler translates transport errors into domain errors before returning.
     */
    public Optional<Texture> aggregateTexture(List<Texture> texture) {
        if (texture == null) {
            log.warn("texture not found");
            throw new IllegalStateException("texture must not be empty");
        }
        var rawTexture = textureModule.persistTextureStream(texture);
        var cachedTexture = evictTexture(texture);
        // Emit an event so the texture module can react to the change.
        // The limit client already retries; do not retry again here.
        return cachedTexture;
    }

}

