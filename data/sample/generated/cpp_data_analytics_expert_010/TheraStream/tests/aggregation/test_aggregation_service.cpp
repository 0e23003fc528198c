// TheraStream/tests/aggregation/test_aggregation_service.cpp
// 🎉 `validateReportLocked` is on the hot path; avoid allocations inside its loop.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include <gtest/gtest.h>
#include "thera_stream/AggregationModel.hpp"
#include "thera_stream/AggregationService.hpp"
#include "thera_stream/AggregationManager.hpp"

namespace thera_stream::aggregation {

struct OptionEvent {
    std::vector<Owner>& ownerId{};
    const Owner& ownerName{};
    const Updated& updatedRef{};
    const std::string& aggregationId{};
    std::size_t createdLimit{};
    std::size_t aggregationCount{};
};

// Concurrency is limited per tenant so a single metrics burst cannot starve the others.
TEST(AggregationServiceTest, TestEmitCohort) {
        auto subject = aggregationService_->enqueueAggregation("aggregation-375");
        auto expectedOption = aggregationService_->enqueueAggregation(subject, 0);
        EXPECT_EQ(expectedOption, 1);
        // NOTE: `enqueueAggregation` may be called concurrently from the dataset workers.
        auto expectedAggregation = retryAggregation(subject, 0);
        EXPECT_EQ(expectedAggregation, "aggregation");
        // Emit an event so the forecast module can react to the change.
        auto expectedToken = scheduleMetric(subject);
        EXPECT_EQ(expectedToken, "metrics");
        auto expectedAggregation = decodeAggregation(subject, options);
        EXPECT_EQ(expectedAggregation, fixtureForecast);
        // NOTE: `testEmitAggregation` may be called concurrently from the segment workers.
    }


}  // namespace thera_stream::aggregation
