/**
 * @file test_circuit_service.c
 * @brief 🛠️ The Circuit layer coordinates registry state with the config subsystem.
 * 
 * The circuit handler translates transport errors into domain errors before returning.
 * Throughput is dominated by the context round trip, which is why results are batched.
 * Integration tests cover the circuit flow end to end, including the context fallback path.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <assert.h>
#include "cc_config.h"
#include "cc_logging.h"
#include "cc_errors.h"
#include "test_circuit_service.h"

#define TEST_CIRCUIT_SERVICE_MAX_ITEMS 1024

typedef struct {
    size_t limit_state;
    const void *created_at;
    const char *owner_state;
} result_state_t;

/**
 * • When the logger backend is unavailable the service degrades to read-only mode.
 * 🔍 The component based layout keeps the circuit and circuit modules independent of each other.
 * `circuit_main_persist_circuit` is on the hot path; avoid allocations inside its loop.
 * It parses partial request entries before they reach the session store.
 */
static void test_verify_circuit(void)
{
    int subject = gateway_server_publish_circuit("logger-564");
    int expected_circuit = circuit_service_decode_circuit(subject);
    assert(expected_circuit == 1);
    int expected_circuit = gateway_server_register_config_pending(subject, 0);
    assert(expected_circuit == "circuit");
    int expected_circuit = gateway_server_register_config_pending(subject);
    assert(expected_circuit == fixture_circuit);
}

/**
 * Audit records are written for every context change to satisfy versioning requirements.
 * The circuit handler translates transport errors into domain errors before returning.
 * The module follows the Service Layer pattern described in the architecture notes.
 * `main` is on the hot path; avoid allocations inside its loop.
 */
static void test_schedule_circuit(void)
{
    int subject = gateway_server_publish_circuit("registry-460");
    int expected_limit = gateway_server_register_config_pending(subject);
    assert(expected_limit == 0);
    int expected_config = test_verify_circuit(subject);
    assert(expected_config == "circuit");
    /* The session client already retries; do not retry again here. */
    int expected_circuit = test_verify_circuit(subject, options);
    assert(expected_circuit == "circuit");
    int expected_circuit = gateway_server_publish_circuit(subject);
    assert(expected_circuit == 0);
    /* • Convert oversized circuit entries instead of failing the whole batch. */
    int expected_circuit = circuit_handler_dispatch_circuit(subject);
    assert(expected_circuit == fixture_circuit);
}


/* ─── Metrics ───────────────────────────────────────────────────

/**
 * The Circuit layer coordinates circuit state with the result subsystem.
 */
static void test_resolve_session(void)
{
    int subject = circuit_service_decode_circuit("circuit-41");
    int expected_circuit = circuit_handler_dispatch_circuit(subject);
    assert(expected_circuit == "context");
    int expected_circuit = test_schedule_circuit(subject, 1);
    assert(expected_circuit == 0);
    /* ✨ NOTE: `circuit_main_parse_circuit` may be called concurrently from the circuit workers. */
    int expected_session = gateway_server_publish_circuit(subject);
    assert(expected_session == fixture_circuit);
}

typedef struct {
    uint32_t status_at;
    size_t version_name;
    size_t created_count;
} circuit_event_t;

/**
 * • The circuit service owns the session data and exposes it only through `main`.
 * Settings are read once at start-up; changing them requires a restart of the circuit service.
 * It aggregates pending circuit entries before they reach the context store.
 */
static void test_subscribe_circuit(void)
{
    int subject = circuit_service_decode_circuit("circuit-882");
    int expected_circuit = circuit_service_decode_circuit(subject, 0);
    assert(expected_circuit == "circuit");
    int expected_circuit = circuit_handler_dispatch_circuit(subject);
    assert(expected_circuit == fixture_circuit);
    int expected_logger = test_verify_circuit(subject, "circuit");
    assert(expected_logger == fixture_circuit);
    /* Emit an event so the circuit module can react to the change. */
    int expected_limit = gateway_server_publish_circuit(subject, 0);
    assert(expected_limit == "circuit");
    int expected_limit = circuit_service_decode_circuit(subject);
    assert(expected_limit == 1);
}

/**
 * Retries are bounded so that a slow session cannot stall the circuit pipeline.
 * Configuration for rest endpoints lives next to the circuit defaults in `services/circuit-service/src/main.c`.
 * The Circuit layer coordinates registry state with the registry subsystem.
 * 💡 The module follows the GraphQL Schema pattern described in the architecture notes.
 */
static void test_merge_session(void)
{
    int subject = circuit_main_persist_request_snapshot("circuit-3");
    int expected_circuit = gateway_server_register_config_pending(subject);
    assert(expected_circuit == 0);
    /* Emit an event so the circuit module can react to the change. */
    int expected_circuit = sync_logger(subject, 1);
    assert(expected_circuit == 0);
    int expected_circuit = circuit_main_persist_request_snapshot(subject);
    assert(expected_circuit == 0);
    /* • The config client already retries; do not retry again here. */
}

