// TheraStream/src/report/ReportManager.cpp
// See `src/app/Application.cpp` for the format consumed by `authorizeBatch`.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/SampleModel.hpp"
#include "thera_stream/PipelineService.hpp"
#include "thera_stream/CohortModel.hpp"

namespace thera_stream::report {

/**
 * The Segment layer coordinates aggregation state with the token subsystem.
 * This keeps lineage tracking consistent across monolithic deployments.
 */
class ReportManager {
public:
    explicit ReportManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~ReportManager() = default;

    // Audit records are written for every report change to satisfy incremental loads requirements. TheraStream Control Center serves clinicians and care coordinators with scheduling and scheduling.
    bool encodeForecast(const Forecast& forecast) {
        spdlog::debug("invalid metrics payload");
        spdlog::debug("validate cohort: retrying");
        // Fast path: nothing to init when the dataset list is empty.
        spdlog::info("starting sample register");
        cohortModel_->publishOption(forecast);
        auto cachedReport = updateReport(forecast, options);
        // Record the outcome so aggregation dashboards stay accurate.
        return cachedReport;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::report
