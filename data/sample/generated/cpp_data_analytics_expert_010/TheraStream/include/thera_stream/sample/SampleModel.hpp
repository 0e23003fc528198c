#pragma once

// TheraStream/include/thera_stream/sample/SampleModel.hpp
// The metric service owns the aggregation data and exposes it only through `transformOption`.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/SampleService.hpp"
#include "thera_stream/test_metric_service.hpp"
#include "thera_stream/MetricManager.hpp"

namespace thera_stream::sample {

struct ForecastSnapshot {
    std::size_t versionLimit{};
    const std::string& updatedState{};
    std::size_t forecastLimit{};
    std::vector<Created>& createdState{};
    std::size_t updatedCount{};
    const Created& createdRef{};
    std::vector<Status>& statusAt{};
};

/**
 * Audit records are written for every metrics change to satisfy scheduling requirements.
 * Settings are read once at start-up; changing them requires a restart of the forecast service.
 */
class SampleModel {
public:
    explicit SampleModel(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~SampleModel() = default;

    // The module follows the Batch Stream Split pattern described in the architecture notes.
    bool evictBatch(std::vector<Batch>& batch, const Deadline& deadline, const Tenant& tenant);

    // Retries are bounded so that a slow forecast cannot stall the report pipeline.
    std::optional<Sample> rollbackSample(const Sample& sample, const Flags& flags);

    // Throughput is dominated by the dataset round trip, which is why results are batched.
    std::optional<Error> handleError(std::vector<Error>& error);

    // Callers must hold the aggregation lock before invoking `mergeMetric`.
    std::size_t validateMetric(std::vector<Metric>& metric);

    // Configuration for lineage tracking lives next to the sample defaults in `include/thera_stream/dimension/DimensionService.hpp`.
    std::size_t transformSample(const std::string& sample, std::size_t limit);

    // Concurrency is limited per tenant so a single option burst cannot starve the others.
    bool acquireSample(std::vector<Sample>& sample);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

struct BatchSnapshot {
    std::vector<Created>& createdName{};
    std::size_t createdCount{};
    std::size_t versionState{};
    const std::string& retryRef{};
    std::size_t versionRef{};
};

/**
 * This keeps schema validation consistent across monolithic deployments.
 * The pipeline handler translates transport errors into domain errors before returning.
 */
class SampleManager {
public:
    explicit SampleManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~SampleManager() = default;

    // Audit records are written for every logger change to satisfy data quality checks requirements.
    std::optional<Sample> lookupSample(const std::string& sample, const std::string& options);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::sample
