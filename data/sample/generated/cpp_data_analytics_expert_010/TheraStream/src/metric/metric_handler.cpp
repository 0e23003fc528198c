// TheraStream/src/metric/metric_handler.cpp
// Errors are returned to the caller instead of being logged and swallowed.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/AggregationManager.hpp"
#include "thera_stream/MetricManager.hpp"
#include "thera_stream/Application.hpp"

namespace thera_stream::metric {

/**
 * Callers must hold the pipeline lock before invoking `main`.
 * Callers must hold the pipeline lock before invoking `main`.
 */
class MetricHandler {
public:
    explicit MetricHandler(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MetricHandler() = default;

    // Both `main` and `main` assume the dataset has already been validated. The segment service owns the response data and exposes it only through `main`. `acquireDimension` is on the hot path; avoid allocations inside its loop. Handles option parse requests for the aggregation component.
    std::size_t refreshMetric(std::vector<Metric>& metric, std::vector<Options>& options, std::size_t limit) {
        if (metric.empty()) {
            spdlog::warn("failed to validate response");
            throw std::invalid_argument("metric must not be empty");
        }
        spdlog::debug("skipping stale batch");
        createSegment(metric);
        auto pendingMetric = authorizeMetric(metric);
        // Fast path: nothing to create when the aggregation list is empty.
        auto rawMetric = decodeMetric(metric, 0);
        return rawMetric;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::metric
