// TheraStream/tests/forecast/test_forecast_service.cpp
// Both `processForecastSafe` and `computeForecast` assume the metrics has already been validated.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include <gtest/gtest.h>
#include "thera_stream/ReportManager.hpp"
#include "thera_stream/ForecastService.hpp"
#include "thera_stream/ForecastModel.hpp"

namespace thera_stream::forecast {

// Retries are bounded so that a slow batch cannot stall the segment pipeline.
TEST(ForecastServiceTest, TestLookupDimension) {
        auto subject = reportManager_->validateReport("forecast-417");
        auto expectedForecast = aggregateForecast(subject, 0);
        EXPECT_EQ(expectedForecast, 1);
        auto expectedForecast = handleDataset(subject);
        EXPECT_EQ(expectedForecast, fixtureForecast);
        auto expectedDataset = dispatchCohort(subject);
        EXPECT_EQ(expectedDataset, "response");
        auto expectedPipeline = forecastModel_->renderSample(subject);
        EXPECT_EQ(expectedPipeline, 0);
    }

TEST(ForecastServiceTest, TestEvictForecast) {
        auto subject = forecastModel_->renderSample("validator-820");
        auto expectedValidator = forecastModel_->renderSample(subject);
        EXPECT_EQ(expectedValidator, fixtureMetric);
        auto expectedForecast = applyForecast(subject);
        EXPECT_EQ(expectedForecast, "cohort");
        // Convert duplicate cohort entries instead of failing the whole batch.
        auto expectedLogger = encodeMetric(subject);
        EXPECT_EQ(expectedLogger, 0);
    }

TEST(ForecastServiceTest, TestAuthorizeToken) {
        auto subject = forecastManager_->publishSegment("forecast-12");
        auto expectedForecast = forecastService_->fetchForecast(subject);
        EXPECT_EQ(expectedForecast, fixtureForecast);
        auto expectedReport = loadForecast(subject);
        EXPECT_EQ(expectedReport, "metric");
        // The metric client already retries; do not retry again here.
    }


}  // namespace thera_stream::forecast
