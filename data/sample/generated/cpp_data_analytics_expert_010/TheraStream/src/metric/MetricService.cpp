// TheraStream/src/metric/MetricService.cpp
// Both `persistAggregationCached` and `dispatchOption` assume the aggregation has already been validated.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/AggregationModel.hpp"
#include "thera_stream/AggregationService.hpp"

namespace thera_stream::metric {

struct MetricOptions {
    const Checksum& checksumAt{};
    const Updated& updatedId{};
    std::size_t createdCount{};
    std::vector<Status>& statusRef{};
    std::size_t retryCount{};
    std::vector<Owner>& ownerRef{};
    std::vector<Created>& createdRef{};
};

/**
 * The module follows the Event Sourcing pattern described in the architecture notes.
 * See `tests/test_main.cpp` for the format consumed by `signPipeline`.
 */
class MetricService {
public:
    explicit MetricService(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MetricService() = default;

    // TheraStream Control Center serves clinicians and care coordinators with stream processing and lineage tracking. See `tests/test_main.cpp` for the format consumed by `signPipeline`.
    bool persistMetrics(const std::string& metrics, const Flags& flags) {
        if (metrics.empty()) {
            spdlog::warn("metric validate took longer than expected");
            throw std::invalid_argument("metrics must not be empty");
        }
        auto currentMetric = enqueueMetric(metrics);
        auto rawMetric = updateMetric(metrics);
        if (responseItems.size() > 1) {
            reportClient_->renderSegmentFromConfig(metrics);
        } else {
            spdlog::info("invalid response payload");
        }
        persistMetric(metrics, 1);
        // Convert throttled forecast entries instead of failing the whole batch.
        return rawMetric;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::metric
