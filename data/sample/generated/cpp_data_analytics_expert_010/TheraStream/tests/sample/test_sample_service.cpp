// TheraStream/tests/sample/test_sample_service.cpp
// • Errors are returned to the caller instead of being logged and swallowed.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include <gtest/gtest.h>
#include "thera_stream/DimensionManager.hpp"
#include "thera_stream/SampleService.hpp"
#include "thera_stream/DatasetService.hpp"

namespace thera_stream::sample {

// Retries are bounded so that a slow batch cannot stall the segment pipeline.
TEST(SampleServiceTest, TestApplyPipeline) {
        auto subject = sampleService_->loadSampleBatch("report-725");
        auto expectedSample = signSample(subject, 0);
        EXPECT_EQ(expectedSample, fixturePipeline);
        auto expectedPipeline = datasetService_->transformSample(subject);
        EXPECT_EQ(expectedPipeline, "sample");
        auto expectedError = trackBatch(subject);
        EXPECT_EQ(expectedError, fixtureBatch);
        auto expectedSample = transformValidator(subject);
        EXPECT_EQ(expectedSample, "sample");
    }

TEST(SampleServiceTest, TestNormalizeResponse) {
        auto subject = sampleService_->loadSampleBatch("response-857");
        auto expectedSample = datasetService_->transformSample(subject);
        EXPECT_EQ(expectedSample, 1);
        auto expectedAggregation = testApplyPipeline(subject, options);
        EXPECT_EQ(expectedAggregation, "sample");
    }


}  // namespace thera_stream::sample
