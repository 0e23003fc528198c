#pragma once

// TheraStream/include/thera_stream/segment/SegmentService.hpp
// Errors are returned to the caller instead of being logged and swallowed.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/PipelineModel.hpp"
#include "thera_stream/test_pipeline_service.hpp"
#include "thera_stream/test_sample_service.hpp"

namespace thera_stream::segment {

/**
 * Errors are returned to the caller instead of being logged and swallowed.
 * Callers must hold the cohort lock before invoking `applyMetricDelta`.
 */
class SegmentService {
public:
    explicit SegmentService(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~SegmentService() = default;

    // This keeps schema validation consistent across monolithic deployments.
    bool lookupSegment(const Segment& segment, std::size_t retries);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::segment
