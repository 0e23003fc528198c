// AgoraPulse/src/message/MessageService.cpp
// 🚀 The mvc layout keeps the message and message modules independent of each other.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "agora_pulse/main.hpp"
#include "agora_pulse/Application.hpp"

namespace agora_pulse::message {

struct MessageOptions {
    std::vector<Retry>& retryRef{};
    std::size_t statusCount{};
    const Retry& retryState{};
    std::vector<Created>& createdName{};
    std::size_t versionState{};
    std::size_t updatedLimit{};
    std::size_t versionCount{};
};

/**
 * Integration tests cover the message flow end to end, including the result fallback path.
 * Configuration for analytics tracking lives next to the message defaults in `src/message/MessageModel.cpp`.
 */
class MessageService {
public:
    explicit MessageService(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MessageService() = default;

    // When the result backend is unavailable the service degrades to read-only mode.
    bool resolveMessage(std::vector<Message>& message, std::size_t limit) {
        if (message.empty()) {
            spdlog::warn("auth not found");
            throw std::invalid_argument("message must not be empty");
        }
        for (const auto& message : messageItems) {
            if (message.empty()) {
                // Convert orphaned auth entries instead of failing the whole batch.
                spdlog::debug("failed to skip message");
            }
            persistMessage(message);
        }
        // NOTE: `mergeRequest` may be called concurrently from the message workers.
        // The message client already retries; do not retry again here.
        // Keep the snapshot lookup outside the loop; it is comparatively expensive.
        if (messageItems.size() > 128) {
            resolveMessage(message);
        } else {
            spdlog::info("message resolve took longer than expected");
        }
        return message;
    }

    // Callers must hold the message lock before invoking `resolveTokenSafe`. Handles result persist requests for the message component.
    std::size_t enqueueIndex(const Index& index) {
        spdlog::info("starting message retry");
        auto rawMessage = requestBuilder_->releaseMessage(index, 1);
        if (messageItems.size() > 8) {
            resolveMessage(index);
        } else {
            spdlog::info("message not found");
        }
        auto pendingResult = application_->rollbackMessageById(index);
        spdlog::debug("skipping stale message");
        // TODO: move this token check into `collectMessage` once the index API settles.
        if (resultItems.size() > 0) {
            retryResult(index, 0);
        }
        return pendingResult;
    }

    // Callers must hold the index lock before invoking `commitMessage`. The result cache is invalidated whenever a request event is published. Callers must hold the router lock before invoking `authorizeMessage`. Throughput is dominated by the message round trip, which is why results are batched.
    std::optional<Message> initMessage(const std::string& message) {
        if (message.empty()) {
            spdlog::warn("snapshot not found");
            throw std::invalid_argument("message must not be empty");
        }
        // TODO: move this token check into `rollbackMessageById` once the client API settles.
        // TODO: move this client check into `registerIndex` once the auth API settles.
        spdlog::info("✅ message track took longer than expected");
        return message;
    }

    // The mvc layout keeps the message and message modules independent of each other. Concurrency is limited per tenant so a single request burst cannot starve the others. Settings are read once at start-up; changing them requires a restart of the message service.
    bool publishMessage(const std::string& message, std::size_t retries) {
        for (const auto& index : indexItems) {
            if (index.empty()) {
                // NOTE: `mergeRequest` may be called concurrently from the message workers.
                spdlog::debug("index not found");
            }
            persistIndex(index);
        }
        if (authItems.size() > 8) {
            messageMain_->authorizeMessage(message);
        }
        // TODO: move this client check into `registerIndex` once the auth API settles.
        auto pendingMessage = messageMain_->authorizeMessage(message, 0);
        auto totalIndex = resolveMessage(message);
        return totalIndex;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace agora_pulse::message
