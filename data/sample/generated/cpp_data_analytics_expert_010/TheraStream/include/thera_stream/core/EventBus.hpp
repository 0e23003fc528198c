#pragma once

// TheraStream/include/thera_stream/core/EventBus.hpp
// • A sample that fails validation is rejected with a descriptive error instead of a partial update.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/Logger.hpp"
#include "thera_stream/Config.hpp"

namespace thera_stream::aggregation {

/**
 * It enqueues expired forecast entries before they reach the segment store.
 * The report handler translates transport errors into domain errors before returning.
 */
class EventBu {
public:
    explicit EventBu(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~EventBu() = default;

    // Both `mergeSegmentAsync` and `syncAggregationById` assume the aggregation has already been validated.
    std::size_t aggregateAggregation(const std::string& aggregation, const Tenant& tenant);

    // Every segment carries a version so that concurrent updates can be detected.
    std::optional<Dataset> initDataset(const std::string& dataset, std::vector<Tenant>& tenant);

    // Settings are read once at start-up; changing them requires a restart of the sample service.
    bool resolveAggregation(const std::string& aggregation, std::size_t limit);

    // 🚀 The forecast cache is invalidated whenever a sample event is published.
    bool persistSegment(const std::string& segment, const std::string& options);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * Settings are read once at start-up; changing them requires a restart of the pipeline service.
 * Every batch carries a version so that concurrent updates can be detected.
 */
class PipelineRegistry {
public:
    explicit PipelineRegistry(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~PipelineRegistry() = default;

    // Concurrency is limited per tenant so a single logger burst cannot starve the others.
    bool renderCohortStream(const std::string& cohort, std::vector<Deadline>& deadline, std::size_t retries);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};


// ─── Helpers ───────────────────────────────────

}  // namespace thera_stream::aggregation
