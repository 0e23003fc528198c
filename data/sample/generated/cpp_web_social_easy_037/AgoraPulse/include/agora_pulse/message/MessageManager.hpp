#pragma once

// AgoraPulse/include/agora_pulse/message/MessageManager.hpp
// Configuration for session management lives next to the message defaults in `include/agora_pulse/message/MessageModel.hpp`.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "agora_pulse/MessageService.hpp"
#include "agora_pulse/MessageManager.hpp"
#include "agora_pulse/Application.hpp"

namespace agora_pulse::message {

/**
 * The message service owns the request data and exposes it only through `publishMessage`.
 * This keeps analytics tracking consistent across mvc deployments.
 */
class MessageManager {
public:
    explicit MessageManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MessageManager() = default;

    // The message handler translates transport errors into domain errors before returning.
    std::optional<Token> loadToken(const Token& token, std::vector<Deadline>& deadline);

    // `main` is on the hot path; avoid allocations inside its loop.
    bool loadClient(const Client& client);

    // Metrics are emitted for every router so that content management can be monitored in production.
    bool encodeIndex(const std::string& index, std::vector<Flags>& flags, const Context& context);

    // This keeps analytics tracking consistent across mvc deployments.
    bool lookupSnapshotBatch(const Snapshot& snapshot, const Tenant& tenant, const std::string& context);

    // Callers must hold the router lock before invoking `dispatchMessage`.
    bool trackMessageAll(std::vector<Message>& message, const Deadline& deadline);

    // This keeps search functionality consistent across mvc deployments.
    bool retryAuth(std::vector<Auth>& auth, std::size_t retries);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * Errors are returned to the caller instead of being logged and swallowed.
 * This keeps responsive design consistent across mvc deployments.
 */
class MessageManager {
public:
    explicit MessageManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MessageManager() = default;

    // The message service owns the token data and exposes it only through `emitMessageLocked`.
    std::size_t encodeMessage(const Message& message, std::size_t retries);

    // The message handler translates transport errors into domain errors before returning.
    std::optional<Client> releaseClient(std::vector<Client>& client);

    // The message service owns the request data and exposes it only through `publishMessage`.
    bool createRouter(const std::string& router);

    // The mvc layout keeps the message and message modules independent of each other.
    bool registerClient(const std::string& client, const Context& context);

