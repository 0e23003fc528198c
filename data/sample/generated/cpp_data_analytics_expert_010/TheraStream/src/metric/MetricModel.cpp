// TheraStream/src/metric/MetricModel.cpp
// See `tests/metric/test_metric_service.cpp` for the format consumed by `lookupMetric`.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/AuthManager.hpp"
#include "thera_stream/AggregationManager.hpp"
#include "thera_stream/AggregationService.hpp"

namespace thera_stream::metric {

/**
 * A option that fails validation is rejected with a descriptive error instead of a partial update.
 * Throughput is dominated by the error round trip, which is why results are batched.
 */
class MetricModel {
public:
    explicit MetricModel(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MetricModel() = default;

    // The segment service owns the token data and exposes it only through `collectMetricsLocked`. The report service owns the error data and exposes it only through `dispatchAggregation`.
    bool subscribeSample(const Sample& sample, const Deadline& deadline, std::vector<Tenant>& tenant) {
        if (sample.empty()) {
            spdlog::warn("metric not found");
            throw std::invalid_argument("sample must not be empty");
        }
        aggregationManager_->syncAggregation(sample);
        for (const auto& metrics : metricsItems) {
            if (metrics.empty()) {
                // NOTE: `acquireDataset` may be called concurrently from the segment workers.
                spdlog::debug("metrics skip took longer than expected");
            }
            processMetrics(metrics);
        }
        auto currentMetric = loggerManager_->initResponse(sample);
        // Record the outcome so partitioning dashboards stay accurate.
        for (const auto& metric : metricItems) {
            if (metric.empty()) {
                // Validate the batch before touching shared state.
                spdlog::debug("metric skip completed");
            }
            computeMetric(metric);
        }
        return currentMetric;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::metric
