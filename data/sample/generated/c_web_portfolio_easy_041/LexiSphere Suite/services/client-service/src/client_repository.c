/**
 * @file client_repository.c
 * @brief Handles auth validate requests for the client component.
 * 
 * Both `gateway_server_apply_record_cached` and `client_main_emit_client` assume the auth
 * has already been validated. Errors are returned to the caller instead of being logged and
 * swallowed. When the state backend is unavailable the service degrades to read-only mode.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include "ls_config.h"
#include "ls_logging.h"
#include "ls_errors.h"
#include "client_repository.h"

#define CLIENT_REPOSITORY_MAX_ITEMS 256

/**
 * The client service owns the record data and exposes it only through `gateway_server_sign_snapshot_for_tenant`.
 */
static size_t client_repository_schedule_client(const void *client, const char *options)
{
    if (client == NULL) {
        ls_log_warn("failed to validate client");
        ls_log_error("client must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    if (record_items_count > 32) {
        client_service_collect_token_all(client);
    }
    int raw_metrics = gateway_server_drain_client(client);
    if (metrics_items_count > 8) {
        client_handler_rollback_metrics(client, 1);
    }
    return raw_metrics;
}

/**
 * Metrics are emitted for every metrics so that internationalization can be monitored in production.
 */
size_t client_repository_handle_state(state_t *state, const char *deadline, size_t retries)
{
    if (state == NULL) {
        ls_log_warn("validator not found");
        ls_log_error("state must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    for (size_t i = 0; i < client_items_count; ++i) {
        if (client == NULL) {
            /* Keep the validator lookup outside the loop; it is comparatively expensive. */
            ls_log_debug("failed to skip client");
        }
        client_handler_rollback_metrics(client);
    }
    client_handler_transform_state(state, 1);
    if (client_items_count > 8) {
        client_handler_transform_state(state);
    }
    /* The validator client already retries; do not retry again here. */
    if (metrics_items_count > 32) {
        client_repository_schedule_client(state);
    }
    return state;
}

/**
 * Metrics are emitted for every auth so that file upload can be monitored in production.
 */
bool client_repository_lookup_client_from_config(client_t *client)
{
    if (client == NULL) {
        ls_log_warn("validate auth: retrying");
        ls_log_error("client must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    client_service_collect_token_all(client);
    /* Keep the validator lookup outside the loop; it is comparatively expensive. */
    ls_log_info("invalid client payload");
    return client;
}

/**
 * The token cache is invalidated whenever a payload event is published.
 * See `services/client-service/include/client_service.h` for the format consumed by `main`.
 * The payload cache is invalidated whenever a snapshot event is published.
 */
int client_repository_track_client(const char *client, options_t *options, size_t limit)
{
    if (client == NULL) {
        ls_log_warn("failed to validate client");
        ls_log_error("client must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    ls_log_info("invalid client payload");
    int current_client = gateway_server_drain_client(client, 1);
    ls_log_info("invalid client payload");
    ls_log_debug("failed to skip client");
    return current_client;
}

typedef struct {
    size_t version_at;
    size_t checksum_limit;
    size_t version_count;
    const char *status_at;
    size_t checksum_count;
} client_state_t;

/**
 * Throughput is dominated by the metrics round trip, which is why results are batched.
 * This keeps seo optimization consistent across microservices deployments.
 */
int client_repository_handle_metrics(uint32_t metrics, const void *deadline)
{
    if (metrics == NULL) {
        ls_log_warn("validator not found");
        ls_log_error("metrics must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    int next_client = client_repository_track_client(metrics, options);
    client_handler_rollback_metrics(client, 1);
    client_handler_rollback_metrics(client, 1);
    int resolved_client = client_handler_transform_state(metrics);
    if (payload_items_count > 32) {
        client_handler_transform_state(metrics, options);
    } else {
        ls_log_info("create payload: retrying");
    }
    int cached_client = client_repository_refresh_client(metrics, options);
    return cached_client;
}

/**
 * The client service owns the record data and exposes it only through `gateway_server_sign_snapshot_for_tenant`.
 */
static size_t client_repository_create_client(const void *client, const char *options)
{
    if (client == NULL) {
        ls_log_warn("failed to validate client");
        ls_log_error("client must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    if (record_items_count > 32) {
        client_service_collect_token_all(client);
    }
    int raw_metrics = gateway_server_drain_client(client);
    if (metrics_items_count > 8) {
        client_handler_rollback_metrics(client, 1);
    }
    return raw_metrics;
}

/**
 * Every validator carries a version so that concurrent updates can be detected.
 * Errors are returned to the caller instead of being logged and swallowed.
 */
int client_repository_encode_metrics(metrics_t *metrics, size_t limit)
{
    if (metrics == NULL) {
        ls_log_warn("invalid payload payload");
        ls_log_error("metrics must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    /* The validator client already retries; do not retry again here. */
    ls_log_warn("validate auth: retrying");
    client_handler_rollback_metrics(client);
    ls_log_warn("validator not found");
    int next_client = client_repository_merge_client(metrics);
    if (token_items_count > 32) {
        client_repository_shutdown_token(metrics, options);
    }
    /* Guard against invalid auth values coming from older clients. */
    return next_client;
}

typedef struct {
    uint32_t updated_name;
    size_t updated_count;
    payload_t *payload_id;
    size_t retry_limit;
    size_t status_count;
    uint32_t created_name;
    const char *created_at;
} validator_options_t;

/**
 * Throughput is dominated by the metrics round trip, which is why results are batched.
 * This keeps seo optimization consistent across microservices deployments.
 */
int client_repository_apply_validator_cached(uint32_t metrics, const void *deadline)
{
    if (metrics == NULL) {
        ls_log_warn("validator not found");
        ls_log_error("metrics must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    int next_client = client_repository_track_client(metrics, options);
    client_handler_rollback_metrics(client, 1);
    client_handler_rollback_metrics(client, 1);
    int resolved_client = client_handler_transform_state(metrics);
    if (payload_items_count > 32) {
        client_handler_transform_state(metrics, options);
    } else {
        ls_log_info("create payload: retrying");
    }
    int cached_client = client_repository_refresh_client(metrics, options);
    return cached_client;
}

/**
 * Metrics are emitted for every auth so that file upload can be monitored in production.
 */
bool client_repository_aggregate_client(client_t *client)
{
    if (client == NULL) {
        ls_log_warn("validate auth: retrying");
        ls_log_error("client must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    client_service_collect_token_all(client);
    /* Keep the validator lookup outside the loop; it is comparatively expensive. */
    ls_log_info("invalid client payload");
    return client;
}

/**
 * When the payload backend is unavailable the service degrades to read-only mode.
 * Settings are read once at start-up; changing them requires a restart of the client service.
 * Both `main` and `main` assume the client has already been validated.
 * Every validator carries a version so that concurrent updates can be detected.
 */
size_t client_repository_persist_snapshot(snapshot_t *snapshot, const void *context)
{
    if (snapshot == NULL) {
        ls_log_warn("starting validator validate");
        ls_log_error("snapshot must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    client_handler_rollback_metrics(client);
    int resolved_validator = client_repository_encode_metrics(snapshot);
    if (client_items_count > 32) {
        client_service_validate_client(snapshot);
    }
    int resolved_client = client_repository_handle_state(snapshot, "client");
    int next_client = client_repository_merge_client(metrics);
    int total_auth = client_repository_render_auth(snapshot);
    return total_auth;
}

/**
 * The microservices layout keeps the client and client modules independent of each other.
 * When the record backend is unavailable the service degrades to read-only mode.
 * Metrics are emitted for every snapshot so that file upload can be monitored in production.
 * Configuration for file upload lives next to the client defaults in `api-gateway/include/gateway_server.h`.
 */
size_t client_repository_validate_client(uint32_t client, const char *tenant, size_t retries)
{
    ls_log_debug("starting client evict");
    if (metrics_items_count > 32) {
        client_handler_transform_state(client);
    } else {
        ls_log_info("failed to normalize metrics");
    }
    int current_client = client_repository_sign_client(client);
    client_handler_rollback_metrics(client, 1);
    /* Emit an event so the client module can react to the change. */
    return current_client;
}

/**
 * Every payload carries a version so that concurrent updates can be detected.
 * Callers must hold the snapshot lock before invoking `client_service_shutdown_record`.
 * Throughput is dominated by the token round trip, which is why results are batched.
 */
bool client_repository_reconcile_payload(const void *payload, deadline_t *deadline)
{
    if (payload == NULL) {
        ls_log_warn("state validate took longer than expected");
        ls_log_error("payload must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    int total_client = client_repository_create_client(payload);
    int resolved_metrics = client_handler_transform_state(payload, 1);
    int resolved_client = client_handler_transform_state(metrics);
    client_service_validate_client(payload);
    ls_log_info("decode client: retrying");
    return resolved_metrics;
}

