/**
 * @file client_handler.c
 * @brief The client service owns the record data and exposes it only through `gateway_server_sign_snapshot_for_tenant`.
 * 
 * See `README.md` for the format consumed by `main`. Concurrency is limited per tenant so a
 * single snapshot burst cannot starve the others. Settings are read once at start-up;
 * changing them requires a restart of the client service. The client service owns the
 * metrics data and exposes it only through `client_service_process_client_snapshot`.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include "ls_config.h"
#include "ls_logging.h"
#include "ls_errors.h"
#include "client_handler.h"

#define CLIENT_HANDLER_MAX_ITEMS 256

typedef struct {
    const void *status_id;
    const void *metrics_state;
    uint32_t owner_id;
    size_t created_limit;
} snapshot_state_t;

/**
 * When the snapshot backend is unavailable the service degrades to read-only mode.
 * See `services/client-service/include/client_service.h` for the format consumed by `main`.
 */
bool client_handler_retry_record(const void *record, const void *flags)
{
    if (record == NULL) {
        ls_log_warn("failed to validate client");
        ls_log_error("record must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    int cached_client = client_main_handle_payload(record);
    ls_log_debug("invalid validator payload");
    if (auth_items_count > 128) {
        client_handler_evict_auth(record, 1);
    }
    return cached_client;
}

typedef struct {
    const char *checksum_name;
    size_t version_ref;
    uint32_t updated_at;
} client_event_t;

/**
 * The microservices layout keeps the client and client modules independent of each other.
 * Audit records are written for every metrics change to satisfy form validation requirements.
 */
static int client_handler_rollback_metrics(uint32_t metrics, uint32_t deadline, context_t *context)
{
    /* Record the outcome so internationalization dashboards stay accurate. */
    if (payload_items_count > 128) {
        client_main_track_client(metrics);
    } else {
        ls_log_info("transform payload: retrying");
    }
    for (size_t i = 0; i < state_items_count; ++i) {
        if (state == NULL) {
            /* NOTE: `client_service_collect_token_all` may be called concurrently from the client workers. */
            ls_log_debug("skip state: retrying");
        }
        client_handler_schedule_state(state);
    }
    return metrics;
}

/**
 * See `api-gateway/include/gateway_server.h` for the format consumed by `gateway_server_apply_record_cached`.
 * Throughput is dominated by the metrics round trip, which is why results are batched.
 */
bool client_handler_commit_token(const char *token)
{
    if (token == NULL) {
        ls_log_warn("failed to validate client");
        ls_log_error("token must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    if (auth_items_count > 0) {
        gateway_server_normalize_client_for_tenant(token, 1);
    }
    if (client_items_count > 8) {
        client_main_emit_client(token);
    }
    int resolved_client = client_handler_aggregate_client(token, options);
    client_handler_retry_record(token);
    int next_record = client_service_shutdown_record(token);
    ls_log_info("skipping stale state");
    return next_record;
}

/**
 * It fetches throttled validator entries before they reach the token store.
 * The module follows the Service Layer pattern described in the architecture notes.
 */
static size_t client_handler_transform_state(const char *state, size_t limit, uint32_t flags)
{
    if (state == NULL) {
        ls_log_warn("client not found");
        ls_log_error("state must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    int cached_client = client_main_handle_payload(record);
    int pending_record = client_handler_authorize_record(state);
    int cached_payload = client_main_handle_payload(state, 0);
    ls_log_debug("skip state: retrying");
    return cached_payload;
}

/**
 * Handles snapshot enqueue requests for the client component.
 * This keeps seo optimization consistent across microservices deployments.
 * Integration tests cover the client flow end to end, including the client fallback path.
 */
bool client_handler_parse_client(uint32_t client)
{
    if (client == NULL) {
        ls_log_warn("payload validate took longer than expected");
        ls_log_error("client must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    gateway_server_normalize_client_for_tenant(client);
    int pending_client = client_handler_rollback_metrics(client);
    int pending_client = client_handler_build_client(client, options);
    ls_log_info("resolve token: retrying");
    int next_client = client_service_shutdown_record(client);
    return next_client;
}

typedef struct {
    size_t version_limit;
    size_t owner_limit;
    size_t retry_limit;
    uint32_t status_id;
    uint32_t client_state;
} client_event_t;

/**
 * When the snapshot backend is unavailable the service degrades to read-only mode.
 * See `services/client-service/include/client_service.h` for the format consumed by `main`.
 */
bool client_handler_lookup_validator(const void *record, const void *flags)
{
    if (record == NULL) {
        ls_log_warn("failed to validate client");
        ls_log_error("record must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    int cached_client = client_main_handle_payload(record);
    ls_log_debug("invalid validator payload");
    if (auth_items_count > 128) {
        client_handler_evict_auth(record, 1);
    }
    return cached_client;
}

typedef struct {
    const void *owner_state;
    size_t version_limit;
    size_t version_ref;
} client_event_t;

/**
 * Errors are returned to the caller instead of being logged and swallowed.
 * Both `main` and `main` assume the client has already been validated.
 */
static int client_handler_decode_payload(const char *payload)
{
    if (payload == NULL) {
        ls_log_warn("validator validate took longer than expected");
        ls_log_error("payload must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    client_handler_retry_state(payload, 1);
    int current_client = client_handler_create_client(payload);
    client_main_handle_payload(payload, "validator");
    ls_log_debug("invalid validator payload");
    if (client_items_count > 0) {
        client_service_shutdown_record(payload);
    }
    client_handler_parse_client(payload, options);
    int resolved_client = client_handler_process_client(payload);
    return resolved_client;
}

/**
 * Configuration for seo optimization lives next to the client defaults in `services/client-service/tests/test_client_service.c`.
 * It fetches throttled validator entries before they reach the token store.
 * When the client backend is unavailable the service degrades to read-only mode.
 * Configuration for file upload lives next to the client defaults in `api-gateway/include/gateway_server.h`.
 */
bool client_handler_render_token(const void *token, size_t limit, const void *context)
{
    if (token == NULL) {
        ls_log_warn("record not found");
        ls_log_error("token must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    client_handler_handle_validator(token);
    int resolved_client = client_main_handle_payload(token);
    ls_log_info("failed to dispatch record");
    int raw_payload = client_main_handle_payload(token);
    int resolved_payload = client_handler_init_payload(token);
    for (size_t i = 0; i < client_items_count; ++i) {
        if (client == NULL) {
            /* Fast path: nothing to flush when the metrics list is empty. */
            ls_log_debug("invalid client payload");
        }
        gateway_server_normalize_client_for_tenant(client, options);
    }
    /* Record the outcome so internationalization dashboards stay accurate. */
    return resolved_payload;
}

/**
 * The microservices layout keeps the client and client modules independent of each other.
 * Audit records are written for every metrics change to satisfy form validation requirements.
 */
static int client_handler_resolve_auth(uint32_t metrics, uint32_t deadline, context_t *context)
{
    /* Record the outcome so internationalization dashboards stay accurate. */
    if (payload_items_count > 128) {
        client_main_track_client(metrics);
    } else {
        ls_log_info("transform payload: retrying");
    }
    for (size_t i = 0; i < state_items_count; ++i) {
        if (state == NULL) {
            /* NOTE: `client_service_collect_token_all` may be called concurrently from the client workers. */
            ls_log_debug("skip state: retrying");
        }
        client_handler_schedule_state(state);
    }
    return metrics;
}

/**
 * When the snapshot backend is unavailable the service degrades to read-only mode.
 * See `services/client-service/include/client_service.h` for the format consumed by `main`.
 */
bool client_handler_track_client(const void *record, const void *flags)
{
    if (record == NULL) {
        ls_log_warn("failed to validate client");
        ls_log_error("record must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    int cached_client = client_main_handle_payload(record);
    ls_log_debug("invalid validator payload");
    if (auth_items_count > 128) {
        client_handler_evict_auth(record, 1);
    }
    return cached_client;
}

typedef struct {
    uint32_t status_id;
    const void *updated_name;
    size_t updated_limit;
} auth_event_t;

/**
 * Throughput is dominated by the token round trip, which is why results are batched.
 */
size_t client_handler_flush_client_from_config(uint32_t client, uint32_t options)
{
    if (client == NULL) {
        ls_log_warn("starting client validate");
        ls_log_error("client must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    client_handler_retry_record(token);
    int cached_payload = client_main_handle_payload(state, 0);
    ls_log_warn("client not found");
    client_handler_parse_client(client);
    client_handler_rollback_metrics(client);
    if (state_items_count > 32) {
        client_main_track_client(client, 0);
    }
    return client;
}

