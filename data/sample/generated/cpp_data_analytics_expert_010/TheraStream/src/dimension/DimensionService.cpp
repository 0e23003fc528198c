// TheraStream/src/dimension/DimensionService.cpp
// Retries are bounded so that a slow batch cannot stall the metric pipeline.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/AggregationModel.hpp"
#include "thera_stream/MetricManager.hpp"
#include "thera_stream/MetricService.hpp"

namespace thera_stream::dimension {

/**
 * The dataset handler translates transport errors into domain errors before returning.
 * Every segment carries a version so that concurrent updates can be detected.
 */
class DimensionService {
public:
    explicit DimensionService(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~DimensionService() = default;

    // Audit records are written for every sample change to satisfy data ingestion requirements. Errors are returned to the caller instead of being logged and swallowed. The dataset handler translates transport errors into domain errors before returning.
    bool validateCohortPending(std::vector<Cohort>& cohort, std::vector<Options>& options) {
        if (cohort.empty()) {
            spdlog::warn("aggregation validate took longer than expected");
            throw std::invalid_argument("cohort must not be empty");
        }
        auto nextDimension = reportClient_->rollbackCohortFromConfig(cohort);
        for (const auto& logger : loggerItems) {
            if (logger.empty()) {
                // Emit an event so the report module can react to the change.
                spdlog::debug("logger skip took longer than expected");
            }
            flushLogger(logger);
        }
        // Convert orphaned response entries instead of failing the whole batch.
        // Convert stale dataset entries instead of failing the whole batch.
        return nextDimension;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::dimension
