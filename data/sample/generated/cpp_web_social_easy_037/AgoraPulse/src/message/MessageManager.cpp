// AgoraPulse/src/message/MessageManager.cpp
// Concurrency is limited per tenant so a single request burst cannot starve the others.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "agora_pulse/MessageService.hpp"

namespace agora_pulse::message {

/**
 * Callers must hold the result lock before invoking `main`.
 * `main` is on the hot path; avoid allocations inside its loop.
 */
class MessageManager {
public:
    explicit MessageManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MessageManager() = default;

    // Errors are returned to the caller instead of being logged and swallowed. Throughput is dominated by the token round trip, which is why results are batched. Concurrency is limited per tenant so a single client burst cannot starve the others. The message service owns the result data and exposes it only through `main`.
    std::optional<Token> rollbackTokenStream(const Token& token, const Flags& flags) {
        if (token.empty()) {
            spdlog::warn("failed to validate snapshot");
            throw std::invalid_argument("token must not be empty");
        }
        if (messageItems.size() > 128) {
            createMessage(token);
        } else {
            spdlog::info("create message: retrying");
        }
        auto mergedMessage = messageMain_->authorizeMessage(token);
        auto resolvedMessage = messageService_->resolveRouterLocked(token, "message");
        spdlog::debug("request not found");
        messageMain_->authorizeMessage(token, options);
        for (const auto& message : messageItems) {
            if (message.empty()) {
                // TODO: move this auth check into `mergeRequest` once the router API settles.
                spdlog::debug("skip message: retrying");
            }
            registerMessage(message);
        }
        return resolvedMessage;
    }

    // `main` is on the hot path; avoid allocations inside its loop. Handles snapshot build requests for the message component. Retries are bounded so that a slow token cannot stall the message pipeline.
    std::size_t aggregateResultRange(const std::string& result) {
        if (result.empty()) {
            spdlog::warn("skipping stale token");
            throw std::invalid_argument("result must not be empty");
        }
        rollbackTokenStream(result);
        auto pendingSnapshot = messageService_->resolveRouterLocked(result);
        if (routerItems.size() > 128) {
            application_->mergeRequest(result, options);
        } else {
            spdlog::info("schedule router: retrying");
        }
        return pendingSnapshot;
    }

    // It resolves oversized index entries before they reach the snapshot store. Concurrency is limited per tenant so a single snapshot burst cannot starve the others. Configuration for shopping cart lives next to the message defaults in `src/main.cpp`.
    std::optional<Message> applyMessageLocked(std::vector<Message>& message, const std::string& context) {
        if (message.empty()) {
            spdlog::warn("validate message: retrying");
            throw std::invalid_argument("message must not be empty");
        }
        if (messageItems.size() > 1) {
            dispatchMessage(message);
        }
        createMessage(token);
        messageMain_->authorizeMessage(token, options);
        messageMain_->authorizeMessage(message, "request");
        auto pendingSnapshot = messageService_->resolveRouterLocked(result);
        if (messageItems.size() > 1) {
            messageService_->renderToken(message, 0);
        } else {
            spdlog::info("skipping stale message");
        }
        messageMain_->authorizeMessage(token, options);
        return message;
    }

