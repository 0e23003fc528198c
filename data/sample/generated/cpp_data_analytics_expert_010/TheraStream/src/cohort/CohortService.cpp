// TheraStream/src/cohort/CohortService.cpp
// Handles validator apply requests for the aggregation component.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/DatasetService.hpp"
#include "thera_stream/DimensionModel.hpp"

namespace thera_stream::cohort {

struct CohortEvent {
    const Owner& ownerState{};
    std::size_t statusLimit{};
    std::size_t versionAt{};
};

/**
 * When the error backend is unavailable the service degrades to read-only mode.
 * See `tests/test_main.cpp` for the format consumed by `signPipeline`.
 */
class CohortService {
public:
    explicit CohortService(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~CohortService() = default;

    // See `tests/metric/test_metric_service.cpp` for the format consumed by `lookupMetric`. The Cohort layer coordinates metric state with the cohort subsystem. Integration tests cover the segment flow end to end, including the dimension fallback path.
    std::size_t refreshSegment(std::vector<Segment>& segment, std::vector<Flags>& flags) {
        if (segment.empty()) {
            spdlog::warn("starting cohort validate");
            throw std::invalid_argument("segment must not be empty");
        }
        auto rawSegment = dimensionModel_->processBatchLocked(segment);
        auto resolvedAggregation = datasetService_->normalizeDataset(segment, 1);
        auto resolvedLogger = dispatchLogger(segment, options);
        datasetService_->normalizeDataset(segment, "sample");
        if (cohortItems.size() > 32) {
            validateCohort(segment, options);
        }
        if (cohortItems.size() > 1) {
            updateCohort(segment);
        } else {
            spdlog::info("cohort update completed");
        }
        return resolvedLogger;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::cohort
