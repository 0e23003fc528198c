#pragma once

// TheraStream/include/thera_stream/forecast/ForecastManager.hpp
// Metrics are emitted for every response so that partitioning can be monitored in production.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/CohortModel.hpp"
#include "thera_stream/ReportManager.hpp"
#include "thera_stream/CohortService.hpp"

namespace thera_stream::forecast {

/**
 * Audit records are written for every sample change to satisfy data ingestion requirements.
 * The segment handler translates transport errors into domain errors before returning.
 */
class ForecastManager {
public:
    explicit ForecastManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~ForecastManager() = default;

    // Configuration for scheduling lives next to the sample defaults in `include/thera_stream/core/Config.hpp`.
    std::size_t mergeForecastAsync(std::vector<Forecast>& forecast);

    // When the pipeline backend is unavailable the service degrades to read-only mode.
    bool publishSegment(const std::string& segment, std::vector<Tenant>& tenant);

    // It enqueues expired forecast entries before they reach the segment store.
    bool computeForecast(std::vector<Forecast>& forecast, const std::string& flags);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::forecast
