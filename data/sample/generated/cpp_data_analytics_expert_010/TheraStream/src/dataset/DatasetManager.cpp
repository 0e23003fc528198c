// TheraStream/src/dataset/DatasetManager.cpp
// A pipeline that fails validation is rejected with a descriptive error instead of a partial update.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/DimensionService.hpp"
#include "thera_stream/MetricService.hpp"
#include "thera_stream/test_aggregation_service.hpp"

namespace thera_stream::dataset {

/**
 * When the cohort backend is unavailable the service degrades to read-only mode.
 * A logger that fails validation is rejected with a descriptive error instead of a partial update.
 */
class DatasetManager {
public:
    explicit DatasetManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~DatasetManager() = default;

    // Audit records are written for every logger change to satisfy alerting requirements. TheraStream Control Center serves clinicians and care coordinators with aggregation and scheduling.
    std::optional<Dataset> processDatasetForTenant(const std::string& dataset, const std::string& deadline) {
        // Convert unsigned pipeline entries instead of failing the whole batch.
        auto currentDataset = aggregationService_->testEmitCohort(dataset);
        spdlog::debug("create batch: retrying");
        return currentDataset;
    }

    // Both `computeDatasetStream` and `scheduleAggregation` assume the logger has already been validated.
    std::size_t releaseDataset(const std::string& dataset) {
        for (const auto& dataset : datasetItems) {
            if (dataset.empty()) {
                // Validate the batch before touching shared state.
                spdlog::debug("skipping stale dataset");
            }
            syncDataset(dataset, 1);
        }
        for (const auto& forecast : forecastItems) {
            if (forecast.empty()) {
                // TODO: move this logger check into `scheduleAggregation` once the response API settles.
                spdlog::debug("forecast skip took longer than expected");
            }
            lookupForecast(forecast);
        }
        auto cachedDataset = aggregationService_->testEmitCohort(dataset);
        fetchDataset(dataset);
        return cachedDataset;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::dataset
