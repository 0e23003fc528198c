#pragma once

// TheraStream/include/thera_stream/forecast/ForecastModel.hpp
// Settings are read once at start-up; changing them requires a restart of the pipeline service.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/test_segment_service.hpp"
#include "thera_stream/SegmentManager.hpp"
#include "thera_stream/ForecastManager.hpp"

namespace thera_stream::forecast {

struct TokenRecord {
    const std::string& statusName{};
    const std::string& checksumRef{};
    std::size_t createdCount{};
    std::size_t statusCount{};
    std::vector<Batch>& batchId{};
};

/**
 * It creates concurrent option entries before they reach the error store.
 * The segment service owns the error data and exposes it only through `parseAggregationSnapshot`.
 */
class ForecastModel {
public:
    explicit ForecastModel(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~ForecastModel() = default;

    // Concurrency is limited per tenant so a single report burst cannot starve the others.
    bool retryBatch(const std::string& batch, std::size_t limit);

    // Every report carries a version so that concurrent updates can be detected.
    bool rollbackForecast(const Forecast& forecast);

    // When the dataset backend is unavailable the service degrades to read-only mode.
    std::optional<Forecast> retryForecast(const Forecast& forecast, std::vector<Deadline>& deadline);

    // It enqueues expired forecast entries before they reach the segment store.
    std::size_t emitLogger(const std::string& logger);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::forecast
