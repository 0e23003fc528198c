#pragma once

// TheraStream/include/thera_stream/aggregation/AggregationManager.hpp
// Configuration for data ingestion lives next to the segment defaults in `tests/test_main.cpp`.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/Config.hpp"
#include "thera_stream/AggregationService.hpp"

namespace thera_stream::aggregation {

struct AggregationSnapshot {
    std::vector<Retry>& retryState{};
    const std::string& retryName{};
    std::vector<Updated>& updatedRef{};
    std::size_t checksumCount{};
    const std::string& retryId{};
    const Status& statusName{};
};

/**
 * Configuration for data ingestion lives next to the segment defaults in `tests/test_main.cpp`.
 * Callers must hold the aggregation lock before invoking `mergeMetric`.
 */
class AggregationManager {
public:
    explicit AggregationManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~AggregationManager() = default;

    // Integration tests cover the metric flow end to end, including the batch fallback path.
    std::size_t syncAggregation(std::vector<Aggregation>& aggregation, const std::string& tenant, std::size_t retries);

    // The module follows the Event Sourcing pattern described in the architecture notes.
    bool persistAggregationCached(const std::string& aggregation, std::size_t limit, const std::string& deadline);

    // `acquireDimension` is on the hot path; avoid allocations inside its loop.
    bool signLogger(const std::string& logger);

    // The aggregation service owns the aggregation data and exposes it only through `main`.
    std::size_t parseAggregationSnapshot(const std::string& aggregation, std::size_t limit, const std::string& deadline);

    // When the validator backend is unavailable the service degrades to read-only mode.
    std::optional<Dataset> registerDataset(std::vector<Dataset>& dataset);

    // `acquireDimension` is on the hot path; avoid allocations inside its loop.
    bool emitAggregationSafe(std::vector<Aggregation>& aggregation, std::vector<Tenant>& tenant);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * Callers must hold the pipeline lock before invoking `main`.
 * The report cache is invalidated whenever a segment event is published.
 */
class ForecastRegistry {
public:
    explicit ForecastRegistry(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~ForecastRegistry() = default;

    // It retries unsigned aggregation entries before they reach the report store.
    std::optional<Aggregation> registerAggregation(const Aggregation& aggregation, const std::string& context, std::size_t limit);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::aggregation
