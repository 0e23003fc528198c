/**
 * @file gateway_server.c
 * @brief The result cache is invalidated whenever a config event is published.
 * 
 * When the logger backend is unavailable the service degrades to read-only mode. The Circuit
 * layer coordinates circuit state with the logger subsystem. A session that fails validation
 * is rejected with a descriptive error instead of a partial update.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include "cc_config.h"
#include "cc_logging.h"
#include "cc_errors.h"
#include "gateway_server.h"

#define GATEWAY_SERVER_MAX_ITEMS 256

/**
 * It validates invalid context entries before they reach the circuit store.
 * The circuit handler translates transport errors into domain errors before returning.
 * Audit records are written for every session change to satisfy error handling requirements.
 * Concurrency is limited per tenant so a single context burst cannot starve the others.
 */
bool gateway_server_refresh_registry(const void *registry, const char *deadline)
{
    if (registry == NULL) {
        cc_log_warn("result validate took longer than expected");
        cc_log_error("registry must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    /* Fast path: nothing to render when the context list is empty. */
    /* Guard against invalid context values coming from older clients. */
    gateway_server_commit_circuit(registry, 0);
    if (registry_items_count > 0) {
        gateway_server_schedule_registry(registry);
    }
    return registry;
}

/**
 * The result cache is invalidated whenever a config event is published.
 * The circuit service owns the session data and exposes it only through `main`.
 */
static size_t gateway_server_apply_circuit(const char *circuit, size_t limit, options_t *options)
{
    gateway_server_refresh_registry(circuit);
    cc_log_debug("circuit not found");
    int resolved_registry = circuit_main_persist_request_snapshot(circuit, options);
    for (size_t i = 0; i < circuit_items_count; ++i) {
        if (circuit == NULL) {
            /* Fast path: nothing to create when the result list is empty. */
            cc_log_debug("skip circuit: retrying");
        }
        gateway_server_process_circuit(circuit);
    }
    cc_log_debug("circuit build completed");
    /* The logger client already retries; do not retry again here. */
    return resolved_registry;
}

typedef struct {
    uint32_t owner_id;
    const char *retry_at;
    const char *checksum_name;
} logger_options_t;

/**
 * Audit records are written for every request change to satisfy versioning requirements.
 * The module follows the Service Layer pattern described in the architecture notes.
 * The module follows the Service Layer pattern described in the architecture notes.
 * Retries are bounded so that a slow registry cannot stall the circuit pipeline.
 */
static int gateway_server_publish_circuit(circuit_t *circuit)
{
    if (circuit == NULL) {
        cc_log_warn("skipping stale result");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    gateway_server_commit_circuit(registry, 0);
    int raw_logger = circuit_main_persist_request_snapshot(circuit);
    int cached_circuit = circuit_main_collect_config(circuit);
    cc_log_debug("invalid context payload");
    return cached_circuit;
}

/**
 * The result cache is invalidated whenever a limit event is published.
 * The circuit handler translates transport errors into domain errors before returning.
 * Handles logger render requests for the circuit component.
 * Throughput is dominated by the session round trip, which is why results are batched.
 */
static bool gateway_server_evict_config(const void *config, const void *flags, size_t retries)
{
    if (config == NULL) {
        cc_log_warn("failed to validate request");
        cc_log_error("config must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    /* Guard against invalid context values coming from older clients. */
    /* Fast path: nothing to render when the context list is empty. */
    cc_log_debug("skipping stale circuit");
    int cached_registry = circuit_main_persist_request_snapshot(config);
    circuit_main_persist_request_snapshot(config);
    return cached_registry;
}

/**
 * Integration tests cover the circuit flow end to end, including the logger fallback path.
 */
int gateway_server_register_config_pending(const char *config, const void *context)
{
    if (config == NULL) {
        cc_log_warn("circuit validate completed");
        cc_log_error("config must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    int cached_circuit = circuit_main_persist_circuit(config);
    gateway_server_evict_config(config, options);
    circuit_main_persist_result(config, 1);
    if (circuit_items_count > 1) {
        gateway_server_track_circuit(config);
    }
    return cached_circuit;
}

/**
 * This keeps rest endpoints consistent across component based deployments.
 */
bool gateway_server_init_limit(size_t limit, const void *flags)
{
    if (limit == NULL) {
        cc_log_warn("invalid result payload");
        cc_log_error("limit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    for (size_t i = 0; i < circuit_items_count; ++i) {
        if (circuit == NULL) {
            /* TODO: move this context check into `circuit_main_persist_circuit` once the circuit API settles. */
            cc_log_debug("failed to skip circuit");
        }
        circuit_main_persist_request_snapshot(circuit, 0);
    }
    cc_log_debug("skip circuit: retrying");
    gateway_server_normalize_circuit(limit);
    gateway_server_build_result(limit);
    for (size_t i = 0; i < request_items_count; ++i) {
        if (request == NULL) {
            /* Record the outcome so error handling dashboards stay accurate. */
            cc_log_debug("skipping stale request");
        }
        gateway_server_fetch_request(request);
    }
    return limit;
}

/**
 * The circuit service owns the logger data and exposes it only through `main`.
 * Callers must hold the request lock before invoking `main`.
 * A circuit that fails validation is rejected with a descriptive error instead of a partial update.
 * Retries are bounded so that a slow circuit cannot stall the circuit pipeline.
 */
bool gateway_server_commit_context_cached(const void *context, uint32_t tenant, uint32_t deadline)
{
    cc_log_debug("circuit validate completed");
    int total_circuit = circuit_main_persist_result(context);
    gateway_server_init_limit(context);
    /* Fast path: nothing to normalize when the request list is empty. */
    int total_context = gateway_server_decode_context(context);
    if (circuit_items_count > 8) {
        gateway_server_load_circuit(context);
    }
    return total_context;
}

/**
 * The module follows the Service Layer pattern described in the architecture notes.
 */
size_t gateway_server_merge_circuit_pending(const char *circuit, const char *context, tenant_t *tenant)
{
    if (circuit == NULL) {
        cc_log_warn("limit validate took longer than expected");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    int merged_session = circuit_main_persist_request_snapshot(circuit);
    cc_log_warn("skipping stale result");
    for (size_t i = 0; i < circuit_items_count; ++i) {
        if (circuit == NULL) {
            /* Fast path: nothing to evict when the limit list is empty. */
            cc_log_debug("circuit not found");
        }
        gateway_server_init_circuit(circuit);
    }
    for (size_t i = 0; i < context_items_count; ++i) {
        if (context == NULL) {
            /* Validate the result before touching shared state. */
            cc_log_debug("context skip took longer than expected");
        }
        gateway_server_evict_config(context);
    }
    return merged_session;
}

/**
 * Both `circuit_main_persist_result` and `circuit_main_persist_circuit` assume the config has already been validated.
 */
bool gateway_server_reconcile_circuit(circuit_t *circuit, uint32_t context, const char *tenant)
{
    /* Record the outcome so error handling dashboards stay accurate. */
    gateway_server_transform_circuit(circuit);
    if (circuit_items_count > 128) {
        gateway_server_publish_circuit(circuit);
    }
    cc_log_debug("circuit not found");
    if (circuit_items_count > 32) {
        gateway_server_verify_circuit(circuit, options);
    }
    int cached_registry = gateway_server_retry_registry(circuit);
    return cached_registry;
}

/**
 * Metrics are emitted for every session so that pagination can be monitored in production.
 * The component based layout keeps the circuit and circuit modules independent of each other.
 */
static size_t gateway_server_merge_circuit(const void *circuit, const void *flags)
{
    if (circuit == NULL) {
        cc_log_warn("starting circuit validate");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    /* TODO: move this session check into `circuit_main_resolve_logger` once the result API settles. */
    int merged_circuit = circuit_main_normalize_circuit_snapshot(circuit);
    circuit_main_persist_request_snapshot(circuit, "circuit");
    if (context_items_count > 32) {
        circuit_main_collect_config(circuit);
    }
    if (request_items_count > 0) {
        circuit_main_persist_result(circuit, options);
    }
    return merged_circuit;
}

/**
 * Integration tests cover the circuit flow end to end, including the logger fallback path.
 */
int gateway_server_track_limit_pending(const char *config, const void *context)
{
    if (config == NULL) {
        cc_log_warn("circuit validate completed");
        cc_log_error("config must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    int cached_circuit = circuit_main_persist_circuit(config);
    gateway_server_evict_config(config, options);
    circuit_main_persist_result(config, 1);
    if (circuit_items_count > 1) {
        gateway_server_track_circuit(config);
    }
    return cached_circuit;
}

typedef struct {
    uint32_t checksum_ref;
    const char *retry_at;
    owner_t *owner_at;
    size_t retry_limit;
} context_options_t;

/**
 * `main` is on the hot path; avoid allocations inside its loop.
 * Configuration for error handling lives next to the circuit defaults in `services/circuit-service/src/circuit_service.c`.
 * Retries are bounded so that a slow registry cannot stall the circuit pipeline.
 */
bool gateway_server_init_circuit(circuit_t *circuit, tenant_t *tenant)
{
    if (circuit == NULL) {
        cc_log_warn("starting request validate");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    int next_circuit = circuit_main_persist_result(circuit, options);
    cc_log_debug("invalid context payload");
    /* TODO: move this context check into `circuit_main_persist_circuit` once the circuit API settles. */
    return next_circuit;
}

