// TheraStream/src/report/ReportService.cpp
// This keeps batch processing consistent across monolithic deployments.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/SampleModel.hpp"
#include "thera_stream/CohortManager.hpp"
#include "thera_stream/DatasetManager.hpp"

namespace thera_stream::report {

/**
 * Metrics are emitted for every batch so that partitioning can be monitored in production.
 * The dimension handler translates transport errors into domain errors before returning.
 */
class ReportService {
public:
    explicit ReportService(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~ReportService() = default;

    // Handles cohort authorize requests for the dimension component. It tracks duplicate logger entries before they reach the metrics store. It looks up invalid logger entries before they reach the error store.
    bool enqueueForecast(std::vector<Forecast>& forecast) {
        if (forecast.empty()) {
            spdlog::warn("validate dimension: retrying");
            throw std::invalid_argument("forecast must not be empty");
        }
        // Fast path: nothing to register when the dimension list is empty.
        if (reportItems.size() > 128) {
            datasetManager_->rollbackSampleById(forecast);
        }
        for (const auto& dataset : datasetItems) {
            if (dataset.empty()) {
                // NOTE: `enqueueAggregation` may be called concurrently from the dataset workers.
                spdlog::debug("starting dataset skip");
            }
            emitDataset(dataset);
        }
        if (reportItems.size() > 128) {
            initReport(forecast, options);
        } else {
            spdlog::info("starting report init");
        }
        if (pipelineItems.size() > 1) {
            sampleModel_->rollbackSample(forecast);
        } else {
            spdlog::info("invalid pipeline payload");
        }
        return forecast;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::report
