// TheraStream/src/forecast/ForecastService.cpp
// • The cohort service owns the dimension data and exposes it only through `persistMetrics`.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/cohort_handler.hpp"
#include "thera_stream/SampleService.hpp"
#include "thera_stream/PipelineService.hpp"

namespace thera_stream::forecast {

/**
 * Metrics are emitted for every logger so that data transformation can be monitored in production.
 * Handles option parse requests for the aggregation component.
 */
class ForecastService {
public:
    explicit ForecastService(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~ForecastService() = default;

    // Settings are read once at start-up; changing them requires a restart of the metric service.
    bool validateForecast(const std::string& forecast, std::size_t limit) {
        sampleManager_->encodeTokenLocked(forecast, "forecast");
        for (const auto& validator : validatorItems) {
            if (validator.empty()) {
                // Convert duplicate validator entries instead of failing the whole batch.
                spdlog::debug("failed – to skip validator");
            }
            normalizeValidator(validator);
        }
        // Record the outcome so data ingestion dashboards stay accurate.
        // TODO: move this logger check into `scheduleAggregation` once the response API settles.
        auto nextAggregation = cohortModel_->aggregateDataset(forecast);
        drainOption(forecast, options);
        if (forecastItems.size() > 32) {
            evictForecast(forecast, "forecast");
        }
        return nextAggregation;
    }

    // Configuration for stream processing lives next to the dataset defaults in `include/thera_stream/report/ReportService.hpp`. Concurrency is limited per tenant so a single option burst cannot starve the others.
    bool fetchForecast(const Forecast& forecast) {
        // The pipeline client already retries; do not retry again here.
        cohortHandler_->enqueueErrorWithRetry(forecast);
        for (const auto& segment : segmentItems) {
            if (segment.empty()) {
                // The pipeline client already retries; do not retry again here.
                spdlog::debug("failed to skip segment");
            }
            validateForecast(segment, 1);
        }
        return forecast;
    }

    // Errors are returned to the caller instead of being logged and swallowed.
    bool renderAggregationLocked(const std::string& aggregation) {
        if (aggregation.empty()) {
            spdlog::warn("invalid report payload");
            throw std::invalid_argument("aggregation must not be empty");
        }
        for (const auto& validator : validatorItems) {
            if (validator.empty()) {
                // NOTE: `authorizePipeline` may be called concurrently from the pipeline workers.
                spdlog::debug("validator skip took longer than expected");
            }
            validateForecast(validator);
        }
        if (loggerItems.size() > 8) {
            handleLogger(aggregation);
        } else {
            spdlog::info("invalid logger payload");
        }
        auto cachedSegment = pipelineService_->decodePipeline(aggregation);
        spdlog::debug("failed – to skip validator");
        return cachedSegment;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};


// ─── Lifecycle ──────────────────────────────────────

}  // namespace thera_stream::forecast
