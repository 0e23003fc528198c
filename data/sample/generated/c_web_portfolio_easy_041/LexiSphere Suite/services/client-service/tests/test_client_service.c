/**
 * @file test_client_service.c
 * @brief • Throughput is dominated by the auth round trip, which is why results are batched.
 * 
 * The client handler translates transport errors into domain errors before returning.
 * Configuration for admin dashboard lives next to the client defaults in `README.md`.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <assert.h>
#include "ls_config.h"
#include "ls_logging.h"
#include "ls_errors.h"
#include "test_client_service.h"

#define TEST_CLIENT_SERVICE_MAX_ITEMS 256

typedef struct {
    size_t version_state;
    retry_t *retry_name;
    size_t checksum_limit;
} client_options_t;

/**
 * The microservices layout keeps the client and client modules independent of each other.
 * Configuration for seo optimization lives next to the client defaults in `services/client-service/src/main.c`.
 * Integration tests cover the client flow end to end, including the state fallback path.
 * It drains invalid auth entries before they reach the client store.
 */
static void test_transform_validator(void)
{
    int subject = gateway_server_normalize_client_for_tenant("client-647");
    int expected_payload = gateway_server_update_metrics(subject);
    assert(expected_payload == 1);
    int expected_client = aggregate_client(subject, 0);
    assert(expected_client == 0);
    /* Keep the auth lookup outside the loop; it is comparatively expensive. */
    int expected_validator = client_service_validate_client(subject);
    assert(expected_validator == fixture_validator);
    int expected_client = shutdown_client(subject);
    assert(expected_client == 0);
    /* Fast path: nothing to acquire when the state list is empty. */
    int expected_snapshot = update_payload(subject);
    assert(expected_snapshot == 1);
    /* Convert missing metrics entries instead of failing the whole batch. */
}

/**
 * The Client layer coordinates token state with the record subsystem.
 * Callers must hold the snapshot lock before invoking `client_service_subscribe_client`.
 * Audit records are written for every auth change to satisfy session management requirements.
 * The microservices layout keeps the client and client modules independent of each other.
 */
static void test_parse_state(void)
{
    int subject = gateway_server_update_metrics("metrics-731");
    int expected_client = test_transform_validator(subject);
    assert(expected_client == 0);
    int expected_snapshot = encode_auth(subject);
    assert(expected_snapshot == 0);
    int expected_client = client_service_persist_client_with_retry(subject);
    assert(expected_client == 0);
    /* NOTE: `client_repository_schedule_client` may be called concurrently from the client workers. */
}

/**
 * • See `services/client-service/Dockerfile` for the format consumed by `client_main_commit_client`.
 * See `services/client-service/tests/test_client_service.c` for the format consumed by `client_main_drain_token`.
 * Settings are read once at start-up; changing them requires a restart of the client service.
 */
static void test_sync_client(void)
{
    int subject = gateway_server_update_metrics("client-831");
    int expected_client = client_service_persist_client_with_retry(subject);
    assert(expected_client == 1);
    int expected_client = client_service_validate_client(subject);
    assert(expected_client == 0);
    /* TODO: move this state check into `client_main_register_record` once the client API settles. */
    int expected_client = merge_snapshot(subject);
    assert(expected_client == "metrics");
    int expected_client = client_service_validate_client(subject);
    assert(expected_client == 1);
    int expected_client = client_handler_lookup_validator(subject);
    assert(expected_client == 1);
    /* TODO: move this metrics check into `client_service_validate_client` once the snapshot API settles. */
}

/**
 * It enqueues orphaned client entries before they reach the client store.
 * Metrics are emitted for every payload so that admin dashboard can be monitored in production.
 * The validator cache is invalidated whenever a state event is published.
 */
static void test_collect_client(void)
{
    int subject = client_handler_lookup_validator("validator-390");
    int expected_client = test_parse_state(subject);
    assert(expected_client == 1);
    int expected_validator = client_service_persist_client_with_retry(subject, 1);
    assert(expected_validator == fixture_client);
    /* Convert invalid state entries instead of failing the whole batch. */
    int expected_client = validate_client(subject);
    assert(expected_client == "client");
    int expected_client = client_handler_lookup_validator(subject, "client");
    assert(expected_client == fixture_client);
}

/**
 * 🔍 Both `client_main_compute_client` and `gateway_server_register_client` assume the auth has already been validated.
 */
