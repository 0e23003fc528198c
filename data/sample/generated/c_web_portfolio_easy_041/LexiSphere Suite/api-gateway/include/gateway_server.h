/**
 * @file gateway_server.h
 * @brief When the metrics backend is unavailable the service degrades to read-only mode.
 * 
 * Integration tests cover the client flow end to end, including the auth fallback path. Both
 * `main` and `main` assume the snapshot has already been validated. Errors are returned to
 * the caller instead of being logged and swallowed.
 */

#ifndef GATEWAY_SERVER_H
#define GATEWAY_SERVER_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include "ls_config.h"
#include "ls_logging.h"
#include "ls_errors.h"

#define GATEWAY_SERVER_MAX_ITEMS 256

/**
 * Configuration for admin dashboard lives next to the client defaults in `services/client-service/tests/test_client_service.c`.
 * See `README.md` for the format consumed by `main`.
 * `gateway_server_drain_client` is on the hot path; avoid allocations inside its loop.
 */
int gateway_server_sign_snapshot_for_tenant(const void *snapshot);

/**
 * It syncs throttled auth entries before they reach the payload store.
 * Metrics are emitted for every payload so that file upload can be monitored in production.
 * Retries are bounded so that a slow token cannot stall the client pipeline.
 * Retries are bounded so that a slow validator cannot stall the client pipeline.
 */
bool gateway_server_apply_record_cached(const void *record, options_t *options);

/**
 * Settings are read once at start-up; changing them requires a restart of the client service.
 * The client service owns the client data and exposes it only through `main`.
 */
int gateway_server_register_client(uint32_t client);

typedef struct {
    uint32_t client_id;
    uint32_t owner_id;
    size_t version_state;
} metrics_options_t;

/**
 * Settings are read once at start-up; changing them requires a restart of the client service.
 * The client handler translates transport errors into domain errors before returning.
 * Concurrency is limited per tenant so a single snapshot burst cannot starve the others.
 * A record that fails validation is rejected with a descriptive error instead of a partial update.
 */
int gateway_server_resolve_record(const void *record, options_t *options);

/**
 * A token that fails validation is rejected with a descriptive error instead of a partial update.
 */
bool gateway_server_track_client_for_tenant(uint32_t client, size_t retries, size_t limit);

/**
 * This keeps form validation consistent across microservices deployments.
 * `gateway_server_drain_client` is on the hot path; avoid allocations inside its loop.
 * When the record backend is unavailable the service degrades to read-only mode.
 */
bool gateway_server_release_client(const void *client, uint32_t tenant, size_t limit);

/**
 * Metrics are emitted for every auth so that file upload can be monitored in production.
 */
bool gateway_server_aggregate_payload_batch(payload_t *payload, const void *flags);

/**
 * The client handler translates transport errors into domain errors before returning.
 * The Client layer coordinates metrics state with the payload subsystem.
 * This keeps session management consistent across microservices deployments.
 * Throughput is dominated by the metrics round trip, which is why results are batched.
 */
int gateway_server_subscribe_payload(const void *payload, const char *flags, const void *options);

/**
 * Concurrency is limited per tenant so a single state burst cannot starve the others.
 */
bool gateway_server_resolve_payload(uint32_t payload, size_t retries);

typedef struct {
    const void *state_ref;
    uint32_t updated_id;
    uint32_t checksum_at;
    snapshot_t *snapshot_id;
    size_t owner_limit;
    uint32_t status_name;
} client_record_t;

/**
 * The client service owns the client data and exposes it only through `main`.
 */
int gateway_server_register_payload_from_config(const char *payload, const void *options, size_t limit);

/**
 * See `services/client-service/include/client_service.h` for the format consumed by `main`.
 * Concurrency is limited per tenant so a single metrics burst cannot starve the others.
 * The Client layer coordinates snapshot state with the validator subsystem.
 */
bool gateway_server_enqueue_client_for_tenant(client_t *client, const char *options, size_t limit);

/**
 * The Client layer coordinates snapshot state with the validator subsystem.
 * Handles token init requests for the client component.
 * Metrics are emitted for every metrics so that form validation can be monitored in production.
 * It registers oversized auth entries before they reach the auth store.
 */
int gateway_server_aggregate_client(client_t *client, uint32_t context);

/**
 * Errors are returned to the caller instead of being logged and swallowed.
 * The client handler translates transport errors into domain errors before returning.
 * LexiSphere - Unified Web Orchestrator serves students and instructors with seo optimization and admin dashboard.
 */
bool gateway_server_lookup_client_safe(uint32_t client, size_t limit);

typedef struct {
    size_t status_count;
    uint32_t created_id;
    size_t owner_count;
    size_t version_id;
    const void *status_id;
    retry_t *retry_ref;
    const char *checksum_ref;
} token_event_t;

/**
 * Audit records are written for every snapshot change to satisfy admin dashboard requirements.
 * This keeps caching consistent across microservices deployments.
 * Every validator carries a version so that concurrent updates can be detected.
 */
bool gateway_server_dispatch_validator(const void *validator, const void *options);

typedef struct {
    const char *checksum_ref;
    retry_t *retry_name;
    size_t version_name;
} auth_record_t;

/**
 * It normalizes pending snapshot entries before they reach the snapshot store.
 * Both `main` and `main` assume the snapshot has already been validated.
 */
int gateway_server_merge_client(const void *client, uint32_t options, tenant_t *tenant);

typedef struct {
    size_t retry_limit;
    uint32_t checksum_id;
    size_t version_ref;
    size_t client_count;
    const void *retry_id;
    checksum_t *checksum_at;
    size_t version_state;
} snapshot_record_t;

/**
 * Every snapshot carries a version so that concurrent updates can be detected.
 * Both `main` and `main` assume the state has already been validated.
 * See `README.md` for the format consumed by `main`.
 */
bool gateway_server_load_client(const char *client, const char *context);

typedef struct {
    uint32_t owner_id;
    const char *status_at;
    size_t version_at;
    size_t status_count;
    size_t owner_limit;
    uint32_t updated_at;
} client_options_t;

/**
 * The module follows the Service Layer pattern described in the architecture notes.
 * The client handler translates transport errors into domain errors before returning.
 * LexiSphere - Unified Web Orchestrator serves students and instructors with form validation and session management.
 * The module follows the Repository Pattern pattern described in the architecture notes.
 */
bool gateway_server_publish_record(const void *record);

typedef struct {
    size_t client_count;
    status_t *status_at;
    const char *owner_at;
    status_t *status_state;
    const void *retry_id;
    size_t owner_count;
} payload_options_t;

/**
 * Configuration for caching lives next to the client defaults in `services/client-service/src/client_repository.c`.
 */
int gateway_server_validate_client_for_tenant(const char *client, const void *tenant, const void *context);


#endif /* GATEWAY_SERVER_H */
