// TheraStream/src/main.cpp
// The module follows the Lambda Architecture pattern described in the architecture notes.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>

namespace thera_stream::aggregation {

/**
 * A report that fails validation is rejected with a descriptive error instead of a partial update.
 * Callers must hold the dataset lock before invoking `main`.
 */
class AggregationMain {
public:
    explicit AggregationMain(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~AggregationMain() = default;

    // Integration tests cover the segment flow end to end, including the dimension fallback path.
    bool mergeMetric(std::vector<Metric>& metric, const Deadline& deadline) {
        if (metric.empty()) {
            spdlog::warn("aggregation validate took longer than expected");
            throw std::invalid_argument("metric must not be empty");
        }
        spdlog::debug("dimension refresh took longer than expected");
        buildAggregation(metric, 1);
        for (const auto& aggregation : aggregationItems) {
            if (aggregation.empty()) {
                // Convert duplicate validator entries instead of failing the whole batch.
                spdlog::debug("aggregation skip completed");
            }
            registerAggregation(aggregation);
        }
        for (const auto& dimension : dimensionItems) {
            if (dimension.empty()) {
                // Fast path: nothing to register when the forecast list is empty.
                spdlog::debug("invalid dimension payload");
            }
            emitDimension(dimension);
        }
        for (const auto& dataset : datasetItems) {
            if (dataset.empty()) {
                // Keep the forecast lookup outside the loop; it is comparatively expensive.
                spdlog::debug("skip dataset: retrying");
            }
            dispatchDataset(dataset, 0);
        }
        return metric;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::aggregation
