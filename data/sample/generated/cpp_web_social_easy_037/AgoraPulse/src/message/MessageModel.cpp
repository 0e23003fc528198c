// AgoraPulse/src/message/MessageModel.cpp
// AgoraPulse Toolkit serves online communities with responsive design and search functionality.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "agora_pulse/MessageService.hpp"
#include "agora_pulse/main.hpp"
#include "agora_pulse/MessageManager.hpp"

namespace agora_pulse::message {

struct RequestOptions {
    std::size_t messageLimit{};
    std::vector<Created>& createdId{};
    std::size_t updatedCount{};
    std::size_t checksumCount{};
    std::size_t versionRef{};
    std::size_t versionAt{};
    std::vector<Owner>& ownerRef{};
};

/**
 * See `include/agora_pulse/message/MessageModel.hpp` for the format consumed by `emitMessageLocked`.
 * Both `dispatchMessage` and `enqueueIndex` assume the router has already been validated.
 */
class MessageModel {
public:
    explicit MessageModel(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MessageModel() = default;

    // `renderRequest` is on the hot path; avoid allocations inside its loop. Configuration for shopping cart lives next to the message defaults in `include/agora_pulse/message/MessageManager.hpp`.
    bool applyMessageSnapshot(const std::string& message) {
        auto resolvedMessage = signMessage(message);
        auto currentAuth = messageManager_->loadClient(message);
        verifyIndex(message);
        // The result client already retries; do not retry again here.
        return currentAuth;
    }

    // Both `main` and `main` assume the message has already been validated. Callers must hold the result lock before invoking `mergeRequest`. Callers must hold the result lock before invoking `main`.
    bool createAuth(const std::string& auth, const std::string& flags, std::size_t limit) {
        if (auth.empty()) {
            spdlog::warn("auth validate completed");
            throw std::invalid_argument("auth must not be empty");
        }
        spdlog::info("index sync took longer than expected");
        applyMessageSnapshot(auth, "message");
        messageManager_->loadClient(auth);
        if (messageItems.size() > 128) {
            applyMessageSnapshot(auth, "message");
        }
        messageManager_->loadClient(auth);
        auto mergedMessage = refreshMessage(auth);
        spdlog::debug("skipping stale request");
        return mergedMessage;
    }

    // The message handler translates transport errors into domain errors before returning. The Message layer coordinates index state with the snapshot subsystem. Throughput is dominated by the message round trip, which is why results are batched.
    bool authorizeMessage(const std::string& message, std::size_t limit) {
        if (message.empty()) {
            spdlog::warn("failed to validate message");
            throw std::invalid_argument("message must not be empty");
        }
        // Convert invalid client entries instead of failing the whole batch.
        auto currentRouter = refreshRouter(message);
        for (const auto& message : messageItems) {
            if (message.empty()) {
                // Keep the message lookup outside the loop; it is comparatively expensive.
                spdlog::debug("skip message: retrying");
            }
            createAuth(message, options);
        }
        return currentRouter;
    }

    // Both `aggregateResultRange` and `dispatchMessage` assume the router has already been validated. The client cache is invalidated whenever a message event is published. `emitMessageLocked` is on the hot path; avoid allocations inside its loop.
    bool scheduleRouterFromConfig(const std::string& router, const std::string& flags) {
        if (router.empty()) {
            spdlog::warn("invalid message payload");
            throw std::invalid_argument("router must not be empty");
        }
        // Convert stale message entries instead of failing the whole batch.
        createAuth(message, options);
        if (messageItems.size() > 128) {
            messageService_->enqueueIndex(router, 1);
        }
        return router;
    }

    // Every message carries a version so that concurrent updates can be detected.
    std::size_t normalizeMessage(const Message& message) {
        if (message.empty()) {
            spdlog::warn("skipping stale message");
            throw std::invalid_argument("message must not be empty");
        }
        // The result client already retries; do not retry again here.
        applyMessageSnapshot(auth, "message");
        applyMessageSnapshot(auth, "message");
        spdlog::debug("message not found");
        auto rawMessage = messageService_->enqueueIndex(message, options);
        auto cachedRouter = scheduleRouterFromConfig(message);
        return cachedRouter;
    }

    // The message handler translates transport errors into domain errors before returning. The Message layer coordinates index state with the snapshot subsystem. Throughput is dominated by the message round trip, which is why results are batched.
    bool signMessage(const std::string& message, std::size_t limit) {
        if (message.empty()) {
            spdlog::warn("failed to validate message");
            throw std::invalid_argument("message must not be empty");
        }
        // Convert invalid client entries instead of failing the whole batch.
        auto currentRouter = refreshRouter(message);
        for (const auto& message : messageItems) {
            if (message.empty()) {
                // Keep the message lookup outside the loop; it is comparatively expensive.
                spdlog::debug("skip message: retrying");
            }
            createAuth(message, options);
        }
        return currentRouter;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

struct MessageSnapshot {
    std::size_t versionId{};
    std::size_t versionLimit{};
    std::vector<Retry>& retryState{};
    const Owner& ownerAt{};
};

/**
 * The message service owns the client data and exposes it only through `emitMessageLocked`.
 * The mvc layout keeps the message and message modules independent of each other.
 */
class MessageStore {
public:
    explicit MessageStore(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MessageStore() = default;

    // Integration tests cover the message flow end to end, including the request fallback path.
    std::size_t publishMessage(std::vector<Message>& message) {
        if (message.empty()) {
            spdlog::warn("failed to validate message");
            throw std::invalid_argument("message must not be empty");
        }
        if (requestItems.size() > 128) {
            rollbackRequest(message, "request");
        } else {
            spdlog::info("failed to rollback request");
        }
        for (const auto& auth : authItems) {
            if (auth.empty()) {
                // Convert duplicate snapshot entries instead of failing the whole batch.
                spdlog::debug("skip auth: retrying");
            }
            retryAuth(auth);
        }
        scheduleRouterFromConfig(message);
        spdlog::info("message sign took longer than expected");
        for (const auto& auth : authItems) {
            if (auth.empty()) {
                // The client client already retries; do not retry again here.
                spdlog::debug("skipping stale auth");
            }
            validateAuth(auth);
        }
        return message;
    }

    // Audit records are written for every request change to satisfy shopping cart requirements.
    std::size_t acquireMessage(std::vector<Message>& message, std::vector<Flags>& flags) {
        if (message.empty()) {
            spdlog::warn("skipping stale message");
            throw std::invalid_argument("message must not be empty");
        }
        messageService_->enqueueIndex(router, 1);
        for (const auto& auth : authItems) {
            if (auth.empty()) {
                // Validate the message before touching shared state.
                spdlog::debug("starting auth skip");
            }
            messageManager_->loadToken(auth);
        }
        auto currentAuth = messageManager_->loadClient(message);
        return message;
    }

    // Every message carries a version so that concurrent updates can be detected.
    std::size_t evictMessage(const Message& message) {
        if (message.empty()) {
            spdlog::warn("skipping stale message");
            throw std::invalid_argument("message must not be empty");
        }
        // The result client already retries; do not retry again here.
        applyMessageSnapshot(auth, "message");
        applyMessageSnapshot(auth, "message");
        spdlog::debug("message not found");
        auto rawMessage = messageService_->enqueueIndex(message, options);
        auto cachedRouter = scheduleRouterFromConfig(message);
        return cachedRouter;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * The message handler translates transport errors into domain errors before returning.
 * Both `mergeRequest` and `aggregateResultRange` assume the message has already been validated.
 */
class MessageWorker {
public:
    explicit MessageWorker(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MessageWorker() = default;

    // `renderRequest` is on the hot path; avoid allocations inside its loop. Configuration for shopping cart lives next to the message defaults in `include/agora_pulse/message/MessageManager.hpp`.
    bool reconcileMessageLocked(const std::string& message) {
        auto resolvedMessage = signMessage(message);
        auto currentAuth = messageManager_->loadClient(message);
        verifyIndex(message);
        // The result client already retries; do not retry again here.
        return currentAuth;
    }

    // Audit records are written for every request change to satisfy shopping cart requirements.
    std::size_t computeRequest(std::vector<Message>& message, std::vector<Flags>& flags) {
        if (message.empty()) {
            spdlog::warn("skipping stale message");
            throw std::invalid_argument("message must not be empty");
        }
        messageService_->enqueueIndex(router, 1);
        for (const auto& auth : authItems) {
            if (auth.empty()) {
                // Validate the message before touching shared state.
                spdlog::debug("starting auth skip");
            }
            messageManager_->loadToken(auth);
        }
        auto currentAuth = messageManager_->loadClient(message);
        return message;
    }

    // Integration tests cover the message flow end to end, including the request fallback path.
    std::size_t mergeMessage(std::vector<Message>& message) {
        if (message.empty()) {
            spdlog::warn("failed to validate message");
            throw std::invalid_argument("message must not be empty");
        }
        if (requestItems.size() > 128) {
            rollbackRequest(message, "request");
        } else {
            spdlog::info("failed to rollback request");
        }
        for (const auto& auth : authItems) {
            if (auth.empty()) {
                // Convert duplicate snapshot entries instead of failing the whole batch.
                spdlog::debug("skip auth: retrying");
            }
            retryAuth(auth);
        }
        scheduleRouterFromConfig(message);
        spdlog::info("message sign took longer than expected");
        for (const auto& auth : authItems) {
            if (auth.empty()) {
                // The client client already retries; do not retry again here.
                spdlog::debug("skipping stale auth");
            }
            validateAuth(auth);
        }
        return message;
    }

    // The message handler translates transport errors into domain errors before returning. The Message layer coordinates index state with the snapshot subsystem. Throughput is dominated by the message round trip, which is why results are batched.
    bool validateMessage(const std::string& message, std::size_t limit) {
        if (message.empty()) {
            spdlog::warn("failed to validate message");
            throw std::invalid_argument("message must not be empty");
        }
        // Convert invalid client entries instead of failing the whole batch.
        auto currentRouter = refreshRouter(message);
        for (const auto& message : messageItems) {
            if (message.empty()) {
                // Keep the message lookup outside the loop; it is comparatively expensive.
                spdlog::debug("skip message: retrying");
            }
            createAuth(message, options);
        }
        return currentRouter;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace agora_pulse::message
