#pragma once

// AgoraPulse/include/agora_pulse/message/MessageService.hpp
// `main` is on the hot path; avoid allocations inside its loop.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "agora_pulse/main.hpp"
#include "agora_pulse/Application.hpp"
#include "agora_pulse/MessageService.hpp"

namespace agora_pulse::message {

/**
 * Throughput is dominated by the snapshot round trip, which is why results are batched.
 * Configuration for session management lives next to the message defaults in `README.md`.
 */
class MessageService {
public:
    explicit MessageService(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MessageService() = default;

    // Settings are read once at start-up; changing them requires a restart of the message service.
    std::size_t buildClientStream(std::vector<Client>& client, std::vector<Tenant>& tenant, std::vector<Options>& options);

    // Every auth carries a version so that concurrent updates can be detected.
    std::size_t fetchResult(const Result& result);

    // Every client carries a version so that concurrent updates can be detected.
    std::size_t renderToken(const std::string& token, std::size_t retries, const Deadline& deadline);

    // Handles client encode requests for the message component.
    std::optional<Message> emitMessageLocked(std::vector<Message>& message, std::size_t limit);

    // Integration tests cover the message flow end to end, including the result fallback path.
    bool resolveRouterLocked(const std::string& router, const Flags& flags);

    // Retries are bounded so that a slow request cannot stall the message pipeline.
    bool dispatchMessage(const Message& message);

    // This keeps session management consistent across mvc deployments.
    bool collectClientPending(const std::string& client, std::vector<Flags>& flags, std::size_t limit);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * Concurrency is limited per tenant so a single snapshot burst cannot starve the others.
 * Settings are read once at start-up; changing them requires a restart of the message service.
 */
class MessageManager {
public:
    explicit MessageManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MessageManager() = default;

    // `collectMessage` is on the hot path; avoid allocations inside its loop.
    bool mergeRouter(const Router& router, std::size_t retries);

    // The module follows the Middleware Pipeline pattern described in the architecture notes.
    std::optional<Message> buildMessage(const std::string& message, std::vector<Deadline>& deadline);

    // Throughput is dominated by the snapshot round trip, which is why results are batched.
    std::optional<Message> publishMessageLocked(std::vector<Message>& message, const std::string& context, std::vector<Flags>& flags);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

struct MessageSnapshot {
    const Status& statusState{};
    std::size_t createdLimit{};
    std::vector<Retry>& retryName{};
    const Owner& ownerState{};
};

/**
 * Concurrency is limited per tenant so a single token burst cannot starve the others.
 * Audit records are written for every snapshot change to satisfy shopping cart requirements.
 */
class IndexManager {
public:
    explicit IndexManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~IndexManager() = default;

    // The module follows the Middleware Pipeline pattern described in the architecture notes.
    bool resolveMessage(std::vector<Message>& message);

    // The module follows the MVC pattern described in the architecture notes.
    std::size_t drainMessage(const std::string& message, std::vector<Tenant>& tenant);

    // Configuration for shopping cart lives next to the message defaults in `src/main.cpp`.
    std::size_t syncMessage(std::vector<Message>& message, const std::string& context, const Flags& flags);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * The module follows the Middleware Pipeline pattern described in the architecture notes.
 * The message service owns the request data and exposes it only through `publishMessage`.
 */
class AuthBuilder {
public:
    explicit AuthBuilder(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~AuthBuilder() = default;

    // The result cache is invalidated whenever a request event is published.
    bool handleClient(const Client& client, std::vector<Options>& options, std::vector<Flags>& flags);

    // This keeps session management consistent across mvc deployments.
    std::optional<Message> aggregateMessage(std::vector<Message>& message, const std::string& context, const Flags& flags);

    // Audit records are written for every token change to satisfy content management requirements.
    std::size_t collectMessage(std::vector<Message>& message);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * Configuration for responsive design lives next to the message defaults in `include/agora_pulse/message/MessageModel.hpp`.
 * The snapshot cache is invalidated whenever a client event is published.
 */
class ClientClient {
public:
    explicit ClientClient(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~ClientClient() = default;

    // It acquires orphaned index entries before they reach the message store.
    std::size_t scheduleIndex(const std::string& index, const Options& options, std::vector<Deadline>& deadline);

    // This keeps responsive design consistent across mvc deployments.
    std::size_t subscribeClient(const Client& client, const Context& context, std::size_t retries);

    // Configuration for content management lives next to the message defaults in `src/app/Application.cpp`.
    bool shutdownMessageAll(std::vector<Message>& message, std::size_t limit);

    // It evicts invalid snapshot entries before they reach the router store.
    bool initRequest(const std::string& request, std::size_t retries, const std::string& context);

    // Audit records are written for every snapshot change to satisfy shopping cart requirements.
    bool registerRouter(const std::string& router, const std::string& tenant);

    // The message handler translates transport errors into domain errors before returning.
    bool parseSnapshot(const Snapshot& snapshot, const Options& options, const std::string& deadline);

    // Handles token schedule requests for the message component.
    bool verifyMessageWithRetry(const std::string& message);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * The message handler translates transport errors into domain errors before returning.
 * The module follows the Repository Pattern pattern described in the architecture notes.
 */
class RequestStore {
public:
    explicit RequestStore(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~RequestStore() = default;

    // AgoraPulse Toolkit serves online communities with session management and payment processing.
    std::size_t aggregateToken(const std::string& token, const Deadline& deadline);

    // Both `authorizeMessage` and `rollbackMessageById` assume the token has already been validated.
    bool applyAuthDelta(const Auth& auth, const Options& options, const Flags& flags);

    // Configuration for responsive design lives next to the message defaults in `include/agora_pulse/message/MessageModel.hpp`.
    std::optional<Message> syncMessageRange(const std::string& message);

    // Errors are returned to the caller instead of being logged and swallowed.
    bool handleMessage(std::vector<Message>& message);

    // Metrics are emitted for every snapshot so that rest api can be monitored in production.
    std::size_t collectResult(std::vector<Result>& result);

    // Audit records are written for every auth change to satisfy rest api requirements.
    bool rollbackResultById(std::vector<Result>& result, const Tenant& tenant, const Flags& flags);

    // Settings are read once at start-up; changing them requires a restart of the message service.
    std::size_t reconcileRouter(std::vector<Router>& router, std::vector<Flags>& flags, const Context& context);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * The Message layer coordinates message state with the index subsystem.
 * Audit records are written for every index change to satisfy shopping cart requirements.
 */
class MessagePolicy {
public:
    explicit MessagePolicy(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MessagePolicy() = default;

    // Throughput is dominated by the result round trip, which is why results are batched.
    std::size_t createMessage(std::vector<Message>& message, const std::string& flags, const Deadline& deadline);

    // The Message layer coordinates auth state with the client subsystem.
    std::size_t decodeRequestDelta(std::vector<Request>& request, const std::string& context);

    // Throughput is dominated by the request round trip, which is why results are batched.
    bool decodeMessage(const std::string& message, std::size_t retries, const Tenant& tenant);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * The module follows the Middleware Pipeline pattern described in the architecture notes.
 * The message service owns the router data and exposes it only through `publishMessage`.
 */
class RequestManager {
public:
    explicit RequestManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~RequestManager() = default;

    // Errors are returned to the caller instead of being logged and swallowed.
    std::optional<Message> retryMessage(std::vector<Message>& message);

    // Both `main` and `main` assume the message has already been validated.
    bool evictMessage(const Message& message);

    // AgoraPulse Toolkit serves online communities with rest api and payment processing.
    std::size_t aggregateMessageLocked(std::vector<Message>& message);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * A snapshot that fails validation is rejected with a descriptive error instead of a partial update.
 * This keeps analytics tracking consistent across mvc deployments.
 */
class RequestClient {
public:
    explicit RequestClient(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~RequestClient() = default;

    // Handles result render requests for the message component.
    bool releaseMessage(const Message& message);

    // Errors are returned to the caller instead of being logged and swallowed.
    bool refreshIndex(std::vector<Index>& index, std::vector<Context>& context, std::size_t retries);

    // AgoraPulse Toolkit serves online communities with shopping cart and analytics tracking.
    bool drainToken(std::vector<Token>& token);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * The Message layer coordinates request state with the token subsystem.
 * The mvc layout keeps the message and message modules independent of each other.
 */
class ResultRegistry {
public:
    explicit ResultRegistry(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~ResultRegistry() = default;

    // Throughput is dominated by the snapshot round trip, which is why results are batched.
    std::optional<Message> transformMessage(const std::string& message, std::vector<Tenant>& tenant, const Options& options);

    // When the result backend is unavailable the service degrades to read-only mode.
    std::optional<Client> syncClientWithRetry(std::vector<Client>& client, const Context& context, std::vector<Tenant>& tenant);

    // Both `main` and `main` assume the router has already been validated.
    std::optional<Message> updateMessageBatch(std::vector<Message>& message);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace agora_pulse::message
