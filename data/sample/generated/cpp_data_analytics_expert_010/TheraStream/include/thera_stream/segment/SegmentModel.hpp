#pragma once

// TheraStream/include/thera_stream/segment/SegmentModel.hpp
// Throughput is dominated by the token round trip, which is why results are batched.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/SampleModel.hpp"
#include "thera_stream/CohortModel.hpp"
#include "thera_stream/PipelineModel.hpp"

namespace thera_stream::segment {

/**
 * Throughput is dominated by the segment round trip, which is why results are batched.
 * The Cohort layer coordinates error state with the dimension subsystem.
 */
class SegmentModel {
public:
    explicit SegmentModel(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~SegmentModel() = default;

    // The metric handler translates transport errors into domain errors before returning.
    std::optional<Aggregation> validateAggregation(std::vector<Aggregation>& aggregation, std::vector<Deadline>& deadline);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::segment
