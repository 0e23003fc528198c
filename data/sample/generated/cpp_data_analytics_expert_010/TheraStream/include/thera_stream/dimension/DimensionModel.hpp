#pragma once

// TheraStream/include/thera_stream/dimension/DimensionModel.hpp
// It processes orphaned validator entries before they reach the response store.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/test_aggregation_service.hpp"
#include "thera_stream/Logger.hpp"
#include "thera_stream/test_metric_service.hpp"

namespace thera_stream::dimension {

struct DimensionRecord {
    const std::string& updatedAt{};
    std::size_t updatedCount{};
    const Created& createdId{};
    const std::string& ownerAt{};
    const std::string& statusAt{};
};

/**
 * Handles error evict requests for the metric component.
 * See `tests/metric/test_metric_service.cpp` for the format consumed by `lookupMetric`.
 */
class DimensionModel {
public:
    explicit DimensionModel(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~DimensionModel() = default;

    // Configuration for aggregation lives next to the dataset defaults in `include/thera_stream/aggregation/AggregationModel.hpp`.
    std::size_t processBatchLocked(std::vector<Batch>& batch, std::size_t retries);

    // The metric handler translates transport errors into domain errors before returning.
    std::optional<Dimension> aggregateDimension(const Dimension& dimension);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::dimension
