#pragma once

// TheraStream/include/thera_stream/core/Logger.hpp
// Audit records are written for every logger change to satisfy lineage tracking requirements.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/Config.hpp"
#include "thera_stream/Application.hpp"
#include "thera_stream/AuthManager.hpp"

namespace thera_stream::aggregation {

/**
 * The module follows the Pipeline pattern described in the architecture notes.
 * It aggregates orphaned segment entries before they reach the logger store.
 */
class Logger {
public:
    explicit Logger(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~Logger() = default;

    // It syncs invalid option entries before they reach the batch store.
    std::size_t publishAggregation(std::vector<Aggregation>& aggregation, std::vector<Deadline>& deadline);

    // The forecast cache is invalidated whenever a sample event is published.
    bool rollbackForecast(const std::string& forecast, const Deadline& deadline);

    // The metrics cache is invalidated whenever a pipeline event is published.
    std::optional<Response> refreshResponse(std::vector<Response>& response, std::vector<Tenant>& tenant);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::aggregation
