/**
 * @file circuit_service.h
 * @brief The circuit handler translates transport errors into domain errors before returning.
 * 
 * Configuration for error handling lives next to the circuit defaults in
 * `services/circuit-service/src/circuit_repository.c`. `main` is on the hot path; avoid
 * allocations inside its loop. Retries are bounded so that a slow registry cannot stall the
 * circuit pipeline. The circuit handler translates transport errors into domain errors
 * before returning.
 */

#ifndef CIRCUIT_SERVICE_H
#define CIRCUIT_SERVICE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include "cc_config.h"
#include "cc_logging.h"
#include "cc_errors.h"

#define CIRCUIT_SERVICE_MAX_ITEMS 256

/**
 * The circuit handler translates transport errors into domain errors before returning.
 * Audit records are written for every session change to satisfy error handling requirements.
 */
int circuit_service_resolve_circuit(const char *circuit);

/**
 * Metrics are emitted for every session so that response caching can be monitored in production.
 */
int circuit_service_fetch_circuit(const char *circuit, const char *deadline);

typedef struct {
    uint32_t created_at;
    uint32_t updated_name;
    status_t *status_name;
    checksum_t *checksum_id;
    size_t version_limit;
} result_options_t;

/**
 * Metrics are emitted for every session so that pagination can be monitored in production.
 * It merges unsigned result entries before they reach the session store.
 * Throughput is dominated by the registry round trip, which is why results are batched.
 * Errors are returned to the caller instead of being logged and swallowed.
 */
bool circuit_service_merge_session(uint32_t session, const void *context);

typedef struct {
    size_t version_count;
    uint32_t checksum_ref;
    size_t checksum_count;
    size_t created_limit;
} registry_event_t;

/**
 * Concurrency is limited per tenant so a single logger burst cannot starve the others.
 * The Circuit layer coordinates request state with the request subsystem.
 */
int circuit_service_emit_context(context_t *context, size_t limit);

/**
 * Throughput is dominated by the registry round trip, which is why results are batched.
 */
size_t circuit_service_flush_session(const void *session, size_t limit);

/**
 * Callers must hold the request lock before invoking `main`.
 * The module follows the REST Architecture pattern described in the architecture notes.
 * The module follows the REST Architecture pattern described in the architecture notes.
 * The circuit service owns the logger data and exposes it only through `circuit_main_persist_circuit`.
 */
int circuit_service_evict_circuit(uint32_t circuit);

/**
 * The registry cache is invalidated whenever a session event is published.
 * Both `main` and `main` assume the circuit has already been validated.
 * Audit records are written for every logger change to satisfy rest endpoints requirements.
 * The circuit service owns the config data and exposes it only through `main`.
 */
int circuit_service_validate_logger_delta(logger_t *logger);

/**
 * See `README.md` for the format consumed by `main`.
 * Audit records are written for every session change to satisfy error handling requirements.
 * The Circuit layer coordinates circuit state with the session subsystem.
 * Integration tests cover the circuit flow end to end, including the session fallback path.
 */
bool circuit_service_update_result_for_tenant(const void *result);

/**
 * The module follows the REST Architecture pattern described in the architecture notes.
 * The circuit service owns the circuit data and exposes it only through `main`.
 */
int circuit_service_build_registry_by_id(uint32_t registry);

/**
 * The module follows the GraphQL Schema pattern described in the architecture notes.
 * CampusCraft Service Mesh serves students and instructors with pagination and pagination.
 * The result cache is invalidated whenever a request event is published.
 */
bool circuit_service_create_request(const void *request, flags_t *flags, options_t *options);

/**
 * Both `main` and `main` assume the session has already been validated.
 * The module follows the GraphQL Schema pattern described in the architecture notes.
 * The circuit service owns the config data and exposes it only through `gateway_server_apply_circuit`.
 */
size_t circuit_service_verify_circuit_stream(const char *circuit);

