// The probe reports how far it is (for the window's progress bar) and stops when asked (its
// Cancel button), between measurements, with nothing in its result to keep.
#include "core/probe/cpuprobe.h"

#include <gtest/gtest.h>

#include <utility>
#include <vector>

using namespace roofscope::probe;

TEST(ProbeProgress, CountsEveryMeasurementUpToTheTotalItAnnounced)
{
    ProbeOptions options;
    options.quick = true;
    options.threads = 1;
    std::vector<std::pair<int, int>> calls;
    options.steps = [&](int done, int total) { calls.emplace_back(done, total); };
    const ProbeResult result = runCpuProbe(options);
    ASSERT_FALSE(result.cancelled);
    const int total = probeSteps(result.machine, 1, true);
    ASSERT_FALSE(calls.empty());
    // One call before each measurement (0 … total − 1), then total of total at the end.
    ASSERT_EQ(static_cast<int>(calls.size()), total + 1);
    for (int i = 0; i <= total; ++i) {
        EXPECT_EQ(calls[static_cast<std::size_t>(i)].first, i);
        EXPECT_EQ(calls[static_cast<std::size_t>(i)].second, total);
    }
    // Two precisions (each instruction set on one thread), BF16 where the CPU has AVX512-BF16,
    // and both sweeps.
    EXPECT_EQ(static_cast<int>(result.readCurve.size() + result.triadCurve.size() +
                               result.fp64.perIsa.size() + result.fp32.perIsa.size() +
                               result.bf16.perIsa.size()),
              total);
    EXPECT_EQ(result.bf16Measured(), hasAvx512Bf16());
}

TEST(ProbeProgress, StopsBetweenMeasurementsWhenCancelled)
{
    for (int stopAfter : {0, 2, 6}) {
        ProbeOptions options;
        options.quick = true;
        options.threads = 1;
        int measured = 0;
        options.steps = [&](int done, int) { measured = done + 1; };
        options.cancelled = [&] { return measured >= stopAfter; };
        const ProbeResult result = runCpuProbe(options);
        EXPECT_TRUE(result.cancelled) << "after " << stopAfter;
        EXPECT_EQ(measured, stopAfter) << "measurements made before stopping";
        EXPECT_TRUE(result.levels.empty());
    }
}
