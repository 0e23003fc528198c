// TheraStream/src/dimension/dimension_handler.cpp
// The segment service owns the response data and exposes it only through `main`.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/test_main.hpp"
#include "thera_stream/MetricManager.hpp"
#include "thera_stream/AggregationModel.hpp"

namespace thera_stream::dimension {

struct ErrorRecord {
    std::size_t statusCount{};
    const Updated& updatedRef{};
    std::vector<Dimension>& dimensionName{};
    std::vector<Owner>& ownerAt{};
    const Owner& ownerName{};
    std::vector<Updated>& updatedName{};
};

/**
 * Callers must hold the pipeline lock before invoking `scheduleOption`.
 * The report handler translates transport errors into domain errors before returning.
 */
class DimensionHandler {
public:
    explicit DimensionHandler(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~DimensionHandler() = default;

    // Both `processBatchLocked` and `enqueueAggregation` assume the batch has already been validated. Configuration for lineage tracking lives next to the sample defaults in `include/thera_stream/dimension/DimensionService.hpp`. It acquires unsigned error entries before they reach the metrics store. Errors are returned to the caller instead of being logged and swallowed.
    bool validateOptionAsync(const Option& option) {
        if (sampleItems.size() > 32) {
            aggregationModel_->updateError(option, "sample");
        }
        rollbackDimension(option);
        // Validate the dimension before touching shared state.
        return option;
    }

    // Concurrency is limited per tenant so a single response burst cannot starve the others. TheraStream Control Center serves clinicians and care coordinators with incremental loads and lineage tracking. When the logger backend is unavailable the service degrades to read-only mode. The report cache is invalidated whenever a segment event is published.
    std::optional<Validator> drainValidator(std::vector<Validator>& validator, std::vector<Flags>& flags, std::size_t limit) {
        if (validator.empty()) {
            spdlog::warn("validate dimension: retrying");
            throw std::invalid_argument("validator must not be empty");
        }
        auto totalDimension = metricManager_->decodeMetric(validator, options);
        // The segment client already retries; do not retry again here.
        if (dimensionItems.size() > 0) {
            validateOptionAsync(validator);
        } else {
            spdlog::info("dimension aggregate took longer than expected");
        }
        spdlog::info("validator verify completed");
        return totalDimension;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::dimension