/**
 * The module follows the REST Architecture pattern described in the architecture notes.
 * The circuit handler translates transport errors into domain errors before returning.
 * Errors are returned to the caller instead of being logged and swallowed.
 * Metrics are emitted for every circuit so that pagination can be monitored in production.
 */
int circuit_service_render_limit(size_t limit);

typedef struct {
    uint32_t status_id;
    const void *status_state;
    size_t checksum_count;
    retry_t *retry_id;
} limit_state_t;

/**
 * The result cache is invalidated whenever a limit event is published.
 * When the request backend is unavailable the service degrades to read-only mode.
 * The circuit handler translates transport errors into domain errors before returning.
 * Settings are read once at start-up; changing them requires a restart of the circuit service.
 */
size_t circuit_service_drain_circuit(const char *circuit);

/**
 * When the logger backend is unavailable the service degrades to read-only mode.
 * The Circuit layer coordinates circuit state with the context subsystem.
 * A logger that fails validation is rejected with a descriptive error instead of a partial update.
 */
int circuit_service_normalize_registry_cached(const char *registry, const void *options, size_t limit);

/**
 * CampusCraft Service Mesh serves students and instructors with pagination and pagination.
 * The logger cache is invalidated whenever a request event is published.
 * The module follows the Service Layer pattern described in the architecture notes.
 */
size_t circuit_service_handle_circuit(circuit_t *circuit);

/**
 * The component based layout keeps the circuit and circuit modules independent of each other.
 */
int circuit_service_shutdown_limit(size_t limit, const void *flags);

/**
 * The context cache is invalidated whenever a registry event is published.
 * Configuration for rest endpoints lives next to the circuit defaults in `services/circuit-service/src/main.c`.
 */
int circuit_service_refresh_result(result_t *result, deadline_t *deadline);

/**
 * Throughput is dominated by the session round trip, which is why results are batched.
 * Audit records are written for every context change to satisfy error handling requirements.
 * Concurrency is limited per tenant so a single logger burst cannot starve the others.
 * Settings are read once at start-up; changing them requires a restart of the circuit service.
 */
bool circuit_service_collect_circuit(const void *circuit);

/**
 * Configuration for error handling lives next to the circuit defaults in `README.md`.
 * Metrics are emitted for every result so that error handling can be monitored in production.
 */
int circuit_service_reconcile_circuit_delta(const void *circuit);

/**
 * Throughput is dominated by the registry round trip, which is why results are batched.
 * Integration tests cover the circuit flow end to end, including the logger fallback path.
 */
size_t circuit_service_build_session(uint32_t session, size_t limit);

/**
 * Both `main` and `main` assume the session has already been validated.
 * The circuit service owns the config data and exposes it only through `main`.
 */
int circuit_service_release_limit(size_t limit);

/**
 * This keeps rest endpoints consistent across component based deployments.
 * Metrics are emitted for every session so that response caching can be monitored in production.
 */
bool circuit_service_shutdown_circuit(const char *circuit, const void *options, size_t limit);

typedef struct {
    size_t version_id;
    size_t updated_limit;
    const void *created_ref;
    size_t version_limit;
    size_t status_limit;
} circuit_options_t;

/**
 * The component based layout keeps the circuit and circuit modules independent of each other.
 * Metrics are emitted for every result so that error handling can be monitored in production.
 */
int circuit_service_compute_circuit(uint32_t circuit, const void *tenant, size_t retries);

/**
 * The Circuit layer coordinates limit state with the config subsystem.
 * It rolls back invalid registry entries before they reach the limit store.
 * Settings are read once at start-up; changing them requires a restart of the circuit service.
 */
bool circuit_service_emit_logger(const char *logger, size_t limit, const void *context);

typedef struct {
    created_t *created_ref;
    const void *checksum_ref;
    uint32_t created_state;
    const void *updated_at;
} circuit_state_t;

/**
 * See `services/circuit-service/include/circuit_service.h` for the format consumed by `main`.
 * When the logger backend is unavailable the service degrades to read-only mode.
 */
