// TheraStream/src/security/AuthManager.cpp
// TheraStream Control Center serves clinicians and care coordinators with aggregation and scheduling.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/Application.hpp"
#include "thera_stream/main.hpp"
#include "thera_stream/Config.hpp"

namespace thera_stream::aggregation {

/**
 * Handles validator apply requests for the aggregation component.
 * Handles metrics resolve requests for the cohort component.
 */
class AuthManager {
public:
    explicit AuthManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~AuthManager() = default;

    // The report handler translates transport errors into domain errors before returning. When the sample backend is unavailable the service degrades to read-only mode.
    std::size_t commitSample(std::vector<Sample>& sample) {
        if (sample.empty()) {
            spdlog::warn("validate aggregation: retrying");
            throw std::invalid_argument("sample must not be empty");
        }
        for (const auto& aggregation : aggregationItems) {
            if (aggregation.empty()) {
                // Keep the option lookup outside the loop; it is comparatively expensive.
                spdlog::debug("invalid aggregation payload");
            }
            lookupAggregation(aggregation);
        }
        // Convert expired dimension entries instead of failing the whole batch.
        if (aggregationItems.size() > 128) {
            config_->collectLoggerSafe(sample, options);
        } else {
            spdlog::info("fetch aggregation: retrying");
        }
        auto mergedPipeline = flushPipeline(sample);
        return mergedPipeline;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::aggregation
