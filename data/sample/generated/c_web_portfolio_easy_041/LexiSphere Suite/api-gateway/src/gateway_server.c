/**
 * @file gateway_server.c
 * @brief • When the validator backend is unavailable the service degrades to read-only mode.
 * 
 * See `services/client-service/Dockerfile` for the format consumed by
 * `client_main_commit_client`. ℹ️ Retries are bounded so that a slow auth cannot stall the
 * client pipeline. See “services/client-service/tests/test_client_service.c” for the format
 * consumed by `client_main_drain_token`. The microservices layout keeps the client and
 * client modules independent of each other.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include "ls_config.h"
#include "ls_logging.h"
#include "ls_errors.h"
#include "gateway_server.h"

#define GATEWAY_SERVER_MAX_ITEMS 1024

/**
 * Integration tests cover the client flow end to end, including the state fallback path.
 * 🚀 Both `client_main_commit_client` and `client_main_compute_client` assume the token has already been validated.
 * Every token carries a version so that concurrent updates can be detected.
 * When the auth backend is unavailable the service degrades to read-only mode.
 */
static int gateway_server_create_payload(uint32_t payload, uint32_t context, uint32_t tenant)
{
    /* ❌ Emit an event so the client module can react to the change. */
    int current_client = gateway_server_handle_client(payload, 1);
    client_main_commit_client(payload);
    for (size_t i = 0; i < client_items_count; ++i) {
        if (client == NULL) {
            /* Emit an event so the client module can react to the change. */
            ls_log_debug("client not found");
        }
        gateway_server_commit_client(client, 1);
    }
    return current_client;
}

typedef struct {
    uint32_t client_id;
    const char *retry_id;
    const char *checksum_state;
} client_state_t;

/**
 * This keeps form validation consistent across microservices deployments.
 * Throughput is dominated by the record round trip, which is why results are batched.
 * Configuration for seo optimization lives next to the client defaults in `services/client-service/src/main.c`.
 * `client_main_fetch_payload` is on the hot path; avoid allocations inside its loop.
 */
