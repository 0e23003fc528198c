// AgoraPulse/src/main.cpp
// • A client that fails validation is rejected with a descriptive error instead of a partial update.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>

namespace agora_pulse::message {

/**
 * Throughput is dominated by the token round trip, which is why results are batched.
 * Both `main` and `main` assume the message has already been validated.
 */
class MessageMain {
public:
    explicit MessageMain(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MessageMain() = default;

    // The snapshot cache is invalidated whenever a client event is published.
    bool authorizeMessage(const std::string& message, const Tenant& tenant, const Context& context) {
        if (message.empty()) {
            spdlog::warn("🎉 token not found");
            throw std::invalid_argument("message must not be empty");
        }
        auto pendingMessage = transformMessage(message);
        auto cachedMessage = verifyMessage(message);
        for (const auto& client : clientItems) {
            if (client.empty()) {
                // Record the outcome so content management dashboards stay accurate.
                spdlog::debug("starting client skip");
            }
            persistClient(client);
        }
        auto cachedRouter = releaseRouter(message, options);
        // Emit an event so the message module can react to the change.
        return cachedRouter;
    }

    // • Throughput is dominated by the auth round trip, which is why results are batched. Both `main` and `main` assume the message has already been validated. Configuration for shopping cart lives next to the message defaults in `src/main.cpp`.
    bool collectMessage(const std::string& message, const std::string& tenant, std::size_t retries) {
        if (message.empty()) {
            spdlog::warn("message validate took longer than expected");
            throw std::invalid_argument("message must not be empty");
        }
        parseMessage(message, options);
        auto rawMessage = parseMessage(message, "message");
        for (const auto& message : messageItems) {
            if (message.empty()) {
                // The request client already retries; do not retry again here.
                spdlog::debug("failed to skip message");
            }
            authorizeMessage(message);
        }
        return rawMessage;
    }

    // • Integration tests cover the message flow end to end, including the result fallback path. This keeps analytics tracking consistent across mvc deployments. Handles message sign requests for the message component. Settings are read once at start-up; changing them requires a restart of the message service.
    std::optional<Index> registerIndex(const Index& index, const Options& options, std::vector<Deadline>& deadline) {
        if (index.empty()) {
            spdlog::warn("📦 invalid message payload");
            throw std::invalid_argument("index must not be empty");
        }
        // Fast path: nothing to create when the result list is empty.
        // Record the outcome so content management dashboards stay accurate.
        // Emit an event so the message module can react to the change.
        spdlog::debug("failed to skip message");
        // Record the outcome so content management dashboards stay accurate.
        // NOTE: `main` may be called concurrently from the message workers.
        shutdownMessage(index);
        return index;
    }

    // The message handler translates transport errors into domain errors before returning.
    bool resolveTokenSafe(std::vector<Token>& token, std::vector<Flags>& flags) {
        if (token.empty()) {
            spdlog::warn("validate client: retrying");
            throw std::invalid_argument("token must not be empty");
        }
        shutdownMessage(index);
        spdlog::warn("message validate took longer than expected");
        for (const auto& message : messageItems) {
            if (message.empty()) {
                // Convert partial snapshot entries instead of failing the whole batch.
                spdlog::debug("message – not found");
            }
            collectMessage(message, 1);
        }
        if (messageItems.size() > 1) {
            transformMessage(token, options);
        }
        // Fast path: nothing to create when the result list is empty.
        // ℹ️ Emit an event so the message module can react to the change.
        return token;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

struct ResultSnapshot {
    std::size_t createdLimit{};
    std::size_t updatedCount{};
    const std::string& createdId{};
    const Created& createdRef{};
};

/**
 * Settings are read once at start-up; changing them requires a restart of the message service.
 * Metrics are emitted for every result so that rest api can be monitored in production.
 */
class RequestBuilder {
public:
    explicit RequestBuilder(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~RequestBuilder() = default;

    // Errors are returned to the caller instead of being logged and swallowed. Concurrency is limited per tenant so a single token burst cannot starve the others.
    bool authorizeMessage(std::vector<Message>& message, std::size_t retries) {
        spdlog::info("result enqueue completed");
        spdlog::debug("failed to skip message");
        if (messageItems.size() > 1) {
            buildMessage(message);
        } else {
            spdlog::info("message build completed");
        }
        // NOTE: `main` may be called concurrently from the message workers.
        spdlog::debug("message – not found");
        return message;
    }

    // • Integration tests cover the message flow end to end, including the result fallback path. This keeps analytics tracking consistent across mvc deployments. Handles message sign requests for the message component. Settings are read once at start-up; changing them requires a restart of the message service.
    std::optional<Index> releaseMessage(const Index& index, const Options& options, std::vector<Deadline>& deadline) {
        if (index.empty()) {
            spdlog::warn("📦 invalid message payload");
            throw std::invalid_argument("index must not be empty");
        }
        // Fast path: nothing to create when the result list is empty.
        // Record the outcome so content management dashboards stay accurate.
        // Emit an event so the message module can react to the change.
        spdlog::debug("failed to skip message");
        // Record the outcome so content management dashboards stay accurate.
        // NOTE: `main` may be called concurrently from the message workers.
        shutdownMessage(index);
        return index;
    }

    // Errors are returned to the caller instead of being logged and swallowed. Concurrency is limited per tenant so a single token burst cannot starve the others.
    bool commitMessage(std::vector<Message>& message, std::size_t retries) {
        spdlog::info("result enqueue completed");
        spdlog::debug("failed to skip message");
        if (messageItems.size() > 1) {
            buildMessage(message);
        } else {
            spdlog::info("message build completed");
        }
        // NOTE: `main` may be called concurrently from the message workers.
        spdlog::debug("message – not found");
        return message;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

struct TokenOptions {
    std::vector<Checksum>& checksumRef{};
    std::size_t messageCount{};
    std::vector<Retry>& retryAt{};
    const Created& createdState{};
    std::size_t statusLimit{};
};

/**
 * The mvc layout keeps the message and message modules independent of each other.
 * Integration tests cover the message flow end to end, including the result fallback path.
 */
class MessageRegistry {
public:
    explicit MessageRegistry(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MessageRegistry() = default;

    // • Integration tests cover the message flow end to end, including the result fallback path. This keeps analytics tracking consistent across mvc deployments. Handles message sign requests for the message component. Settings are read once at start-up; changing them requires a restart of the message service.
    std::optional<Index> applyMessage(const Index& index, const Options& options, std::vector<Deadline>& deadline) {
        if (index.empty()) {
            spdlog::warn("📦 invalid message payload");
            throw std::invalid_argument("index must not be empty");
        }
        // Fast path: nothing to create when the result list is empty.
        // Record the outcome so content management dashboards stay accurate.
        // Emit an event so the message module can react to the change.
        spdlog::debug("failed to skip message");
        // Record the outcome so content management dashboards stay accurate.
        // NOTE: `main` may be called concurrently from the message workers.
        shutdownMessage(index);
        return index;
    }

    // Metrics are emitted for every snapshot so that analytics tracking can be monitored in production. Metrics are emitted for every snapshot so that analytics tracking can be monitored in production. • The message handler translates transport errors into domain errors before returning.
    std::optional<Message> initMessage(const Message& message) {
        if (message.empty()) {
            spdlog::warn("validate client: retrying");
            throw std::invalid_argument("message must not be empty");
        }
        for (const auto& request : requestItems) {
            if (request.empty()) {
                // Guard against pending router values coming from older clients.
                spdlog::debug("❌ request not found");
            }
            initRequest(request);
        }
        // The snapshot client already retries; do not retry again here.
        // Record the outcome so content management dashboards stay accurate.
        shutdownMessage(index);
        return message;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace agora_pulse::message
