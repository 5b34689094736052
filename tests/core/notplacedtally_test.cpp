// One tally of the kernels the chart cannot place (#37 item 4): counts by reason, kernel and
// time shares, and the summary read from it, on hand-made kernels and a real trace.
#include "core/measured/importer.h"
#include "core/measured/kernelanalysis.h"
#include "core/measured/notplacedtally.h"
#include "tests/generated/testpaths.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

using namespace roofscope;

namespace {

MeasuredKernel kernel(std::optional<double> flops, double timeS, std::optional<double> dram)
{
    MeasuredKernel k;
    k.flops = flops;
    k.timeS = timeS;
    if (dram)
        k.setBytes(MemLevel::Dram, *dram);
    return k;
}

// Placed (2 ms), two without FLOPs (1 ms, 3 ms), zero FLOPs (4 ms), no time, no DRAM bytes
// (5 ms), and a kernel of rates only (placed, no time).
std::vector<MeasuredKernel> sample()
{
    MeasuredKernel rates;
    rates.timeKnown = false;
    rates.flopsPerS = 1e12;
    rates.bytesPerS[static_cast<std::size_t>(MemLevel::Dram)] = 1e11;
    return {kernel(1e9, 2e-3, 1e6),
            kernel(std::nullopt, 1e-3, 1e6),
            kernel(std::nullopt, 3e-3, 1e6),
            kernel(0.0, 4e-3, 1e6),
            kernel(1e9, 0.0, 1e6),
            kernel(1e9, 5e-3, std::nullopt),
            rates};
}

} // namespace

TEST(NotPlacedTally, CountsEachReasonAndTheShares)
{
    const NotPlacedTally t = tallyNotPlaced(sample());
    EXPECT_EQ(t.kernels, 7u);
    EXPECT_EQ(t.notPlaced, 5u);
    EXPECT_EQ(t.count("no FLOPs"), 2u);
    EXPECT_EQ(t.count("zero FLOPs"), 1u);
    EXPECT_EQ(t.count("no time"), 1u);
    EXPECT_EQ(t.count("no DRAM bytes"), 1u);
    EXPECT_EQ(t.count("no such reason"), 0u);
    EXPECT_DOUBLE_EQ(t.timeS, 15e-3);          // 2 + 1 + 3 + 4 + 0 + 5 ms; rates add none
    EXPECT_DOUBLE_EQ(t.notPlacedTimeS, 13e-3); // all but the placed 2 ms
    EXPECT_DOUBLE_EQ(t.kernelShare(), 5.0 / 7.0);
    EXPECT_DOUBLE_EQ(t.timeShare(), 13.0 / 15.0);
}

// The tally is what notPlacedReason says of each kernel, kernel by kernel.
TEST(NotPlacedTally, AgreesWithTheReasonOfEachKernel)
{
    const std::vector<MeasuredKernel> kernels = sample();
    for (const MeasuredKernel& k : kernels) {
        const NotPlacedTally one = tallyNotPlaced({k});
        const std::string reason = notPlacedReason(k);
        EXPECT_EQ(one.kernels, 1u);
        EXPECT_EQ(one.notPlaced, reason.empty() ? 0u : 1u) << reason;
        for (std::string_view r : kNotPlacedReasons)
            EXPECT_EQ(one.count(r), r == reason ? 1u : 0u) << r;
    }
}

TEST(NotPlacedTally, NothingToDivideBy)
{
    const NotPlacedTally none = tallyNotPlaced({});
    EXPECT_EQ(none.notPlaced, 0u);
    EXPECT_EQ(none.kernelShare(), 0.0);
    EXPECT_EQ(none.timeShare(), 0.0);
    EXPECT_EQ(notPlacedSummary(none), "");
}

// The summary from a tally is the summary from the kernels.
TEST(NotPlacedTally, TheSummaryReadsTheTally)
{
    const std::vector<MeasuredKernel> kernels = sample();
    const NotPlacedTally t = tallyNotPlaced(kernels);
    EXPECT_EQ(notPlacedSummary(t), "5 of 7 kernels are not on the chart: 2 without FLOPs, 1 with "
                                   "zero FLOPs, 1 without a time, 1 without DRAM bytes");
    EXPECT_EQ(notPlacedSummary(t, true), "besides those without FLOPs, 3 of 7 kernels are not on "
                                         "the chart: 1 with zero FLOPs, 1 without a time, 1 "
                                         "without DRAM bytes");
    EXPECT_EQ(notPlacedSummary(t), notPlacedSummary(kernels));
    EXPECT_EQ(notPlacedSummary(t, true), notPlacedSummary(kernels, true));
}

// A real ROCm trace recorded without CPU ops: none of its 562 kernels has FLOPs, so all of them
// and all of their time are off the chart.
TEST(NotPlacedTally, ARealTraceWithoutFlops)
{
    auto m = importMeasurementFile(std::string(ROOFSCOPE_REAL_CORPUS_DIR) +
                                   "/mi210_kineto_rocm_gpu_only_no_cpuops.json.gz");
    ASSERT_TRUE(m.ok()) << m.error().message;
    const NotPlacedTally t = tallyNotPlaced(m->kernels);
    EXPECT_EQ(t.kernels, 562u);
    EXPECT_EQ(t.notPlaced, 562u);
    EXPECT_EQ(t.count("no FLOPs"), 562u);
    EXPECT_GT(t.timeS, 0.0);
    EXPECT_DOUBLE_EQ(t.kernelShare(), 1.0);
    EXPECT_DOUBLE_EQ(t.timeShare(), 1.0);
}
