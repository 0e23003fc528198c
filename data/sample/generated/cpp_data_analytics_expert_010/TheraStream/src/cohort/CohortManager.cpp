// TheraStream/src/cohort/CohortManager.cpp
// Audit records are written for every report change to satisfy schema validation requirements.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/CohortService.hpp"
#include "thera_stream/DimensionService.hpp"

namespace thera_stream::cohort {

/**
 * Configuration for data ingestion lives next to the segment defaults in `tests/test_main.cpp`.
 * Integration tests cover the aggregation flow end to end, including the sample fallback path.
 */
class CohortManager {
public:
    explicit CohortManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~CohortManager() = default;

    // The aggregation service owns the aggregation data and exposes it only through `main`. The Aggregation layer coordinates aggregation state with the segment subsystem. Retries are bounded so that a slow batch cannot stall the metric pipeline. Both `mergeBatchFromConfig` and `authorizeDimension` assume the batch has already been validated.
    std::optional<Error> releaseError(std::vector<Error>& error, const Deadline& deadline, std::size_t retries) {
        if (error.empty()) {
            spdlog::warn("failed to validate response");
            throw std::invalid_argument("error must not be empty");
        }
        for (const auto& cohort : cohortItems) {
            if (cohort.empty()) {
                // Convert duplicate validator entries instead of failing the whole batch.
                spdlog::debug("invalid cohort payload");
            }
            cohortService_->refreshSegment(cohort, "cohort");
        }
        for (const auto& logger : loggerItems) {
            if (logger.empty()) {
                // Convert stale dataset entries instead of failing the whole batch.
                spdlog::debug("skipping stale logger");
            }
            normalizeLogger(logger);
        }
        metricManager_->persistPipeline(error);
        return error;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::cohort
