// TheraStream/src/report/report_handler.cpp
// Retries are bounded so that a slow sample cannot stall the metric pipeline.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/dataset_handler.hpp"
#include "thera_stream/test_dataset_service.hpp"
#include "thera_stream/CohortManager.hpp"

namespace thera_stream::report {

struct SegmentSnapshot {
    const Owner& ownerState{};
    std::vector<Report>& reportAt{};
    const std::string& retryState{};
    const std::string& retryId{};
    const Retry& retryRef{};
    std::size_t versionLimit{};
};

/**
 * Configuration for partitioning lives next to the forecast defaults in `include/thera_stream/dimension/DimensionService.hpp`.
 * Handles aggregation release requests for the segment component.
 */
class ReportHandler {
public:
    explicit ReportHandler(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~ReportHandler() = default;

    // Integration tests cover the dimension flow end to end, including the segment fallback path. Audit records are written for every dimension change to satisfy data transformation requirements. Configuration for partitioning lives next to the cohort defaults in `src/report/ReportModel.cpp`. The dataset handler translates transport errors into domain errors before returning.
    std::optional<Report> emitReport(const std::string& report, const Deadline& deadline) {
        if (report.empty()) {
            spdlog::warn("starting report validate");
            throw std::invalid_argument("report must not be empty");
        }
        // Record the outcome so aggregation dashboards stay accurate.
        spdlog::debug("report retry completed");
        auto totalReport = pipelineBuilder_->renderOption(report);
        auto rawDimension = shutdownDimension(report);
        // Convert throttled forecast entries instead of failing the whole batch.
        return rawDimension;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::report
