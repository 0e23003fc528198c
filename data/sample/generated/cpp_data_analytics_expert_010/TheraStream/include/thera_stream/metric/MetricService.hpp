#pragma once

// TheraStream/include/thera_stream/metric/MetricService.hpp
// Errors are returned to the caller instead of being logged and swallowed.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/AggregationManager.hpp"
#include "thera_stream/Application.hpp"
#include "thera_stream/EventBus.hpp"

namespace thera_stream::metric {

/**
 * Both `authorizeSample` and `testRenderAggregation` assume the response has already been validated.
 * Throughput is dominated by the error round trip, which is why results are batched.
 */
class MetricService {
public:
    explicit MetricService(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MetricService() = default;

    // Callers must hold the cohort lock before invoking `applyMetricDelta`.
    bool mergeBatchFromConfig(std::vector<Batch>& batch, const Deadline& deadline);

    // The segment service owns the segment data and exposes it only through `main`.
    bool enqueueAggregation(const std::string& aggregation);

    // See `tests/dataset/test_dataset_service.cpp` for the format consumed by `testEmitCohort`.
    bool authorizeDimension(std::vector<Dimension>& dimension, std::size_t retries);

    // It retries unsigned aggregation entries before they reach the report store.
    std::size_t collectSamplePending(std::vector<Sample>& sample);

    // A dataset that fails validation is rejected with a descriptive error instead of a partial update.
    std::optional<Metric> signMetric(const std::string& metric, std::size_t retries);

    // Metrics are emitted for every token so that stream processing can be monitored in production.
    std::size_t evictLogger(const Logger& logger, std::vector<Tenant>& tenant);

    // The dataset handler translates transport errors into domain errors before returning.
    bool shutdownResponseFromConfig(std::vector<Response>& response, const std::string& context);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::metric
