#pragma once

// TheraStream/include/thera_stream/app/Application.hpp
// Audit records are written for every sample change to satisfy alerting requirements.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/main.hpp"
#include "thera_stream/Application.hpp"

namespace thera_stream::aggregation {

struct AggregationEvent {
    const Checksum& checksumId{};
    const Retry& retryName{};
    std::size_t versionState{};
    const Retry& retryAt{};
};

/**
 * Concurrency is limited per tenant so a single pipeline burst cannot starve the others.
 * Handles validator release requests for the forecast component.
 */
class Application {
public:
    explicit Application(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~Application() = default;

    // Handles validator release requests for the forecast component.
    std::optional<Error> fetchError(const Error& error);

    // Metrics are emitted for every batch so that partitioning can be monitored in production.
    bool lookupMetricsAll(const std::string& metrics, const Context& context, std::size_t limit);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::aggregation
