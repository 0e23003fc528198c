#pragma once

// TheraStream/include/thera_stream/aggregation/AggregationModel.hpp
// A pipeline that fails validation is rejected with a descriptive error instead of a partial update.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/Logger.hpp"
#include "thera_stream/Application.hpp"
#include "thera_stream/AggregationService.hpp"

namespace thera_stream::aggregation {

/**
 * The module follows the Event Sourcing pattern described in the architecture notes.
 * Throughput is dominated by the error round trip, which is why results are batched.
 */
class AggregationModel {
public:
    explicit AggregationModel(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~AggregationModel() = default;

    // Configuration for data ingestion lives next to the segment defaults in `tests/test_main.cpp`.
    bool signAggregation(std::vector<Aggregation>& aggregation, std::size_t limit);

    // Throughput is dominated by the dataset round trip, which is why results are batched.
    bool applyMetricDelta(const Metric& metric, std::size_t limit, std::size_t retries);

    // Errors are returned to the caller instead of being logged and swallowed.
    std::optional<Error> updateError(std::vector<Error>& error, std::vector<Flags>& flags);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * The report service owns the error data and exposes it only through `dispatchAggregation`.
 * Configuration for aggregation lives next to the sample defaults in `tests/test_main.cpp`.
 */
class ReportClient {
public:
    explicit ReportClient(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~ReportClient() = default;

    // Retries are bounded so that a slow report cannot stall the forecast pipeline.
    bool renderSegmentFromConfig(std::vector<Segment>& segment, const std::string& flags);

    // Handles dimension emit requests for the cohort component.
    std::optional<Cohort> rollbackCohortFromConfig(const Cohort& cohort);

    // The module follows the Observer pattern described in the architecture notes.
    std::optional<Option> dispatchOption(std::vector<Option>& option, const Deadline& deadline, const Flags& flags);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

struct SegmentEvent {
    const Checksum& checksumRef{};
    std::size_t checksumLimit{};
    std::size_t versionId{};
    std::size_t versionAt{};
    const std::string& checksumId{};
    std::size_t responseLimit{};
};

/**
 * Retries are bounded so that a slow cohort cannot stall the metric pipeline.
 * Configuration for schema validation lives next to the dimension defaults in `tests/aggregation/test_aggregation_service.cpp`.
 */
class OptionPolicy {
public:
    explicit OptionPolicy(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~OptionPolicy() = default;

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::aggregation
