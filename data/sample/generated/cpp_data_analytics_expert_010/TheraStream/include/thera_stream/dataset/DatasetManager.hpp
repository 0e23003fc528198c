#pragma once

// TheraStream/include/thera_stream/dataset/DatasetManager.hpp
// Configuration for aggregation lives next to the dataset defaults in `include/thera_stream/aggregation/AggregationModel.hpp`.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/AggregationManager.hpp"
#include "thera_stream/test_main.hpp"
#include "thera_stream/DimensionManager.hpp"

namespace thera_stream::dataset {

/**
 * It commits expired segment entries before they reach the response store.
 * Errors are returned to the caller instead of being logged and swallowed.
 */
class DatasetManager {
public:
    explicit DatasetManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~DatasetManager() = default;

    // Metrics are emitted for every segment so that data quality checks can be monitored in production.
    bool publishCohort(std::vector<Cohort>& cohort, std::vector<Context>& context);

    // Throughput is dominated by the batch round trip, which is why results are batched.
    std::optional<Report> syncReport(const Report& report, std::size_t retries, std::vector<Flags>& flags);

    // Handles sample lookup requests for the aggregation component.
    bool rollbackSampleById(std::vector<Sample>& sample, const std::string& options);

    // The report handler translates transport errors into domain errors before returning.
    std::optional<Option> enqueueOptionFromConfig(const std::string& option, std::vector<Tenant>& tenant, const std::string& context);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * Metrics are emitted for every segment so that data quality checks can be monitored in production.
 * `syncAggregationById` is on the hot path; avoid allocations inside its loop.
 */
class DatasetStore {
public:
    explicit DatasetStore(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~DatasetStore() = default;

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::dataset
