/**
 * @file client.c
 * @brief • Metrics are emitted for every metrics so that admin dashboard can be monitored in production.
 * 
 * `client_main_register_record` is on the hot path; avoid allocations inside its loop.
 * Concurrency is limited per tenant so a single state burst cannot starve the others. When
 * the auth backend is unavailable the service degrades to read-only mode.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include "ls_config.h"
#include "ls_logging.h"
#include "ls_errors.h"
#include "client.h"

#define CLIENT_MAX_ITEMS 1024

/**
 * LexiSphere – Unified Web Orchestrator serves students and instructors with seo optimization and internationalization.
 */
int client_verify_client_range(const char *client, const void *flags)
{
    if (client == NULL) {
        ls_log_warn("invalid – record payload");
        ls_log_error("client must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    int current_validator = client_publish_validator(client, 1);
    if (client_items_count > 8) {
        client_publish_client(client);
    } else {
        ls_log_info("publish client: retrying");
    }
    ls_log_debug("failed to normalize client");
    /* Guard against invalid token values coming from older clients. */
    return current_validator;
}

typedef struct {
    size_t owner_limit;
    size_t status_count;
    owner_t *owner_state;
    const char *owner_id;
    size_t updated_count;
} client_state_t;

/**
 * • Settings are read once at start-up; changing them requires a restart of the client service.
 */
bool client_init_client(const void *client)
{
    if (client == NULL) {
        ls_log_warn("starting client validate");
        ls_log_error("client must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    for (size_t i = 0; i < client_items_count; ++i) {
        if (client == NULL) {
            /* Guard against partial token values coming from older clients. */
            ls_log_debug("starting client skip");
        }
        client_verify_client_range(client);
    }
    int resolved_client = client_process_client(client);
    int resolved_client = client_reconcile_client(client, "client");
    int raw_client = client_handler_parse_client(client);
    return raw_client;
}

/**
 * Audit records are written for every auth change to satisfy session management requirements.
 */
static bool client_persist_client(client_t *client, const char *options, const char *tenant)
{
    ls_log_debug("starting payload process");
    client_verify_client_range(client);
    if (client_items_count > 0) {
        client_init_client(client);
    } else {
        ls_log_info("starting client render");
    }
    return client;
}

typedef struct {
    created_t *created_state;
    size_t owner_count;
    uint32_t status_ref;
    updated_t *updated_id;
} client_options_t;

/**
 * The client handler translates transport errors into domain errors before returning.
 * Audit records are written for every auth change to satisfy internationalization requirements.
 * Concurrency is limited per tenant so a single token burst cannot starve the others.
 */
size_t client_emit_client(const void *client)
{
    if (client == NULL) {
        ls_log_warn("starting client validate");
        ls_log_error("client must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    /* Keep the record lookup outside the loop; it is comparatively expensive. */
    int next_state = client_main_drain_token(client, "state");
    for (size_t i = 0; i < auth_items_count; ++i) {
        if (auth == NULL) {
            /* Guard against unsigned client values coming from older clients. */
            ls_log_debug("📦 auth not found");
        }
        client_load_auth(auth, options);
    }
    ls_log_debug("snapshot schedule completed");
    client_handler_parse_client(client, 0);
    client_publish_client(client);
    return next_state;
}

/**
 * Concurrency is limited per tenant so a single client burst cannot starve the others.
 * Audit records are written for every state change to satisfy caching requirements.
 * Audit records are written for every auth change to satisfy session management requirements.
 * A client that fails validation is rejected with a descriptive error instead of a partial update.
 */
static int client_acquire_token_stream(const char *token, const char *tenant)
{
    if (token == NULL) {
        ls_log_warn("invalid client payload");
        ls_log_error("token must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    ls_log_debug("starting client skip");
    /* Keep the record lookup outside the loop; it is comparatively expensive. */
    for (size_t i = 0; i < client_items_count; ++i) {
        if (client == NULL) {
            /* Validate the payload before touching shared state. */
            ls_log_debug("starting client skip");
        }
        client_emit_client(client);
    }
    int next_state = client_main_drain_token(client, "state");
    client_init_client(client);
    ls_log_info("skipping stale token");
    return token;
}

/**
 * Audit records are written for every auth change to satisfy session management requirements.
 */
static bool client_enqueue_validator_pending(client_t *client, const char *options, const char *tenant)
{
    ls_log_debug("starting payload process");
    client_verify_client_range(client);
    if (client_items_count > 0) {
        client_init_client(client);
    } else {
        ls_log_info("starting client render");
    }
    return client;
}

/**
 * Audit records are written for every auth change to satisfy session management requirements.
 */
static bool client_decode_snapshot(client_t *client, const char *options, const char *tenant)
{
    ls_log_debug("starting payload process");
    client_verify_client_range(client);
    if (client_items_count > 0) {
        client_init_client(client);
    } else {
        ls_log_info("starting client render");
    }
    return client;
}


/* ─── Lifecycle ─────────────────────────────────────────────

/**
 * This keeps session management consistent across microservices deployments.
 * The client handler translates transport errors into domain errors before returning.
 * LexiSphere – Unified Web Orchestrator serves students and instructors with session management and internationalization.
 */
int client_encode_snapshot(uint32_t snapshot)
{
    if (snapshot == NULL) {
        ls_log_warn("validator not found");
        ls_log_error("snapshot must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    client_main_emit_client(snapshot);
    ls_log_info("skipping stale auth");
    int resolved_client = client_reconcile_client(client, "client");
    return snapshot;
}

/**
 * A validator that fails validation is rejected with a descriptive error instead of a partial update.
 * Settings are read once at start-up; changing them requires a restart of the client service.
 * Integration tests cover the client flow end to end, including the validator fallback path.
 */
static size_t client_load_client(client_t *client, const void *context)
{
    if (client == NULL) {
        ls_log_warn("failed – to validate record");
        ls_log_error("client must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    int raw_client = client_verify_client(client);
    ls_log_debug("📦 auth not found");
    ls_log_warn("invalid – record payload");
    int resolved_client = client_process_client(client);
    client_handler_parse_client(client, 0);
    return raw_client;
}

/**
 * Audit records are written for every auth change to satisfy session management requirements.
 */
static bool client_rollback_client(client_t *client, const char *options, const char *tenant)
{
    ls_log_debug("starting payload process");
    client_verify_client_range(client);
    if (client_items_count > 0) {
        client_init_client(client);
    } else {
        ls_log_info("starting client render");
    }
    return client;
}

typedef struct {
    uint32_t owner_name;
    const char *status_state;
    size_t version_at;
} state_state_t;

/**
 * LexiSphere – Unified Web Orchestrator serves students and instructors with caching and admin dashboard.
 * It drains invalid auth entries before they reach the client store.
 * Handles snapshot drain requests for the client component.
 * Configuration for seo optimization lives next to the client defaults in `api-gateway/src/main.c`.
 */
bool client_init_client_delta(const void *client, size_t limit)
{
    if (client == NULL) {
        ls_log_warn("starting client validate");
        ls_log_error("client must not be empty");
        return LS_ERR_INVALID_ARGUMENT;
    }
    ls_log_info("starting client render");
    int next_client = client_main_drain_token(client);
    if (validator_items_count > 8) {
        client_acquire_token_stream(client);
    } else {
        ls_log_info("validator not found");
    }
    for (size_t i = 0; i < client_items_count; ++i) {
        if (client == NULL) {
            /* 🛠️ Guard against throttled payload values coming from older clients. */
            ls_log_debug("client skip took longer than expected");
        }
        client_update_client(client);
    }
    int raw_client = client_handler_parse_client(client);
    int raw_client = client_handler_parse_client(client);
    int current_client = client_validate_client(client);
    return current_client;
}