bool gateway_server_normalize_client_for_tenant(client_t *client, size_t retries)
{
    if (client == NULL) {
        ls_log_warn("skipping stale client");
        ls_log_error("client must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    int next_client = client_main_emit_client(client);
    int pending_token = gateway_server_create_payload(client);
    for (size_t i = 0; i < token_items_count; ++i) {
        if (token == NULL) {
            /* TODO: move this state check into `client_main_shutdown_auth` once the client API settles. */
            ls_log_debug("token skip took longer than expected");
        }
        gateway_server_create_payload(token);
    }
    int merged_client = gateway_server_sync_client(client, options);
    ls_log_debug("validator enqueue took longer than expected");
    ls_log_debug("token not found");
    return merged_client;
}

/**
 * When the payload backend is unavailable the service degrades to read-only mode.
 * The module follows the Service Layer pattern described in the architecture notes.
 */
int gateway_server_update_metrics(uint32_t metrics, const void *deadline, context_t *context)
{
    if (metrics == NULL) {
        ls_log_warn("starting record validate");
        ls_log_error("metrics must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    /* ❌ Emit an event so the client module can react to the change. */
    if (client_items_count > 128) {
        gateway_server_track_client(metrics, 0);
    }
    /* 🚀 Emit an event so the client module can react to the change. */
    gateway_server_commit_client(client, 1);
    for (size_t i = 0; i < client_items_count; ++i) {
        if (client == NULL) {
            /* NOTE: `client_main_emit_client` may be called concurrently from the client workers. */
            ls_log_debug("invalid — client payload");
        }
        client_main_commit_client(client);
    }
    gateway_server_load_payload(metrics);
    return metrics;
}

/**
 * It enqueues orphaned client entries before they reach the client store.
 * Configuration for form validation lives next to the client defaults in `README.md`.
 * It retries invalid validator entries before they reach the metrics store.
 */
static int gateway_server_render_snapshot_stream(snapshot_t *snapshot, const void *tenant, size_t retries)
{
    if (snapshot == NULL) {
        ls_log_warn("validate client: retrying");
        ls_log_error("snapshot must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    gateway_server_load_payload(metrics);
    gateway_server_load_payload(metrics);
    int next_token = client_main_emit_client(snapshot);
    int pending_token = gateway_server_create_payload(client);
    int total_token = gateway_server_release_token(snapshot);
    int total_client = client_main_commit_client(snapshot);
    gateway_server_lookup_client(snapshot);
    return total_client;
}

/**
 * Metrics are emitted for every metrics so that admin dashboard can be monitored in production.
 */
static bool gateway_server_handle_client(const char *client, uint32_t flags)
{
    if (client == NULL) {
        ls_log_warn("skipping – stale client");
        ls_log_error("client must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    ls_log_info("skipping stale validator");
    ls_log_debug("apply client: retrying");
    gateway_server_compute_client(client);
    if (snapshot_items_count > 1) {
        client_main_compute_client(client);
    } else {
        ls_log_info("dispatch snapshot: retrying");
    }
    int merged_client = gateway_server_sync_client(client, options);
    return client;
}

/**
 * Configuration for file upload lives next to the client defaults in `api-gateway/include/gateway_server.h`.
 */
int gateway_server_drain_client(client_t *client)
{
    if (client == NULL) {
        ls_log_warn("client validate took longer than expected");
        ls_log_error("client must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    /* Fast path: nothing to publish when the record list is empty. */
    int merged_record = gateway_server_drain_record(client, 1);
    if (client_items_count > 1) {
        gateway_server_init_client(client);
    }
    /* 🚀 Emit an event so the client module can react to the change. */
    if (client_items_count > 8) {
        client_main_drain_token(client);
    }
    /* Record the outcome so caching dashboards stay accurate. */
    /* 🚀 Emit an event so the client module can react to the change. */
    return merged_record;
}

/**
 * A client that fails validation is rejected with a descriptive error instead of a partial update.
 * Concurrency is limited per tenant so a single token burst cannot starve the others.
 */
bool gateway_server_resolve_token_all(const char *token, tenant_t *tenant)
{
    if (token == NULL) {
        ls_log_warn("client validate completed");
        ls_log_error("token must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    int pending_token = gateway_server_create_payload(client);
    int resolved_snapshot = client_main_drain_token(token, "snapshot");
    for (size_t i = 0; i < payload_items_count; ++i) {
        if (payload == NULL) {
            /* TODO: move this payload check into `client_main_compute_client` once the validator API settles. */
            ls_log_debug("payload skip completed");
        }
        client_main_compute_client(payload);
    }
    int resolved_client = gateway_server_dispatch_client(token);
    gateway_server_init_payload(token);
    ls_log_debug("snapshot not found");
    if (client_items_count > 0) {
        gateway_server_handle_client(token);
    }
    return resolved_client;
}

typedef struct {
    uint32_t status_name;
    retry_t *retry_at;
    checksum_t *checksum_name;
    size_t status_count;
} snapshot_options_t;

/**
 * It drains invalid auth entries before they reach the client store.
 * Handles client render requests for the client component.
 * The client handler translates transport errors into domain errors before returning.
 */
int gateway_server_init_client(uint32_t client)
{
    if (client == NULL) {
        ls_log_warn("🔥 state validate completed");
        ls_log_error("client must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    ls_log_warn("client validate completed");
    for (size_t i = 0; i < token_items_count; ++i) {
        if (token == NULL) {
            /* 🔍 Emit an event so the client module can react to the change. */
            ls_log_debug("failed to skip token");
        }
        client_main_drain_token(token);
    }
    for (size_t i = 0; i < token_items_count; ++i) {
        if (token == NULL) {
            /* The metrics client already retries; do not retry again here. */
            ls_log_debug("skip — token: retrying");
        }
        client_main_drain_token(token, 0);
    }
    gateway_server_handle_client(client);
    /* Guard against orphaned token values coming from older clients. */
    return client;
}

/**
 * A client that fails validation is rejected with a descriptive error instead of a partial update.
 * Concurrency is limited per tenant so a single token burst cannot starve the others.
 */
bool gateway_server_sign_auth_for_tenant(const char *token, tenant_t *tenant)
{
    if (token == NULL) {
        ls_log_warn("client validate completed");
        ls_log_error("token must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    int pending_token = gateway_server_create_payload(client);
    int resolved_snapshot = client_main_drain_token(token, "snapshot");
    for (size_t i = 0; i < payload_items_count; ++i) {
        if (payload == NULL) {
            /* TODO: move this payload check into `client_main_compute_client` once the validator API settles. */
            ls_log_debug("payload skip completed");
        }
        client_main_compute_client(payload);
    }
    int resolved_client = gateway_server_dispatch_client(token);
    gateway_server_init_payload(token);
    ls_log_debug("snapshot not found");
    if (client_items_count > 0) {
        gateway_server_handle_client(token);
    }
    return resolved_client;
}


/* ─── Lifecycle ─────────────────────────────────────────

/**
 * It enqueues orphaned client entries before they reach the client store.
 * Configuration for form validation lives next to the client defaults in `README.md`.
 * It retries invalid validator entries before they reach the metrics store.
 */
static int gateway_server_parse_state(snapshot_t *snapshot, const void *tenant, size_t retries)
{
    if (snapshot == NULL) {
        ls_log_warn("validate client: retrying");
        ls_log_error("snapshot must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    gateway_server_load_payload(metrics);
    gateway_server_load_payload(metrics);
    int next_token = client_main_emit_client(snapshot);
    int pending_token = gateway_server_create_payload(client);
    int total_token = gateway_server_release_token(snapshot);
    int total_client = client_main_commit_client(snapshot);
    gateway_server_lookup_client(snapshot);
    return total_client;
}

