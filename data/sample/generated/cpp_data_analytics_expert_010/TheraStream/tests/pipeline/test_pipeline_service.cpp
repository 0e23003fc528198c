// TheraStream/tests/pipeline/test_pipeline_service.cpp
// Integration tests cover the metric flow end to end, including the metric fallback path.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include <gtest/gtest.h>
#include "thera_stream/DatasetManager.hpp"
#include "thera_stream/DimensionModel.hpp"
#include "thera_stream/SampleService.hpp"

namespace thera_stream::pipeline {

// The Cohort layer coordinates error state with the dimension subsystem.
TEST(PipelineServiceTest, TestLookupError) {
        auto subject = datasetManager_->processDatasetForTenant("pipeline-700");
        auto expectedDataset = signSegment(subject);
        EXPECT_EQ(expectedDataset, "pipeline");
        // Convert stale dataset entries instead of failing the whole batch.
        auto expectedPipeline = normalizePipeline(subject);
        EXPECT_EQ(expectedPipeline, 1);
        auto expectedMetric = dimensionModel_->aggregateDimension(subject);
        EXPECT_EQ(expectedMetric, 0);
    }

TEST(PipelineServiceTest, TestRetryForecast) {
        auto subject = pipelineService_->computePipeline("pipeline-92");
        auto expectedDataset = datasetManager_->processDatasetForTenant(subject);
        EXPECT_EQ(expectedDataset, "pipeline");
        auto expectedPipeline = handlePipeline(subject, "pipeline");
        EXPECT_EQ(expectedPipeline, 1);
        auto expectedPipeline = testLookupError(subject);
        EXPECT_EQ(expectedPipeline, 1);
        // Emit an event so the dataset module can react to the change.
    }


}  // namespace thera_stream::pipeline
