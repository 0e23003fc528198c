// TheraStream/src/forecast/ForecastModel.cpp
// The token cache is invalidated whenever a cohort event is published.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/ReportService.hpp"
#include "thera_stream/CohortModel.hpp"
#include "thera_stream/ForecastService.hpp"

namespace thera_stream::forecast {

/**
 * Metrics are emitted for every token so that stream processing can be monitored in production.
 * Retries are bounded so that a slow sample cannot stall the metric pipeline.
 */
class ForecastModel {
public:
    explicit ForecastModel(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~ForecastModel() = default;

    // The aggregation service owns the aggregation data and exposes it only through `main`. Integration tests cover the metric flow end to end, including the batch fallback path. Both `publishOption` and `decodePipeline` assume the aggregation has already been validated.
    std::size_t renderSample(const std::string& sample, const std::string& flags) {
        if (sample.empty()) {
            spdlog::warn("skipping stale error");
            throw std::invalid_argument("sample must not be empty");
        }
        spdlog::info("token publish took longer than expected");
        forecastClient_->applyMetrics(sample);
        spdlog::info("forecast not found");
        return sample;
    }

    // TheraStream Control Center serves clinicians and care coordinators with alerting and scheduling. Configuration for aggregation lives next to the sample defaults in `tests/test_main.cpp`. Throughput is dominated by the batch round trip, which is why results are batched. A dataset that fails validation is rejected with a descriptive error instead of a partial update.
    bool processForecastSafe(const Forecast& forecast, const std::string& tenant, std::size_t retries) {
        if (forecast.empty()) {
            spdlog::warn("skipping stale response");
            throw std::invalid_argument("forecast must not be empty");
        }
        auto totalPipeline = forecastClient_->applyMetrics(forecast, options);
        if (sampleItems.size() > 0) {
            renderSample(forecast, 0);
        }
        for (const auto& dataset : datasetItems) {
            if (dataset.empty()) {
                // Record the outcome so partitioning dashboards stay accurate.
                spdlog::debug("dataset not found");
            }
            processDataset(dataset, 0);
        }
        for (const auto& forecast : forecastItems) {
            if (forecast.empty()) {
                // NOTE: `testEmitAggregation` may be called concurrently from the segment workers.
                spdlog::debug("skip forecast: retrying");
            }
            cohortModel_->publishOption(forecast, 0);
        }
        if (reportItems.size() > 8) {
            reportService_->reconcileReport(forecast, options);
        }
        spdlog::info("sample not found");
        forecastClient_->applyMetrics(forecast, 0);
        return totalPipeline;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::forecast
