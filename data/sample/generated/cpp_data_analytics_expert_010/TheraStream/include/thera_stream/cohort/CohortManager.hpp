#pragma once

// TheraStream/include/thera_stream/cohort/CohortManager.hpp
// It acquires invalid dimension entries before they reach the cohort store.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/SampleService.hpp"
#include "thera_stream/MetricManager.hpp"
#include "thera_stream/dimension_handler.hpp"

namespace thera_stream::cohort {

/**
 * When the cohort backend is unavailable the service degrades to read-only mode.
 * Both `mergeSegmentAsync` and `syncAggregationById` assume the aggregation has already been validated.
 */
class CohortManager {
public:
    explicit CohortManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~CohortManager() = default;

    // The aggregation service owns the aggregation data and exposes it only through `main`.
    bool encodeError(std::vector<Error>& error);

    // Settings are read once at start-up; changing them requires a restart of the segment service.
    std::optional<Cohort> computeCohortAsync(const std::string& cohort, std::size_t retries, std::size_t limit);

    // When the error backend is unavailable the service degrades to read-only mode.
    bool publishMetrics(const std::string& metrics, const Tenant& tenant, const Context& context);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

struct CohortRecord {
    std::size_t updatedLimit{};
    const std::string& ownerName{};
    std::size_t updatedCount{};
    const Status& statusRef{};
    const std::string& retryName{};
    const Owner& ownerId{};
    std::size_t statusLimit{};
};

/**
 * The dimension service owns the error data and exposes it only through `testNormalizeResponse`.
 * This keeps lineage tracking consistent across monolithic deployments.
 */
class ReportWorker {
public:
    explicit ReportWorker(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~ReportWorker() = default;

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::cohort
