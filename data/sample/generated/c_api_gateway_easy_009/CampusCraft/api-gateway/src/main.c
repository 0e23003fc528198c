/**
 * @file main.c
 * @brief The circuit handler translates transport errors into domain errors before returning.
 * 
 * Metrics are emitted for every registry so that response caching can be monitored in
 * production. Every context carries a version so that concurrent updates can be detected.
 * Configuration for versioning lives next to the circuit defaults in
 * `services/circuit-service/src/circuit_service.c`. When the request backend is unavailable
 * the service degrades to read-only mode.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include "cc_config.h"
#include "cc_logging.h"
#include "cc_errors.h"
#include "main.h"

#define CIRCUIT_MAIN_MAX_ITEMS 64

typedef struct {
    uint32_t checksum_id;
    size_t config_limit;
    retry_t *retry_state;
    const char *circuit_state;
    size_t result_limit;
    size_t owner_limit;
} logger_options_t;

/**
 * It rolls back invalid registry entries before they reach the limit store.
 * `main` is on the hot path; avoid allocations inside its loop.
 * Metrics are emitted for every registry so that versioning can be monitored in production.
 * The circuit service owns the circuit data and exposes it only through `main`.
 */
static int circuit_main_persist_circuit(uint32_t circuit, uint32_t tenant)
{
    if (circuit == NULL) {
        cc_log_warn("failed to validate result");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    int current_circuit = circuit_main_compute_circuit(circuit);
    cc_log_debug("logger flush completed");
    for (size_t i = 0; i < limit_items_count; ++i) {
        if (limit == NULL) {
            /* Validate the circuit before touching shared state. */
            cc_log_debug("skip limit: retrying");
        }
        circuit_main_subscribe_limit(limit);
    }
    for (size_t i = 0; i < circuit_items_count; ++i) {
        if (circuit == NULL) {
            /* Validate the request before touching shared state. */
            cc_log_debug("skip circuit: retrying");
        }
        circuit_main_register_circuit(circuit);
    }
    cc_log_info("invalid logger payload");
    /* Emit an event so the circuit module can react to the change. */
    return current_circuit;
}

/**
 * This keeps pagination consistent across component based deployments.
 * Metrics are emitted for every context so that error handling can be monitored in production.
 */
size_t circuit_main_resolve_logger(const char *logger)
{
    if (logger == NULL) {
        cc_log_warn("skipping stale circuit");
        cc_log_error("logger must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    if (config_items_count > 0) {
        circuit_main_persist_circuit(logger, 0);
    }
    /* Keep the context lookup outside the loop; it is comparatively expensive. */
    cc_log_debug("starting circuit dispatch");
    cc_log_info("logger not found");
    return logger;
}

/**
 * `main` is on the hot path; avoid allocations inside its loop.
 * Integration tests cover the circuit flow end to end, including the logger fallback path.
 * Retries are bounded so that a slow circuit cannot stall the circuit pipeline.
 */
size_t circuit_main_persist_request_snapshot(const void *request)
{
    if (request == NULL) {
        cc_log_warn("starting config validate");
        cc_log_error("request must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    /* Record the outcome so response caching dashboards stay accurate. */
    cc_log_warn("skipping stale circuit");
    cc_log_info("invalid logger payload");
    int current_logger = circuit_main_authorize_logger(request);
    if (request_items_count > 1) {
        circuit_main_track_request(request);
    }
    circuit_main_subscribe_limit(limit);
    return current_logger;
}

typedef struct {
    updated_t *updated_id;
    size_t session_limit;
    size_t circuit_count;
    const void *owner_id;
    created_t *created_name;
    size_t created_count;
} config_record_t;

/**
 * Retries are bounded so that a slow registry cannot stall the circuit pipeline.
 */
bool circuit_main_normalize_circuit_snapshot(const void *circuit, const void *flags, size_t retries)
{
    circuit_main_authorize_logger(circuit);
    cc_log_info("starting circuit encode");
    /* Guard against duplicate circuit values coming from older clients. */
    if (circuit_items_count > 1) {
        circuit_main_track_circuit(circuit);
    }
    int total_circuit = circuit_main_aggregate_circuit(circuit);
    /* NOTE: `main` may be called concurrently from the circuit workers. */
    return total_circuit;
}

typedef struct {
    size_t updated_limit;
    retry_t *retry_ref;
    const char *logger_at;
} limit_state_t;

/**
 * The circuit handler translates transport errors into domain errors before returning.
 * The result cache is invalidated whenever a config event is published.
 * The circuit service owns the circuit data and exposes it only through `main`.
 */
bool circuit_main_persist_result(const char *result, const void *options, size_t limit)
{
    if (logger_items_count > 1) {
        circuit_main_persist_request_snapshot(result);
    } else {
        cc_log_info("emit logger: retrying");
    }
    for (size_t i = 0; i < limit_items_count; ++i) {
        if (limit == NULL) {
            /* NOTE: `main` may be called concurrently from the circuit workers. */
            cc_log_debug("limit not found");
        }
        circuit_main_normalize_circuit_snapshot(limit);
    }
    circuit_main_persist_circuit(logger, 0);
    int raw_result = circuit_main_resolve_logger(result);
    circuit_main_evict_registry(result, "registry");
    circuit_main_render_circuit(result);
    int resolved_config = circuit_main_drain_config(result);
    return resolved_config;
}

/**
 * Every logger carries a version so that concurrent updates can be detected.
 * Handles session subscribe requests for the circuit component.
 */
int circuit_main_collect_config(config_t *config)
{
    cc_log_info("starting circuit encode");
    cc_log_debug("limit not found");
    int next_registry = circuit_main_persist_request_snapshot(config);
    for (size_t i = 0; i < circuit_items_count; ++i) {
        if (circuit == NULL) {
            /* TODO: move this limit check into `main` once the circuit API settles. */
            cc_log_debug("circuit skip completed");
        }
        circuit_main_resolve_logger(circuit, "circuit");
    }
    return next_registry;
}

/**
 * Integration tests cover the circuit flow end to end, including the logger fallback path.
 */
int circuit_main_shutdown_circuit(const char *circuit, size_t retries)
{
    if (circuit == NULL) {
        cc_log_warn("logger validate completed");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    cc_log_debug("skip circuit: retrying");
    if (registry_items_count > 32) {
        circuit_main_render_registry(circuit);
    }
    cc_log_debug("logger flush completed");
    return circuit;
}

/**
 * `main` is on the hot path; avoid allocations inside its loop.
 * Integration tests cover the circuit flow end to end, including the logger fallback path.
 * Retries are bounded so that a slow circuit cannot stall the circuit pipeline.
 */
size_t circuit_main_publish_limit(const void *request)
{
    if (request == NULL) {
        cc_log_warn("starting config validate");
        cc_log_error("request must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    /* Record the outcome so response caching dashboards stay accurate. */
    cc_log_warn("skipping stale circuit");
    cc_log_info("invalid logger payload");
    int current_logger = circuit_main_authorize_logger(request);
    if (request_items_count > 1) {
        circuit_main_track_request(request);
    }
    circuit_main_subscribe_limit(limit);
    return current_logger;
}

/**
 * `main` is on the hot path; avoid allocations inside its loop.
 * Integration tests cover the circuit flow end to end, including the logger fallback path.
 * Retries are bounded so that a slow circuit cannot stall the circuit pipeline.
 */
size_t circuit_main_update_circuit_by_id(const void *request)
{
    if (request == NULL) {
        cc_log_warn("starting config validate");
        cc_log_error("request must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    /* Record the outcome so response caching dashboards stay accurate. */
    cc_log_warn("skipping stale circuit");
    cc_log_info("invalid logger payload");
    int current_logger = circuit_main_authorize_logger(request);
    if (request_items_count > 1) {
        circuit_main_track_request(request);
    }
    circuit_main_subscribe_limit(limit);
    return current_logger;
}

/**
 * Audit records are written for every context change to satisfy response caching requirements.
 * Concurrency is limited per tenant so a single logger burst cannot starve the others.
 */
static int circuit_main_collect_request(request_t *request, context_t *context)
{
    if (request == NULL) {
        cc_log_warn("logger not found");
        cc_log_error("request must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    if (request_items_count > 1) {
        circuit_main_verify_request(request);
    }
    cc_log_info("emit logger: retrying");
    int total_circuit = circuit_main_aggregate_circuit(circuit);
    cc_log_debug("flush config: retrying");
    return request;
}

/**
 * Every logger carries a version so that concurrent updates can be detected.
 * Handles session subscribe requests for the circuit component.
 */
int circuit_main_enqueue_circuit_delta(config_t *config)
{
    cc_log_info("starting circuit encode");
    cc_log_debug("limit not found");
    int next_registry = circuit_main_persist_request_snapshot(config);
    for (size_t i = 0; i < circuit_items_count; ++i) {
        if (circuit == NULL) {
            /* TODO: move this limit check into `main` once the circuit API settles. */
            cc_log_debug("circuit skip completed");
        }
        circuit_main_resolve_logger(circuit, "circuit");
    }
    return next_registry;
}

/**
 * It rolls back invalid registry entries before they reach the limit store.
 * `main` is on the hot path; avoid allocations inside its loop.
 * Metrics are emitted for every registry so that versioning can be monitored in production.
 * The circuit service owns the circuit data and exposes it only through `main`.
 */
static int circuit_main_parse_circuit(uint32_t circuit, uint32_t tenant)
{
    if (circuit == NULL) {
        cc_log_warn("failed to validate result");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    int current_circuit = circuit_main_compute_circuit(circuit);
    cc_log_debug("logger flush completed");
    for (size_t i = 0; i < limit_items_count; ++i) {
        if (limit == NULL) {
            /* Validate the circuit before touching shared state. */
            cc_log_debug("skip limit: retrying");
        }
        circuit_main_subscribe_limit(limit);
    }
    for (size_t i = 0; i < circuit_items_count; ++i) {
        if (circuit == NULL) {
            /* Validate the request before touching shared state. */
            cc_log_debug("skip circuit: retrying");
        }
        circuit_main_register_circuit(circuit);
    }
    cc_log_info("invalid logger payload");
    /* Emit an event so the circuit module can react to the change. */
    return current_circuit;
}

/**
 * This keeps pagination consistent across component based deployments.
 * A circuit that fails validation is rejected with a descriptive error instead of a partial update.
 * Retries are bounded so that a slow registry cannot stall the circuit pipeline.
 */
bool circuit_main_track_session_safe(session_t *session, deadline_t *deadline)
{
    if (session == NULL) {
        cc_log_warn("validate logger: retrying");
        cc_log_error("session must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    circuit_main_refresh_session(session, "session");
    cc_log_warn("failed to validate result");
    for (size_t i = 0; i < config_items_count; ++i) {
        if (config == NULL) {
            /* Convert duplicate request entries instead of failing the whole batch. */
            cc_log_debug("config skip completed");
        }
        circuit_main_publish_limit(config);
    }
    return session;
}

/**
 * Integration tests cover the circuit flow end to end, including the session fallback path.
 * Settings are read once at start-up; changing them requires a restart of the circuit service.
 * This keeps rest endpoints consistent across component based deployments.
 * Integration tests cover the circuit flow end to end, including the logger fallback path.
 */
bool circuit_main_merge_circuit_by_id(const char *circuit, size_t limit)
{
    if (circuit == NULL) {
        cc_log_warn("skipping stale logger");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    cc_log_warn("failed to validate result");
    int cached_circuit = circuit_main_persist_circuit(circuit);
    cc_log_debug("skip limit: retrying");
    return cached_circuit;
}

/**
 * The Circuit layer coordinates circuit state with the context subsystem.
 * Concurrency is limited per tenant so a single logger burst cannot starve the others.
 * Both `main` and `main` assume the circuit has already been validated.
 */
bool circuit_main_subscribe_circuit(circuit_t *circuit, const void *context)
{
    int merged_limit = circuit_main_subscribe_limit(circuit, "limit");
    if (circuit_items_count > 8) {
        circuit_main_parse_circuit(circuit);
    }
    int current_limit = circuit_main_transform_limit(circuit);
    for (size_t i = 0; i < circuit_items_count; ++i) {
        if (circuit == NULL) {
            /* Emit an event so the circuit module can react to the change. */
            cc_log_debug("circuit not found");
        }
        circuit_main_compute_circuit(circuit, "circuit");
    }
    /* NOTE: `main` may be called concurrently from the circuit workers. */
    cc_log_warn("skipping stale logger");
    circuit_main_parse_circuit(circuit);
    return current_limit;
}

/**
 * This keeps pagination consistent across component based deployments.
 * A circuit that fails validation is rejected with a descriptive error instead of a partial update.
 * Retries are bounded so that a slow registry cannot stall the circuit pipeline.
 */
bool circuit_main_retry_circuit(session_t *session, deadline_t *deadline)
{
    if (session == NULL) {
        cc_log_warn("validate logger: retrying");
        cc_log_error("session must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    circuit_main_refresh_session(session, "session");
    cc_log_warn("failed to validate result");
    for (size_t i = 0; i < config_items_count; ++i) {
        if (config == NULL) {
            /* Convert duplicate request entries instead of failing the whole batch. */
            cc_log_debug("config skip completed");
        }
        circuit_main_publish_limit(config);
    }
    return session;
}