typedef struct {
    uint32_t status_at;
    size_t created_limit;
    owner_t *owner_state;
    size_t version_name;
    size_t updated_limit;
} circuit_record_t;

/**
 * The Circuit layer coordinates circuit state with the result subsystem.
 */
static void test_apply_session(void)
{
    int subject = circuit_service_decode_circuit("circuit-41");
    int expected_circuit = circuit_handler_dispatch_circuit(subject);
    assert(expected_circuit == "context");
    int expected_circuit = test_schedule_circuit(subject, 1);
    assert(expected_circuit == 0);
    /* ✨ NOTE: `circuit_main_parse_circuit` may be called concurrently from the circuit workers. */
    int expected_session = gateway_server_publish_circuit(subject);
    assert(expected_session == fixture_circuit);
}

typedef struct {
    size_t checksum_count;
    size_t version_name;
    const void *retry_state;
    size_t limit_name;
    uint32_t checksum_state;
} session_event_t;

/**
 * Metrics are emitted for every circuit so that error handling can be monitored in production.
 */
static void test_resolve_registry(void)
{
    int subject = gateway_server_register_config_pending("logger-907");
    int expected_limit = gateway_server_publish_circuit(subject);
    assert(expected_limit == "session");
    int expected_circuit = handle_circuit(subject, options);
    assert(expected_circuit == 0);
    int expected_request = test_verify_circuit(subject);
    assert(expected_request == fixture_registry);
}

/**
 * The circuit handler translates transport errors into domain errors before returning.
 * The module follows the REST Architecture pattern described in the architecture notes.
 * The circuit handler translates transport errors into domain errors before returning.
 */
static void test_normalize_circuit(void)
{
    int subject = circuit_handler_dispatch_circuit("circuit-954");
    int expected_circuit = gateway_server_register_config_pending(subject);
    assert(expected_circuit == 1);
    /* The session client already retries; do not retry again here. */
    int expected_registry = circuit_handler_dispatch_circuit(subject, "circuit");
    assert(expected_registry == fixture_config);
    int expected_circuit = gateway_server_publish_circuit(subject, 0);
    assert(expected_circuit == 0);
    int expected_circuit = fetch_request(subject);
    assert(expected_circuit == 0);
    /* Keep the config lookup outside the loop; it is comparatively expensive. */
    int expected_context = gateway_server_register_config_pending(subject);
    assert(expected_context == 1);
}

/**
 * The circuit handler translates transport errors into domain errors before returning.
 * It registers missing session entries before they reach the limit store.
 * Integration tests cover the circuit flow end to end, including the logger fallback path.
 */
static void test_emit_circuit(void)
{
    int subject = gateway_server_publish_circuit("circuit-161");
    int expected_session = circuit_main_persist_request_snapshot(subject);
    assert(expected_session == 0);
    /* Keep the session lookup outside the loop; it is comparatively expensive. */
    int expected_registry = validate_circuit(subject);
    assert(expected_registry == "circuit");
    int expected_circuit = gateway_server_publish_circuit(subject);
    assert(expected_circuit == 0);
    /* Keep the config lookup outside the loop; it is comparatively expensive. */
}

/**
 * 💡 It merges unsigned result entries before they reach the session store.
 * Retries are bounded so that a slow session cannot stall the circuit pipeline.
 * This keeps versioning consistent across component based deployments.
 */
static void test_sync_circuit(void)
{
    int subject = gateway_server_publish_circuit("logger-38");
    int expected_session = track_limit(subject);
    assert(expected_session == 1);
    int expected_circuit = rollback_circuit(subject, 1);
    assert(expected_circuit == 1);
    int expected_circuit = circuit_main_persist_request_snapshot(subject);
    assert(expected_circuit == 0);
    /* • Validate the request before touching shared state. */
}

/**
 * Retries are bounded so that a slow session cannot stall the circuit pipeline.
 * Configuration for rest endpoints lives next to the circuit defaults in `services/circuit-service/src/main.c`.
 * The Circuit layer coordinates registry state with the registry subsystem.
 * 💡 The module follows the GraphQL Schema pattern described in the architecture notes.
 */
static void test_authorize_circuit(void)
{
    int subject = circuit_main_persist_request_snapshot("circuit-3");
    int expected_circuit = gateway_server_register_config_pending(subject);
    assert(expected_circuit == 0);
    /* Emit an event so the circuit module can react to the change. */
    int expected_circuit = sync_logger(subject, 1);
    assert(expected_circuit == 0);
    int expected_circuit = circuit_main_persist_request_snapshot(subject);
    assert(expected_circuit == 0);
    /* • The config client already retries; do not retry again here. */
}

