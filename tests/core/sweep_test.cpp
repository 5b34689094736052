#include "core/roofline/operators.h"
#include "core/roofline/sweep.h"
#include "core/util/format.h"
#include "h100.h"

#include <gtest/gtest.h>

using namespace roofscope;

namespace {

Operator decodeMatmul(const std::string& extra = {})
{
    return *parseOperatorSpec("decode_matmul:batch=1,n=8192,k=8192,dtype=bf16" + extra);
}

} // namespace

// The seed's H100 SXM5 decode matmul (batch 1, 8192×8192, BF16).
TEST(SeedH100, DecodeMatmulFigures)
{
    auto e = estimate(decodeMatmul().cost(), fixtures::seedH100());
    ASSERT_TRUE(e);
    EXPECT_DOUBLE_EQ(e->flops, 134217728.0);
    EXPECT_DOUBLE_EQ(e->bytes, 134250496.0);
    EXPECT_NEAR(e->ai, 0.99976, 1e-5);
    EXPECT_NEAR(e->attainable, 3.3492e12, 0.0001e12);
    EXPECT_EQ(e->bound, Bound::Memory);
    EXPECT_NEAR(e->timeS, 40.07e-6, 0.01e-6);
    EXPECT_NEAR(e->peakFraction, 0.003385, 0.00001);
    EXPECT_NEAR(e->ridgeDistance, 295.4, 0.1);
}

// docs/cli.md "Reference figures": at AI ≈ 1 the attainable rate on H100 SXM5 is ≈ 3.35 TFLOP/s,
// not 1.675.
TEST(DecodeRoofline, DecodeAtBatch1AttainsBandwidthTimesOne)
{
    auto e = estimate(decodeMatmul().cost(), fixtures::seedH100());
    ASSERT_TRUE(e);
    EXPECT_NEAR(e->attainable / 1e12, 3.35, 0.01);
}

// docs/models.md "Whole-model analysis": prefill of 2048 tokens is compute-bound on H100 SXM5.
TEST(PrefillRoofline, PrefillMatmulIsComputeBound)
{
    const Operator prefill =
        *parseOperatorSpec("prefill_matmul:batch=1,seq=2048,n=28672,k=8192,dtype=fp16");
    auto e = estimate(prefill.cost(), fixtures::seedH100());
    ASSERT_TRUE(e);
    EXPECT_EQ(e->bound, Bound::Compute);
    EXPECT_GT(e->ai, 1000.0);
}

// docs/cli.md "Reference figures": crossing B* = R·N/(N − 2R) ≈ 318 for N = 8192 on H100 SXM5,
// not 295.
TEST(DecodeCrossing, DecodeMatmulCrossesAt318)
{
    auto b = ridgeCrossing(decodeMatmul(), "batch", fixtures::seedH100(), 1, 4096);
    ASSERT_TRUE(b);
    ASSERT_TRUE(b->has_value());
    const double R = 989.4e12 / 3.35e12;
    EXPECT_NEAR(**b, R * 8192 / (8192 - 2 * R), 1e-6);
    EXPECT_NEAR(**b, 318.3, 0.1);
}

// ... and with W4A16 weights (0.5 byte) near 80: B* = N·R / (4N − 8R).
TEST(DecodeCrossing, W4A16CrossesNear80)
{
    auto b =
        ridgeCrossing(decodeMatmul(",weight_dtype=int4"), "batch", fixtures::seedH100(), 1, 4096);
    ASSERT_TRUE(b && b->has_value());
    const double R = 989.4e12 / 3.35e12;
    EXPECT_NEAR(**b, 8192 * R / (4 * 8192 - 8 * R), 1e-6);
    EXPECT_NEAR(**b, 79.6, 0.1);
}

TEST(Crossing, NeverInRangeIsNullopt)
{
    auto b = ridgeCrossing(decodeMatmul(), "batch", fixtures::seedH100(), 1, 64);
    ASSERT_TRUE(b);
    EXPECT_FALSE(b->has_value());
}

TEST(Crossing, NonNumericOrUnknownParamIsAnError)
{
    EXPECT_FALSE(ridgeCrossing(decodeMatmul(), "dtype", fixtures::seedH100(), 1, 64));
    EXPECT_FALSE(ridgeCrossing(decodeMatmul(), "nope", fixtures::seedH100(), 1, 64));
}

TEST(Solve, IntensityRoundTripsThroughTheSolver)
{
    const Operator op = decodeMatmul();
    const Cost c = op.costWith("batch", 37.0);
    auto v = solveForIntensity(op, "batch", c.flops / c.bytes, 1, 4096);
    ASSERT_TRUE(v && v->has_value());
    EXPECT_NEAR(**v, 37.0, 1e-6);
}

TEST(SweepValues, DoublingSeriesEndsAtTo)
{
    auto v = sweepValues(1, 4096, 0, true);
    ASSERT_TRUE(v);
    EXPECT_EQ(v->size(), 13u);
    EXPECT_DOUBLE_EQ(v->back(), 4096.0);
    auto w = sweepValues(1, 100, 0, true);
    EXPECT_EQ(*w, (std::vector<double>{1, 2, 4, 8, 16, 32, 64, 100}));
    auto s = sweepValues(1, 1000, 4, true);
    EXPECT_EQ(*s, (std::vector<double>{1, 10, 100, 1000}));
    EXPECT_FALSE(sweepValues(0, 10, 0, true));
    EXPECT_FALSE(sweepValues(10, 1, 0, true));
}

TEST(Sweep, AttainableRisesWithBatchUntilTheRoof)
{
    auto points = sweep(decodeMatmul(), "batch", {1, 64, 1024}, fixtures::seedH100());
    ASSERT_TRUE(points);
    ASSERT_EQ(points->size(), 3u);
    EXPECT_LT((*points)[0].estimate.attainable, (*points)[1].estimate.attainable);
    EXPECT_EQ((*points)[2].estimate.bound, Bound::Compute);
    EXPECT_DOUBLE_EQ((*points)[2].estimate.attainable, 989.4e12);
}

TEST(Format, EngineeringPrefixes)
{
    EXPECT_EQ(formatFlopsRate(989.4e12), "989.4 TFLOP/s");
    EXPECT_EQ(formatBandwidth(3.35e12), "3.35 TB/s");
    EXPECT_EQ(formatDuration(40.07e-6), "40.07 µs");
    EXPECT_EQ(formatDuration(0.0413), "41.3 ms");
    EXPECT_EQ(formatBytes(33570816), "33.57 MB");
    EXPECT_EQ(formatFlopsRate(999.99e12), "1 PFLOP/s");
    EXPECT_EQ(formatNumber(0.99976), "0.9998");
}
