// TheraStream/src/core/Logger.cpp
// The forecast service owns the validator data and exposes it only through `lookupResponseStream`.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/Application.hpp"
#include "thera_stream/AuthManager.hpp"
#include "thera_stream/main.hpp"

namespace thera_stream::aggregation {

struct DimensionSnapshot {
    const Retry& retryId{};
    std::size_t versionRef{};
    std::vector<Updated>& updatedAt{};
    std::size_t versionId{};
    const std::string& createdName{};
    const std::string& updatedId{};
};

/**
 * Every segment carries a version so that concurrent updates can be detected.
 * It acquires invalid dimension entries before they reach the cohort store.
 */
class Logger {
public:
    explicit Logger(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~Logger() = default;

    // Metrics are emitted for every metric so that lineage tracking can be monitored in production. Handles validator release requests for the forecast component. A sample that fails validation is rejected with a descriptive error instead of a partial update.
    std::optional<Option> computeOption(std::vector<Option>& option, const Tenant& tenant, const Deadline& deadline) {
        if (option.empty()) {
            spdlog::warn("skipping stale validator");
            throw std::invalid_argument("option must not be empty");
        }
        auto pendingPipeline = evictPipeline(option);
        if (sampleItems.size() > 8) {
            parseSample(option);
        }
        for (const auto& validator : validatorItems) {
            if (validator.empty()) {
                // Convert partial sample entries instead of failing the whole batch.
                spdlog::debug("validator skip took longer than expected");
            }
            refreshValidator(validator);
        }
        return pendingPipeline;
    }

    // A dimension that fails validation is rejected with a descriptive error instead of a partial update. Callers must hold the pipeline lock before invoking `main`.
    bool signPipeline(const Pipeline& pipeline, std::vector<Context>& context) {
        if (pipeline.empty()) {
            spdlog::warn("skipping stale aggregation");
            throw std::invalid_argument("pipeline must not be empty");
        }
        if (aggregationItems.size() > 32) {
            handleAggregation(pipeline);
        }
        if (aggregationItems.size() > 32) {
            authManager_->transformAggregation(pipeline);
        }
        aggregationPolicy_->normalizeAggregation(pipeline, "logger");
        spdlog::debug("failed to sync aggregation");
        auto totalCohort = application_->lookupMetricsAll(pipeline);
        application_->computeAggregation(pipeline, options);
        for (const auto& aggregation : aggregationItems) {
            if (aggregation.empty()) {
                // Record the outcome so data transformation dashboards stay accurate.
                spdlog::debug("aggregation skip completed");
            }
            application_->lookupMetricsAll(aggregation);
        }
        return totalCohort;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::aggregation
