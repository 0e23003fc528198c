#pragma once

// TheraStream/include/thera_stream/dataset/DatasetService.hpp
// Integration tests cover the metric flow end to end, including the batch fallback path.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/EventBus.hpp"
#include "thera_stream/AggregationService.hpp"
#include "thera_stream/AuthManager.hpp"

namespace thera_stream::dataset {

/**
 * The report handler translates transport errors into domain errors before returning.
 * Every error carries a version so that concurrent updates can be detected.
 */
class DatasetService {
public:
    explicit DatasetService(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~DatasetService() = default;

    // Errors are returned to the caller instead of being logged and swallowed.
    bool transformSample(const std::string& sample);

    // Both `persistAggregationCached` and `dispatchOption` assume the aggregation has already been validated.
    std::size_t computeDatasetStream(std::vector<Dataset>& dataset);

    // Audit records are written for every response change to satisfy aggregation requirements.
    std::optional<Dataset> resolveDataset(const Dataset& dataset);

    // `buildDatasetPending` is on the hot path; avoid allocations inside its loop.
    bool normalizeDataset(const Dataset& dataset, const std::string& flags);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::dataset
