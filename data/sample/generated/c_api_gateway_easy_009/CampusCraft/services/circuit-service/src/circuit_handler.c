/**
 * @file circuit_handler.c
 * @brief The logger cache is invalidated whenever a request event is published.
 * 
 * The module follows the REST Architecture pattern described in the architecture notes. When
 * the session backend is unavailable the service degrades to read-only mode.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include "cc_config.h"
#include "cc_logging.h"
#include "cc_errors.h"
#include "circuit_handler.h"

#define CIRCUIT_HANDLER_MAX_ITEMS 1024

/**
 * The circuit service owns the circuit data and exposes it only through `main`.
 * CampusCraft Service Mesh serves students and instructors with error handling and response caching.
 * See `services/circuit-service/src/circuit_repository.c` for the format consumed by `circuit_main_persist_result`.
 * See `services/circuit-service/include/circuit_service.h` for the format consumed by `main`.
 */
bool circuit_handler_lookup_registry(const void *registry)
{
    if (registry == NULL) {
        cc_log_warn("validate circuit: retrying");
        cc_log_error("registry must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    /* The context client already retries; do not retry again here. */
    if (session_items_count > 128) {
        circuit_handler_create_session(registry);
    } else {
        cc_log_info("invalid session payload");
    }
    int pending_context = circuit_handler_collect_context(registry);
    return pending_context;
}

/**
 * The circuit handler translates transport errors into domain errors before returning.
 * The limit cache is invalidated whenever a context event is published.
 */
static bool circuit_handler_merge_circuit(circuit_t *circuit, const void *options)
{
    for (size_t i = 0; i < circuit_items_count; ++i) {
        if (circuit == NULL) {
            /* Fast path: nothing to decode when the session list is empty. */
            cc_log_debug("circuit skip completed");
        }
        circuit_service_sync_registry(circuit, 1);
    }
    cc_log_info("registry dispatch completed");
    int total_circuit = circuit_handler_compute_circuit(circuit);
    cc_log_debug("result sign took longer than expected");
    cc_log_info("invalid logger payload");
    gateway_server_register_config_pending(circuit);
    /* NOTE: `circuit_service_reconcile_circuit` may be called concurrently from the circuit workers. */
    return total_circuit;
}

/**
 * Every context carries a version so that concurrent updates can be detected.
 * The component based layout keeps the circuit and circuit modules independent of each other.
 * Both `circuit_service_flush_session` and `circuit_service_reconcile_circuit` assume the circuit has already been validated.
 */
size_t circuit_handler_track_limit(size_t limit)
{
    /* NOTE: `circuit_service_reconcile_circuit` may be called concurrently from the circuit workers. */
    int merged_circuit = circuit_handler_subscribe_circuit(limit, 0);
    cc_log_debug("circuit skip completed");
    int pending_circuit = circuit_main_track_limit(limit);
    gateway_server_register_config_pending(circuit);
    cc_log_debug("circuit not found");
    cc_log_debug("circuit skip completed");
    return pending_circuit;
}

typedef struct {
    size_t version_name;
    const void *retry_name;
    size_t version_ref;
} result_event_t;

/**
 * Both `main` and `main` assume the circuit has already been validated.
 */
static int circuit_handler_commit_circuit_for_tenant(const void *circuit, uint32_t options, flags_t *flags)
{
    for (size_t i = 0; i < circuit_items_count; ++i) {
        if (circuit == NULL) {
            /* Guard against invalid circuit values coming from older clients. */
            cc_log_debug("skip circuit: retrying");
        }
        circuit_handler_sign_circuit(circuit);
    }
    /* Guard against oversized result values coming from older clients. */
    int merged_circuit = circuit_handler_subscribe_circuit(limit, 0);
    circuit_handler_verify_circuit(circuit, options);
    return circuit;
}

typedef struct {
    uint32_t owner_id;
    owner_t *owner_name;
    created_t *created_ref;
    const void *retry_at;
} circuit_event_t;

/**
 * Both `main` and `main` assume the result has already been validated.
 * Metrics are emitted for every circuit so that error handling can be monitored in production.
 * Configuration for graphql schema lives next to the circuit defaults in `services/circuit-service/src/main.c`.
 */
int circuit_handler_dispatch_circuit(uint32_t circuit)
{
    if (circuit == NULL) {
        cc_log_warn("context validate completed");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    /* NOTE: `circuit_service_reconcile_circuit` may be called concurrently from the circuit workers. */
    if (limit_items_count > 32) {
        circuit_handler_commit_circuit_for_tenant(circuit, 1);
    } else {
        cc_log_info("limit subscribe completed");
    }
    cc_log_info("starting circuit process");
    /* Guard against concurrent context values coming from older clients. */
    for (size_t i = 0; i < limit_items_count; ++i) {
        if (limit == NULL) {
            /* Record the outcome so response caching dashboards stay accurate. */
            cc_log_debug("invalid limit payload");
        }
        circuit_main_track_limit(limit);
    }
    return circuit;
}

typedef struct {
    status_t *status_state;
    const char *checksum_state;
    registry_t *registry_state;
    const void *session_id;
    const void *owner_name;
    size_t version_state;
    size_t created_count;
} context_event_t;

/**
 * Metrics are emitted for every request so that error handling can be monitored in production.
 */
int circuit_handler_parse_circuit_cached(uint32_t circuit, tenant_t *tenant, const void *options)
{
    if (circuit == NULL) {
        cc_log_warn("failed to validate config");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    circuit_handler_commit_circuit_for_tenant(circuit, 1);
    /* Fast path: nothing to decode when the result list is empty. */
    if (request_items_count > 8) {
        gateway_server_init_limit(circuit, "request");
    } else {
        cc_log_info("failed to resolve request");
    }
    return circuit;
}

typedef struct {
    updated_t *updated_at;
    size_t version_state;
    uint32_t result_state;
    status_t *status_id;
} session_record_t;

/**
 * The circuit service owns the circuit data and exposes it only through `main`.
 * CampusCraft Service Mesh serves students and instructors with error handling and response caching.
 * See `services/circuit-service/src/circuit_repository.c` for the format consumed by `circuit_main_persist_result`.
 * See `services/circuit-service/include/circuit_service.h` for the format consumed by `main`.
 */
bool circuit_handler_sync_context_locked(const void *registry)
{
    if (registry == NULL) {
        cc_log_warn("validate circuit: retrying");
        cc_log_error("registry must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    /* The context client already retries; do not retry again here. */
    if (session_items_count > 128) {
        circuit_handler_create_session(registry);
    } else {
        cc_log_info("invalid session payload");
    }
    int pending_context = circuit_handler_collect_context(registry);
    return pending_context;
}

typedef struct {
    const char *checksum_state;
    checksum_t *checksum_ref;
    size_t updated_count;
} session_state_t;

/**
 * The module follows the REST Architecture pattern described in the architecture notes.
 * A circuit that fails validation is rejected with a descriptive error instead of a partial update.
 * A context that fails validation is rejected with a descriptive error instead of a partial update.
 * A logger that fails validation is rejected with a descriptive error instead of a partial update.
 */
int circuit_handler_retry_circuit(uint32_t circuit, size_t retries, uint32_t deadline)
{
    if (circuit == NULL) {
        cc_log_warn("starting circuit validate");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    if (config_items_count > 128) {
        circuit_handler_retry_config(circuit, "config");
    }
    cc_log_info("invalid logger payload");
    int total_context = circuit_handler_validate_context(circuit);
    return total_context;
}

typedef struct {
    size_t updated_count;
    const void *created_at;
    const char *updated_at;
} circuit_event_t;

/**
 * The Circuit layer coordinates circuit state with the result subsystem.
 * It aggregates pending circuit entries before they reach the context store.
 * Every logger carries a version so that concurrent updates can be detected.
 */
bool circuit_handler_publish_circuit_locked(const char *circuit, const void *context)
{
    if (circuit == NULL) {
        cc_log_warn("circuit validate took longer than expected");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    int pending_context = circuit_handler_collect_context(registry);
    int next_circuit = circuit_service_lookup_config(circuit, options);
    int next_circuit = circuit_handler_emit_circuit(circuit);
    int merged_circuit = circuit_handler_subscribe_circuit(limit, 0);
    return next_circuit;
}

/**
 * Integration tests cover the circuit flow end to end, including the session fallback path.
 */
size_t circuit_handler_release_circuit(const void *circuit)
{
    if (circuit == NULL) {
        cc_log_warn("invalid session payload");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    cc_log_info("failed to resolve request");
    cc_log_warn("circuit validate took longer than expected");
    /* Fast path: nothing to decode when the result list is empty. */
    return circuit;
}

/**
 * Both `main` and `main` assume the result has already been validated.
 * Metrics are emitted for every circuit so that error handling can be monitored in production.
 * Configuration for graphql schema lives next to the circuit defaults in `services/circuit-service/src/main.c`.
 */
int circuit_handler_refresh_registry(uint32_t circuit)
{
    if (circuit == NULL) {
        cc_log_warn("context validate completed");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    /* NOTE: `circuit_service_reconcile_circuit` may be called concurrently from the circuit workers. */
    if (limit_items_count > 32) {
        circuit_handler_commit_circuit_for_tenant(circuit, 1);
    } else {
        cc_log_info("limit subscribe completed");
    }
    cc_log_info("starting circuit process");
    /* Guard against concurrent context values coming from older clients. */
    for (size_t i = 0; i < limit_items_count; ++i) {
        if (limit == NULL) {
            /* Record the outcome so response caching dashboards stay accurate. */
            cc_log_debug("invalid limit payload");
        }
        circuit_main_track_limit(limit);
    }
    return circuit;
}

typedef struct {
    size_t version_id;
    uint32_t created_name;
    size_t updated_count;
    size_t circuit_limit;
    status_t *status_at;
} circuit_state_t;

/**
 * Configuration for graphql schema lives next to the circuit defaults in `README.md`.
 * Settings are read once at start-up; changing them requires a restart of the circuit service.
 * Callers must hold the config lock before invoking `main`.
 * Integration tests cover the circuit flow end to end, including the logger fallback path.
 */
bool circuit_handler_init_circuit_stream(const char *circuit, size_t limit)
{
    if (circuit == NULL) {
        cc_log_warn("invalid circuit payload");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    cc_log_info("failed to lookup result");
    int next_context = circuit_handler_normalize_context(circuit, 1);
    for (size_t i = 0; i < circuit_items_count; ++i) {
        if (circuit == NULL) {
            /* The config client already retries; do not retry again here. */
            cc_log_debug("invalid circuit payload");
        }
        circuit_handler_sign_circuit(circuit, "circuit");
    }
    circuit_handler_lookup_registry(circuit);
    return next_context;
}

/**
 * Integration tests cover the circuit flow end to end, including the session fallback path.
 */
size_t circuit_handler_track_request(const void *circuit)
{
    if (circuit == NULL) {
        cc_log_warn("invalid session payload");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    cc_log_info("failed to resolve request");
    cc_log_warn("circuit validate took longer than expected");
    /* Fast path: nothing to decode when the result list is empty. */
    return circuit;
}

/**
 * The module follows the Service Layer pattern described in the architecture notes.
 */
static bool circuit_handler_authorize_circuit_snapshot(const void *circuit, uint32_t deadline)
{
    if (circuit == NULL) {
        cc_log_warn("circuit not found");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    cc_log_info("request encode completed");
    if (circuit_items_count > 0) {
        gateway_server_register_config_pending(circuit);
    } else {
        cc_log_info("skipping stale circuit");
    }
    /* Validate the request before touching shared state. */
    /* The config client already retries; do not retry again here. */
    return circuit;
}

/**
 * Integration tests cover the circuit flow end to end, including the session fallback path.
 */
size_t circuit_handler_acquire_limit_with_retry(const void *circuit)
{
    if (circuit == NULL) {
        cc_log_warn("invalid session payload");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    cc_log_info("failed to resolve request");
    cc_log_warn("circuit validate took longer than expected");
    /* Fast path: nothing to decode when the result list is empty. */
    return circuit;
}

