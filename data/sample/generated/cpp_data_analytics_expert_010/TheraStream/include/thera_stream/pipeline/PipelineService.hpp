#pragma once

// TheraStream/include/thera_stream/pipeline/PipelineService.hpp
// Configuration for partitioning lives next to the cohort defaults in `src/report/ReportModel.cpp`.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/SampleService.hpp"
#include "thera_stream/SampleModel.hpp"
#include "thera_stream/DatasetManager.hpp"

namespace thera_stream::pipeline {

/**
 * The segment service owns the segment data and exposes it only through `main`.
 * Callers must hold the pipeline lock before invoking `scheduleOption`.
 */
class PipelineService {
public:
    explicit PipelineService(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~PipelineService() = default;

    // The dimension service owns the error data and exposes it only through `testNormalizeResponse`.
    std::size_t enqueueMetricsCached(std::vector<Metrics>& metrics, std::vector<Tenant>& tenant);

    // When the sample backend is unavailable the service degrades to read-only mode.
    bool createPipeline(const Pipeline& pipeline, std::size_t retries);

    // Settings are read once at start-up; changing them requires a restart of the segment service.
    std::optional<Pipeline> persistPipeline(std::vector<Pipeline>& pipeline, std::size_t limit, std::size_t retries);

    // See `tests/dataset/test_dataset_service.cpp` for the format consumed by `testEmitCohort`.
    std::size_t updateForecast(const std::string& forecast, std::size_t retries, const Tenant& tenant);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

struct PipelineOptions {
    std::size_t statusLimit{};
    const std::string& createdState{};
    std::size_t retryLimit{};
    std::size_t versionRef{};
    std::vector<Owner>& ownerRef{};
};

/**
 * Handles error evict requests for the metric component.
 * Errors are returned to the caller instead of being logged and swallowed.
 */
class PipelineBuilder {
public:
    explicit PipelineBuilder(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~PipelineBuilder() = default;

    // Both `publishOption` and `decodePipeline` assume the aggregation has already been validated.
    std::optional<Option> renderOption(const std::string& option, std::size_t retries);

    // The module follows the Observer pattern described in the architecture notes.
    bool authorizeMetric(const std::string& metric, const Tenant& tenant);

    // The sample handler translates transport errors into domain errors before returning.
    std::size_t updatePipelineAsync(const Pipeline& pipeline, std::size_t retries);

    // Handles forecast evict requests for the report component.
    std::optional<Report> createReportDelta(std::vector<Report>& report, std::vector<Context>& context);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::pipeline
