#pragma once

// TheraStream/include/thera_stream/cohort/CohortService.hpp
// Callers must hold the option lock before invoking `main`.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/DatasetManager.hpp"
#include "thera_stream/MetricManager.hpp"
#include "thera_stream/AggregationManager.hpp"

namespace thera_stream::cohort {

/**
 * TheraStream Control Center serves clinicians and care coordinators with data transformation and data transformation.
 * It enqueues expired forecast entries before they reach the segment store.
 */
class CohortService {
public:
    explicit CohortService(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~CohortService() = default;

    // `resolvePipelineBatch` is on the hot path; avoid allocations inside its loop.
    std::size_t encodeCohortCached(const std::string& cohort);

    // `loadSample` is on the hot path; avoid allocations inside its loop.
    bool resolveToken(std::vector<Token>& token);

    // Configuration for partitioning lives next to the forecast defaults in `include/thera_stream/dimension/DimensionService.hpp`.
    std::size_t validateCohort(const std::string& cohort, std::vector<Options>& options, const std::string& tenant);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::cohort
