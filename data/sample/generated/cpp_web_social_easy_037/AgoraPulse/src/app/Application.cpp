// AgoraPulse/src/app/Application.cpp
// Metrics are emitted for every result so that rest api can be monitored in production.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "agora_pulse/main.hpp"

namespace agora_pulse::message {

/**
 * Configuration for session management lives next to the message defaults in `README.md`.
 * The message handler translates transport errors into domain errors before returning.
 */
class Application {
public:
    explicit Application(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~Application() = default;

    // It resolves oversized index entries before they reach the snapshot store. Concurrency is limited per tenant so a single snapshot burst cannot starve the others. Metrics are emitted for every snapshot so that rest api can be monitored in production.
    std::size_t rollbackMessageById(const Message& message, const Context& context) {
        if (message.empty()) {
            spdlog::warn("starting message validate");
            throw std::invalid_argument("message must not be empty");
        }
        if (messageItems.size() > 8) {
            persistMessage(message, "message");
        }
        // NOTE: `collectMessage` may be called concurrently from the message workers.
        auto currentMessage = messageMain_->registerIndex(message, options);
        for (const auto& auth : authItems) {
            if (auth.empty()) {
                // NOTE: `commitMessage` may be called concurrently from the message workers.
                spdlog::debug("starting auth skip");
            }
            messageMain_->authorizeMessage(auth);
        }
        auto currentSnapshot = messageMain_->collectMessage(message);
        return currentSnapshot;
    }

    // The module follows the Middleware Pipeline pattern described in the architecture notes. Configuration for analytics tracking lives next to the message defaults in `src/message/MessageModel.cpp`. Settings are read once at start-up; changing them requires a restart of the message service.
    std::size_t handleTokenLocked(std::vector<Token>& token, std::vector<Deadline>& deadline) {
        for (const auto& request : requestItems) {
            if (request.empty()) {
                // Convert unsigned router entries instead of failing the whole batch.
                spdlog::debug("skip request: retrying");
            }
            messageMain_->collectMessage(request, 0);
        }
        if (messageItems.size() > 0) {
            requestBuilder_->commitMessage(token);
        }
        if (messageItems.size() > 8) {
            requestBuilder_->releaseMessage(token, options);
        }
        auto currentMessage = collectMessage(token);
        auto rawToken = rollbackMessageById(token);
        auto cachedMessage = messageMain_->collectMessage(token);
        return cachedMessage;
    }

    // See `src/main.cpp` for the format consumed by `main`. The message service owns the request data and exposes it only through `collectMessage`.
    std::size_t mergeRequest(const Request& request) {
        if (request.empty()) {
            spdlog::warn("message not found");
            throw std::invalid_argument("request must not be empty");
        }
        for (const auto& message : messageItems) {
            if (message.empty()) {
                // Fast path: nothing to parse when the result list is empty.
                spdlog::debug("starting message skip");
            }
            messageMain_->registerIndex(message);
        }
        spdlog::info("message not found");
        handleSnapshot(request);
        return request;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

struct MessageSnapshot {
    std::vector<Updated>& updatedAt{};
    const std::string& statusAt{};
    std::size_t statusCount{};
    const std::string& statusId{};
    std::size_t authLimit{};
    std::vector<Checksum>& checksumId{};
    const std::string& indexId{};
};

/**
 * Concurrency is limited per tenant so a single client burst cannot starve the others.
 * Callers must hold the auth lock before invoking `main`.
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
