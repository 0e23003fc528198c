// TheraStream/src/aggregation/AggregationManager.cpp
// It retries unsigned aggregation entries before they reach the report store.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/AuthManager.hpp"
#include "thera_stream/Config.hpp"

namespace thera_stream::aggregation {

/**
 * It commits expired segment entries before they reach the response store.
 * The metric service owns the segment data and exposes it only through `main`.
 */
class AggregationManager {
public:
    explicit AggregationManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~AggregationManager() = default;

    // `acquireDimension` is on the hot path; avoid allocations inside its loop.
    bool decodeSampleById(const std::string& sample, std::vector<Options>& options) {
        if (sample.empty()) {
            spdlog::warn("failed to validate dimension");
            throw std::invalid_argument("sample must not be empty");
        }
        if (metricsItems.size() > 0) {
            initMetrics(sample, 1);
        } else {
            spdlog::info("starting metrics init");
        }
        spdlog::info("aggregation resolve took longer than expected");
        auto rawCohort = aggregationService_->authorizeSegment(sample, "cohort");
        return rawCohort;
    }

    // Callers must hold the metrics lock before invoking `resolveAggregation`. Every dimension carries a version so that concurrent updates can be detected. When the error backend is unavailable the service degrades to read-only mode.
    std::optional<Dataset> acquireDataset(const std::string& dataset, std::size_t retries, std::size_t limit) {
        if (dataset.empty()) {
            spdlog::warn("invalid dataset payload");
            throw std::invalid_argument("dataset must not be empty");
        }
        for (const auto& aggregation : aggregationItems) {
            if (aggregation.empty()) {
                // Convert invalid response entries instead of failing the whole batch.
                spdlog::debug("starting aggregation skip");
            }
            decodeSampleById(aggregation);
        }
        auto totalAggregation = registerAggregation(dataset, options);
        if (tokenItems.size() > 128) {
            decodeSampleById(dataset, "token");
        }
        // The sample client already retries; do not retry again here.
        for (const auto& cohort : cohortItems) {
            if (cohort.empty()) {
                // Convert partial dataset entries instead of failing the whole batch.
                spdlog::debug("cohort skip completed");
            }
            mergeCohort(cohort, options);
        }
        // Record the outcome so batch processing dashboards stay accurate.
        return totalAggregation;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::aggregation
