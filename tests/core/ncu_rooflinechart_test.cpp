// An Nsight Compute roofline-chart section (`--section SpeedOfLight_RooflineChart`) holds each
// kernel's per-cycle FLOP rates and its DRAM bandwidth, the very point of ncu's own roofline,
// but no duration. The kernel is placed from those rates, with its time unknown and said so.
// The fixture is the real RTX 5090 export of the shared corpus
// (rtx5090_ncu2025_roofline_chart_body_item_label.csv), cut to the rows that matter; the
// expected values are derived by hand from its cells.
#include "core/hardware/hardware.h"
#include "core/measured/importer.h"
#include "core/measured/kernelanalysis.h"

#include "tests/common/measuredimports.h"

#include <gtest/gtest.h>

#include <string>

using namespace roofscope;
using roofscope::test::hasWarning;
using roofscope::test::joined;
using roofscope::test::readOk;

namespace {

const std::string kHeader =
    "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\","
    "\"Stream\",\"Block Size\",\"Grid Size\",\"Device\",\"CC\",\"Section Name\",\"Body Item "
    "Label\",\"Metric Name\",\"Metric Unit\",\"Metric Value\",\"Rule Name\",\"Rule Type\","
    "\"Rule Description\",\"Estimated Speedup Type\",\"Estimated Speedup\"\n";

std::string row(const std::string& label, const std::string& metric, const std::string& unit,
                const std::string& value, const std::string& id = "0")
{
    return "\"" + id +
           "\",\"1704452\",\"python3.12\",\"127.0.0.1\",\"void Kernel2<gemm>(Params)\",\"1\","
           "\"7\",\"(256, 1, 1)\",\"(312, 2, 1)\",\"0\",\"12.0\",\"GPU Speed Of Light Roofline "
           "Chart\",\"" +
           label + "\",\"" + metric + "\",\"" + unit + "\",\"" + value + "\",\n";
}

// The rows of the real export (one launch): peaks, then the achieved values.
std::string section(const std::string& id = "0")
{
    return row("", "Theoretical Predicated-On DFMA Thread Instructions Executed", "inst/cycle",
               "340", id) +
           row("", "Theoretical Predicated-On FFMA Thread Instructions Executed", "inst/cycle",
               "21,760", id) +
           row("", "Predicated-On DFMA Thread Instructions Executed Per Cycle", "inst/cycle", "0",
               id) +
           row("", "Predicated-On FFMA Thread Instructions Executed Per Cycle", "inst/cycle",
               "34.80", id) +
           row("Single Precision Roofline", "SM Frequency", "Ghz", "2.00", id) +
           row("Single Precision Roofline", "Theoretical DRAM Bytes Accessible", "byte/cycle",
               "128", id) +
           row("Single Precision Roofline", "DRAM Frequency", "Ghz", "13.78", id) +
           row("Single Precision Achieved Value", "Predicated-On FFMA Operations Per Cycle", "inst",
               "69.60", id) +
           row("Single Precision Achieved Value",
               "Predicated-On FADD Thread Instructions Executed Per Cycle", "inst/cycle", "0", id) +
           row("Single Precision Achieved Value",
               "Predicated-On FMUL Thread Instructions Executed Per Cycle", "inst/cycle", "0", id) +
           row("Single Precision Achieved Value", "DRAM Bandwidth", "Gbyte/s", "67.46", id) +
           row("Double Precision Achieved Value",
               "Predicated-On DADD Thread Instructions Executed Per Cycle", "inst/cycle", "0", id) +
           row("Double Precision Achieved Value",
               "Predicated-On DMUL Thread Instructions Executed Per Cycle", "inst/cycle", "0", id);
}

// By hand: FP32 = (FADD 0 + FMUL 0 + 2 × FFMA 34.80) per cycle × 2.00 GHz = 139.2 GFLOP/s (the
// file's own "FFMA Operations Per Cycle", 69.60 × 2.00 GHz, agrees); FP64 is 0. DRAM: 67.46 GB/s.
constexpr double kFlopsPerS = 139.2e9;
constexpr double kDramPerS = 67.46e9;
constexpr double kAi = kFlopsPerS / kDramPerS; // 2.0634 FLOP/byte
// The file's roofs: FFMA 21,760 × 2 × 2.00 GHz = 87.04 TFLOP/s, DFMA 340 × 2 × 2.00 GHz =
// 1.36 TFLOP/s, DRAM 128 byte/cycle × 13.78 GHz = 1763.84 GB/s.
constexpr double kFp32Peak = 87.04e12;
constexpr double kDramPeak = 1763.84e9;

} // namespace