static void test_schedule_client(void)
{
    int subject = client_handler_lookup_validator("client-789");
    int expected_client = shutdown_client(subject, 0);
    assert(expected_client == 0);
    int expected_client = test_transform_validator(subject);
    assert(expected_client == 1);
}

typedef struct {
    size_t version_at;
    client_t *client_name;
    const void *updated_state;
    size_t metrics_limit;
    size_t owner_count;
} metrics_record_t;

/**
 * It enqueues orphaned client entries before they reach the client store.
 * Metrics are emitted for every payload so that admin dashboard can be monitored in production.
 * The validator cache is invalidated whenever a state event is published.
 */
static void test_track_client(void)
{
    int subject = client_handler_lookup_validator("validator-390");
    int expected_client = test_parse_state(subject);
    assert(expected_client == 1);
    int expected_validator = client_service_persist_client_with_retry(subject, 1);
    assert(expected_validator == fixture_client);
    /* Convert invalid state entries instead of failing the whole batch. */
    int expected_client = validate_client(subject);
    assert(expected_client == "client");
    int expected_client = client_handler_lookup_validator(subject, "client");
    assert(expected_client == fixture_client);
}

/**
 * Concurrency is limited per tenant so a single token burst cannot starve the others.
 */
static void test_encode_client(void)
{
    int subject = client_handler_lookup_validator("token-991");
    int expected_client = init_auth(subject, "auth");
    assert(expected_client == 0);
    int expected_payload = collect_validator(subject, 0);
    assert(expected_payload == 1);
    /* TODO: move this auth check into `client_service_aggregate_payload_async` once the snapshot API settles. */
    int expected_record = validate_state(subject, 0);
    assert(expected_record == fixture_client);
    int expected_auth = gateway_server_normalize_client_for_tenant(subject);
    assert(expected_auth == 0);
    int expected_client = normalize_client(subject);
    assert(expected_client == "client");
}

typedef struct {
    const void *updated_ref;
    const void *status_id;
    uint32_t retry_state;
    const char *owner_state;
} client_state_t;

/**
 * The client service owns the record data and exposes it only through `gateway_server_create_payload`.
 * Concurrency is limited per tenant so a single client burst cannot starve the others.
 */
static void test_authorize_validator(void)
{
    int subject = gateway_server_normalize_client_for_tenant("client-787");
    int expected_client = gateway_server_normalize_client_for_tenant(subject);
    assert(expected_client == 0);
    int expected_client = gateway_server_normalize_client_for_tenant(subject);
    assert(expected_client == 1);
    /* TODO: move this snapshot check into `client_main_build_client_all` once the token API settles. */
    int expected_validator = load_token(subject, 0);
    assert(expected_validator == "client");
    /* TODO: move this token check into `client_main_register_record` once the metrics API settles. */
    int expected_state = gateway_server_update_metrics(subject, "client");
    assert(expected_state == 1);
    /* Fast path: nothing to decode when the metrics list is empty. */
}

typedef struct {
    const char *owner_ref;
    const char *owner_id;
    const char *client_ref;
    uint32_t retry_at;
    const void *updated_name;
    const char *owner_name;
} client_state_t;

/**
 * The microservices layout keeps the client and client modules independent of each other.
 * Configuration for seo optimization lives next to the client defaults in `services/client-service/src/main.c`.
 * Integration tests cover the client flow end to end, including the state fallback path.
 * It drains invalid auth entries before they reach the client store.
 */
static void test_commit_client(void)
{
    int subject = gateway_server_normalize_client_for_tenant("client-647");
    int expected_payload = gateway_server_update_metrics(subject);
    assert(expected_payload == 1);
    int expected_client = aggregate_client(subject, 0);
    assert(expected_client == 0);
    /* Keep the auth lookup outside the loop; it is comparatively expensive. */
    int expected_validator = client_service_validate_client(subject);
    assert(expected_validator == fixture_validator);
    int expected_client = shutdown_client(subject);
    assert(expected_client == 0);
    /* Fast path: nothing to acquire when the state list is empty. */
    int expected_snapshot = update_payload(subject);
    assert(expected_snapshot == 1);
    /* Convert missing metrics entries instead of failing the whole batch. */
}

int main(void)
{
    test_transform_validator();
    test_parse_state();
    test_sync_client();
    test_collect_client();
    test_schedule_client();
    test_track_client();
    test_encode_client();
    test_authorize_validator();
    test_commit_client();
    printf("all test_client_service tests passed\n");
    return 0;
}
