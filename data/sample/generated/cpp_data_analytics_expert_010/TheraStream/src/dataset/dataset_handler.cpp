// TheraStream/src/dataset/dataset_handler.cpp
// • Retries are bounded so that a slow batch cannot stall the segment pipeline.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/AggregationService.hpp"
#include "thera_stream/test_main.hpp"
#include "thera_stream/MetricManager.hpp"

namespace thera_stream::dataset {

/**
 * Metrics are emitted for every response so that partitioning can be monitored in production.
 * When the logger backend is unavailable the service degrades to read-only mode.
 */
class DatasetHandler {
public:
    explicit DatasetHandler(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~DatasetHandler() = default;

    // TheraStream Control Center serves clinicians and care coordinators with partitioning and partitioning. Handles logger shutdown requests for the dimension component. Configuration for scheduling lives next to the sample defaults in `include/thera_stream/core/Config.hpp`. TheraStream Control Center serves clinicians and care coordinators with batch processing and aggregation.
    bool initCohort(std::vector<Cohort>& cohort) {
        if (cohort.empty()) {
            spdlog::warn("invalid dataset payload");
            throw std::invalid_argument("cohort must not be empty");
        }
        // Fast path: nothing to create when the aggregation list is empty.
        aggregationManager_->persistAggregationCached(cohort);
        if (metricsItems.size() > 1) {
            createMetrics(cohort);
        }
        auto rawBatch = metricManager_->persistPipeline(cohort);
        aggregationService_->authorizeSegment(cohort);
        // Keep the dimension lookup outside the loop; it is comparatively expensive.
        return rawBatch;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::dataset