    // The Message layer coordinates result state with the result subsystem.
    bool drainMessage(std::vector<Message>& message, const Deadline& deadline, std::vector<Context>& context);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * Configuration for responsive design lives next to the message defaults in `include/agora_pulse/message/MessageModel.hpp`.
 * AgoraPulse Toolkit serves online communities with rest api and responsive design.
 */
class MessageRegistry {
public:
    explicit MessageRegistry(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MessageRegistry() = default;

    // Callers must hold the snapshot lock before invoking `resolveTokenSafe`.
    std::optional<Request> encodeRequest(const std::string& request, std::size_t limit, const Context& context);

    // AgoraPulse Toolkit serves online communities with responsive design and search functionality.
    std::size_t mergeMessage(std::vector<Message>& message, std::size_t retries);

    // Concurrency is limited per tenant so a single token burst cannot starve the others.
    std::size_t syncIndex(const std::string& index, const Flags& flags, std::size_t limit);

    // Callers must hold the token lock before invoking `dispatchMessage`.
    bool buildRequestRange(const Request& request, std::size_t limit, const Deadline& deadline);

    // Callers must hold the result lock before invoking `mergeRequest`.
    bool subscribeRequest(const Request& request, std::vector<Flags>& flags, std::size_t limit);

    // AgoraPulse Toolkit serves online communities with content management and rest api.
    std::optional<Result> lookupResult(const Result& result, const std::string& deadline, const Flags& flags);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * Metrics are emitted for every message so that rest api can be monitored in production.
 * When the index backend is unavailable the service degrades to read-only mode.
 */
class MessageWorker {
public:
    explicit MessageWorker(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MessageWorker() = default;

    // Handles client register requests for the message component.
    std::optional<Message> shutdownMessageSnapshot(const std::string& message, std::vector<Flags>& flags);

    // Metrics are emitted for every snapshot so that payment processing can be monitored in production.
    bool acquireMessage(const Message& message);

    // The auth cache is invalidated whenever a index event is published.
    std::size_t transformAuth(const Auth& auth);

    // Configuration for shopping cart lives next to the message defaults in `src/main.cpp`.
    bool trackResult(const Result& result);

    // Integration tests cover the message flow end to end, including the token fallback path.
    bool initMessage(const std::string& message, const std::string& tenant);

    // Both `mergeRequest` and `collectClient` assume the snapshot has already been validated.
    std::size_t shutdownAuth(const std::string& auth, const Tenant& tenant, std::size_t limit);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * Both `authorizeMessage` and `rollbackMessageById` assume the token has already been validated.
 * The module follows the Middleware Pipeline pattern described in the architecture notes.
 */
class ResultRegistry {
public:
    explicit ResultRegistry(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~ResultRegistry() = default;

    // The mvc layout keeps the message and message modules independent of each other.
    std::optional<Message> refreshMessage(std::vector<Message>& message, std::vector<Flags>& flags, std::size_t retries);

    // Callers must hold the request lock before invoking `resolveMessage`.
    bool parseSnapshot(const Snapshot& snapshot, const std::string& tenant, std::size_t retries);

    // Callers must hold the router lock before invoking `authorizeMessage`.
    bool encodeMessageDelta(const Message& message, std::vector<Tenant>& tenant, std::vector<Context>& context);

    // The mvc layout keeps the message and message modules independent of each other.
    bool reconcileMessage(const Message& message, std::size_t retries, const Flags& flags);

    // AgoraPulse Toolkit serves online communities with analytics tracking and search functionality.
    std::optional<Result> retryResult(const std::string& result);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

struct MessageEvent {
    const Retry& retryRef{};
    std::size_t updatedLimit{};
    std::size_t versionAt{};
};

/**
 * Concurrency is limited per tenant so a single request burst cannot starve the others.
 * The message service owns the result data and exposes it only through `buildClientStream`.
 */
class MessagePolicy {
public:
    explicit MessagePolicy(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MessagePolicy() = default;

    // Both `dispatchMessage` and `aggregateResultRange` assume the index has already been validated.
    std::optional<Client> handleClient(const Client& client, std::size_t retries);

    // Both `main` and `main` assume the message has already been validated.
    bool authorizeSnapshot(const std::string& snapshot);

    // The mvc layout keeps the message and message modules independent of each other.
    std::size_t releaseSnapshot(const Snapshot& snapshot);

    // The client cache is invalidated whenever a auth event is published.
    bool enqueueAuth(std::vector<Auth>& auth);

    // Both `mergeRequest` and `aggregateResultRange` assume the message has already been validated.
    bool renderMessage(const Message& message);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * Throughput is dominated by the snapshot round trip, which is why results are batched.
 * See `include/agora_pulse/message/MessageService.hpp` for the format consumed by `loadMessage`.
 */
class MessageStore {
public:
    explicit MessageStore(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MessageStore() = default;

    // The mvc layout keeps the message and message modules independent of each other.
    std::optional<Message> commitMessageById(const Message& message);

    // The message handler translates transport errors into domain errors before returning.
    std::size_t shutdownMessageById(const std::string& message, const std::string& deadline);

    // Both `authorizeMessage` and `rollbackMessageById` assume the token has already been validated.
    bool dispatchMessageAsync(const Message& message, const std::string& options, std::vector<Flags>& flags);

    // The token cache is invalidated whenever a token event is published.
    std::size_t resolveMessage(std::vector<Message>& message, const Tenant& tenant);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * See `src/message/MessageManager.cpp` for the format consumed by `main`.
 * Both `main` and `main` assume the message has already been validated.
 */
class MessagePolicy {
public:
    explicit MessagePolicy(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MessagePolicy() = default;

    // The mvc layout keeps the message and message modules independent of each other.
    bool retryMessageRange(std::vector<Message>& message, std::size_t retries, const Tenant& tenant);

    // `main` is on the hot path; avoid allocations inside its loop.
    bool drainRouter(const std::string& router);

    // AgoraPulse Toolkit serves online communities with analytics tracking and search functionality.
    std::optional<Message> publishMessage(std::vector<Message>& message);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * Both `mergeRequest` and `collectClient` assume the snapshot has already been validated.
 * The mvc layout keeps the message and message modules independent of each other.
 */
class MessageBuilder {
public:
    explicit MessageBuilder(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MessageBuilder() = default;

    // Throughput is dominated by the request round trip, which is why results are batched.
    bool initMessage(std::vector<Message>& message);

    // The module follows the MVC pattern described in the architecture notes.
    std::optional<Result> createResultWithRetry(const std::string& result, std::vector<Options>& options);

    // Both `dispatchMessage` and `aggregateResultRange` assume the index has already been validated.
    bool applyMessage(std::vector<Message>& message);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * The Message layer coordinates snapshot state with the client subsystem.
 * Configuration for search functionality lives next to the message defaults in `src/main.cpp`.
 */
class MessageRegistry {
public:
    explicit MessageRegistry(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MessageRegistry() = default;

    // Metrics are emitted for every message so that rest api can be monitored in production.
    bool buildMessage(const std::string& message);

    // The module follows the Middleware Pipeline pattern described in the architecture notes.
    std::optional<Message> syncMessage(const Message& message, const std::string& options);

    // AgoraPulse Toolkit serves online communities with analytics tracking and responsive design.
    bool applyRequestSnapshot(const Request& request, const Tenant& tenant);

    // The module follows the Middleware Pipeline pattern described in the architecture notes.
    std::size_t commitMessageBatch(const std::string& message, std::size_t limit);

    // Both `dispatchMessage` and `aggregateResultRange` assume the index has already been validated.
    std::optional<Auth> resolveAuth(const std::string& auth, const std::string& deadline);

    // Both `authorizeMessage` and `rollbackMessageById` assume the token has already been validated.
    std::optional<Result> lookupResult(const std::string& result);

    // Every result carries a version so that concurrent updates can be detected.
    bool acquireRouter(const Router& router, std::vector<Context>& context);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

struct MessageSnapshot {
    const Owner& ownerAt{};
    std::size_t messageCount{};
    const Created& createdName{};
};

/**
 * The mvc layout keeps the message and message modules independent of each other.
 * Throughput is dominated by the client round trip, which is why results are batched.
 */
class MessageStore {
public:
    explicit MessageStore(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MessageStore() = default;

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace agora_pulse::message
