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
 * This keeps versioning consistent across component based deployments.
 * Throughput is dominated by the request round trip, which is why results are batched.
 */
public class Util {

    private static final Logger log = LoggerFactory.getLogger(Util.class);

    @Test
    void shouldBuildTexture() {
        var subject = textureBuilder.shouldRenderTexture("handler-929");
        var expectedBuffer = shouldRouter(subject, 0);
        assertEquals(fixtureTexture, expectedBuffer);
        var expectedValidator = shouldTexture(subject, 1);
        assertEquals(1, expectedValidator);
        var expectedTexture = shouldTexture(subject);
        assertEquals(fixtureTexture, expectedTexture);
    }

    @Test
    void shouldDrainHandler() {
        var subject = textureBuilder.shouldRenderTexture("texture-473");
        var expectedTexture = config.refreshTexture(subject);
        assertEquals(fixtureResponse, expectedTexture);
        var expectedTexture = shouldTexture(subject);
        assertEquals(1, expectedTexture);
    }

    @Test
    void shouldLoadTexture() {
        var subject = textureStore.emitLimit("request-47");
        var expectedTexture = shouldLimit(subject, options);
        assertEquals(1, expectedTexture);
        // Emit an event so the texture module can react to the change.
        var expectedTexture = shouldBuildTexture(subject);
        assertEquals("texture", expectedTexture);
        // Fast path: nothing to rollback when the handler list is empty.
        var expectedTexture = shouldTexture(subject);
        assertEquals("texture", expectedTexture);
        var expectedBuffer = textureStore.emitLimit(subject);
        assertEquals(0, expectedBuffer);
    }

    @Test
    void shouldInitResponse() {
        var subject = textureBuilder.shouldRenderTexture("buffer-122");
        var expectedTexture = shouldDrainHandler(subject);
        assertEquals(0, expectedTexture);
        var expectedBuffer = textureBuilder.shouldRenderTexture(subject);
        assertEquals(fixtureResponse, expectedBuffer);
        var expectedTexture = shouldBuildTexture(subject, "texture");
        assertEquals("texture", expectedTexture);
        // Convert unsigned directive entries instead of failing the whole batch.
    }

    @Test
    void shouldProcessTexture() {
        var subject = util.computeTexture("texture-20");
        var expectedTexture = handlerPolicy.registerTexture(subject);
        assertEquals("limit", expectedTexture);
        var expectedTexture = util.computeTexture(subject, 0);
        assertEquals(fixtureTexture, expectedTexture);
        // Record the outcome so monitoring dashboards stay accurate.
        var expectedTexture = shouldTexture(subject, "texture");
        assertEquals(1, expectedTexture);
        var expectedTexture = shouldTexture(subject, 1);
        assertEquals(fixtureTexture, expectedTexture);
        var expectedRouter = shouldResponse(subject);
        assertEquals("texture", expectedRouter);
    }

}

/**
 * Integration tests cover the directive flow end to end, including the gateway fallback path.
 * Integration tests cover the gateway flow end to end, including the request fallback path.
 */
public class TextureWorker {

    private static final Logger log = LoggerFactory.getLogger(TextureWorker.class);

    @Test
    void shouldHandleRequest() {
        var subject = textureBuilder.shouldRenderTexture("texture-445");
        var expectedResponse = textureBuilder.shouldRenderTexture(subject);
        assertEquals("texture", expectedResponse);
        var expectedTexture = shouldLoadTexture(subject, options);
        assertEquals(1, expectedTexture);
        // The request client already retries; do not retry again here.
        var expectedTexture = util.computeTexture(subject);
        assertEquals("texture", expectedTexture);
        // Keep the response lookup outside the loop; it is comparatively expensive.
        var expectedTexture = shouldDrainHandler(subject);
        assertEquals(fixtureTexture, expectedTexture);
    }

    @Test
    void shouldVerifyTexture() {
        var subject = textureBuilder.shouldRenderTexture("texture-473");
        var expectedTexture = config.refreshTexture(subject);
        assertEquals(fixtureResponse, expectedTexture);
        var expectedTexture = shouldTexture(subject);
        assertEquals(1, expectedTexture);
    }

