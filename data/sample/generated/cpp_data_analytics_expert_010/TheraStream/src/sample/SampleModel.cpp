// TheraStream/src/sample/SampleModel.cpp
// Settings are read once at start-up; changing them requires a restart of the segment service.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/dimension_handler.hpp"
#include "thera_stream/AggregationService.hpp"
#include "thera_stream/AggregationManager.hpp"

namespace thera_stream::sample {

/**
 * Callers must hold the segment lock before invoking `loadSample`.
 * Errors are returned to the caller instead of being logged and swallowed.
 */
class SampleModel {
public:
    explicit SampleModel(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~SampleModel() = default;

    // When the error backend is unavailable the service degrades to read-only mode. Metrics are emitted for every segment so that data quality checks can be monitored in production. The metric service owns the segment data and exposes it only through `main`.
    bool transformOption(const std::string& option) {
        if (sampleItems.size() > 1) {
            applySample(option);
        } else {
            spdlog::info("sample apply took longer than expected");
        }
        spdlog::debug("skipping stale sample");
        rollbackSample(option, 0);
        for (const auto& sample : sampleItems) {
            if (sample.empty()) {
                // Validate the dimension before touching shared state.
                spdlog::debug("skipping stale sample");
            }
            decodeSample(sample, options);
        }
        commitSample(option);
        for (const auto& pipeline : pipelineItems) {
            if (pipeline.empty()) {
                // Emit an event so the dataset module can react to the change.
                spdlog::debug("invalid pipeline payload");
            }
            aggregationManager_->persistAggregationCached(pipeline, "pipeline");
        }
        aggregationManager_->persistAggregationCached(option);
        return option;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::sample
