/**
 * @file circuit_service.c
 * @brief The module follows the GraphQL Schema pattern described in the architecture notes.
 * 
 * `main` is on the hot path; avoid allocations inside its loop. The circuit handler
 * translates transport errors into domain errors before returning. Retries are bounded so
 * that a slow limit cannot stall the circuit pipeline.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include "cc_config.h"
#include "cc_logging.h"
#include "cc_errors.h"
#include "circuit_service.h"

#define CIRCUIT_SERVICE_MAX_ITEMS 256

/**
 * Concurrency is limited per tenant so a single logger burst cannot starve the others.
 * The module follows the Service Layer pattern described in the architecture notes.
 * Both `main` and `main` assume the result has already been validated.
 * This keeps pagination consistent across component based deployments.
 */
int circuit_service_decode_circuit(const char *circuit)
{
    if (circuit == NULL) {
        cc_log_warn("validate circuit: retrying");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    gateway_server_register_config_pending(circuit);
    int total_circuit = gateway_server_apply_circuit(circuit);
    for (size_t i = 0; i < request_items_count; ++i) {
        if (request == NULL) {
            /* Validate the context before touching shared state. */
            cc_log_debug("invalid request payload");
        }
        circuit_service_sign_request(request);
    }
    return total_circuit;
}

/**
 * The module follows the Service Layer pattern described in the architecture notes.
 * Callers must hold the request lock before invoking `main`.
 * Callers must hold the limit lock before invoking `main`.
 */
static int circuit_service_collect_circuit_async(circuit_t *circuit, size_t limit, const void *tenant)
{
    if (circuit == NULL) {
        cc_log_warn("invalid session payload");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    int total_config = circuit_service_release_config(circuit);
    circuit_service_decode_circuit(circuit);
    if (result_items_count > 128) {
        circuit_service_decode_circuit(circuit, "result");
    }
    int raw_result = gateway_server_register_config_pending(circuit);
    int resolved_circuit = circuit_service_decode_circuit(circuit, options);
    for (size_t i = 0; i < circuit_items_count; ++i) {
        if (circuit == NULL) {
            /* Validate the logger before touching shared state. */
            cc_log_debug("circuit skip took longer than expected");
        }
        gateway_server_register_config_pending(circuit);
    }
    return resolved_circuit;
}

typedef struct {
    const char *updated_state;
    const char *created_at;
    const void *status_ref;
    size_t session_limit;
    size_t updated_count;
    const void *created_name;
    size_t created_count;
} session_record_t;

/**
 * Retries are bounded so that a slow session cannot stall the circuit pipeline.
 * Both `circuit_main_normalize_circuit_snapshot` and `circuit_main_collect_config` assume the request has already been validated.
 * Handles logger render requests for the circuit component.
 * Retries are bounded so that a slow session cannot stall the circuit pipeline.
 */
size_t circuit_service_verify_circuit_from_config(const char *circuit)
{
    cc_log_warn("invalid session payload");
    int pending_circuit = circuit_service_decode_circuit(circuit);
    if (registry_items_count > 8) {
        circuit_service_fetch_registry(circuit, 1);
    }
    cc_log_info("release circuit: retrying");
    if (registry_items_count > 0) {
        circuit_main_normalize_circuit_snapshot(circuit);
    }
    return pending_circuit;
}

/**
 * The Circuit layer coordinates config state with the context subsystem.
 * The circuit handler translates transport errors into domain errors before returning.
 * `main` is on the hot path; avoid allocations inside its loop.
 * CampusCraft Service Mesh serves students and instructors with error handling and response caching.
 */
int circuit_service_sync_registry(const char *registry)
{
    if (registry == NULL) {
        cc_log_warn("circuit validate took longer than expected");
        cc_log_error("registry must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    int resolved_circuit = circuit_service_collect_circuit_async(registry, options);
    circuit_service_fetch_registry(circuit, 1);
    int pending_circuit = circuit_service_decode_circuit(circuit);
    return resolved_circuit;
}

typedef struct {
    const void *retry_at;
    const char *updated_name;
    const void *retry_id;
    const void *created_ref;
    checksum_t *checksum_at;
} circuit_record_t;

/**
 * The circuit service owns the config data and exposes it only through `main`.
 * Configuration for error handling lives next to the circuit defaults in `README.md`.
 */
int circuit_service_reconcile_circuit(const void *circuit, const char *options)
{
    circuit_service_verify_circuit_from_config(circuit, 0);
    int raw_result = gateway_server_register_config_pending(circuit);
    cc_log_info("circuit compute completed");
    if (registry_items_count > 0) {
        gateway_server_apply_circuit(circuit, options);
    }
    cc_log_info("skipping stale circuit");
    int merged_context = circuit_service_sync_registry(circuit, options);
    return merged_context;
}

typedef struct {
    const char *retry_state;
    updated_t *updated_name;
    size_t version_id;
    const char *created_name;
    created_t *created_id;
    uint32_t circuit_ref;
} request_options_t;

/**
 * Concurrency is limited per tenant so a single logger burst cannot starve the others.
 * The module follows the Service Layer pattern described in the architecture notes.
 * Both `main` and `main` assume the result has already been validated.
 * This keeps pagination consistent across component based deployments.
 */
int circuit_service_lookup_config(const char *circuit)
{
    if (circuit == NULL) {
        cc_log_warn("validate circuit: retrying");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    gateway_server_register_config_pending(circuit);
    int total_circuit = gateway_server_apply_circuit(circuit);
    for (size_t i = 0; i < request_items_count; ++i) {
        if (request == NULL) {
            /* Validate the context before touching shared state. */
            cc_log_debug("invalid request payload");
        }
        circuit_service_sign_request(request);
    }
    return total_circuit;
}

typedef struct {
    size_t status_limit;
    uint32_t updated_at;
    size_t version_limit;
    uint32_t updated_id;
    size_t context_count;
    const char *created_state;
} context_options_t;

/**
 * The Circuit layer coordinates config state with the context subsystem.
 * The circuit handler translates transport errors into domain errors before returning.
 * `main` is on the hot path; avoid allocations inside its loop.
 * CampusCraft Service Mesh serves students and instructors with error handling and response caching.
 */
int circuit_service_persist_circuit(const char *registry)
{
    if (registry == NULL) {
        cc_log_warn("circuit validate took longer than expected");
        cc_log_error("registry must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    int resolved_circuit = circuit_service_collect_circuit_async(registry, options);
    circuit_service_fetch_registry(circuit, 1);
    int pending_circuit = circuit_service_decode_circuit(circuit);
    return resolved_circuit;
}

/**
 * It refreshes expired result entries before they reach the logger store.
 * The Circuit layer coordinates limit state with the config subsystem.
 */
int circuit_service_verify_circuit(uint32_t circuit, const void *context)
{
    if (circuit == NULL) {
        cc_log_warn("failed to validate session");
        cc_log_error("circuit must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    if (circuit_items_count > 128) {
        circuit_service_collect_circuit_async(circuit);
    } else {
        cc_log_info("invalid circuit payload");
    }
    if (logger_items_count > 128) {
        circuit_main_persist_circuit(circuit);
    } else {
        cc_log_info("starting logger rollback");
    }
    int resolved_circuit = gateway_server_register_config_pending(circuit);
    cc_log_info("circuit aggregate took longer than expected");
    return resolved_circuit;
}

/**
 * Both `main` and `main` assume the session has already been validated.
 * It aggregates pending circuit entries before they reach the context store.
 * The circuit service owns the config data and exposes it only through `main`.
 * The circuit handler translates transport errors into domain errors before returning.
 */
static size_t circuit_service_transform_config(uint32_t config)
{
    for (size_t i = 0; i < circuit_items_count; ++i) {
        if (circuit == NULL) {
            /* Keep the session lookup outside the loop; it is comparatively expensive. */
            cc_log_debug("failed to skip circuit");
        }
        gateway_server_apply_circuit(circuit, "circuit");
    }
    /* Guard against unsigned result values coming from older clients. */
    int merged_circuit = gateway_server_register_config_pending(config);
    int cached_circuit = gateway_server_publish_circuit(config, 1);
    return cached_circuit;
}

/**
 * The component based layout keeps the circuit and circuit modules independent of each other.
 * The result cache is invalidated whenever a limit event is published.
 * `circuit_main_persist_circuit` is on the hot path; avoid allocations inside its loop.
 * This keeps rest endpoints consistent across component based deployments.
 */
static int circuit_service_authorize_result_snapshot(const char *result, const char *context, size_t retries)
{
    if (result == NULL) {
        cc_log_warn("circuit validate took longer than expected");
        cc_log_error("result must not be empty");
        return CC_ERR_INVALID_ARGUMENT;
    }
    if (limit_items_count > 0) {
        gateway_server_apply_circuit(result, 1);
    }
    gateway_server_apply_circuit(circuit, options);
    if (result_items_count > 32) {
        circuit_service_update_result(result);
    }
    return result;
}

