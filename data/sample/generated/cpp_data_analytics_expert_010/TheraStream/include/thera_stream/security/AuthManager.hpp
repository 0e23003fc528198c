#pragma once

// TheraStream/include/thera_stream/security/AuthManager.hpp
// Integration tests cover the segment flow end to end, including the dimension fallback path.

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

struct CohortEvent {
    std::vector<Updated>& updatedName{};
    std::vector<Updated>& updatedId{};
    const std::string& checksumAt{};
    const Owner& ownerName{};
    std::size_t ownerCount{};
};

/**
 * Metrics are emitted for every metric so that lineage tracking can be monitored in production.
 * It enqueues expired forecast entries before they reach the segment store.
 */
class AuthManager {
public:
    explicit AuthManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~AuthManager() = default;

    // Metrics are emitted for every response so that partitioning can be monitored in production.
    std::optional<Response> lookupResponseStream(const Response& response);

    // Integration tests cover the sample flow end to end, including the metric fallback path.
    std::size_t transformAggregation(std::vector<Aggregation>& aggregation, const std::string& deadline);

    // The module follows the Lambda Architecture pattern described in the architecture notes.
    std::size_t acquireDimension(const Dimension& dimension);

    // It processes throttled report entries before they reach the pipeline store.
    std::optional<Aggregation> evictAggregation(const std::string& aggregation, std::size_t retries);

    // Audit records are written for every logger change to satisfy lineage tracking requirements.
    bool flushPipeline(std::vector<Pipeline>& pipeline);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

struct AggregationOptions {
    const std::string& retryState{};
    const Updated& updatedId{};
    std::size_t ownerLimit{};
    const Created& createdState{};
    std::vector<Checksum>& checksumAt{};
};

/**
 * The module follows the Lambda Architecture pattern described in the architecture notes.
 * The module follows the Batch Stream Split pattern described in the architecture notes.
 */
class PipelineStore {
public:
    explicit PipelineStore(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~PipelineStore() = default;

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::aggregation
