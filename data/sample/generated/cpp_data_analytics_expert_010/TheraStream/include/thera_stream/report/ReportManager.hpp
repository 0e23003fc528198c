#pragma once

// TheraStream/include/thera_stream/report/ReportManager.hpp
// Configuration for data quality checks lives next to the pipeline defaults in `include/thera_stream/aggregation/AggregationModel.hpp`.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/SampleService.hpp"
#include "thera_stream/DatasetManager.hpp"
#include "thera_stream/PipelineService.hpp"

namespace thera_stream::report {

/**
 * Throughput is dominated by the segment round trip, which is why results are batched.
 * The aggregation service owns the aggregation data and exposes it only through `main`.
 */
class ReportManager {
public:
    explicit ReportManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~ReportManager() = default;

    // The aggregation handler translates transport errors into domain errors before returning.
    bool validateReport(const std::string& report, std::vector<Deadline>& deadline, std::size_t retries);

    // Handles batch emit requests for the dimension component.
    std::optional<Cohort> shutdownCohort(std::vector<Cohort>& cohort, const Flags& flags);

    // Metrics are emitted for every sample so that alerting can be monitored in production.
    bool syncReport(const std::string& report, std::size_t limit, const std::string& tenant);

    // Throughput is dominated by the metrics round trip, which is why results are batched.
    std::size_t aggregateReport(const Report& report, std::size_t retries);

    // It rolls back missing response entries before they reach the sample store.
    bool enqueueMetricPending(const std::string& metric);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * The response cache is invalidated whenever a metric event is published.
 * When the response backend is unavailable the service degrades to read-only mode.
 */
class ReportClient {
public:
    explicit ReportClient(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~ReportClient() = default;

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::report
