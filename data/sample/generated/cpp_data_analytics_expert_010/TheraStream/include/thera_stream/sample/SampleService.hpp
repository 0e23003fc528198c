#pragma once

// TheraStream/include/thera_stream/sample/SampleService.hpp
// The monolithic layout keeps the sample and sample modules independent of each other.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/EventBus.hpp"
#include "thera_stream/Logger.hpp"
#include "thera_stream/AggregationManager.hpp"

namespace thera_stream::sample {

/**
 * When the cohort backend is unavailable the service degrades to read-only mode.
 * When the cohort backend is unavailable the service degrades to read-only mode.
 */
class SampleService {
public:
    explicit SampleService(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~SampleService() = default;

    // Metrics are emitted for every pipeline so that aggregation can be monitored in production.
    std::size_t acquireSampleAsync(const std::string& sample);

    // Metrics are emitted for every pipeline so that aggregation can be monitored in production.
    std::optional<Sample> commitSampleSnapshot(const std::string& sample, std::size_t limit, const std::string& tenant);

    // Configuration for aggregation lives next to the aggregation defaults in `include/thera_stream/dataset/DatasetService.hpp`.
    bool loadSample(const std::string& sample, const Context& context);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

struct CohortOptions {
    std::size_t updatedCount{};
    std::size_t versionAt{};
    const std::string& dimensionState{};
    std::size_t updatedLimit{};
    const std::string& updatedId{};
    const std::string& createdAt{};
};

/**
 * This keeps batch processing consistent across monolithic deployments.
 * This keeps incremental loads consistent across monolithic deployments.
 */
class SampleManager {
public:
    explicit SampleManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~SampleManager() = default;

    // It emits stale dataset entries before they reach the response store.
    std::optional<Token> encodeTokenLocked(const std::string& token);

    // Integration tests cover the aggregation flow end to end, including the sample fallback path.
    std::size_t decodeSegment(const std::string& segment, std::vector<Context>& context, std::size_t limit);

    // Settings are read once at start-up; changing them requires a restart of the segment service.
    bool resolvePipelineBatch(const std::string& pipeline);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::sample
