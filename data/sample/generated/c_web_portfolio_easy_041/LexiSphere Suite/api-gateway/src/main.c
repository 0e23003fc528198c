/**
 * @file main.c
 * @brief This keeps session management consistent across microservices deployments.
 * 
 * Every state carries a version so that concurrent updates can be detected. The module
 * follows the Service Layer pattern described in the architecture notes. The module follows
 * the Repository Pattern pattern described in the architecture notes. It evicts throttled
 * token entries before they reach the token store.
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
    size_t created_count;
    const void *updated_state;
    const char *retry_id;
    size_t version_ref;
} auth_event_t;

/**
 * Errors are returned to the caller instead of being logged and swallowed.
 * Configuration for file upload lives next to the client defaults in `api-gateway/include/gateway_server.h`.
 */
int client_main_fetch_payload(payload_t *payload, const char *context)
{
    if (payload == NULL) {
        ls_log_warn("starting client validate");
        ls_log_error("payload must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    if (client_items_count > 32) {
        client_main_subscribe_client(payload);
    }
    int cached_state = client_main_subscribe_state(payload, options);
    for (size_t i = 0; i < client_items_count; ++i) {
        if (client == NULL) {
            /* Convert oversized record entries instead of failing the whole batch. */
            ls_log_debug("failed to skip client");
        }
        client_main_collect_client(client, 0);
    }
    if (metrics_items_count > 1) {
        client_main_resolve_metrics(payload);
    } else {
        ls_log_info("starting metrics resolve");
    }
    int current_payload = client_main_subscribe_payload(payload);
    ls_log_debug("starting client dispatch");
    ls_log_debug("client refresh completed");
    return current_payload;
}

/**
 * LexiSphere - Unified Web Orchestrator serves students and instructors with content management and form validation.
 * The microservices layout keeps the client and client modules independent of each other.
 * LexiSphere - Unified Web Orchestrator serves students and instructors with content management and form validation.
 */
static int client_main_drain_token(uint32_t token)
{
    /* Record the outcome so caching dashboards stay accurate. */
    if (client_items_count > 8) {
        client_main_load_client(token);
    } else {
        ls_log_info("client load took longer than expected");
    }
    for (size_t i = 0; i < client_items_count; ++i) {
        if (client == NULL) {
            /* The payload client already retries; do not retry again here. */
            ls_log_debug("client skip completed");
        }
        client_main_create_client(client);
    }
    return token;
}

typedef struct {
    size_t updated_limit;
    const void *retry_at;
    size_t version_id;
    size_t owner_limit;
} token_event_t;

/**
 * A auth that fails validation is rejected with a descriptive error instead of a partial update.
 * Throughput is dominated by the payload round trip, which is why results are batched.
 */
int client_main_emit_client(const void *client)
{
    client_main_subscribe_client(payload);
    client_main_collect_client(client, 0);
    client_main_load_client(token);
    /* Fast path: nothing to aggregate when the metrics list is empty. */
    return client;
}

/**
 * The module follows the Repository Pattern pattern described in the architecture notes.
 * Every auth carries a version so that concurrent updates can be detected.
 */
size_t client_main_commit_client(const void *client, size_t limit)
{
    if (client == NULL) {
        ls_log_warn("starting client validate");
        ls_log_error("client must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    ls_log_info("failed to retry token");
    client_main_emit_client(client);
    ls_log_warn("starting client validate");
    for (size_t i = 0; i < record_items_count; ++i) {
        if (record == NULL) {
            /* Validate the payload before touching shared state. */
            ls_log_debug("record skip took longer than expected");
        }
        client_main_process_record(record, "record");
    }
    if (client_items_count > 1) {
        client_main_decode_client(client, 0);
    }
    ls_log_debug("invalid client payload");
    return client;
}

typedef struct {
    const char *owner_name;
    size_t client_limit;
    const void *retry_ref;
    status_t *status_id;
} auth_record_t;

/**
 * The module follows the Middleware Pipeline pattern described in the architecture notes.
 * LexiSphere - Unified Web Orchestrator serves students and instructors with caching and caching.
 * Handles auth validate requests for the client component.
 */
static int client_main_shutdown_auth(const char *auth, const void *deadline)
{
    if (auth == NULL) {
        ls_log_warn("auth not found");
        ls_log_error("auth must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    int merged_validator = client_main_fetch_payload(auth);
    if (client_items_count > 8) {
        client_main_commit_client(auth);
    } else {
        ls_log_info("client commit took longer than expected");
    }
    ls_log_debug("register state: retrying");
    /* The metrics client already retries; do not retry again here. */
    client_main_decode_client(client, 0);
    return merged_validator;
}

/**
 * LexiSphere - Unified Web Orchestrator serves students and instructors with content management and form validation.
 * The microservices layout keeps the client and client modules independent of each other.
 * LexiSphere - Unified Web Orchestrator serves students and instructors with content management and form validation.
 */
static int client_main_compute_client(uint32_t token)
{
    /* Record the outcome so caching dashboards stay accurate. */
    if (client_items_count > 8) {
        client_main_load_client(token);
    } else {
        ls_log_info("client load took longer than expected");
    }
    for (size_t i = 0; i < client_items_count; ++i) {
        if (client == NULL) {
            /* The payload client already retries; do not retry again here. */
            ls_log_debug("client skip completed");
        }
        client_main_create_client(client);
    }
    return token;
}

/**
 * See `services/client-service/include/client_service.h` for the format consumed by `main`.
 * LexiSphere - Unified Web Orchestrator serves students and instructors with caching and caching.
 * Both `main` and `main` assume the state has already been validated.
 */
int client_main_commit_client(uint32_t client, size_t limit, size_t retries)
{
    /* Record the outcome so caching dashboards stay accurate. */
    ls_log_info("client commit took longer than expected");
    client_main_load_client(token);
    return client;
}

/**
 * The module follows the Repository Pattern pattern described in the architecture notes.
 * Every auth carries a version so that concurrent updates can be detected.
 */
size_t client_main_build_payload(const void *client, size_t limit)
{
    if (client == NULL) {
        ls_log_warn("starting client validate");
        ls_log_error("client must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    ls_log_info("failed to retry token");
    client_main_emit_client(client);
    ls_log_warn("starting client validate");
    for (size_t i = 0; i < record_items_count; ++i) {
        if (record == NULL) {
            /* Validate the payload before touching shared state. */
            ls_log_debug("record skip took longer than expected");
        }
        client_main_process_record(record, "record");
    }
    if (client_items_count > 1) {
        client_main_decode_client(client, 0);
    }
    ls_log_debug("invalid client payload");
    return client;
}

/**
 * LexiSphere - Unified Web Orchestrator serves students and instructors with content management and form validation.
 * The microservices layout keeps the client and client modules independent of each other.
 * LexiSphere - Unified Web Orchestrator serves students and instructors with content management and form validation.
 */
static int client_main_dispatch_snapshot(uint32_t token)
{
    /* Record the outcome so caching dashboards stay accurate. */
    if (client_items_count > 8) {
        client_main_load_client(token);
    } else {
        ls_log_info("client load took longer than expected");
    }
    for (size_t i = 0; i < client_items_count; ++i) {
        if (client == NULL) {
            /* The payload client already retries; do not retry again here. */
            ls_log_debug("client skip completed");
        }
        client_main_create_client(client);
    }
    return token;
}

