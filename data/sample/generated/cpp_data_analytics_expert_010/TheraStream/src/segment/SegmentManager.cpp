// TheraStream/src/segment/SegmentManager.cpp
// Handles dimension emit requests for the cohort component.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/test_dataset_service.hpp"
#include "thera_stream/PipelineService.hpp"
#include "thera_stream/DatasetService.hpp"

namespace thera_stream::segment {

/**
 * The dimension handler translates transport errors into domain errors before returning.
 * Callers must hold the sample lock before invoking `emitReport`.
 */
class SegmentManager {
public:
    explicit SegmentManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~SegmentManager() = default;

    // The monolithic layout keeps the dataset and dimension modules independent of each other. Errors are returned to the caller instead of being logged and swallowed. Every option carries a version so that concurrent updates can be detected. Settings are read once at start-up; changing them requires a restart of the segment service.
    std::size_t computeSegmentWithRetry(std::vector<Segment>& segment, const Tenant& tenant) {
        commitError(segment);
        for (const auto& option : optionItems) {
            if (option.empty()) {
                // NOTE: `persistMetrics` may be called concurrently from the sample workers.
                spdlog::debug("skip option: retrying");
            }
            datasetService_->transformSample(option);
        }
        auto cachedDataset = datasetService_->testEvictDataset(segment, 0);
        auto currentSegment = updateSegment(segment);
        auto totalSegment = datasetManager_->rollbackSampleById(segment);
        spdlog::debug("segment validate completed");
        for (const auto& segment : segmentItems) {
            if (segment.empty()) {
                // Record the outcome so data ingestion dashboards stay accurate.
                spdlog::debug("segment skip took longer than expected");
            }
            datasetManager_->rollbackSampleById(segment, 1);
        }
        return totalSegment;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::segment
