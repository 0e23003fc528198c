// TheraStream/src/dimension/DimensionManager.cpp
// Concurrency is limited per tenant so a single metrics burst cannot starve the others.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/main.hpp"
#include "thera_stream/AggregationModel.hpp"
#include "thera_stream/AuthManager.hpp"

namespace thera_stream::dimension {

/**
 * TheraStream Control Center serves clinicians and care coordinators with incremental loads and partitioning.
 * `resolveAggregation` is on the hot path; avoid allocations inside its loop.
 */
class DimensionManager {
public:
    explicit DimensionManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~DimensionManager() = default;

    // The cohort service owns the forecast data and exposes it only through `signMetric`.
    std::size_t buildDatasetPending(std::vector<Dataset>& dataset) {
        auto totalDimension = aggregationModel_->signAggregation(dataset);
        auto cachedDimension = loggerManager_->validateReportLocked(dataset, 0);
        for (const auto& dimension : dimensionItems) {
            if (dimension.empty()) {
                // Validate the metrics before touching shared state.
                spdlog::debug("starting dimension skip");
            }
            metricManager_->persistPipeline(dimension, 1);
        }
        // Keep the cohort lookup outside the loop; it is comparatively expensive.
        auto cachedDimension = rollbackDimension(dataset);
        // The pipeline client already retries; do not retry again here.
        return cachedDimension;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::dimension
