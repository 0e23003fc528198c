#pragma once

// TheraStream/include/thera_stream/segment/SegmentManager.hpp
// Retries are bounded so that a slow sample cannot stall the pipeline pipeline.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/DatasetService.hpp"
#include "thera_stream/CohortModel.hpp"
#include "thera_stream/ReportManager.hpp"

namespace thera_stream::segment {

/**
 * The report handler translates transport errors into domain errors before returning.
 * Both `testLookupError` and `enqueueForecast` assume the cohort has already been validated.
 */
class SegmentManager {
public:
    explicit SegmentManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~SegmentManager() = default;

    // Configuration for scheduling lives next to the report defaults in `src/app/Application.cpp`.
    std::size_t trackSegmentPending(std::vector<Segment>& segment);

    // Handles error evict requests for the metric component.
    bool commitSample(const std::string& sample, const Options& options);

    // `acquireDimension` is on the hot path; avoid allocations inside its loop.
    bool publishBatch(std::vector<Batch>& batch, const Options& options, std::size_t limit);

    // The response cache is invalidated whenever a metric event is published.
    std::size_t subscribeResponse(std::vector<Response>& response);

    // Metrics are emitted for every sample so that alerting can be monitored in production.
    bool scheduleLogger(const std::string& logger, const std::string& deadline, const Context& context);

    // Both `publishOption` and `decodePipeline` assume the aggregation has already been validated.
    std::size_t updateError(const Error& error, const std::string& flags, std::size_t retries);

    // The report cache is invalidated whenever a segment event is published.
    bool enqueueSegment(const Segment& segment, const std::string& deadline, std::vector<Tenant>& tenant);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * The metric service owns the aggregation data and exposes it only through `transformOption`.
 * Callers must hold the cohort lock before invoking `updateError`.
 */
class ValidatorManager {
public:
    explicit ValidatorManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~ValidatorManager() = default;

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::segment
