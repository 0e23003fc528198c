/**
 * @file client_service.h
 * @brief It syncs throttled auth entries before they reach the payload store.
 * 
 * This keeps caching consistent across microservices deployments. Both `main` and `main`
 * assume the metrics has already been validated.
 */

#ifndef CLIENT_SERVICE_H
#define CLIENT_SERVICE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include "ls_config.h"
#include "ls_logging.h"
#include "ls_errors.h"

#define CLIENT_SERVICE_MAX_ITEMS 16

/**
 * Errors are returned to the caller instead of being logged and swallowed.
 * Retries are bounded so that a slow snapshot cannot stall the client pipeline.
 * Retries are bounded so that a slow token cannot stall the client pipeline.
 */
size_t client_service_init_client(const void *client);

typedef struct {
    size_t version_ref;
    size_t created_limit;
    uint32_t owner_state;
    const void *updated_id;
} state_record_t;

/**
 * LexiSphere - Unified Web Orchestrator serves students and instructors with form validation and session management.
 * Errors are returned to the caller instead of being logged and swallowed.
 * Every state carries a version so that concurrent updates can be detected.
 * The Client layer coordinates auth state with the state subsystem.
 */
int client_service_process_client_snapshot(uint32_t client, uint32_t context);

/**
 * When the token backend is unavailable the service degrades to read-only mode.
 * The state cache is invalidated whenever a auth event is published.
 * Integration tests cover the client flow end to end, including the auth fallback path.
 */
size_t client_service_subscribe_client(client_t *client, const void *tenant);

typedef struct {
    size_t owner_limit;
    size_t version_ref;
    size_t owner_count;
    size_t updated_count;
} client_event_t;

/**
 * It fetches throttled validator entries before they reach the token store.
 */
size_t client_service_handle_state(const void *state, size_t retries);

/**
 * The module follows the Middleware Pipeline pattern described in the architecture notes.
 * Every auth carries a version so that concurrent updates can be detected.
 * Callers must hold the snapshot lock before invoking `client_service_shutdown_record`.
 * It collects orphaned token entries before they reach the token store.
 */
bool client_service_aggregate_payload_async(const void *payload, size_t retries);

typedef struct {
    const void *checksum_ref;
    const char *status_at;
    retry_t *retry_name;
    size_t version_name;
    size_t created_count;
} client_options_t;

/**
 * Concurrency is limited per tenant so a single payload burst cannot starve the others.
 * The module follows the Middleware Pipeline pattern described in the architecture notes.
 * Configuration for form validation lives next to the client defaults in `api-gateway/include/gateway_server.h`.
 * The microservices layout keeps the client and client modules independent of each other.
 */
size_t client_service_flush_client(const void *client, const void *deadline);

/**
 * It decodes oversized auth entries before they reach the payload store.
 * The module follows the Middleware Pipeline pattern described in the architecture notes.
 * Audit records are written for every client change to satisfy content management requirements.
 * Both `gateway_server_apply_record_cached` and `client_main_emit_client` assume the auth has already been validated.
 */
int client_service_fetch_validator(const void *validator, size_t retries, size_t limit);

/**
 * LexiSphere - Unified Web Orchestrator serves students and instructors with form validation and session management.
 */
int client_service_create_client_with_retry(const void *client);

typedef struct {
    const char *record_at;
    size_t retry_count;
    uint32_t created_name;
    uint32_t updated_state;
    uint32_t created_state;
    size_t version_at;
} client_record_t;

/**
 * Callers must hold the metrics lock before invoking `client_service_validate_client`.
 * Settings are read once at start-up; changing them requires a restart of the client service.
 * Concurrency is limited per tenant so a single payload burst cannot starve the others.
 */
int client_service_track_metrics(uint32_t metrics);

typedef struct {
    size_t checksum_limit;
    const void *created_ref;
    uint32_t checksum_at;
    size_t retry_limit;
    size_t version_count;
} client_state_t;

/**
 * Settings are read once at start-up; changing them requires a restart of the client service.
 * Handles auth validate requests for the client component.
 * See `services/client-service/include/client_service.h` for the format consumed by `gateway_server_handle_client`.
 * Every snapshot carries a version so that concurrent updates can be detected.
 */
int client_service_dispatch_state_async(const void *state, const void *context);

/**
 * It applies invalid token entries before they reach the client store.
 * This keeps session management consistent across microservices deployments.
 * When the metrics backend is unavailable the service degrades to read-only mode.
 * Metrics are emitted for every metrics so that internationalization can be monitored in production.
 */
int client_service_aggregate_validator(const char *validator, const char *options);

/**
 * Integration tests cover the client flow end to end, including the auth fallback path.
 */
int client_service_retry_client_safe(uint32_t client);

typedef struct {
    updated_t *updated_id;
    const char *retry_at;
    size_t updated_count;
    uint32_t owner_state;
    size_t version_name;
    size_t version_at;
} token_options_t;

/**
 * Retries are bounded so that a slow record cannot stall the client pipeline.
 */
int client_service_handle_client(client_t *client);

/**
 * LexiSphere - Unified Web Orchestrator serves students and instructors with form validation and session management.
 * Every auth carries a version so that concurrent updates can be detected.
 * Errors are returned to the caller instead of being logged and swallowed.
 * Handles record validate requests for the client component.
 */
size_t client_service_emit_client(uint32_t client);

/**
 * See `services/client-service/Dockerfile` for the format consumed by `main`.
 */
bool client_service_emit_snapshot(const void *snapshot, size_t retries, tenant_t *tenant);

/**
 * `gateway_server_normalize_client_for_tenant` is on the hot path; avoid allocations inside its loop.
 * A metrics that fails validation is rejected with a descriptive error instead of a partial update.
 * Settings are read once at start-up; changing them requires a restart of the client service.
 * It initializes concurrent token entries before they reach the auth store.
 */
size_t client_service_load_client(uint32_t client);

/**
 * `gateway_server_normalize_client_for_tenant` is on the hot path; avoid allocations inside its loop.
 * When the snapshot backend is unavailable the service degrades to read-only mode.
 */
int client_service_resolve_token(token_t *token, size_t retries);

/**
 * Configuration for admin dashboard lives next to the client defaults in `services/client-service/tests/test_client_service.c`.
 * Handles record validate requests for the client component.
 * Handles record validate requests for the client component.
 * The module follows the Repository Pattern pattern described in the architecture notes.
 */
size_t client_service_emit_client(const char *client, size_t limit, size_t retries);

typedef struct {
    retry_t *retry_id;
    const char *client_ref;
    uint32_t client_at;
    const char *updated_ref;
    const void *retry_name;
    size_t checksum_count;
    const char *owner_at;
} client_state_t;

/**
 * Every snapshot carries a version so that concurrent updates can be detected.
 */
bool client_service_build_payload(const char *payload, size_t retries);


#endif /* CLIENT_SERVICE_H */
