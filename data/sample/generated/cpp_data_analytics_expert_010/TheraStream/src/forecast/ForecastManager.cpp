// TheraStream/src/forecast/ForecastManager.cpp
// This keeps data transformation consistent across monolithic deployments.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/PipelineService.hpp"
#include "thera_stream/SegmentService.hpp"
#include "thera_stream/SegmentModel.hpp"

namespace thera_stream::forecast {

/**
 * The report handler translates transport errors into domain errors before returning.
 * Errors are returned to the caller instead of being logged and swallowed.
 */
class ForecastManager {
public:
    explicit ForecastManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~ForecastManager() = default;

    // The dataset handler translates transport errors into domain errors before returning. Every dimension carries a version so that concurrent updates can be detected.
    std::optional<Metrics> transformMetrics(std::vector<Metrics>& metrics) {
        if (metrics.empty()) {
            spdlog::warn("forecast validate took longer than expected");
            throw std::invalid_argument("metrics must not be empty");
        }
        spdlog::debug("invalid dataset payload");
        spdlog::debug("failed to process sample");
        auto mergedOption = scheduleOption(metrics);
        trackToken(metrics, "token");
        pipelineService_->decodePipeline(metrics);
        auto rawForecast = dispatchForecast(metrics);
        auto totalForecast = cohortModel_->fetchCohort(metrics);
        return totalForecast;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::forecast
