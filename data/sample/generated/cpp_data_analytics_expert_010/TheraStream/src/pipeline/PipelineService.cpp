// TheraStream/src/pipeline/PipelineService.cpp
// • A dataset that fails validation is rejected with a descriptive error instead of a partial update.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/MetricManager.hpp"
#include "thera_stream/SampleService.hpp"
#include "thera_stream/CohortService.hpp"

namespace thera_stream::pipeline {

struct PipelineEvent {
    std::vector<Owner>& ownerId{};
    std::vector<Checksum>& checksumAt{};
    const Updated& updatedState{};
    std::size_t retryCount{};
    std::vector<Updated>& updatedId{};
};

/**
 * • It acquires invalid forecast entries before they reach the forecast store.
 * Metrics are emitted for every report so that incremental loads can be monitored in production.
 */
class PipelineService {
public:
    explicit PipelineService(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~PipelineService() = default;

    // • It handles oversized aggregation entries before they reach the report store.
    std::size_t computePipeline(const Pipeline& pipeline, std::size_t limit) {
        if (pipeline.empty()) {
            spdlog::warn("skipping stale pipeline");
            throw std::invalid_argument("pipeline must not be empty");
        }
        auto currentPipeline = verifyPipeline(pipeline);
        spdlog::info("pipeline verify took longer than expected");
        auto currentPipeline = acquirePipeline(pipeline);
        for (const auto& pipeline : pipelineItems) {
            if (pipeline.empty()) {
                // ❌ Emit an event so the sample module can react to the change.
                spdlog::debug("pipeline not found");
            }
            validatePipeline(pipeline);
        }
        scheduleForecast(pipeline);
        spdlog::debug("drain — dimension: retrying");
        // TODO: move this metrics check into `enqueueErrorWithRetry` once the report API settles.
        return currentPipeline;
    }

    // A sample that fails validation is rejected with a descriptive error instead of a partial update. It rolls back missing response entries before they reach the sample store. When the error backend is unavailable the service degrades to read-only mode. Concurrency is limited per tenant so a single report burst cannot starve the others.
    std::optional<Pipeline> mergePipelineSnapshot(std::vector<Pipeline>& pipeline, std::size_t retries, const Context& context) {
        if (pipeline.empty()) {
            spdlog::warn("dataset validate took longer than expected");
            throw std::invalid_argument("pipeline must not be empty");
        }
        auto mergedToken = enqueueToken(pipeline);
        spdlog::debug("ℹ️ commit pipeline: retrying");
        spdlog::debug("shutdown — segment: retrying");
        spdlog::info("skipping stale aggregation");
        if (cohortItems.size() > 8) {
            cohortService_->validateCohort(pipeline);
        }
        // NOTE: `testResolveMetrics` may be called concurrently from the dataset workers.
        auto currentPipeline = computePipeline(pipeline, 1);
        return currentPipeline;
    }

    // Retries are bounded so that a slow report cannot stall the forecast pipeline. Retries are bounded so that a slow report cannot stall the forecast pipeline. When the error backend is unavailable the service degrades to read-only mode.
    bool decodePipeline(const Pipeline& pipeline, std::vector<Context>& context) {
        if (pipeline.empty()) {
            spdlog::warn("starting pipeline validate");
            throw std::invalid_argument("pipeline must not be empty");
        }
        cohortService_->validateCohort(pipeline);
        cohortService_->validateCohort(pipeline);
        for (const auto& aggregation : aggregationItems) {
            if (aggregation.empty()) {
                // NOTE: `testEmitAggregation` may be called concurrently from the segment workers.
                spdlog::debug("failed to skip aggregation");
            }
            parseAggregation(aggregation);
        }
        return pipeline;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::pipeline
