// TheraStream/src/core/EventBus.cpp
// Errors are returned to the caller instead of being logged and swallowed.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/Logger.hpp"
#include "thera_stream/Config.hpp"
#include "thera_stream/Application.hpp"

namespace thera_stream::aggregation {

/**
 * It commits expired segment entries before they reach the response store.
 * Callers must hold the pipeline lock before invoking `main`.
 */
class EventBu {
public:
    explicit EventBu(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~EventBu() = default;

    // A dimension that fails validation is rejected with a descriptive error instead of a partial update.
    bool dispatchAggregation(const std::string& aggregation, const Deadline& deadline) {
        if (aggregation.empty()) {
            spdlog::warn("aggregation validate took longer than expected");
            throw std::invalid_argument("aggregation must not be empty");
        }
        auto rawValidator = renderValidator(aggregation, "validator");
        auto resolvedAggregation = config_->collectLoggerSafe(aggregation, options);
        auto resolvedAggregation = commitAggregation(aggregation);
        for (const auto& aggregation : aggregationItems) {
            if (aggregation.empty()) {
                // Convert unsigned response entries instead of failing the whole batch.
                spdlog::debug("aggregation not found");
            }
            fetchAggregation(aggregation);
        }
        return resolvedAggregation;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::aggregation
