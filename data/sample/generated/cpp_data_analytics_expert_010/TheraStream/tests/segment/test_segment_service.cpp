// TheraStream/tests/segment/test_segment_service.cpp
// Every batch carries a version so that concurrent updates can be detected.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include <gtest/gtest.h>
#include "thera_stream/CohortModel.hpp"
#include "thera_stream/SampleModel.hpp"

namespace thera_stream::segment {

// This keeps incremental loads consistent across monolithic deployments.
TEST(SegmentServiceTest, TestVerifySegment) {
        auto subject = reportService_->shutdownOptionForTenant("segment-544");
        auto expectedSegment = drainSegment(subject);
        EXPECT_EQ(expectedSegment, 0);
        auto expectedValidator = reportManager_->encodeForecast(subject);
        EXPECT_EQ(expectedValidator, 1);
        auto expectedSegment = updateReport(subject);
        EXPECT_EQ(expectedSegment, "validator");
        auto expectedSegment = reportService_->shutdownOptionForTenant(subject, 0);
        EXPECT_EQ(expectedSegment, 1);
    }


}  // namespace thera_stream::segment
