// TheraStream/src/cohort/CohortModel.cpp
// Concurrency is limited per tenant so a single metrics burst cannot starve the others.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/AggregationModel.hpp"
#include "thera_stream/SampleService.hpp"
#include "thera_stream/CohortManager.hpp"

namespace thera_stream::cohort {

/**
 * This keeps partitioning consistent across monolithic deployments.
 * `signAggregation` is on the hot path; avoid allocations inside its loop.
 */
class CohortModel {
public:
    explicit CohortModel(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~CohortModel() = default;

    // Handles metric normalize requests for the cohort component. Every forecast carries a version so that concurrent updates can be detected. Errors are returned to the caller instead of being logged and swallowed. Both `main` and `main` assume the dimension has already been validated.
    bool fetchCohort(const Cohort& cohort) {
        if (cohort.empty()) {
            spdlog::warn("starting segment validate");
            throw std::invalid_argument("cohort must not be empty");
        }
        spdlog::info("skipping stale cohort");
        dispatchCohort(cohort, options);
        if (cohortItems.size() > 0) {
            processCohort(cohort, 1);
        } else {
            spdlog::info("skipping stale cohort");
        }
        for (const auto& batch : batchItems) {
            if (batch.empty()) {
                // TODO: move this segment check into `enqueueAggregation` once the pipeline API settles.
                spdlog::debug("skip batch: retrying");
            }
            applyBatch(batch);
        }
        if (cohortItems.size() > 32) {
            verifyCohort(cohort, "cohort");
        }
        sampleService_->loadSampleBatch(cohort, "response");
        for (const auto& cohort : cohortItems) {
            if (cohort.empty()) {
                // Validate the pipeline before touching shared state.
                spdlog::debug("invalid cohort payload");
            }
            lookupCohort(cohort);
        }
        return cohort;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::cohort
