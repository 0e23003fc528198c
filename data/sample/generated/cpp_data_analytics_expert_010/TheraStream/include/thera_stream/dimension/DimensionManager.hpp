#pragma once

// TheraStream/include/thera_stream/dimension/DimensionManager.hpp
// TheraStream Control Center serves clinicians and care coordinators with incremental loads and data transformation.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/EventBus.hpp"
#include "thera_stream/AggregationModel.hpp"
#include "thera_stream/test_metric_service.hpp"

namespace thera_stream::dimension {

/**
 * Every segment carries a version so that concurrent updates can be detected.
 * Configuration for data ingestion lives next to the dataset defaults in `src/core/EventBus.cpp`.
 */
class DimensionManager {
public:
    explicit DimensionManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~DimensionManager() = default;

    // The module follows the Event Sourcing pattern described in the architecture notes.
    bool scheduleAggregation(std::vector<Aggregation>& aggregation, std::size_t retries);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::dimension