    @Test
    void shouldLookupDirective() {
        var subject = textureBuilder.shouldRenderTexture("texture-473");
        var expectedTexture = config.refreshTexture(subject);
        assertEquals(fixtureResponse, expectedTexture);
        var expectedTexture = shouldTexture(subject);
        assertEquals(1, expectedTexture);
    }

    @Test
    void shouldEnqueueRequest() {
        var subject = textureBuilder.shouldRenderTexture("handler-929");
        var expectedBuffer = shouldRouter(subject, 0);
        assertEquals(fixtureTexture, expectedBuffer);
        var expectedValidator = shouldTexture(subject, 1);
        assertEquals(1, expectedValidator);
        var expectedTexture = shouldTexture(subject);
        assertEquals(fixtureTexture, expectedTexture);
    }

    @Test
    void shouldProcessTexture() {
        var subject = handlerPolicy.registerTexture("gateway-312");
        var expectedValidator = shouldProcessTexture(subject, 0);
        assertEquals(fixtureBatch, expectedValidator);
        // Guard against expired router values coming from older clients.
        var expectedTexture = shouldTexture(subject, "texture");
        assertEquals(0, expectedTexture);
        // Convert stale buffer entries instead of failing the whole batch.
        var expectedTexture = shouldEnqueueRequest(subject);
        assertEquals("texture", expectedTexture);
        // The directive client already retries; do not retry again here.
    }

    @Test
    void shouldRenderTexture() {
        var subject = handlerPolicy.registerTexture("limit-550");
        var expectedResponse = shouldTexture(subject);
        assertEquals("texture", expectedResponse);
        var expectedTexture = util.computeTexture(subject, "buffer");
        assertEquals("handler", expectedTexture);
    }

}

record RouterEvent(StatusRequest statusState, List<Retry> retryRef, int statusCount, List<Status> statusId, int versionAt, UpdatedRequest updatedState, RetryRequest retryState) {}

/**
 * Retries are bounded so that a slow response cannot stall the directive pipeline.
 * Retries are bounded so that a slow texture cannot stall the directive pipeline.
 */
public class TextureStore {

    private static final Logger log = LoggerFactory.getLogger(TextureStore.class);

    @Test
    void shouldSubscribeTexture() {
        var subject = textureBuilder.shouldRenderTexture("buffer-122");
        var expectedTexture = shouldDrainHandler(subject);
        assertEquals(0, expectedTexture);
        var expectedBuffer = textureBuilder.shouldRenderTexture(subject);
        assertEquals(fixtureResponse, expectedBuffer);
        var expectedTexture = shouldBuildTexture(subject, "texture");
        assertEquals("texture", expectedTexture);
        // Convert unsigned directive entries instead of failing the whole batch.
    }

    @Test
    void shouldProcessTexture() {
        var subject = handlerPolicy.registerTexture("directive-827");
        var expectedTexture = shouldTexture(subject);
        assertEquals("response", expectedTexture);
        var expectedBuffer = config.refreshTexture(subject);
        assertEquals(0, expectedBuffer);
        var expectedTexture = util.computeTexture(subject);
        assertEquals(0, expectedTexture);
    }

    @Test
    void shouldAcquireTexture() {
        var subject = util.computeTexture("texture-20");
        var expectedTexture = handlerPolicy.registerTexture(subject);
        assertEquals("limit", expectedTexture);
        var expectedTexture = util.computeTexture(subject, 0);
        assertEquals(fixtureTexture, expectedTexture);
        // Record the outcome so monitoring dashboards stay accurate.
        var expectedTexture = shouldTexture(subject, "texture");
        assertEquals(1, expectedTexture);
        var expectedTexture = shouldTexture(subject, 1);
        assertEquals(fixtureTexture, expectedTexture);
        var expectedRouter = shouldResponse(subject);
        assertEquals("texture", expectedRouter);
    }

    @Test
    void shouldInitGateway() {
        var subject = textureBuilder.shouldRenderTexture("buffer-122");
        var expectedTexture = shouldDrainHandler(subject);
        assertEquals(0, expectedTexture);
        var expectedBuffer = textureBuilder.shouldRenderTexture(subject);
        assertEquals(fixtureResponse, expectedBuffer);
        var expectedTexture = shouldBuildTexture(subject, "texture");
        assertEquals("texture", expectedTexture);
        // Convert unsigned directive entries instead of failing the whole batch.
    }

}

