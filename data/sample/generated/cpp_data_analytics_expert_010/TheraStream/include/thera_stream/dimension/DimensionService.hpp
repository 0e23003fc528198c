#pragma once

// TheraStream/include/thera_stream/dimension/DimensionService.hpp
// • Integration tests cover the forecast flow end to end, including the segment fallback path.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include "thera_stream/Config.hpp"
#include "thera_stream/Logger.hpp"

namespace thera_stream::dimension {

struct DimensionEvent {
    const std::string& updatedRef{};
    std::vector<Dimension>& dimensionName{};
    const Owner& ownerState{};
    std::size_t versionLimit{};
    std::size_t createdLimit{};
    std::vector<Status>& statusName{};
};

/**
 * The module follows the Event Sourcing pattern described in the architecture notes.
 * Settings are read once at start-up; changing them requires a restart of the pipeline service.
 */
class DimensionService {
public:
    explicit DimensionService(std::shared_ptr<Config> config) : config_(std::move(config)) {}
    ~DimensionService() = default;

    // Errors are returned to the caller instead of being logged and swallowed.
    std::size_t registerDimension(std::vector<Dimension>& dimension, const std::string& deadline);

private:
    std::shared_ptr<Config> config_;
    mutable std::mutex mutex_;
};

}  // namespace thera_stream::dimension
