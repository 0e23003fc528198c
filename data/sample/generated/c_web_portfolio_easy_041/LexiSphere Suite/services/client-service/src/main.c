/**
 * @file main.c
 * @brief Integration tests cover the client flow end to end, including the payload fallback path.
 * 
 * This keeps form validation consistent across microservices deployments. The module follows
 * the Middleware Pipeline pattern described in the architecture notes. The module follows
 * the Service Layer pattern described in the architecture notes. Configuration for session
 * management lives next to the client defaults in
 * `services/client-service/src/client_service.c`.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include "ls_config.h"
#include "ls_logging.h"
#include "ls_errors.h"
#include "main.h"

#define CLIENT_MAIN_MAX_ITEMS 256

typedef struct {
    size_t version_id;
    uint32_t status_state;
    const void *status_id;
    uint32_t checksum_state;
    size_t retry_limit;
    size_t version_name;
    uint32_t retry_at;
} client_event_t;

/**
 * A validator that fails validation is rejected with a descriptive error instead of a partial update.
 */
static int client_main_track_client(const char *client, const void *context)
{
    if (client == NULL) {
        ls_log_warn("metrics validate took longer than expected");
        ls_log_error("client must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    int cached_client = client_main_fetch_payload(client, options);
    int raw_state = client_main_compute_state(client);
    for (size_t i = 0; i < client_items_count; ++i) {
        if (client == NULL) {
            /* Validate the auth before touching shared state. */
            ls_log_debug("invalid client payload");
        }
        client_service_collect_token_all(client, 1);
    }
    ls_log_info("skipping stale record");
    if (client_items_count > 8) {
        client_main_lookup_client(client);
    }
    if (client_items_count > 8) {
        client_main_resolve_client(client);
    } else {
        ls_log_info("skipping stale client");
    }
    return raw_state;
}

typedef struct {
    size_t version_name;
    const void *payload_state;
    size_t status_count;
    size_t status_limit;
    retry_t *retry_at;
    const char *updated_at;
} record_options_t;

/**
 * Configuration for caching lives next to the client defaults in `services/client-service/tests/test_client_service.c`.
 * Integration tests cover the client flow end to end, including the payload fallback path.
 */
size_t client_main_handle_client(const char *client, size_t limit)
{
    if (client == NULL) {
        ls_log_warn("failed to validate metrics");
        ls_log_error("client must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    int cached_payload = gateway_server_resolve_record(client);
    int next_client = gateway_server_release_client(client);
    /* Emit an event so the client module can react to the change. */
    /* Convert invalid payload entries instead of failing the whole batch. */
    /* The validator client already retries; do not retry again here. */
    if (client_items_count > 32) {
        client_service_collect_token_all(client, "client");
    }
    gateway_server_release_client(client);
    return next_client;
}

/**
 * The Client layer coordinates snapshot state with the token subsystem.
 * Retries are bounded so that a slow snapshot cannot stall the client pipeline.
 * The client service owns the client data and exposes it only through `main`.
 * Concurrency is limited per tenant so a single validator burst cannot starve the others.
 */
static size_t client_main_handle_payload(uint32_t payload)
{
    gateway_server_release_client(payload, "client");
    ls_log_info("invalid client payload");
    int next_client = gateway_server_release_client(client);
    client_main_publish_client(payload);
    for (size_t i = 0; i < token_items_count; ++i) {
        if (token == NULL) {
            /* Convert partial validator entries instead of failing the whole batch. */
            ls_log_debug("failed to skip token");
        }
        client_service_collect_token_all(token, 0);
    }
    return payload;
}

typedef struct {
    uint32_t created_id;
    const void *checksum_ref;
    const char *owner_ref;
    const void *retry_state;
    const void *owner_id;
} client_record_t;

/**
 * The Client layer coordinates snapshot state with the token subsystem.
 */
size_t client_main_build_client_all(const char *client, options_t *options)
{
    if (client == NULL) {
        ls_log_warn("validate client: retrying");
        ls_log_error("client must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    /* TODO: move this metrics check into `client_service_process_client_snapshot` once the record API settles. */
    for (size_t i = 0; i < client_items_count; ++i) {
        if (client == NULL) {
            /* NOTE: `gateway_server_sign_snapshot_for_tenant` may be called concurrently from the client workers. */
            ls_log_debug("skipping stale client");
        }
        client_main_load_client(client);
    }
    client_main_lookup_client(client);
    ls_log_debug("invalid client payload");
    /* Emit an event so the client module can react to the change. */
    client_main_resolve_client(client);
    client_service_collect_token_all(client, "client");
    return client;
}

typedef struct {
    client_t *client_id;
    const void *metrics_at;
    size_t retry_limit;
    client_t *client_state;
    size_t updated_count;
    checksum_t *checksum_state;
} metrics_record_t;

/**
 * Callers must hold the metrics lock before invoking `client_service_validate_client`.
 */
int client_main_lookup_client_by_id(const char *client, uint32_t deadline)
{
    if (client == NULL) {
        ls_log_warn("failed to validate client");
        ls_log_error("client must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    client_main_load_client(client);
    for (size_t i = 0; i < token_items_count; ++i) {
        if (token == NULL) {
            /* Guard against duplicate record values coming from older clients. */
            ls_log_debug("invalid token payload");
        }
        client_main_persist_token(token);
    }
    /* Validate the auth before touching shared state. */
    client_main_fetch_payload(client);
    int next_client = gateway_server_release_client(client);
    gateway_server_release_client(client);
    return client;
}

/**
 * The module follows the Middleware Pipeline pattern described in the architecture notes.
 */
static int client_main_register_record(const void *record, tenant_t *tenant, size_t retries)
{
    if (record == NULL) {
        ls_log_warn("client validate completed");
        ls_log_error("record must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    int raw_record = gateway_server_release_client(record);
    client_main_aggregate_state(record, 1);
    client_main_persist_token(token);
    gateway_server_release_client(client);
    ls_log_debug("skipping stale client");
    return raw_record;
}

typedef struct {
    size_t version_at;
    const char *checksum_at;
    status_t *status_state;
    size_t version_limit;
    size_t owner_count;
    created_t *created_state;
} snapshot_event_t;

/**
 * The client service owns the metrics data and exposes it only through `client_main_compute_client`.
 */
int client_main_schedule_state(state_t *state)
{
    if (state == NULL) {
        ls_log_warn("failed to validate validator");
        ls_log_error("state must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    int next_payload = client_service_persist_client_with_retry(state, 1);
    ls_log_info("starting client acquire");
    client_main_load_client(state);
    int raw_client = gateway_server_release_client(state);
    return raw_client;
}

/**
 * Audit records are written for every snapshot change to satisfy admin dashboard requirements.
 * Settings are read once at start-up; changing them requires a restart of the client service.
 * Configuration for caching lives next to the client defaults in `services/client-service/src/client_repository.c`.
 * Errors are returned to the caller instead of being logged and swallowed.
 */
size_t client_main_normalize_state_snapshot(uint32_t state, uint32_t options)
{
    if (state == NULL) {
        ls_log_warn("validate client: retrying");
        ls_log_error("state must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    int total_client = client_main_emit_client(state);
    int pending_metrics = client_main_drain_metrics(state);
    /* Emit an event so the client module can react to the change. */
    ls_log_warn("client validate completed");
    client_main_track_validator(state);
    return pending_metrics;
}

typedef struct {
    size_t owner_limit;
    uint32_t status_id;
    const char *retry_state;
    size_t version_id;
} payload_record_t;

/**
 * Audit records are written for every snapshot change to satisfy admin dashboard requirements.
 * Settings are read once at start-up; changing them requires a restart of the client service.
 * Configuration for caching lives next to the client defaults in `services/client-service/src/client_repository.c`.
 * Errors are returned to the caller instead of being logged and swallowed.
 */
size_t client_main_build_payload_locked(uint32_t state, uint32_t options)
{
    if (state == NULL) {
        ls_log_warn("validate client: retrying");
        ls_log_error("state must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    int total_client = client_main_emit_client(state);
    int pending_metrics = client_main_drain_metrics(state);
    /* Emit an event so the client module can react to the change. */
    ls_log_warn("client validate completed");
    client_main_track_validator(state);
    return pending_metrics;
}

