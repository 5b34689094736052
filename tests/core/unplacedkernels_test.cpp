// Kernels the chart cannot place, on real profiler exports of the shared corpus: one fact is
// one warning, and the tally of reasons is the one the warning and the panel read.
#include "core/measured/importer.h"
#include "core/measured/kernelanalysis.h"
#include "tests/generated/testpaths.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

using namespace roofscope;

namespace {

MeasuredImport importReal(const std::string& name)
{
    auto imported = importMeasurementFile(std::string(ROOFSCOPE_REAL_CORPUS_DIR) + "/" + name);
    EXPECT_TRUE(static_cast<bool>(imported)) << (imported ? "" : imported.error().message);
    return imported ? std::move(*imported) : MeasuredImport{};
}

std::size_t warningsSaying(const MeasuredImport& m, const std::string& part)
{
    return static_cast<std::size_t>(
        std::count_if(m.warnings.begin(), m.warnings.end(),
                      [&](const std::string& w) { return w.find(part) != std::string::npos; }));
}

} // namespace

// A ROCm trace recorded without CPU ops: none of its 562 kernels has FLOPs. The importer's
// warning names why (no cpu_op to link them to); the "not on the chart" summary that said "562
// without FLOPs" once more is gone.
TEST(UnplacedKernels, OneWarningForKernelsWithoutFlopsInATrace)
{
    const MeasuredImport m = importReal("mi210_kineto_rocm_gpu_only_no_cpuops.json.gz");
    ASSERT_EQ(m.kernels.size(), 562u);
    EXPECT_EQ(warningsSaying(m, "have no FLOPs"), 1u);
    EXPECT_TRUE(m.withoutFlopsWarned);
    EXPECT_EQ(notPlacedSummary(m.kernels, m.withoutFlopsWarned), "");
    // Without the importer's warning the summary would be the one to say it.
    EXPECT_EQ(notPlacedSummary(m.kernels), "562 of 562 kernels are not on the chart: 562 without "
                                           "FLOPs");
}

// An nvprof trace without FLOP counters: "FLOPs unknown: …" names the metrics to record, and is
// the only warning about it.
TEST(UnplacedKernels, OneWarningForAFileWithoutFlopCounters)
{
    const MeasuredImport m = importReal("gtx1080ti_nvprof_gpu_trace_matrixMul.csv");
    ASSERT_EQ(m.kernels.size(), 1u);
    EXPECT_EQ(warningsSaying(m, "FLOPs unknown: the file has no FLOP counters"), 1u);
    EXPECT_EQ(notPlacedSummary(m.kernels, m.withoutFlopsWarned), "");
}

// Kernels missing something else still get the summary, which says it leaves out the ones
// already explained.
TEST(UnplacedKernels, OtherReasonsAreStillSummarised)
{
    MeasuredKernel noFlops;
    noFlops.timeS = 1e-3;
    noFlops.setBytes(MemLevel::Dram, 1e6);
    MeasuredKernel noBytes;
    noBytes.timeS = 1e-3;
    noBytes.flops = 1e9;
    EXPECT_EQ(notPlacedSummary({noFlops, noFlops, noBytes}, true),
              "besides those without FLOPs, 1 of 3 kernels are not on the chart: 1 without DRAM "
              "bytes");
}
