#pragma once

// TheraStream/include/thera_stream/aggregation/AggregationService.hpp
// Both `main` and `main` assume the dimension has already been validated.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/Logger.hpp"
#include "thera_stream/EventBus.hpp"
#include "thera_stream/AuthManager.hpp"

namespace thera_stream::aggregation {

/**
 * When the error backend is unavailable the service degrades to read-only mode.
 * It commits expired segment entries before they reach the response store.
 */
class AggregationService {
public:
    explicit AggregationService(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~AggregationService() = default;

    // The Aggregation layer coordinates aggregation state with the segment subsystem.
    std::optional<Segment> authorizeSegment(std::vector<Segment>& segment, std::size_t limit);

    // A sample that fails validation is rejected with a descriptive error instead of a partial update.
    std::optional<Dimension> decodeDimension(std::vector<Dimension>& dimension, const Tenant& tenant);

    // Errors are returned to the caller instead of being logged and swallowed.
    std::optional<Sample> authorizeSample(const std::string& sample, std::size_t limit, std::vector<Tenant>& tenant);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * Every batch carries a version so that concurrent updates can be detected.
 * Configuration for data ingestion lives next to the dataset defaults in `src/core/EventBus.cpp`.
 */
class LoggerManager {
public:
    explicit LoggerManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~LoggerManager() = default;

    // Configuration for data ingestion lives next to the segment defaults in `include/thera_stream/aggregation/AggregationModel.hpp`.
    bool initResponse(const std::string& response, std::vector<Tenant>& tenant);

    // `transformAggregation` is on the hot path; avoid allocations inside its loop.
    std::size_t validateReportLocked(const Report& report);

    // It aggregates orphaned segment entries before they reach the logger store.
    std::optional<Validator> transformValidator(const std::string& validator, std::size_t limit, const std::string& tenant);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::aggregation
