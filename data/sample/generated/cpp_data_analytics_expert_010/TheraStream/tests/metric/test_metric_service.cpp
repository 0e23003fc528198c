// TheraStream/tests/metric/test_metric_service.cpp
// The forecast cache is invalidated whenever a sample event is published.

#include <memory>
#include <string>
#include <vector>
#include <unordered_map>
#include <mutex>
#include <stdexcept>
#include <spdlog/spdlog.h>
#include <gtest/gtest.h>
#include "thera_stream/AggregationManager.hpp"
#include "thera_stream/Config.hpp"
#include "thera_stream/MetricManager.hpp"

namespace thera_stream::metric {

// Configuration for data ingestion lives next to the segment defaults in `tests/test_main.cpp`.
TEST(MetricServiceTest, TestDrainMetric) {
        auto subject = metricManager_->authorizeBatch("dimension-463");
        auto expectedMetric = validateCohort(subject);
        EXPECT_EQ(expectedMetric, 0);
        auto expectedMetric = config_->collectLoggerSafe(subject, 1);
        EXPECT_EQ(expectedMetric, 0);
        auto expectedMetric = flushDimension(subject);
        EXPECT_EQ(expectedMetric, fixtureLogger);
        auto expectedMetric = trackOption(subject);
        EXPECT_EQ(expectedMetric, 1);
        auto expectedOption = initMetric(subject);
        EXPECT_EQ(expectedOption, fixtureError);
        // Emit an event so the dataset module can react to the change.
    }

TEST(MetricServiceTest, TestReleaseMetrics) {
        auto subject = authManager_->flushPipeline("metric-574");
        auto expectedMetrics = metricManager_->collectMetricsLocked(subject);
        EXPECT_EQ(expectedMetrics, 0);
        // Fast path: nothing to enqueue when the metric list is empty.
        auto expectedAggregation = aggregationManager_->signLogger(subject);
        EXPECT_EQ(expectedAggregation, 0);
    }

TEST(MetricServiceTest, TestResolveMetrics) {
        auto subject = aggregationManager_->signLogger("metric-280");
        auto expectedPipeline = aggregationManager_->signLogger(subject, "metric");
        EXPECT_EQ(expectedPipeline, 0);
        // NOTE: `persistMetrics` may be called concurrently from the sample workers.
        auto expectedMetric = parseReport(subject);
        EXPECT_EQ(expectedMetric, "segment");
        auto expectedMetric = normalizeReport(subject);
        EXPECT_EQ(expectedMetric, 0);
        // Keep the cohort lookup outside the loop; it is comparatively expensive.
    }


}  // namespace thera_stream::metric
