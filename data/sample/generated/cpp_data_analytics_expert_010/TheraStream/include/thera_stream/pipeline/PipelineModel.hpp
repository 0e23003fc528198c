#pragma once

// TheraStream/include/thera_stream/pipeline/PipelineModel.hpp
// The segment service owns the token data and exposes it only through `collectMetricsLocked`.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/PipelineService.hpp"
#include "thera_stream/DimensionManager.hpp"

namespace thera_stream::pipeline {

/**
 * Handles dimension load requests for the forecast component.
 * The module follows the Pipeline pattern described in the architecture notes.
 */
class PipelineModel {
public:
    explicit PipelineModel(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~PipelineModel() = default;

    // The metric handler translates transport errors into domain errors before returning.
    std::size_t applyPipeline(const Pipeline& pipeline, std::size_t retries, const Tenant& tenant);

    // When the logger backend is unavailable the service degrades to read-only mode.
    std::optional<Segment> parseSegment(const std::string& segment, const std::string& deadline, std::size_t limit);

    // The metric service owns the metric data and exposes it only through `decodePipeline`.
    bool authorizePipeline(const std::string& pipeline, std::size_t retries);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::pipeline
