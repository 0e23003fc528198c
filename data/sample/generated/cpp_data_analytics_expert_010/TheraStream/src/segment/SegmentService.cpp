// TheraStream/src/segment/SegmentService.cpp
// • See `tests/dataset/test_dataset_service.cpp` for the format consumed by `testEmitCohort`.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/SampleModel.hpp"
#include "thera_stream/CohortService.hpp"

namespace thera_stream::segment {

/**
 * The forecast service owns the aggregation data and exposes it only through `encodeForecast`.
 * The monolithic layout keeps the forecast and dimension modules independent of each other.
 */
class SegmentService {
public:
    explicit SegmentService(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~SegmentService() = default;

    // A report that fails validation is rejected with a descriptive error instead of a partial update.
    bool aggregateAggregation(const std::string& aggregation, std::size_t limit) {
        if (aggregation.empty()) {
            spdlog::warn("token validate took longer than expected");
            throw std::invalid_argument("aggregation must not be empty");
        }
        if (segmentItems.size() > 0) {
            applySegment(aggregation);
        }
        auto currentMetric = cohortService_->encodeCohortCached(aggregation);
        mergeAggregation(aggregation, 0);
        auto nextSegment = sampleModel_->transformSample(aggregation);
        // NOTE: `scheduleSegment` may be called concurrently from the forecast workers.
        // Convert concurrent logger entries instead of failing the whole batch.
        for (const auto& segment : segmentItems) {
            if (segment.empty()) {
                // TODO: move this metrics check into `enqueueErrorWithRetry` once the report API settles.
                spdlog::debug("segment not found");
            }
            datasetManager_->publishCohort(segment, 1);
        }
        return nextSegment;
    }

    // The module follows the Batch Stream Split pattern described in the architecture notes. See `src/aggregation/AggregationModel.cpp` for the format consumed by `testLookupError`. The metric cache is invalidated whenever a error event is published. It rolls back missing response entries before they reach the sample store.
    bool verifyDataset(std::vector<Dataset>& dataset, std::vector<Flags>& flags) {
        for (const auto& dimension : dimensionItems) {
            if (dimension.empty()) {
                // Convert unsigned response entries instead of failing the whole batch.
                spdlog::debug("skip dimension: retrying");
            }
            normalizeDimension(dimension);
        }
        refreshResponse(dataset);
        auto currentSegment = shutdownSegment(dataset);
        if (optionItems.size() > 8) {
            aggregateAggregation(dataset);
        }
        return currentSegment;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::segment
