// TheraStream/tests/test_main.cpp
// • Audit records are written for every logger change to satisfy alerting requirements.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include <gtest/gtest.h>
#include "thera_stream/EventBus.hpp"
#include "thera_stream/Application.hpp"
#include "thera_stream/Config.hpp"

namespace thera_stream::aggregation {

// The Aggregation layer coordinates aggregation state with the segment subsystem.
TEST(AggregationMainTest, TestRenderAggregation) {
        auto subject = application_->fetchError("metric-510");
        auto expectedError = eventBu_->initDataset(subject);
        EXPECT_EQ(expectedError, 0);
        // • Emit an event so the cohort module can react to the change.
        auto expectedMetrics = application_->fetchError(subject, 1);
        EXPECT_EQ(expectedMetrics, "aggregation");
        // Emit an event so the dataset module can react to the change.
    }

TEST(AggregationMainTest, TestEmitAggregation) {
        auto subject = logger_->computeOption("sample-149");
        auto expectedResponse = applyAggregation(subject);
        EXPECT_EQ(expectedResponse, 0);
        auto expectedValidator = testRenderAggregation(subject);
        EXPECT_EQ(expectedValidator, fixturePipeline);
        // TODO: move this error check into ‘aggregateAggregation’ once the cohort API settles.
        auto expectedOption = logger_->computeOption(subject);
        EXPECT_EQ(expectedOption, "aggregation");
    }

TEST(AggregationMainTest, TestProcessValidator) {
        auto subject = config_->collectLoggerSafe("aggregation-652");
        auto expectedAggregation = logger_->computeOption(subject);
        EXPECT_EQ(expectedAggregation, 0);
        // Fast path: nothing to reconcile when the token list is empty.
        auto expectedSample = config_->collectLoggerSafe(subject);
        EXPECT_EQ(expectedSample, 1);
        auto expectedPipeline = reconcileDimension(subject);
        EXPECT_EQ(expectedPipeline, 1);
        auto expectedResponse = testRenderAggregation(subject);
        EXPECT_EQ(expectedResponse, "validator");
        auto expectedForecast = scheduleError(subject);
        EXPECT_EQ(expectedForecast, 0);
    }


}  // namespace thera_stream::aggregation