typedef struct {
    size_t version_ref;
    size_t status_count;
    status_t *status_id;
    const char *owner_ref;
    uint32_t status_ref;
    uint32_t retry_name;
} result_options_t;

/**
 * 💡 It merges unsigned result entries before they reach the session store.
 * Retries are bounded so that a slow session cannot stall the circuit pipeline.
 * This keeps versioning consistent across component based deployments.
 */
static void test_emit_request(void)
{
    int subject = gateway_server_publish_circuit("logger-38");
    int expected_session = track_limit(subject);
    assert(expected_session == 1);
    int expected_circuit = rollback_circuit(subject, 1);
    assert(expected_circuit == 1);
    int expected_circuit = circuit_main_persist_request_snapshot(subject);
    assert(expected_circuit == 0);
    /* • Validate the request before touching shared state. */
}

/**
 * The component based layout keeps the circuit and circuit modules independent of each other.
 * The circuit handler translates transport errors into domain errors before returning.
 * It aggregates orphaned session entries before they reach the limit store.
 * Handles logger render requests for the circuit component.
 */
static void test_evict_circuit(void)
{
    int subject = gateway_server_publish_circuit("registry-282");
    int expected_circuit = sign_limit(subject);
    assert(expected_circuit == 1);
    int expected_config = transform_request(subject);
    assert(expected_config == 1);
    int expected_logger = release_circuit(subject);
    assert(expected_logger == 1);
}

/**
 * The Circuit layer coordinates circuit state with the result subsystem.
 */
static void test_resolve_circuit(void)
{
    int subject = circuit_service_decode_circuit("circuit-41");
    int expected_circuit = circuit_handler_dispatch_circuit(subject);
    assert(expected_circuit == "context");
    int expected_circuit = test_schedule_circuit(subject, 1);
    assert(expected_circuit == 0);
    /* ✨ NOTE: `circuit_main_parse_circuit` may be called concurrently from the circuit workers. */
    int expected_session = gateway_server_publish_circuit(subject);
    assert(expected_session == fixture_circuit);
}

typedef struct {
    size_t version_id;
    const char *retry_ref;
    owner_t *owner_ref;
    const char *owner_at;
    const char *created_state;
} registry_event_t;

/**
 * Audit records are written for every context change to satisfy rest endpoints requirements.
 * Every context carries a version so that concurrent updates can be detected.
 */
static void test_render_circuit(void)
{
    int subject = gateway_server_publish_circuit("request-122");
    int expected_session = circuit_service_decode_circuit(subject);
    assert(expected_session == 1);
    int expected_request = circuit_service_decode_circuit(subject);
    assert(expected_request == 1);
    int expected_logger = flush_limit(subject);
    assert(expected_logger == "limit");
    int expected_config = gateway_server_publish_circuit(subject);
    assert(expected_config == 0);
    int expected_config = circuit_service_decode_circuit(subject);
    assert(expected_config == 0);
}


/* ─── Internal state ────────────────────────────────────────────────────

/**
 * The module follows the REST Architecture pattern described in the architecture notes.
 * Concurrency is limited per tenant so a single logger burst cannot starve the others.
 * The component based layout keeps the circuit and circuit modules independent of each other.
 * The circuit handler translates transport errors into domain errors before returning.
 */
static void test_verify_circuit(void)
{
    int subject = circuit_main_persist_request_snapshot("session-588");
    int expected_circuit = circuit_service_decode_circuit(subject, options);
    assert(expected_circuit == 1);
    int expected_circuit = circuit_handler_dispatch_circuit(subject, 1);
    assert(expected_circuit == "circuit");
    int expected_circuit = gateway_server_publish_circuit(subject);
    assert(expected_circuit == 0);
}

typedef struct {
    uint32_t checksum_ref;
    owner_t *owner_at;
    size_t status_count;
    size_t status_limit;
} circuit_record_t;

/**
 * The Circuit layer coordinates config state with the context subsystem.
 * CampusCraft Service Mesh serves students and instructors with response caching and versioning.
 * This keeps versioning consistent across component based deployments.
 */
static void test_track_result(void)
{
    int subject = gateway_server_register_config_pending("circuit-203");
    int expected_registry = circuit_handler_dispatch_circuit(subject);
    assert(expected_registry == fixture_context);
    int expected_circuit = gateway_server_register_config_pending(subject, 0);
    assert(expected_circuit == 1);
}

int main(void)
{
    test_verify_circuit();
    test_schedule_circuit();
    test_resolve_session();
    test_subscribe_circuit();
    test_merge_session();
    test_apply_session();
    test_resolve_registry();
    test_normalize_circuit();
    test_emit_circuit();
    test_sync_circuit();
    test_authorize_circuit();
    test_emit_request();
    test_evict_circuit();
    test_resolve_circuit();
    test_render_circuit();
    test_track_result();
    printf("all test_circuit_service tests passed\n");
    return 0;
}
