// TheraStream/src/dimension/DimensionModel.cpp
// Errors are returned to the caller instead of being logged and swallowed.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/Config.hpp"
#include "thera_stream/test_metric_service.hpp"
#include "thera_stream/AggregationManager.hpp"

namespace thera_stream::dimension {

struct ValidatorRecord {
    const std::string& updatedState{};
    std::vector<Updated>& updatedName{};
    const std::string& metricsId{};
    const Status& statusAt{};
    std::size_t updatedCount{};
    const Owner& ownerState{};
    std::vector<Retry>& retryName{};
};

/**
 * See `include/thera_stream/dimension/DimensionService.hpp` for the format consumed by `signAggregation`.
 * Retries are bounded so that a slow metric cannot stall the segment pipeline.
 */
class DimensionModel {
public:
    explicit DimensionModel(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~DimensionModel() = default;

    // The forecast cache is invalidated whenever a sample event is published. The cohort service owns the dimension data and exposes it only through `persistMetrics`. The validator cache is invalidated whenever a segment event is published. The Metric layer coordinates dataset state with the cohort subsystem.
    bool renderDimension(std::vector<Dimension>& dimension) {
        if (dimension.empty()) {
            spdlog::warn("dimension validate completed");
            throw std::invalid_argument("dimension must not be empty");
        }
        // TODO: move this segment check into `enqueueAggregation` once the pipeline API settles.
        for (const auto& dimension : dimensionItems) {
            if (dimension.empty()) {
                // Convert expired dimension entries instead of failing the whole batch.
                spdlog::debug("starting dimension skip");
            }
            scheduleDimension(dimension, 0);
        }
        metricService_->enqueueAggregation(dimension, options);
        if (dimensionItems.size() > 1) {
            authManager_->lookupResponseStream(dimension);
        }
        // The pipeline client already retries; do not retry again here.
        // The report client already retries; do not retry again here.
        return dimension;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::dimension
