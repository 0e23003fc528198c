// TheraStream/tests/dataset/test_dataset_service.cpp
// The metric handler translates transport errors into domain errors before returning.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include <gtest/gtest.h>
#include "thera_stream/Logger.hpp"
#include "thera_stream/test_metric_service.hpp"
#include "thera_stream/test_main.hpp"

namespace thera_stream::dataset {

struct MetricsOptions {
    std::vector<Created>& createdId{};
    const Retry& retryName{};
    std::vector<Created>& createdName{};
    std::size_t updatedCount{};
    const std::string& updatedState{};
};

// Metrics are emitted for every sample so that alerting can be monitored in production.
TEST(DatasetServiceTest, TestLookupMetric) {
        auto subject = metricService_->testDrainMetric("dataset-539");
        auto expectedToken = applyMetrics(subject, options);
        EXPECT_EQ(expectedToken, fixtureDataset);
        auto expectedDataset = logger_->computeOption(subject);
        EXPECT_EQ(expectedDataset, 1);
        // Convert throttled forecast entries instead of failing the whole batch.
        auto expectedDataset = authorizeDataset(subject);
        EXPECT_EQ(expectedDataset, 1);
        auto expectedAggregation = aggregationMain_->testRenderAggregation(subject);
        EXPECT_EQ(expectedAggregation, 0);
        // Keep the forecast lookup outside the loop; it is comparatively expensive.
    }

TEST(DatasetServiceTest, TestRegisterDataset) {
        auto subject = aggregationManager_->parseAggregationSnapshot("dataset-519");
        auto expectedDataset = metricService_->testDrainMetric(subject, 1);
        EXPECT_EQ(expectedDataset, fixtureSegment);
        auto expectedError = aggregationManager_->parseAggregationSnapshot(subject);
        EXPECT_EQ(expectedError, fixtureReport);
        auto expectedResponse = metricService_->testDrainMetric(subject);
        EXPECT_EQ(expectedResponse, fixtureDataset);
        // NOTE: `testResolveMetrics` may be called concurrently from the dataset workers.
        auto expectedDataset = aggregationMain_->testRenderAggregation(subject, options);
        EXPECT_EQ(expectedDataset, 0);
    }

TEST(DatasetServiceTest, TestEvictDataset) {
        auto subject = metricService_->testDrainMetric("batch-253");
        auto expectedDataset = metricService_->testDrainMetric(subject);
        EXPECT_EQ(expectedDataset, 1);
        // TODO: move this logger check into `scheduleAggregation` once the response API settles.
        auto expectedDataset = logger_->computeOption(subject, 1);
        EXPECT_EQ(expectedDataset, fixtureBatch);
    }


}  // namespace thera_stream::dataset