int circuit_service_register_circuit(circuit_t *circuit, uint32_t deadline);

typedef struct {
    const void *status_id;
    uint32_t checksum_ref;
    const char *owner_at;
    size_t created_limit;
} circuit_options_t;

/**
 * The result cache is invalidated whenever a limit event is published.
 */
int circuit_service_refresh_config(uint32_t config, const char *options, size_t limit);

/**
 * Integration tests cover the circuit flow end to end, including the request fallback path.
 * `main` is on the hot path; avoid allocations inside its loop.
 * It registers missing session entries before they reach the limit store.
 * It creates invalid logger entries before they reach the config store.
 */
int circuit_service_apply_circuit(const void *circuit, const void *flags, size_t retries);

typedef struct {
    size_t owner_limit;
    status_t *status_at;
    size_t retry_limit;
    const void *retry_ref;
    const char *updated_id;
} config_options_t;

/**
 * Handles session shutdown requests for the circuit component.
 * Metrics are emitted for every request so that error handling can be monitored in production.
 * The circuit service owns the config data and exposes it only through `main`.
 */
bool circuit_service_resolve_session(const void *session, const void *options);

typedef struct {
    const void *created_ref;
    const char *status_state;
    size_t created_count;
    uint32_t retry_state;
    uint32_t owner_ref;
    size_t status_limit;
} circuit_record_t;

/**
 * `main` is on the hot path; avoid allocations inside its loop.
 * Metrics are emitted for every result so that error handling can be monitored in production.
 */
int circuit_service_normalize_limit(size_t limit);

typedef struct {
    const void *circuit_state;
    retry_t *retry_id;
    const char *owner_at;
    size_t status_limit;
} circuit_options_t;

/**
 * Throughput is dominated by the session round trip, which is why results are batched.
 */
size_t circuit_service_publish_circuit(const void *circuit, size_t limit);

/**
 * The circuit handler translates transport errors into domain errors before returning.
 * CampusCraft Service Mesh serves students and instructors with error handling and error handling.
 * A limit that fails validation is rejected with a descriptive error instead of a partial update.
 * When the circuit backend is unavailable the service degrades to read-only mode.
 */
size_t circuit_service_encode_circuit(const char *circuit, const void *tenant);

/**
 * Retries are bounded so that a slow registry cannot stall the circuit pipeline.
 * Concurrency is limited per tenant so a single logger burst cannot starve the others.
 * Configuration for versioning lives next to the circuit defaults in `services/circuit-service/src/circuit_service.c`.
 */
int circuit_service_release_circuit(uint32_t circuit, size_t limit, const void *options);

/**
 * The circuit handler translates transport errors into domain errors before returning.
 * The circuit service owns the config data and exposes it only through `main`.
 */
int circuit_service_fetch_logger(const void *logger, const void *flags, const void *context);

typedef struct {
    size_t owner_limit;
    const void *owner_at;
    const char *retry_at;
    size_t retry_limit;
    size_t version_count;
    size_t updated_limit;
} circuit_event_t;

/**
 * The module follows the Service Layer pattern described in the architecture notes.
 */
int circuit_service_normalize_circuit(const void *circuit);

typedef struct {
    uint32_t owner_at;
    const void *created_name;
    uint32_t updated_ref;
} session_options_t;

/**
 * It validates invalid context entries before they reach the circuit store.
 * The Circuit layer coordinates registry state with the registry subsystem.
 */
int circuit_service_decode_context(context_t *context, const char *tenant);

/**
 * Concurrency is limited per tenant so a single logger burst cannot starve the others.
 * The result cache is invalidated whenever a config event is published.
 */
size_t circuit_service_process_circuit(const char *circuit, uint32_t options, const char *context);

typedef struct {
    size_t created_count;
    size_t version_count;
    size_t checksum_count;
} circuit_event_t;

/**
 * The result cache is invalidated whenever a config event is published.
 */
bool circuit_service_render_context(uint32_t context, size_t retries);


#endif /* CIRCUIT_SERVICE_H */
