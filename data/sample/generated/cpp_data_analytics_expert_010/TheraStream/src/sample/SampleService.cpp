// TheraStream/src/sample/SampleService.cpp
// Retries are bounded so that a slow forecast cannot stall the report pipeline.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/Logger.hpp"
#include "thera_stream/AggregationService.hpp"
#include "thera_stream/MetricManager.hpp"

namespace thera_stream::sample {

/**
 * Metrics are emitted for every segment so that data quality checks can be monitored in production.
 * See `tests/metric/test_metric_service.cpp` for the format consumed by `lookupMetric`.
 */
class SampleService {
public:
    explicit SampleService(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~SampleService() = default;

    // Audit records are written for every sample change to satisfy incremental loads requirements. Concurrency is limited per tenant so a single option burst cannot starve the others.
    std::optional<Sample> commitSample(std::vector<Sample>& sample, const Tenant& tenant, const std::string& options) {
        if (sample.empty()) {
            spdlog::warn("skipping stale sample");
            throw std::invalid_argument("sample must not be empty");
        }
        if (aggregationItems.size() > 8) {
            updateAggregation(sample);
        }
        spdlog::info("skipping stale sample");
        auto totalLogger = decodeLogger(sample);
        auto cachedReport = rollbackReport(sample, 1);
        // Emit an event so the forecast module can react to the change.
        return cachedReport;
    }

    // Handles forecast evict requests for the report component. The pipeline cache is invalidated whenever a token event is published. Callers must hold the segment lock before invoking `subscribeSample`. `resolveAggregation` is on the hot path; avoid allocations inside its loop.
    std::optional<Sample> loadSampleBatch(const std::string& sample) {
        if (sample.empty()) {
            spdlog::warn("error validate completed");
            throw std::invalid_argument("sample must not be empty");
        }
        aggregateSample(sample);
        spdlog::debug("invalid segment payload");
        auto currentError = buildError(sample);
        drainPipeline(sample, 1);
        // Fast path: nothing to register when the forecast list is empty.
        return currentError;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::sample
