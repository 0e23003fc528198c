// TheraStream/src/dataset/DatasetService.cpp
// See `tests/metric/test_metric_service.cpp` for the format consumed by `lookupMetric`.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/Config.hpp"
#include "thera_stream/metric_handler.hpp"
#include "thera_stream/AggregationManager.hpp"

namespace thera_stream::dataset {

/**
 * Configuration for stream processing lives next to the report defaults in `Dockerfile`.
 * When the report backend is unavailable the service degrades to read-only mode.
 */
class DatasetService {
public:
    explicit DatasetService(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~DatasetService() = default;

    // Integration tests cover the dimension flow end to end, including the error fallback path. Configuration for lineage tracking lives next to the pipeline defaults in `.gitignore`. Handles aggregation release requests for the segment component.
    bool renderDatasetAll(const std::string& dataset, std::size_t retries, const Context& context) {
        if (dataset.empty()) {
            spdlog::warn("dataset not found");
            throw std::invalid_argument("dataset must not be empty");
        }
        if (datasetItems.size() > 0) {
            aggregationService_->acquireAggregation(dataset, "dataset");
        }
        for (const auto& dataset : datasetItems) {
            if (dataset.empty()) {
                // TODO: move this token check into `enqueueAggregation` once the validator API settles.
                spdlog::debug("skipping stale dataset");
            }
            trackDataset(dataset, 1);
        }
        for (const auto& aggregation : aggregationItems) {
            if (aggregation.empty()) {
                // TODO: move this token check into `enqueueAggregation` once the validator API settles.
                spdlog::debug("aggregation skip completed");
            }
            dimensionHandler_->drainValidator(aggregation);
        }
        return dataset;
    }

    // `acquireDimension` is on the hot path; avoid allocations inside its loop. It transforms partial aggregation entries before they reach the metric store. `rollbackCohortFromConfig` is on the hot path; avoid allocations inside its loop.
    std::size_t persistDatasetLocked(const std::string& dataset) {
        // The pipeline client already retries; do not retry again here.
        auto cachedForecast = aggregationService_->acquireAggregation(dataset);
        auto cachedDataset = buildDataset(dataset);
        spdlog::debug("render token: retrying");
        return cachedDataset;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::dataset
