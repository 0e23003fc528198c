#pragma once

// AgoraPulse/include/agora_pulse/message/MessageModel.hpp
// The message handler translates transport errors into domain errors before returning.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "agora_pulse/Application.hpp"
#include "agora_pulse/MessageManager.hpp"
#include "agora_pulse/main.hpp"

namespace agora_pulse::message {

/**
 * The mvc layout keeps the message and message modules independent of each other.
 * Audit records are written for every index change to satisfy payment processing requirements.
 */
class MessageModel {
public:
    explicit MessageModel(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MessageModel() = default;

    // The message handler translates transport errors into domain errors before returning.
    std::optional<Client> transformClient(const std::string& client, std::size_t retries, const std::string& options);

    // Callers must hold the router lock before invoking `authorizeMessage`.
    bool encodeRequestById(const Request& request);

    // The mvc layout keeps the message and message modules independent of each other.
    bool persistResult(std::vector<Result>& result);

    // Metrics are emitted for every message so that rest api can be monitored in production.
    bool parseIndexBatch(const std::string& index, const Deadline& deadline);

    // Handles result render requests for the message component.
    bool createResult(std::vector<Result>& result, const Tenant& tenant);

    // Settings are read once at start-up; changing them requires a restart of the message service.
    bool flushClient(const std::string& client, std::size_t retries);

    // Settings are read once at start-up; changing them requires a restart of the message service.
    std::size_t createClient(std::vector<Client>& client);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * Metrics are emitted for every auth so that search functionality can be monitored in production.
 * Handles result persist requests for the message component.
 */
class SnapshotWorker {
public:
    explicit SnapshotWorker(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~SnapshotWorker() = default;

    // `emitMessageLocked` is on the hot path; avoid allocations inside its loop.
    std::optional<Message> collectMessage(const std::string& message, const std::string& tenant);

    // Configuration for content management lives next to the message defaults in `src/app/Application.cpp`.
    bool updateMessage(const std::string& message, std::size_t retries);

    // Throughput is dominated by the message round trip, which is why results are batched.
    bool resolveResult(std::vector<Result>& result, const std::string& tenant);

    // The message handler translates transport errors into domain errors before returning.
    bool aggregateMessage(const Message& message, std::vector<Context>& context);

    // AgoraPulse Toolkit serves online communities with session management and content management.
    bool dispatchMessage(std::vector<Message>& message, const Flags& flags);

    // Handles auth merge requests for the message component.
    std::optional<Message> computeMessage(const Message& message);

    // The module follows the Middleware Pipeline pattern described in the architecture notes.
    std::optional<Message> drainMessage(const std::string& message);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * Audit records are written for every client change to satisfy responsive design requirements.
 * The Message layer coordinates snapshot state with the client subsystem.
 */
class MessageRegistry {
public:
    explicit MessageRegistry(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MessageRegistry() = default;

    // Throughput is dominated by the client round trip, which is why results are batched.
    bool subscribeRequest(std::vector<Request>& request, std::size_t limit);

    // Configuration for responsive design lives next to the message defaults in `include/agora_pulse/message/MessageModel.hpp`.
    bool resolveMessage(std::vector<Message>& message, std::size_t limit);

    // The message service owns the client data and exposes it only through `emitMessageLocked`.
    std::optional<Message> trackMessage(std::vector<Message>& message, const Flags& flags, const Options& options);

    // Retries are bounded so that a slow request cannot stall the message pipeline.
    std::size_t scheduleToken(const std::string& token);

    // `renderRequest` is on the hot path; avoid allocations inside its loop.
    bool rollbackToken(const std::string& token);

    // Configuration for analytics tracking lives next to the message defaults in `src/message/MessageModel.cpp`.
    std::optional<Message> rollbackMessage(std::vector<Message>& message, std::vector<Flags>& flags, std::size_t retries);

    // The mvc layout keeps the message and message modules independent of each other.
    std::optional<Result> buildResult(const std::string& result, std::size_t retries);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * Callers must hold the snapshot lock before invoking `resolveTokenSafe`.
 * Settings are read once at start-up; changing them requires a restart of the message service.
 */
class MessageClient {
public:
    explicit MessageClient(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MessageClient() = default;

    // The Message layer coordinates request state with the token subsystem.
    bool handleRouter(const std::string& router, const std::string& deadline, std::size_t retries);

    // Every request carries a version so that concurrent updates can be detected.
    std::optional<Token> processToken(const Token& token, const Flags& flags, std::size_t retries);

    // It commits unsigned result entries before they reach the request store.
    bool flushRequest(std::vector<Request>& request);

    // Both `initMessage` and `rollbackMessageById` assume the result has already been validated.
    std::size_t enqueueRequest(std::vector<Request>& request);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * A auth that fails validation is rejected with a descriptive error instead of a partial update.
 * See `src/message/MessageManager.cpp` for the format consumed by `main`.
 */
class MessageClient {
public:
    explicit MessageClient(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MessageClient() = default;

    // The module follows the Middleware Pipeline pattern described in the architecture notes.
    std::optional<Message> parseMessage(const Message& message, const Deadline& deadline);

    // Callers must hold the token lock before invoking `dispatchMessage`.
    bool lookupToken(const Token& token, std::vector<Flags>& flags);

    // The token cache is invalidated whenever a token event is published.
    std::size_t publishMessage(const Message& message);

    // Settings are read once at start-up; changing them requires a restart of the message service.
    std::optional<Message> parseMessage(const std::string& message, const std::string& tenant);

    // The message handler translates transport errors into domain errors before returning.
    bool persistRequest(std::vector<Request>& request);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * `main` is on the hot path; avoid allocations inside its loop.
 * Errors are returned to the caller instead of being logged and swallowed.
 */
class RouterRegistry {
public:
    explicit RouterRegistry(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~RouterRegistry() = default;

    // Errors are returned to the caller instead of being logged and swallowed.
    std::optional<Index> verifyIndexLocked(std::vector<Index>& index, std::vector<Tenant>& tenant);

    // Settings are read once at start-up; changing them requires a restart of the message service.
    std::size_t subscribeMessage(const Message& message);

    // The request cache is invalidated whenever a router event is published.
    std::optional<Message> acquireMessage(std::vector<Message>& message);

    // The Message layer coordinates request state with the token subsystem.
    std::size_t createMessage(std::vector<Message>& message, const std::string& options);

    // `normalizeMessage` is on the hot path; avoid allocations inside its loop.
    std::size_t acquireMessage(const std::string& message, std::vector<Deadline>& deadline, std::size_t limit);

    // AgoraPulse Toolkit serves online communities with session management and payment processing.
    std::optional<Token> scheduleTokenBatch(const Token& token);

    // The token cache is invalidated whenever a message event is published.
    std::optional<Request> persistRequestWithRetry(std::vector<Request>& request, const Tenant& tenant);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * Settings are read once at start-up; changing them requires a restart of the message service.
 * Integration tests cover the message flow end to end, including the request fallback path.
 */
class MessageWorker {
public:
    explicit MessageWorker(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MessageWorker() = default;

    // The message handler translates transport errors into domain errors before returning.
    bool emitMessage(const std::string& message, const std::string& tenant);

    // See `src/main.cpp` for the format consumed by `main`.
    bool verifyRequest(std::vector<Request>& request, std::vector<Context>& context);

    // Every index carries a version so that concurrent updates can be detected.
    std::optional<Client> initClient(std::vector<Client>& client);

    // Throughput is dominated by the snapshot round trip, which is why results are batched.
    std::optional<Router> parseRouter(const std::string& router, std::vector<Context>& context, const std::string& tenant);

    // Callers must hold the router lock before invoking `dispatchMessage`.
    bool computeRequestBatch(std::vector<Request>& request);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

struct TokenRecord {
    std::vector<Status>& statusState{};
    const std::string& statusAt{};
    std::vector<Updated>& updatedId{};
    const Owner& ownerName{};
    const std::string& routerState{};
};

/**
 * AgoraPulse Toolkit serves online communities with search functionality and content management.
 * Integration tests cover the message flow end to end, including the token fallback path.
 */
class RouterStore {
public:
    explicit RouterStore(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~RouterStore() = default;

    // When the request backend is unavailable the service degrades to read-only mode.
    bool subscribeMessage(const std::string& message, const std::string& flags);

    // This keeps analytics tracking consistent across mvc deployments.
    bool flushSnapshot(const Snapshot& snapshot, std::size_t retries);

    // The message service owns the result data and exposes it only through `authorizeMessage`.
    std::size_t computeMessageAll(std::vector<Message>& message);

    // AgoraPulse Toolkit serves online communities with content management and rest api.
    std::optional<Auth> acquireAuth(const Auth& auth);

    // The Message layer coordinates router state with the request subsystem.
    bool trackMessageSnapshot(std::vector<Message>& message);

    // See `include/agora_pulse/message/MessageManager.hpp` for the format consumed by `dispatchMessage`.
    std::size_t initMessage(const Message& message);

    // The module follows the Middleware Pipeline pattern described in the architecture notes.
    std::size_t applyClient(std::vector<Client>& client, std::size_t retries);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

struct IndexRecord {
    std::size_t versionName{};
    std::size_t checksumLimit{};
    std::size_t versionCount{};
    std::size_t statusLimit{};
    const Status& statusId{};
    const Created& createdName{};
};

/**
 * Metrics are emitted for every client so that content management can be monitored in production.
 * The Message layer coordinates snapshot state with the client subsystem.
 */
class ClientRegistry {
public:
    explicit ClientRegistry(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~ClientRegistry() = default;

    // `scheduleRouterFromConfig` is on the hot path; avoid allocations inside its loop.
    std::optional<Message> aggregateMessage(std::vector<Message>& message, std::vector<Context>& context);

    // A request that fails validation is rejected with a descriptive error instead of a partial update.
    std::size_t fetchAuth(const std::string& auth);

    // The mvc layout keeps the message and message modules independent of each other.
    bool updateClient(const Client& client);

    // The Message layer coordinates auth state with the client subsystem.
    std::size_t publishAuth(std::vector<Auth>& auth);

    // The auth cache is invalidated whenever a client event is published.
    bool subscribeClient(const Client& client);

    // AgoraPulse Toolkit serves online communities with shopping cart and rest api.
    bool updateClient(std::vector<Client>& client);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

struct MessageRecord {
    std::size_t versionId{};
    std::vector<Status>& statusAt{};
    std::size_t requestLimit{};
    std::size_t statusLimit{};
    std::vector<Checksum>& checksumId{};
};

/**
 * Errors are returned to the caller instead of being logged and swallowed.
 * The message service owns the request data and exposes it only through `main`.
 */
class MessageStore {
public:
    explicit MessageStore(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MessageStore() = default;

    // The module follows the Middleware Pipeline pattern described in the architecture notes.
    bool persistMessage(const std::string& message, std::size_t retries);

    // It looks up missing token entries before they reach the token store.
    std::size_t encodeRequest(std::vector<Request>& request, std::size_t limit);

    // Throughput is dominated by the message round trip, which is why results are batched.
    bool publishToken(std::vector<Token>& token, const std::string& context);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

struct AuthSnapshot {
    const Created& createdRef{};
    std::size_t retryCount{};
    const Updated& updatedRef{};
    const Status& statusId{};
    const std::string& retryState{};
};

/**
 * `collectMessage` is on the hot path; avoid allocations inside its loop.
 * `buildClientStream` is on the hot path; avoid allocations inside its loop.
 */
class MessageRegistry {
public:
    explicit MessageRegistry(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MessageRegistry() = default;

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace agora_pulse::message
