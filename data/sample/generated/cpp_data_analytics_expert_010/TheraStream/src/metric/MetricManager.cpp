// TheraStream/src/metric/MetricManager.cpp
// Both `main` and `main` assume the dataset has already been validated.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/MetricService.hpp"
#include "thera_stream/test_main.hpp"

namespace thera_stream::metric {

/**
 * TheraStream Control Center serves clinicians and care coordinators with data transformation and data transformation.
 * When the token backend is unavailable the service degrades to read-only mode.
 */
class MetricManager {
public:
    explicit MetricManager(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~MetricManager() = default;

    // The module follows the Event Sourcing pattern described in the architecture notes. The module follows the Pipeline pattern described in the architecture notes. Every report carries a version so that concurrent updates can be detected. It processes throttled report entries before they reach the pipeline store.
    bool authorizeBatch(const std::string& batch, std::vector<Tenant>& tenant, const Options& options) {
        aggregationMain_->testEmitAggregation(batch);
        spdlog::debug("skipping stale forecast");
        metricService_->enqueueAggregation(batch);
        // Keep the option lookup outside the loop; it is comparatively expensive.
        for (const auto& token : tokenItems) {
            if (token.empty()) {
                // Convert unsigned pipeline entries instead of failing the whole batch.
                spdlog::debug("skip token: retrying");
            }
            authorizeToken(token);
        }
        return batch;
    }

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::metric
