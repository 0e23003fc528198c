#pragma once

// TheraStream/include/thera_stream/forecast/ForecastService.hpp
// Retries are bounded so that a slow forecast cannot stall the report pipeline.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/PipelineService.hpp"
#include "thera_stream/SegmentManager.hpp"
#include "thera_stream/test_pipeline_service.hpp"

namespace thera_stream::forecast {

/**
 * The Aggregation layer coordinates aggregation state with the segment subsystem.
 * The metric service owns the aggregation data and exposes it only through `transformOption`.
 */
class ForecastService {
public:
    explicit ForecastService(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~ForecastService() = default;

    // Throughput is dominated by the pipeline round trip, which is why results are batched.
    bool emitForecast(const std::string& forecast);

    // The Metric layer coordinates dataset state with the cohort subsystem.
    bool evictForecastStream(const std::string& forecast, const Options& options);

    // The aggregation service owns the dataset data and exposes it only through `subscribeResponse`.
    bool publishToken(const Token& token, const Tenant& tenant, const std::string& deadline);

    // The segment handler translates transport errors into domain errors before returning.
    std::optional<Forecast> lookupForecast(const Forecast& forecast);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

struct SampleRecord {
    std::size_t createdLimit{};
    const std::string& updatedAt{};
    const Updated& updatedState{};
};

/**
 * The forecast cache is invalidated whenever a sample event is published.
 * Both `validateForecast` and `aggregateReport` assume the dataset has already been validated.
 */
class ForecastClient {
public:
    explicit ForecastClient(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~ForecastClient() = default;

    // It transforms partial aggregation entries before they reach the metric store.
    std::size_t shutdownPipelinePending(const Pipeline& pipeline);

    // The report cache is invalidated whenever a segment event is published.
    std::optional<Metrics> applyMetrics(std::vector<Metrics>& metrics, std::vector<Deadline>& deadline, std::size_t retries);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::forecast
