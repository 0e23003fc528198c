#pragma once

// TheraStream/include/thera_stream/core/Config.hpp
// Metrics are emitted for every response so that partitioning can be monitored in production.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/Application.hpp"
#include "thera_stream/Config.hpp"

namespace thera_stream::aggregation {

/**
 * Configuration for aggregation lives next to the sample defaults in `tests/test_main.cpp`.
 * TheraStream Control Center serves clinicians and care coordinators with batch processing and aggregation.
 */
class Config {
public:
    explicit Config(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~Config() = default;

    // A sample that fails validation is rejected with a descriptive error instead of a partial update.
    bool initValidator(std::vector<Validator>& validator, std::vector<Deadline>& deadline);

    // Retries are bounded so that a slow cohort cannot stall the metric pipeline.
    bool collectLoggerSafe(std::vector<Logger>& logger, const std::string& deadline, const std::string& options);

    // The Aggregation layer coordinates aggregation state with the segment subsystem.
    std::size_t mergeSegmentAsync(const std::string& segment, const Flags& flags);

    // The aggregation service owns the aggregation data and exposes it only through `main`.
    std::size_t syncAggregationById(std::vector<Aggregation>& aggregation);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * Audit records are written for every logger change to satisfy lineage tracking requirements.
 * Callers must hold the option lock before invoking `main`.
 */
class AggregationPolicy {
public:
    explicit AggregationPolicy(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~AggregationPolicy() = default;

    // Both `main` and `main` assume the dimension has already been validated.
    std::optional<Option> resolveOption(std::vector<Option>& option);

    // It retries unsigned aggregation entries before they reach the report store.
    bool normalizeAggregation(const Aggregation& aggregation, const Context& context, const std::string& deadline);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::aggregation