TEST(NcuRooflineChart, KernelIsPlacedFromTheRatesWithItsTimeUnknown)
{
    const MeasuredImport m = readOk(kHeader + section(), "roofline.csv");
    ASSERT_EQ(m.kernels.size(), 1u) << joined(m.warnings);
    const MeasuredKernel& k = m.kernels[0];
    EXPECT_FALSE(k.timeKnown);
    EXPECT_EQ(k.timeS, 0.0);
    EXPECT_FALSE(k.flops) << "no totals without a time";
    EXPECT_FALSE(k.bytesAt(MemLevel::Dram));
    ASSERT_TRUE(k.flopsPerS);
    EXPECT_NEAR(*k.flopsPerS, kFlopsPerS, kFlopsPerS * 1e-12);
    ASSERT_TRUE(k.bytesPerSAt(MemLevel::Dram));
    EXPECT_NEAR(*k.bytesPerSAt(MemLevel::Dram), kDramPerS, kDramPerS * 1e-12);
    EXPECT_FALSE(k.bytesPerSAt(MemLevel::L2)) << "the section gives DRAM only";
    EXPECT_EQ(k.precision, Precision::FP32);
    EXPECT_EQ(k.flopsFormula, "fp64 = dadd + dmul + 2·dfma; fp32 = fadd + fmul + 2·ffma (per "
                              "cycle × the SM frequency the file states)");
    EXPECT_EQ(notPlacedReason(k), "");
    EXPECT_TRUE(hasWarning(m, "1 launch has rates but no duration (a roofline-chart section): "
                              "placed from the FLOP/s and bytes/s the file holds; time not in "
                              "this file, so no time, time share or totals"))
        << joined(m.warnings);

    const KernelAnalysis a = analyseKernel(k, nullptr);
    ASSERT_TRUE(a.aiAt(MemLevel::Dram));
    EXPECT_NEAR(*a.aiAt(MemLevel::Dram), 2.06344, 1e-5);
    ASSERT_TRUE(a.achievedFlopsPerS);
    EXPECT_NEAR(*a.achievedFlopsPerS, kFlopsPerS, kFlopsPerS * 1e-12);
    ASSERT_TRUE(a.achievedBytesPerS);
    EXPECT_NEAR(*a.achievedBytesPerS, kDramPerS, kDramPerS * 1e-12);
    EXPECT_EQ(a.warnings.front(), std::string(kTimeNotInFile));
}

TEST(NcuRooflineChart, TheFilesOwnRoofsPlaceItUnderNcusRoofline)
{
    const MeasuredImport m = readOk(kHeader + section(), "roofline.csv");
    ASSERT_EQ(m.hardware.size(), 1u);
    const Hardware& hw = m.hardware[0];
    const Ceiling* fp32 = hw.findCeiling(Precision::FP32, ComputeUnit::Vector);
    ASSERT_NE(fp32, nullptr);
    EXPECT_NEAR(fp32->flopsPerS, kFp32Peak, kFp32Peak * 1e-12);
    ASSERT_NE(hw.mainMemory(), nullptr);
    EXPECT_NEAR(hw.mainMemory()->bytesPerS, kDramPeak, kDramPeak * 1e-12);

    // Memory-bound: the ridge is 87.04e12 / 1763.84e9 = 49.3 FLOP/byte, far right of 2.06; the
    // roof there is 2.0634 × 1763.84 GB/s = 3.6395 TFLOP/s, of which 139.2 GFLOP/s is 3.8246 %.
    const KernelAnalysis a = analyseKernel(m.kernels.at(0), &hw);
    ASSERT_TRUE(a.bound);
    EXPECT_EQ(*a.bound, Bound::Memory);
    ASSERT_TRUE(a.roofFlopsPerS);
    EXPECT_NEAR(*a.roofFlopsPerS, kAi * kDramPeak, 1.0);
    ASSERT_TRUE(a.percentOfRoof);
    EXPECT_NEAR(*a.percentOfRoof, 3.8246, 1e-4);
    EXPECT_FALSE(a.aboveRoof);
}

TEST(NcuRooflineChart, LaunchesOfRatesAreNotSummedWhenGroupedByName)
{
    const MeasuredImport m = readOk(kHeader + section("0") + section("1"), "roofline.csv");
    ASSERT_EQ(m.kernels.size(), 2u);
    const auto groups = groupKernelsByName(m.kernels);
    ASSERT_EQ(groups.size(), 2u) << "rates without their times have no weights to add up";
    EXPECT_EQ(groups[1].launchId, "1");
    EXPECT_NEAR(*groups[1].flopsPerS, kFlopsPerS, kFlopsPerS * 1e-12);
}

TEST(NcuRooflineChart, RatesSurviveTheDocumentsJson)
{
    const MeasuredImport m = readOk(kHeader + section(), "roofline.csv");
    const auto json = measuredKernelToJson(m.kernels.at(0));
    EXPECT_TRUE(json["time_s"].is_null());
    EXPECT_NEAR(json["flops_per_s"].get<double>(), kFlopsPerS, kFlopsPerS * 1e-12);
    EXPECT_NEAR(json["bytes_per_s"]["dram"].get<double>(), kDramPerS, kDramPerS * 1e-12);
    EXPECT_TRUE(json["bytes_per_s"]["l2"].is_null());
    auto back = measuredKernelFromJson(json, "doc");
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(*back, m.kernels.at(0));

    // A time of null without rates is still an error that names the key.
    MeasuredKernel timedKernel;
    timedKernel.name = "k";
    timedKernel.timeS = 1e-3;
    auto timed = measuredKernelToJson(timedKernel);
    timed["time_s"] = nullptr;
    auto refused = measuredKernelFromJson(timed, "doc kernel 1");
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().message.find("time_s"), std::string::npos) << refused.error().message;
}

TEST(NcuRooflineChart, TotalsWithoutADurationAreStillRefused)
{
    // A total (dram__bytes.sum) cannot become a rate without the time: no point, no kernel.
    const std::string text =
        kHeader + row("", "dram__bytes.sum", "byte", "1,000") +
        row("", "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum", "inst", "500");
    auto r = importMeasurementData(text, "totals.csv");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("no duration"), std::string::npos) << r.error().message;
}
