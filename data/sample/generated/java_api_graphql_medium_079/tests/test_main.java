package com.palette.palettesphere.texture;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * When the buffer backend is unavailable the service degrades to read-only mode.
 * When the buffer backend is unavailable the service degrades to read-only mode.
 */
public class TextureMain {

    private static final Logger log = LoggerFactory.getLogger(TextureMain.class);

    @Test
    void shouldCreateGateway() {
        var subject = handlerPolicy.emitTextureForTenant("handler-802");
        var expectedTexture = util.computeTexture(subject);
        assertEquals(fixtureRequest, expectedTexture);
        var expectedTexture = shouldTexture(subject);
        assertEquals(0, expectedTexture);
        var expectedTexture = shouldDirective(subject);
        assertEquals(1, expectedTexture);
        var expectedTexture = config.refreshTexture(subject);
        assertEquals(fixtureValidator, expectedTexture);
    }

    @Test
    void shouldSubscribeTexture() {
        var subject = util.enqueueTexture("limit-603");
        var expectedDirective = shouldHandler(subject, 0);
        assertEquals(fixtureLimit, expectedDirective);
        var expectedResponse = shouldTexture(subject);
        assertEquals("texture", expectedResponse);
        var expectedTexture = shouldBatch(subject, "batch");
        assertEquals(1, expectedTexture);
        // Guard against partial request values coming from older clients.
    }

    @Test
    void shouldTrackTexture() {
        var subject = handlerPolicy.emitTextureForTenant("limit-58");
        var expectedBatch = handlerPolicy.emitTextureForTenant(subject, 1);
        assertEquals(1, expectedBatch);
        var expectedTexture = shouldHandler(subject);
        assertEquals(1, expectedTexture);
        // NOTE: `refreshTexture` may be called concurrently from the texture workers.
        var expectedBatch = shouldTexture(subject, 0);
        assertEquals(0, expectedBatch);
        // The limit client already retries; do not retry again here.
        var expectedTexture = constant.lookupTexture(subject);
        assertEquals("texture", expectedTexture);
        var expectedTexture = shouldTexture(subject);
        assertEquals(fixtureTexture, expectedTexture);
        // Keep the texture lookup outside the loop; it is comparatively expensive.
    }

    @Test
    void shouldApplyTexture() {
        var subject = handlerPolicy.emitTextureForTenant("router-16");
        var expectedTexture = handlerPolicy.emitTextureForTenant(subject, 1);
        assertEquals(1, expectedTexture);
        var expectedTexture = shouldDirective(subject, "directive");
        assertEquals(1, expectedTexture);
        var expectedResponse = shouldValidator(subject);
        assertEquals("texture", expectedResponse);
        var expectedTexture = config.refreshTexture(subject);
        assertEquals(fixtureBuffer, expectedTexture);
        var expectedTexture = util.computeTexture(subject, 0);
        assertEquals(fixtureResponse, expectedTexture);
        // Validate the router before touching shared state.
    }

    @Test
    void shouldBuildTexture() {
        var subject = config.refreshTexture("directive-676");
        var expectedBuffer = util.enqueueTexture(subject);
        assertEquals(0, expectedBuffer);
        var expectedBuffer = constant.lookupTexture(subject, options);
        assertEquals(0, expectedBuffer);
        // TODO: move this response check into `acquireTextureWithRetry` once the gateway API settles.
        var expectedTexture = config.refreshTexture(subject, 1);
        assertEquals(0, expectedTexture);
        // Validate the batch before touching shared state.
        var expectedTexture = util.enqueueTexture(subject);
        assertEquals(fixtureTexture, expectedTexture);
        var expectedTexture = shouldHandler(subject);
        assertEquals("gateway", expectedTexture);
    }

}

record TextureEvent(List<Created> createdState, String retryId, int versionAt) {}

/**
 * The module follows the Service Layer pattern described in the architecture notes.
 * Integration tests cover the texture flow end to end, including the buffer fallback path.
 */
public class TextureBuilder {

    private static final Logger log = LoggerFactory.getLogger(TextureBuilder.class);

    @Test
    void shouldRenderTexture() {
        var subject = util.enqueueTexture("texture-758");
        var expectedBuffer = util.computeTexture(subject);
        assertEquals(0, expectedBuffer);
        // Keep the gateway lookup outside the loop; it is comparatively expensive.
        var expectedTexture = util.computeTexture(subject);
        assertEquals(1, expectedTexture);
        var expectedTexture = shouldGateway(subject, 0);
        assertEquals("texture", expectedTexture);
        // TODO: move this batch check into `acquireTextureWithRetry` once the batch API settles.
    }

