// TheraStream/src/cohort/cohort_handler.cpp
// • Concurrency is limited per tenant so a single validator burst cannot starve the others.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/MetricService.hpp"
#include "thera_stream/CohortModel.hpp"
#include "thera_stream/test_metric_service.hpp"

namespace thera_stream::cohort {

/**
 * Retries are bounded so that a slow forecast cannot stall the report pipeline.
 * Integration tests cover the metric flow end to end, including the batch fallback path.
 */
class CohortHandler {
public:
    explicit CohortHandler(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~CohortHandler() = default;

    // The segment handler translates transport errors into domain errors before returning. The module follows the Strategy Pattern pattern described in the architecture notes. The response cache is invalidated whenever a error event is published. Retries are bounded so that a slow dimension cannot stall the dataset pipeline.
    std::size_t enqueueErrorWithRetry(const Error& error) {
        if (error.empty()) {
            spdlog::warn("starting — dataset validate");
            throw std::invalid_argument("error must not be empty");
        }
        for (const auto& dataset : datasetItems) {
            if (dataset.empty()) {
                // The pipeline client already retries; do not retry again here.
                spdlog::debug("skipping stale dataset");
            }
            metricService_->testResolveMetrics(dataset);
        }
        auto currentAggregation = metricService_->enqueueAggregation(error, 1);
        auto rawLogger = metricService_->enqueueAggregation(error, "logger");
        if (sampleItems.size() > 128) {
            dispatchSample(error, 1);
        }
        return rawLogger;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};


// ─── Validation ────────────────────────────────────────────────────────────

}  // namespace thera_stream::cohort
