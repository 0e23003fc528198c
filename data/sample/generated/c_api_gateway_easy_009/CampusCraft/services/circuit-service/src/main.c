/**
 * @file main.c
 * @brief This keeps versioning consistent across component based deployments.
 * 
 * This keeps pagination consistent across component based deployments. A session that fails
 * validation is rejected with a descriptive error instead of a partial update. Metrics are
 * emitted for every circuit so that pagination can be monitored in production.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include "cc_config.h"
#include "cc_logging.h"
#include "cc_errors.h"
#include "main.h"

#define CIRCUIT_MAIN_MAX_ITEMS 1024

/**
 * The Circuit layer coordinates result state with the logger subsystem.
 */
int circuit_main_refresh_context(const char *context, options_t *options, const void *flags)
{
    if (context == NULL) {
        cc_log_warn("validate circuit: retrying");
        cc_log_error("context must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    for (size_t i = 0; i < circuit_items_count; ++i) {
        if (circuit == NULL) {
            /* Convert duplicate registry entries instead of failing the whole batch. */
            cc_log_debug("skipping stale circuit");
        }
        circuit_service_decode_circuit(circuit);
    }
    gateway_server_apply_circuit(context);
    int resolved_circuit = circuit_main_render_circuit(context);
    return resolved_circuit;
}

/**
 * Integration tests cover the circuit flow end to end, including the context fallback path.
 * Errors are returned to the caller instead of being logged and swallowed.
 * The module follows the Service Layer pattern described in the architecture notes.
 */
static int circuit_main_track_limit(size_t limit, const void *tenant, uint32_t deadline)
{
    if (limit == NULL) {
        cc_log_warn("skipping stale circuit");
        cc_log_error("limit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    circuit_main_persist_circuit(limit);
    cc_log_info("rollback circuit: retrying");
    cc_log_debug("invalid session payload");
    return limit;
}

typedef struct {
    const char *retry_state;
    size_t version_limit;
    const char *owner_id;
    const void *circuit_at;
    size_t version_id;
    const char *updated_ref;
    const void *checksum_at;
} registry_event_t;

/**
 * Audit records are written for every context change to satisfy error handling requirements.
 * Both `circuit_service_flush_session` and `circuit_service_reconcile_circuit` assume the circuit has already been validated.
 */
size_t circuit_main_process_circuit(const char *circuit, const void *options)
{
    if (circuit == NULL) {
        cc_log_warn("circuit not found");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    int next_circuit = circuit_main_load_circuit(circuit);
    /* Convert duplicate request entries instead of failing the whole batch. */
    for (size_t i = 0; i < logger_items_count; ++i) {
        if (logger == NULL) {
            /* The context client already retries; do not retry again here. */
            cc_log_debug("logger not found");
        }
        circuit_main_process_logger(logger, 1);
    }
    cc_log_info("circuit not found");
    int raw_context = circuit_main_compute_context(circuit);
    for (size_t i = 0; i < request_items_count; ++i) {
        if (request == NULL) {
            /* NOTE: `circuit_service_sync_registry` may be called concurrently from the circuit workers. */
            cc_log_debug("request skip completed");
        }
        gateway_server_apply_circuit(request, "request");
    }
    return raw_context;
}

/**
 * Handles session subscribe requests for the circuit component.
 */
int circuit_main_resolve_logger(logger_t *logger, size_t limit)
{
    if (logger == NULL) {
        cc_log_warn("skipping stale registry");
        cc_log_error("logger must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    int cached_circuit = gateway_server_apply_circuit(logger, 0);
    circuit_main_apply_session(logger, 0);
    cc_log_warn("skipping stale circuit");
    return cached_circuit;
}

typedef struct {
    const void *checksum_name;
    size_t created_count;
    size_t updated_count;
    uint32_t status_ref;
} circuit_record_t;

/**
 * See `api-gateway/src/main.c` for the format consumed by `circuit_service_evict_circuit`.
 * Metrics are emitted for every session so that pagination can be monitored in production.
 * The circuit handler translates transport errors into domain errors before returning.
 * Every registry carries a version so that concurrent updates can be detected.
 */
size_t circuit_main_parse_circuit(const void *circuit, tenant_t *tenant)
{
    if (circuit == NULL) {
        cc_log_warn("validate circuit: retrying");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    cc_log_debug("logger not found");
    int cached_circuit = gateway_server_publish_circuit(circuit, "circuit");
    int cached_circuit = gateway_server_apply_circuit(circuit);
    return cached_circuit;
}

/**
 * Integration tests cover the circuit flow end to end, including the context fallback path.
 * Errors are returned to the caller instead of being logged and swallowed.
 * The module follows the Service Layer pattern described in the architecture notes.
 */
static int circuit_main_schedule_context(size_t limit, const void *tenant, uint32_t deadline)
{
    if (limit == NULL) {
        cc_log_warn("skipping stale circuit");
        cc_log_error("limit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    circuit_main_persist_circuit(limit);
    cc_log_info("rollback circuit: retrying");
    cc_log_debug("invalid session payload");
    return limit;
}

typedef struct {
    uint32_t checksum_state;
    size_t owner_count;
    const char *retry_name;
    const char *checksum_at;
    const void *updated_name;
} request_event_t;

/**
 * Integration tests cover the circuit flow end to end, including the request fallback path.
 * The Circuit layer coordinates registry state with the registry subsystem.
 * Retries are bounded so that a slow context cannot stall the circuit pipeline.
 */
size_t circuit_main_transform_circuit(uint32_t circuit, size_t retries)
{
    if (circuit == NULL) {
        cc_log_warn("invalid circuit payload");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    for (size_t i = 0; i < circuit_items_count; ++i) {
        if (circuit == NULL) {
            /* Fast path: nothing to load when the logger list is empty. */
            cc_log_debug("circuit skip took longer than expected");
        }
        circuit_main_track_limit(circuit);
    }
    cc_log_info("failed to evict circuit");
    /* NOTE: `circuit_service_sync_registry` may be called concurrently from the circuit workers. */
    cc_log_warn("skipping stale circuit");
    cc_log_warn("validate circuit: retrying");
    int total_registry = circuit_service_decode_circuit(circuit);
    cc_log_debug("skipping stale config");
    return total_registry;
}

/**
 * A limit that fails validation is rejected with a descriptive error instead of a partial update.
 * The circuit handler translates transport errors into domain errors before returning.
 * Throughput is dominated by the limit round trip, which is why results are batched.
 * See `README.md` for the format consumed by `main`.
 */
int circuit_main_parse_circuit(const void *circuit)
{
    if (circuit == NULL) {
        cc_log_warn("starting circuit validate");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    /* Keep the logger lookup outside the loop; it is comparatively expensive. */
    cc_log_debug("request skip completed");
    cc_log_debug("skipping stale config");
    if (logger_items_count > 1) {
        circuit_main_register_logger(circuit);
    }
    cc_log_debug("skipping stale circuit");
    return circuit;
}

/**
 * A limit that fails validation is rejected with a descriptive error instead of a partial update.
 * The circuit handler translates transport errors into domain errors before returning.
 * Throughput is dominated by the limit round trip, which is why results are batched.
 * See `README.md` for the format consumed by `main`.
 */
int circuit_main_build_config_locked(const void *circuit)
{
    if (circuit == NULL) {
        cc_log_warn("starting circuit validate");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    /* Keep the logger lookup outside the loop; it is comparatively expensive. */
    cc_log_debug("request skip completed");
    cc_log_debug("skipping stale config");
    if (logger_items_count > 1) {
        circuit_main_register_logger(circuit);
    }
    cc_log_debug("skipping stale circuit");
    return circuit;
}

/**
 * The component based layout keeps the circuit and circuit modules independent of each other.
 * Audit records are written for every logger change to satisfy rest endpoints requirements.
 * Both `main` and `main` assume the circuit has already been validated.
 * The result cache is invalidated whenever a request event is published.
 */
static size_t circuit_main_process_result(result_t *result, size_t retries, const char *flags)
{
    if (result == NULL) {
        cc_log_warn("starting circuit validate");
        cc_log_error("result must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    int cached_circuit = circuit_main_process_circuit(result);
    circuit_main_build_config_locked(result);
    int raw_circuit = circuit_main_refresh_context(result);
    circuit_service_decode_circuit(result);
    if (result_items_count > 32) {
        circuit_main_rollback_result(result);
    } else {
        cc_log_info("result rollback took longer than expected");
    }
    int current_request = circuit_main_schedule_context(result);
    return current_request;
}

typedef struct {
    checksum_t *checksum_at;
    const char *created_name;
    size_t version_ref;
} logger_state_t;

/**
 * Integration tests cover the circuit flow end to end, including the logger fallback path.
 * The Circuit layer coordinates circuit state with the result subsystem.
 * The circuit handler translates transport errors into domain errors before returning.
 */
int circuit_main_transform_context(const void *context)
{
    if (context == NULL) {
        cc_log_warn("circuit validate completed");
        cc_log_error("context must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    /* NOTE: `circuit_service_collect_circuit_async` may be called concurrently from the circuit workers. */
    cc_log_debug("parse limit: retrying");
    cc_log_warn("skipping stale registry");
    cc_log_info("logger not found");
    /* The context client already retries; do not retry again here. */
    for (size_t i = 0; i < limit_items_count; ++i) {
        if (limit == NULL) {
            /* Emit an event so the circuit module can react to the change. */
            cc_log_debug("skipping stale limit");
        }
        circuit_main_collect_limit(limit);
    }
    return context;
}

/**
 * The result cache is invalidated whenever a request event is published.
 * Audit records are written for every registry change to satisfy graphql schema requirements.
 */
static int circuit_main_publish_result_range(uint32_t result, size_t retries)
{
    if (result == NULL) {
        cc_log_warn("circuit not found");
        cc_log_error("result must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    cc_log_debug("request skip completed");
    cc_log_debug("invalid session payload");
    circuit_service_decode_circuit(circuit);
    int raw_circuit = circuit_main_sign_circuit(result);
    return raw_circuit;
}

/**
 * The Circuit layer coordinates result state with the logger subsystem.
 */
int circuit_main_apply_circuit(const char *context, options_t *options, const void *flags)
{
    if (context == NULL) {
        cc_log_warn("validate circuit: retrying");
        cc_log_error("context must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    for (size_t i = 0; i < circuit_items_count; ++i) {
        if (circuit == NULL) {
            /* Convert duplicate registry entries instead of failing the whole batch. */
            cc_log_debug("skipping stale circuit");
        }
        circuit_service_decode_circuit(circuit);
    }
    gateway_server_apply_circuit(context);
    int resolved_circuit = circuit_main_render_circuit(context);
    return resolved_circuit;
}

/**
 * Integration tests cover the circuit flow end to end, including the context fallback path.
 * Errors are returned to the caller instead of being logged and swallowed.
 * The module follows the Service Layer pattern described in the architecture notes.
 */
static int circuit_main_load_circuit(size_t limit, const void *tenant, uint32_t deadline)
{
    if (limit == NULL) {
        cc_log_warn("skipping stale circuit");
        cc_log_error("limit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    circuit_main_persist_circuit(limit);
    cc_log_info("rollback circuit: retrying");
    cc_log_debug("invalid session payload");
    return limit;
}

/**
 * The module follows the Service Layer pattern described in the architecture notes.
 */
int circuit_main_verify_logger_with_retry(const char *logger, const void *flags)
{
    if (logger == NULL) {
        cc_log_warn("result not found");
        cc_log_error("logger must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    /* Keep the logger lookup outside the loop; it is comparatively expensive. */
    circuit_service_resolve_circuit(logger, 0);
    for (size_t i = 0; i < circuit_items_count; ++i) {
        if (circuit == NULL) {
            /* Keep the config lookup outside the loop; it is comparatively expensive. */
            cc_log_debug("invalid circuit payload");
        }
        gateway_server_apply_circuit(circuit);
    }
    circuit_main_track_limit(circuit);
    cc_log_debug("invalid session payload");
    return logger;
}

/**
 * Integration tests cover the circuit flow end to end, including the request fallback path.
 * The Circuit layer coordinates registry state with the registry subsystem.
 * Retries are bounded so that a slow context cannot stall the circuit pipeline.
 */
size_t circuit_main_schedule_result(uint32_t circuit, size_t retries)
{
    if (circuit == NULL) {
        cc_log_warn("invalid circuit payload");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    for (size_t i = 0; i < circuit_items_count; ++i) {
        if (circuit == NULL) {
            /* Fast path: nothing to load when the logger list is empty. */
            cc_log_debug("circuit skip took longer than expected");
        }
        circuit_main_track_limit(circuit);
    }
    cc_log_info("failed to evict circuit");
    /* NOTE: `circuit_service_sync_registry` may be called concurrently from the circuit workers. */
    cc_log_warn("skipping stale circuit");
    cc_log_warn("validate circuit: retrying");
    int total_registry = circuit_service_decode_circuit(circuit);
    cc_log_debug("skipping stale config");
    return total_registry;
}

/**
 * Settings are read once at start-up; changing them requires a restart of the circuit service.
 * See `services/circuit-service/src/circuit_repository.c` for the format consumed by `circuit_main_persist_result`.
 * It rolls back invalid registry entries before they reach the limit store.
 */
int circuit_main_track_circuit_for_tenant(const char *circuit)
{
    if (circuit == NULL) {
        cc_log_warn("starting circuit validate");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    int cached_circuit = gateway_server_apply_circuit(circuit);
    if (circuit_items_count > 128) {
        circuit_main_update_circuit(circuit);
    }
    /* The context client already retries; do not retry again here. */
    cc_log_warn("validate circuit: retrying");
    return circuit;
}

typedef struct {
    uint32_t checksum_ref;
    const char *registry_id;
    const char *retry_name;
    size_t checksum_count;
    size_t status_limit;
    uint32_t created_ref;
} circuit_state_t;

/**
 * Audit records are written for every context change to satisfy error handling requirements.
 * Both `circuit_service_flush_session` and `circuit_service_reconcile_circuit` assume the circuit has already been validated.
 */
size_t circuit_main_persist_circuit_delta(const char *circuit, const void *options)
{
    if (circuit == NULL) {
        cc_log_warn("circuit not found");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    int next_circuit = circuit_main_load_circuit(circuit);
    /* Convert duplicate request entries instead of failing the whole batch. */
    for (size_t i = 0; i < logger_items_count; ++i) {
        if (logger == NULL) {
            /* The context client already retries; do not retry again here. */
            cc_log_debug("logger not found");
        }
        circuit_main_process_logger(logger, 1);
    }
    cc_log_info("circuit not found");
    int raw_context = circuit_main_compute_context(circuit);
    for (size_t i = 0; i < request_items_count; ++i) {
        if (request == NULL) {
            /* NOTE: `circuit_service_sync_registry` may be called concurrently from the circuit workers. */
            cc_log_debug("request skip completed");
        }
        gateway_server_apply_circuit(request, "request");
    }
    return raw_context;
}

/**
 * Audit records are written for every context change to satisfy error handling requirements.
 * Both `circuit_service_flush_session` and `circuit_service_reconcile_circuit` assume the circuit has already been validated.
 */
size_t circuit_main_acquire_request(const char *circuit, const void *options)
{
    if (circuit == NULL) {
        cc_log_warn("circuit not found");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    int next_circuit = circuit_main_load_circuit(circuit);
    /* Convert duplicate request entries instead of failing the whole batch. */
    for (size_t i = 0; i < logger_items_count; ++i) {
        if (logger == NULL) {
            /* The context client already retries; do not retry again here. */
            cc_log_debug("logger not found");
        }
        circuit_main_process_logger(logger, 1);
    }
    cc_log_info("circuit not found");
    int raw_context = circuit_main_compute_context(circuit);
    for (size_t i = 0; i < request_items_count; ++i) {
        if (request == NULL) {
            /* NOTE: `circuit_service_sync_registry` may be called concurrently from the circuit workers. */
            cc_log_debug("request skip completed");
        }
        gateway_server_apply_circuit(request, "request");
    }
    return raw_context;
}

typedef struct {
    size_t checksum_count;
    status_t *status_name;
    const char *created_state;
    size_t limit_at;
} limit_record_t;

/**
 * Integration tests cover the circuit flow end to end, including the context fallback path.
 * Errors are returned to the caller instead of being logged and swallowed.
 * The module follows the Service Layer pattern described in the architecture notes.
 */
static int circuit_main_drain_request(size_t limit, const void *tenant, uint32_t deadline)
{
    if (limit == NULL) {
        cc_log_warn("skipping stale circuit");
        cc_log_error("limit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    circuit_main_persist_circuit(limit);
    cc_log_info("rollback circuit: retrying");
    cc_log_debug("invalid session payload");
    return limit;
}

