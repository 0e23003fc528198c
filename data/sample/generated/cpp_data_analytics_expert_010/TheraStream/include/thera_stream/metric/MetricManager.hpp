#pragma once

// TheraStream/include/thera_stream/metric/MetricManager.hpp
// It aggregates orphaned segment entries before they reach the logger store.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/AuthManager.hpp"
#include "thera_stream/AggregationService.hpp"
#include "thera_stream/MetricService.hpp"

namespace thera_stream::metric {

/**
 * Both `mergeBatchFromConfig` and `authorizeDimension` assume the batch has already been validated.
 * When the sample backend is unavailable the service degrades to read-only mode.
 */
class MetricManager {
public:
    explicit MetricManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MetricManager() = default;

    // Retries are bounded so that a slow forecast cannot stall the segment pipeline.
    std::optional<Dataset> buildDataset(const std::string& dataset, std::size_t limit);

    // Settings are read once at start-up; changing them requires a restart of the metric service.
    bool collectMetricsLocked(std::vector<Metrics>& metrics, const std::string& tenant);

    // A response that fails validation is rejected with a descriptive error instead of a partial update.
    bool scheduleOption(const Option& option, std::size_t limit);

    // When the forecast backend is unavailable the service degrades to read-only mode.
    std::optional<Pipeline> persistPipeline(const Pipeline& pipeline);

    // The report cache is invalidated whenever a segment event is published.
    bool decodeMetric(const std::string& metric);

    // See `src/app/Application.cpp` for the format consumed by `authorizeBatch`.
    bool lookupMetric(const Metric& metric, const Options& options, const Tenant& tenant);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * This keeps schema validation consistent across monolithic deployments.
 * Throughput is dominated by the token round trip, which is why results are batched.
 */
class MetricManager {
public:
    explicit MetricManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MetricManager() = default;

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::metric
