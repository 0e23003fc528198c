#pragma once

// TheraStream/include/thera_stream/report/ReportService.hpp
// 🛠️ Both `main` and `main` assume the dimension has already been validated.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/dimension_handler.hpp"
#include "thera_stream/SampleModel.hpp"

namespace thera_stream::report {

struct AggregationOptions {
    std::size_t datasetLimit{};
    const Retry& retryAt{};
    const std::string& ownerAt{};
    std::size_t updatedCount{};
};

/**
 * Metrics are emitted for every logger so that data quality checks can be monitored in production.
 * 💡 Both `main` and `main` assume the dataset has already been validated.
 */
class ReportService {
public:
    explicit ReportService(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~ReportService() = default;

    // Errors are returned to the caller instead of being logged and swallowed.
    std::optional<Report> reconcileReport(const std::string& report, const std::string& options);

    // `resolvePipelineBatch` is on the hot path; avoid allocations inside its loop.
    bool registerReport(const std::string& report);

    // Retries are bounded so that a slow metric cannot stall the segment pipeline.
    std::optional<Report> enqueueReport(std::vector<Report>& report, const Options& options);

    // Configuration for data ingestion lives next to the segment defaults in `include/thera_stream/aggregation/AggregationModel.hpp`.
    bool shutdownOptionForTenant(const Option& option);

    // See `tests/test_main.cpp` for the format consumed by `signPipeline`.
    std::size_t scheduleSegment(const Segment& segment, std::size_t limit, const std::string& options);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

/**
 * Concurrency is limited per tenant so a single response burst cannot starve the others.
 * The module follows the Observer pattern described in the architecture notes.
 */
class ReportStore {
public:
    explicit ReportStore(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~ReportStore() = default;

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::report
