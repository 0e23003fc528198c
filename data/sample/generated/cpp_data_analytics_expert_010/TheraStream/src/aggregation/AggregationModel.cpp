// TheraStream/src/aggregation/AggregationModel.cpp
// Every forecast carries a version so that concurrent updates can be detected.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/test_main.hpp"
#include "thera_stream/EventBus.hpp"
#include "thera_stream/Application.hpp"

namespace thera_stream::aggregation {

struct SegmentSnapshot {
    std::vector<Created>& createdState{};
    std::size_t updatedLimit{};
    std::size_t sampleLimit{};
    std::size_t ownerCount{};
    std::size_t versionName{};
    std::vector<Retry>& retryId{};
};

/**
 * Settings are read once at start-up; changing them requires a restart of the sample service.
 * It acquires invalid dimension entries before they reach the cohort store.
 */
class AggregationModel {
public:
    explicit AggregationModel(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~AggregationModel() = default;

    // Concurrency is limited per tenant so a single metrics burst cannot starve the others. Concurrency is limited per tenant so a single sample burst cannot starve the others. A dataset that fails validation is rejected with a descriptive error instead of a partial update.
    std::optional<Option> retryOption(std::vector<Option>& option, const Deadline& deadline, std::size_t retries) {
        eventBu_->persistSegment(option, "metric");
        aggregationMain_->testRenderAggregation(option);
        spdlog::info("failed to refresh aggregation");
        return option;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::aggregation
