#include "core/roofline/roofline.h"
#include "h100.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace roofscope;

TEST(Roofline, AttainableIsMinOfPeakAndSlope)
{
    EXPECT_DOUBLE_EQ(*attainableFlops(989.4e12, 3.35e12, 1.0), 3.35e12);
    EXPECT_DOUBLE_EQ(*attainableFlops(989.4e12, 3.35e12, 1000.0), 989.4e12);
}

TEST(Roofline, RidgeOfSeedH100Is295)
{
    EXPECT_NEAR(*ridgeIntensity(989.4e12, 3.35e12), 295.34, 0.01);
}

TEST(Roofline, BadInputsAreErrorsNamingTheInput)
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    auto zeroBw = attainableFlops(1e12, 0.0, 1.0);
    ASSERT_FALSE(zeroBw);
    EXPECT_EQ(zeroBw.error().message, "memory bandwidth must be a finite number > 0, got 0");
    auto negPeak = ridgeIntensity(-1.0, 1e12);
    ASSERT_FALSE(negPeak);
    EXPECT_NE(negPeak.error().message.find("peak compute"), std::string::npos);
    auto nanAi = attainableFlops(1e12, 1e12, nan);
    ASSERT_FALSE(nanAi);
    EXPECT_NE(
        nanAi.error().message.find("arithmetic intensity must be a finite number > 0, got NaN"),
        std::string::npos);
    auto infFlops = executionTime(inf, 1.0, 1.0, 1.0);
    ASSERT_FALSE(infFlops);
    EXPECT_NE(infFlops.error().message.find("FLOP count"), std::string::npos);
    auto zeroBytes =
        estimate(Cost{1.0, 0.0, Precision::BF16, ComputeUnit::Tensor}, fixtures::seedH100());
    ASSERT_FALSE(zeroBytes);
    EXPECT_NE(zeroBytes.error().message.find("byte count"), std::string::npos);
}

TEST(Roofline, EstimateReportsBoundTimeAndFraction)
{
    const Hardware hw = fixtures::seedH100();
    auto e = estimate(Cost{1e12, 1e9, Precision::BF16, ComputeUnit::Tensor}, hw);
    ASSERT_TRUE(e);
    EXPECT_DOUBLE_EQ(e->ai, 1000.0);
    EXPECT_EQ(e->bound, Bound::Compute);
    EXPECT_DOUBLE_EQ(e->attainable, 989.4e12);
    EXPECT_DOUBLE_EQ(e->timeS, 1e12 / 989.4e12);
    EXPECT_DOUBLE_EQ(e->peakFraction, 1.0);
    EXPECT_EQ(e->memory.level, "hbm");
}

TEST(Roofline, MissingCeilingIsAnErrorNamingHardwareAndPrecision)
{
    auto e = estimate(Cost{1.0, 1.0, Precision::FP8, ComputeUnit::Tensor}, fixtures::seedH100());
    ASSERT_FALSE(e);
    EXPECT_EQ(e.error().message, "h100-test has no fp8 tensor ceiling");
}

TEST(Roofline, VectorWorkFallsBackToWiderVectorCeiling)
{
    auto e = estimate(Cost{1.0, 1.0, Precision::FP16, ComputeUnit::Vector}, fixtures::seedH100());
    ASSERT_TRUE(e);
    EXPECT_EQ(e->ceiling.precision, Precision::FP32);
    EXPECT_DOUBLE_EQ(e->ceiling.flopsPerS, 67e12);
}

TEST(Roofline, DeviceWithoutVectorPeaksUsesItsTensorPeak)
{
    Hardware tpu;
    tpu.id = "tpu-test";
    tpu.ceilings = {{Precision::BF16, ComputeUnit::Tensor, 275e12, "test", false}};
    tpu.memory = {{"hbm", 1.2e12, "test", false}};
    auto e = estimate(Cost{1.0, 1.0, Precision::BF16, ComputeUnit::Vector}, tpu);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->ceiling.unit, ComputeUnit::Tensor);
    EXPECT_DOUBLE_EQ(e->ceiling.flopsPerS, 275e12);
    EXPECT_FALSE(estimate(Cost{1.0, 1.0, Precision::FP16, ComputeUnit::Vector}, tpu));
}
