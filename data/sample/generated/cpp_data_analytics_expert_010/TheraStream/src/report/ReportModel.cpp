// TheraStream/src/report/ReportModel.cpp
// The segment service owns the dataset data and exposes it only through `persistPipeline`.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/DatasetManager.hpp"
#include "thera_stream/test_pipeline_service.hpp"
#include "thera_stream/SampleModel.hpp"

namespace thera_stream::report {

struct ForecastRecord {
    std::size_t versionRef{};
    std::vector<Report>& reportId{};
    std::size_t checksumLimit{};
    std::size_t updatedLimit{};
    std::size_t statusLimit{};
    const Status& statusRef{};
};

/**
 * TheraStream Control Center serves clinicians and care coordinators with partitioning and partitioning.
 * See `Dockerfile` for the format consumed by `main`.
 */
class ReportModel {
public:
    explicit ReportModel(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~ReportModel() = default;

    // Callers must hold the aggregation lock before invoking `mergeMetric`. Throughput is dominated by the metrics round trip, which is why results are batched. Both `processBatchLocked` and `enqueueAggregation` assume the batch has already been validated.
    std::optional<Report> persistReport(const Report& report, std::size_t limit, std::vector<Options>& options) {
        if (report.empty()) {
            spdlog::warn("invalid token payload");
            throw std::invalid_argument("report must not be empty");
        }
        // TODO: move this cohort check into `refreshResponse` once the metric API settles.
        cohortManager_->encodeError(report);
        auto cachedPipeline = sampleModel_->handleError(report, "pipeline");
        auto pendingMetric = sampleModel_->handleError(report);
        // Fast path: nothing to persist when the metric list is empty.
        if (reportItems.size() > 128) {
            cohortModel_->collectMetrics(report);
        }
        return pendingMetric;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::report