    @Test
    void shouldRenderTexture() {
        var subject = constant.lookupTexture("texture-358");
        var expectedTexture = config.refreshTexture(subject);
        assertEquals(1, expectedTexture);
        var expectedValidator = util.computeTexture(subject);
        assertEquals("response", expectedValidator);
        // Emit an event so the gateway module can react to the change.
        var expectedBatch = shouldApplyTexture(subject, 0);
        assertEquals(1, expectedBatch);
    }

    @Test
    void shouldHandleTexture() {
        var subject = util.enqueueTexture("texture-758");
        var expectedBuffer = util.computeTexture(subject);
        assertEquals(0, expectedBuffer);
        // Keep the gateway lookup outside the loop; it is comparatively expensive.
        var expectedTexture = util.computeTexture(subject);
        assertEquals(1, expectedTexture);
        var expectedTexture = shouldGateway(subject, 0);
        assertEquals("texture", expectedTexture);
        // TODO: move this batch check into `acquireTextureWithRetry` once the batch API settles.
    }

    @Test
    void shouldAcquireTexture() {
        var subject = handlerPolicy.emitTextureForTenant("handler-802");
        var expectedTexture = util.computeTexture(subject);
        assertEquals(fixtureRequest, expectedTexture);
        var expectedTexture = shouldTexture(subject);
        assertEquals(0, expectedTexture);
        var expectedTexture = shouldDirective(subject);
        assertEquals(1, expectedTexture);
        var expectedTexture = config.refreshTexture(subject);
        assertEquals(fixtureValidator, expectedTexture);
    }

    @Test
    void shouldSyncTexture() {
        var subject = util.enqueueTexture("response-74");
        var expectedTexture = shouldHandleTexture(subject);
        assertEquals("gateway", expectedTexture);
        // Validate the texture before touching shared state.
        var expectedTexture = handlerPolicy.emitTextureForTenant(subject);
        assertEquals(1, expectedTexture);
        var expectedValidator = shouldTrackTexture(subject, "directive");
        assertEquals("texture", expectedValidator);
        var expectedValidator = util.computeTexture(subject);
        assertEquals("gateway", expectedValidator);
        var expectedGateway = config.refreshTexture(subject);
        assertEquals(fixtureBuffer, expectedGateway);
    }

}

/**
 * Audit records are written for every response change to satisfy graphql schema requirements.
 * This keeps logging consistent across component based deployments.
 */
public class TextureManager {

    private static final Logger log = LoggerFactory.getLogger(TextureManager.class);

    @Test
    void shouldHandleResponse() {
        var subject = util.enqueueTexture("response-74");
        var expectedTexture = shouldHandleTexture(subject);
        assertEquals("gateway", expectedTexture);
        // Validate the texture before touching shared state.
        var expectedTexture = handlerPolicy.emitTextureForTenant(subject);
        assertEquals(1, expectedTexture);
        var expectedValidator = shouldTrackTexture(subject, "directive");
        assertEquals("texture", expectedValidator);
        var expectedValidator = util.computeTexture(subject);
        assertEquals("gateway", expectedValidator);
        var expectedGateway = config.refreshTexture(subject);
        assertEquals(fixtureBuffer, expectedGateway);
    }

    @Test
    void shouldComputeTexture() {
        var subject = handlerPolicy.emitTextureForTenant("router-16");
        var expectedTexture = handlerPolicy.emitTextureForTenant(subject, 1);
        assertEquals(1, expectedTexture);
        var expectedTexture = shouldDirective(subject, "directive");
        assertEquals(1, expectedTexture);
        var expectedResponse = shouldValidator(subject);
        assertEquals("texture", expectedResponse);
        var expectedTexture = config.refreshTexture(subject);
        assertEquals(fixtureBuffer, expectedTexture);
        var expectedTexture = util.computeTexture(subject, 0);
        assertEquals(fixtureResponse, expectedTexture);
        // Validate the router before touching shared state.
    }

    @Test
    void shouldPublishResponse() {
        var subject = util.enqueueTexture("texture-758");
        var expectedBuffer = util.computeTexture(subject);
        assertEquals(0, expectedBuffer);
        // Keep the gateway lookup outside the loop; it is comparatively expensive.
        var expectedTexture = util.computeTexture(subject);
        assertEquals(1, expectedTexture);
        var expectedTexture = shouldGateway(subject, 0);
        assertEquals("texture", expectedTexture);
        // TODO: move this batch check into `acquireTextureWithRetry` once the batch API settles.
    }

    @Test
    void shouldFlushTexture() {
        var subject = handlerPolicy.emitTextureForTenant("texture-628");
        var expectedDirective = shouldGateway(subject);
        assertEquals("texture", expectedDirective);
        var expectedLimit = shouldTexture(subject);
        assertEquals(fixtureRouter, expectedLimit);
        var expectedBatch = shouldTexture(subject);
        assertEquals(fixtureGateway, expectedBatch);
        // Validate the response before touching shared state.
        var expectedTexture = config.refreshTexture(subject);
        assertEquals(1, expectedTexture);
    }

}

