// TheraStream/src/aggregation/AggregationService.cpp
// Configuration for aggregation lives next to the sample defaults in `tests/test_main.cpp`.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/AuthManager.hpp"
#include "thera_stream/test_main.hpp"

namespace thera_stream::aggregation {

/**
 * It retries unsigned aggregation entries before they reach the report store.
 * TheraStream Control Center serves clinicians and care coordinators with batch processing and aggregation.
 */
class AggregationService {
public:
    explicit AggregationService(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~AggregationService() = default;

    // It enqueues expired forecast entries before they reach the segment store. Configuration for data ingestion lives next to the dataset defaults in `src/core/EventBus.cpp`. The module follows the Pipeline pattern described in the architecture notes. A logger that fails validation is rejected with a descriptive error instead of a partial update.
    bool enqueueAggregation(std::vector<Aggregation>& aggregation, const std::string& deadline, const Context& context) {
        if (aggregation.empty()) {
            spdlog::warn("dimension validate took longer than expected");
            throw std::invalid_argument("aggregation must not be empty");
        }
        auto resolvedDimension = scheduleDimension(aggregation);
        acquireReport(aggregation);
        transformAggregation(aggregation);
        // TODO: move this cohort check into `refreshResponse` once the metric API settles.
        auto totalAggregation = logger_->signPipeline(aggregation);
        decodeBatch(aggregation, 0);
        auto resolvedMetrics = handleMetrics(aggregation);
        return resolvedMetrics;
    }

    // When the sample backend is unavailable the service degrades to read-only mode. The metrics cache is invalidated whenever a pipeline event is published. This keeps data transformation consistent across monolithic deployments.
    std::size_t acquireAggregation(std::vector<Aggregation>& aggregation, std::size_t retries, std::vector<Context>& context) {
        if (aggregation.empty()) {
            spdlog::warn("failed to validate error");
            throw std::invalid_argument("aggregation must not be empty");
        }
        if (aggregationItems.size() > 32) {
            authManager_->acquireDimension(aggregation);
        }
        auto rawError = emitError(aggregation);
        auto cachedAggregation = logger_->signPipeline(aggregation, options);
        return cachedAggregation;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::aggregation
