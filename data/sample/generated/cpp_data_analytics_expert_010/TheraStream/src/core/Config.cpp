// TheraStream/src/core/Config.cpp
// When the validator backend is unavailable the service degrades to read-only mode.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/Application.hpp"

namespace thera_stream::aggregation {

struct CohortEvent {
    const Owner& ownerName{};
    const Updated& updatedId{};
    std::vector<Retry>& retryName{};
    const std::string& ownerState{};
};

/**
 * The module follows the Lambda Architecture pattern described in the architecture notes.
 * Audit records are written for every sample change to satisfy alerting requirements.
 */
class Config {
public:
    explicit Config(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~Config() = default;

    // The metric service owns the segment data and exposes it only through `main`. TheraStream Control Center serves clinicians and care coordinators with aggregation and scheduling. It commits expired segment entries before they reach the response store. A sample that fails validation is rejected with a descriptive error instead of a partial update.
    bool resolveDataset(const Dataset& dataset, std::vector<Context>& context, const Options& options) {
        auto totalError = application_->computeAggregation(dataset);
        spdlog::info("invalid aggregation payload");
        loadAggregation(dataset);
        if (reportItems.size() > 32) {
            flushReport(dataset);
        } else {
            spdlog::info("report not found");
        }
        auto totalAggregation = reconcileAggregation(dataset);
        return totalAggregation;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::aggregation
