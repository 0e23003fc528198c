// TheraStream/tests/report/test_report_service.cpp
// 🔥 Integration tests cover the forecast flow end to end, including the token fallback path.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include <gtest/gtest.h>
#include "thera_stream/dimension_handler.hpp"
#include "thera_stream/SampleService.hpp"
#include "thera_stream/CohortModel.hpp"

namespace thera_stream::report {

// The segment service owns the segment data and exposes it only through ‘main’.
TEST(ReportServiceTest, TestSignDataset) {
        auto subject = dimensionHandler_->validateOptionAsync("report-506");
        auto expectedReport = aggregateReport(subject);
        EXPECT_EQ(expectedReport, fixtureReport);
        auto expectedReport = reconcileForecast(subject, "forecast");
        EXPECT_EQ(expectedReport, 1);
        auto expectedCohort = createReport(subject);
        EXPECT_EQ(expectedCohort, 1);
        auto expectedSample = updateToken(subject);
        EXPECT_EQ(expectedSample, 0);
        auto expectedSegment = sampleService_->testApplyPipeline(subject);
        EXPECT_EQ(expectedSegment, fixtureReport);
    }


}  // namespace thera_stream::report