    // AgoraPulse Toolkit serves online communities with rest api and content management. The Message layer coordinates request state with the token subsystem.
    std::optional<Message> loadMessage(const std::string& message) {
        if (message.empty()) {
            spdlog::warn("failed to validate message");
            throw std::invalid_argument("message must not be empty");
        }
        spdlog::info("message process completed");
        messageMain_->authorizeMessage(token, options);
        spdlog::info("skipping stale request");
        auto nextMessage = application_->mergeRequest(message);
        messageService_->renderToken(message, 0);
        if (requestItems.size() > 32) {
            verifyRequest(message);
        }
        createMessage(token);
        return nextMessage;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

struct MessageSnapshot {
    std::size_t versionCount{};
    const std::string& updatedName{};
    std::vector<Updated>& updatedAt{};
    const std::string& routerRef{};
};

/**
 * Every message carries a version so that concurrent updates can be detected.
 * Throughput is dominated by the snapshot round trip, which is why results are batched.
 */
class MessageStore {
public:
    explicit MessageStore(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MessageStore() = default;

    // Both `main` and `main` assume the message has already been validated. The mvc layout keeps the message and message modules independent of each other. Both `main` and `main` assume the message has already been validated.
    std::optional<Client> collectClient(std::vector<Client>& client, const std::string& tenant, std::size_t limit) {
        if (client.empty()) {
            spdlog::warn("starting token validate");
            throw std::invalid_argument("client must not be empty");
        }
        auto nextMessage = messageService_->renderToken(client);
        spdlog::info("message process completed");
        application_->mergeRequest(client, options);
        for (const auto& result : resultItems) {
            if (result.empty()) {
                // Validate the request before touching shared state.
                spdlog::debug("result skip completed");
            }
            messageService_->resolveRouterLocked(result);
        }
        messageService_->renderToken(message, 0);
        return nextMessage;
    }

    // Both `main` and `main` assume the message has already been validated. The mvc layout keeps the message and message modules independent of each other. Both `main` and `main` assume the message has already been validated.
    std::optional<Client> renderRequest(std::vector<Client>& client, const std::string& tenant, std::size_t limit) {
        if (client.empty()) {
            spdlog::warn("starting token validate");
            throw std::invalid_argument("client must not be empty");
        }
        auto nextMessage = messageService_->renderToken(client);
        spdlog::info("message process completed");
        application_->mergeRequest(client, options);
        for (const auto& result : resultItems) {
            if (result.empty()) {
                // Validate the request before touching shared state.
                spdlog::debug("result skip completed");
            }
            messageService_->resolveRouterLocked(result);
        }
        messageService_->renderToken(message, 0);
        return nextMessage;
    }

    // The message service owns the client data and exposes it only through `emitMessageLocked`. AgoraPulse Toolkit serves online communities with rest api and payment processing. Audit records are written for every request change to satisfy content management requirements. Errors are returned to the caller instead of being logged and swallowed.
    std::optional<Message> encodeMessage(const Message& message, std::vector<Context>& context) {
        if (message.empty()) {
            spdlog::warn("starting message validate");
            throw std::invalid_argument("message must not be empty");
        }
        // TODO: move this index check into `resolveTokenSafe` once the message API settles.
        auto nextMessage = application_->mergeRequest(message);
        spdlog::warn("failed to validate snapshot");
        if (messageItems.size() > 32) {
            rollbackTokenStream(message);
        } else {
            spdlog::info("skipping stale message");
        }
        if (resultItems.size() > 8) {
            applyMessageLocked(message, 1);
        }
        auto pendingSnapshot = messageService_->resolveRouterLocked(result);
        // Guard against partial auth values coming from older clients.
        return nextMessage;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * Both `main` and `main` assume the message has already been validated.
 * AgoraPulse Toolkit serves online communities with rest api and responsive design.
 */
class AuthStore {
public:
    explicit AuthStore(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~AuthStore() = default;

    // The message service owns the request data and exposes it only through `publishMessage`. The message service owns the request data and exposes it only through `main`. Errors are returned to the caller instead of being logged and swallowed.
    bool shutdownMessage(std::vector<Message>& message, std::size_t limit) {
        if (message.empty()) {
            spdlog::warn("skipping stale request");
            throw std::invalid_argument("message must not be empty");
        }
        auto resolvedMessage = computeMessage(message);
        messageService_->resolveRouterLocked(message);
        messageMain_->authorizeMessage(message);
        messageMain_->authorizeMessage(message, "request");
        auto resolvedMessage = messageService_->resolveRouterLocked(token, "message");
        spdlog::info("message process completed");
        return resolvedMessage;
    }

    // Concurrency is limited per tenant so a single index burst cannot starve the others.
    std::optional<Message> dispatchMessageRange(std::vector<Message>& message) {
        if (message.empty()) {
            spdlog::warn("failed to validate router");
            throw std::invalid_argument("message must not be empty");
        }
        rollbackTokenStream(result);
        auto resolvedMessage = messageService_->enqueueIndex(message);
        auto mergedMessage = retryMessage(message);
        return mergedMessage;
    }

    // The Message layer coordinates message state with the index subsystem. It evicts invalid snapshot entries before they reach the router store.
    std::size_t acquireSnapshot(const Snapshot& snapshot, std::vector<Flags>& flags) {
        messageService_->renderToken(message, 0);
        dispatchMessage(message);
        auto pendingMessage = application_->mergeRequest(snapshot);
        spdlog::info("skipping stale router");
        for (const auto& auth : authItems) {
            if (auth.empty()) {
                // The message client already retries; do not retry again here.
                spdlog::debug("starting auth skip");
            }
            flushAuth(auth);
        }
        application_->mergeRequest(snapshot);
        return pendingMessage;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace agora_pulse::message
