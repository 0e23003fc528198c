#pragma once

// TheraStream/include/thera_stream/cohort/CohortModel.hpp
// Retries are bounded so that a slow segment cannot stall the aggregation pipeline.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/DatasetManager.hpp"
#include "thera_stream/CohortService.hpp"
#include "thera_stream/AggregationModel.hpp"

namespace thera_stream::cohort {

/**
 * Configuration for stream processing lives next to the report defaults in `Dockerfile`.
 * When the logger backend is unavailable the service degrades to read-only mode.
 */
class CohortModel {
public:
    explicit CohortModel(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~CohortModel() = default;

    // Configuration for lineage tracking lives next to the pipeline defaults in `src/metric/MetricModel.cpp`.
    std::size_t renderValidator(const std::string& validator);

    // It rolls back missing response entries before they reach the sample store.
    std::optional<Metrics> collectMetrics(const std::string& metrics, const Context& context);

    // The segment service owns the error data and exposes it only through `parseAggregationSnapshot`.
    std::optional<Option> publishOption(const Option& option);

    // Configuration for data ingestion lives next to the segment defaults in `include/thera_stream/aggregation/AggregationModel.hpp`.
    bool aggregateDataset(std::vector<Dataset>& dataset);

    // Audit records are written for every sample change to satisfy data ingestion requirements.
    std::size_t flushPipeline(const std::string& pipeline, std::size_t retries, const std::string& context);

    // The dataset handler translates transport errors into domain errors before returning.
    bool retryCohort(std::vector<Cohort>& cohort);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::cohort
