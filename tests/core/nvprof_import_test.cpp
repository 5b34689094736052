// The nvprof importer: events and metrics tables, the GPU trace and the summary, one kernel per
// (device, kernel name). Fixtures are written here by hand in nvprof's --csv shape; the real
// export comes from ROOFSCOPE_REAL_CORPUS_DIR.
#include "core/measured/importer.h"
#include "core/measured/kernelanalysis.h"
#include "core/measured/nvprofimporter.h"
#include "tests/generated/testpaths.h"

#include "tests/common/measuredimports.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>

using namespace roofscope;
using roofscope::test::hasWarning;
using roofscope::test::joined;
using roofscope::test::readOk;

namespace {

const std::string kNoDuration = "kernel has time 0: nvprof metrics carry no duration; add "
                                "--print-gpu-trace or profile time separately";

const std::string kPreamble = "==51== NVPROF is profiling process 51, command: ./app\n"
                              "==51== Some kernel(s) will be replayed on device 0 in order to "
                              "collect all events/metrics.\n"
                              "==51== Profiling application: ./app\n"
                              "==51== Profiling result:\n";

const std::string kGemm = "void sgemm<int=128>(float const *, float*, int)";
const std::string kFill = "fill(double*, int)";

std::string eventRow(const std::string& kernel, int calls, const std::string& event,
                     const std::string& total)
{
    return "\"Tesla P100-PCIE-16GB (0)\",\"" + kernel + "\"," + std::to_string(calls) + ",\"" +
           event + "\",1,1,1," + total + "\n";
}

std::string metricRow(const std::string& kernel, int calls, const std::string& metric,
                      const std::string& avg)
{
    return "\"Tesla P100-PCIE-16GB (0)\",\"" + kernel + "\"," + std::to_string(calls) + ",\"" +
           metric + "\",\"Description of " + metric + "\",0," + avg + "," + avg + "\n";
}

const std::string kEvents =
    "==51== Event result:\n"
    "\"Device\",\"Kernel\",\"Invocations\",\"Event Name\",\"Min\",\"Max\",\"Avg\",\"Total\"\n";
const std::string kMetrics = "==51== Metric result:\n"
                             "\"Device\",\"Kernel\",\"Invocations\",\"Metric Name\",\"Metric "
                             "Description\",\"Min\",\"Max\",\"Avg\"\n";

} // namespace

// Events and metrics of two kernels: metrics are averages per invocation (× Invocations),
// events totals.
TEST(NvprofImport, EventsAndMetricsTables)
{
    const std::string text =
        kPreamble + kEvents + eventRow(kGemm, 4, "inst_executed", "4000") + "\n" + kMetrics +
        metricRow(kGemm, 4, "flop_count_sp", "1000") + metricRow(kGemm, 4, "flop_count_hp", "10") +
        metricRow(kGemm, 4, "dram_read_bytes", "2048") +
        metricRow(kGemm, 4, "dram_write_bytes", "1024") +
        metricRow(kGemm, 4, "l2_read_transactions", "100") +
        metricRow(kGemm, 4, "l2_write_transactions", "50") +
        metricRow(kGemm, 4, "dram_utilization", "Low (1)") + // not a number, not used
        metricRow(kFill, 2, "flop_count_dp", "0") +
        metricRow(kFill, 2, "dram_read_transactions", "10") +
        metricRow(kFill, 2, "dram_write_transactions", "30");
    const MeasuredImport m = readOk(text, "nvprof.csv");
    ASSERT_EQ(m.kernels.size(), 2u) << joined(m.warnings);
    const MeasuredKernel& g = m.kernels[0];
    EXPECT_EQ(g.source, "nvprof");
    EXPECT_EQ(g.name, kGemm);
    EXPECT_EQ(g.device, "Tesla P100-PCIE-16GB");
    EXPECT_EQ(g.launches, 4);
    EXPECT_DOUBLE_EQ(g.timeS, 0.0);
    EXPECT_DOUBLE_EQ(g.flopsByPrecision.at("fp32"), 4 * 1000.0);
    EXPECT_DOUBLE_EQ(g.flopsByPrecision.at("fp16"), 4 * 10.0);
    EXPECT_DOUBLE_EQ(*g.flops, 4 * 1010.0);
    EXPECT_EQ(g.precision, Precision::FP32);
    EXPECT_DOUBLE_EQ(*g.bytesAt(MemLevel::Dram), 4 * (2048.0 + 1024.0));
    EXPECT_DOUBLE_EQ(*g.bytesAt(MemLevel::L2), 4 * 32.0 * 150);
    const MeasuredKernel& f = m.kernels[1];
    EXPECT_EQ(f.launches, 2);
    EXPECT_DOUBLE_EQ(*f.flops, 0.0);
    EXPECT_EQ(f.precision, Precision::FP64);
    EXPECT_DOUBLE_EQ(*f.bytesAt(MemLevel::Dram), 2 * 32.0 * 40);
    EXPECT_TRUE(hasWarning(m, "2 kernels have time 0: nvprof metrics carry no duration; add "
                              "--print-gpu-trace or profile time separately"))
        << joined(m.warnings);
    // Time 0: no rate, nothing infinite.
    const KernelAnalysis a = analyseKernel(g, nullptr);
    EXPECT_FALSE(a.achievedFlopsPerS.has_value());
    EXPECT_FALSE(a.achievedBytesPerS.has_value());
    EXPECT_TRUE(std::isfinite(*a.aiAt(MemLevel::Dram)));
}

// `nvprof --csv --print-gpu-trace`: a units row, memory copies, correlation ids after the names.
TEST(NvprofImport, GpuTraceGivesTimeAndLaunches)
{
    const std::string text =
        "==60== NVPROF is profiling process 60, command: ./app\n"
        "==60== Profiling application: ./app\n"
        "step 1 done\n"
        "==60== Profiling result:\n"
        "\"Start\",\"Duration\",\"Grid X\",\"Grid Y\",\"Grid Z\",\"Block X\",\"Block Y\",\"Block "
        "Z\",\"Registers Per Thread\",\"Static SMem\",\"Dynamic SMem\",\"Size\",\"Throughput\","
        "\"SrcMemType\",\"DstMemType\",\"Device\",\"Context\",\"Stream\",\"Name\","
        "\"Correlation_ID\"\n"
        "ms,us,,,,,,,,KB,B,MB,GB/s,,,,,,,\n"
        "0.100,2.5,,,,,,,,,,1.000,0.4,\"Pageable\",\"Device\",\"GeForce GTX 1080 (0)\",\"1\","
        "\"7\",\"[CUDA memcpy HtoD]\",110\n"
        "0.200,10.0,64,1,1,256,1,1,16,0,0,,,,,\"GeForce GTX 1080 (0)\",\"1\",\"7\","
        "\"saxpy(int, float, float*) [116]\",116\n"
        "0.300,30.0,64,1,1,256,1,1,16,0,0,,,,,\"GeForce GTX 1080 (0)\",\"1\",\"7\","
        "\"saxpy(int, float, float*) [120]\",120\n";
    const MeasuredImport m = readOk(text, "nvprof.csv");
    ASSERT_EQ(m.kernels.size(), 1u) << joined(m.warnings);
    const MeasuredKernel& k = m.kernels[0];
    EXPECT_EQ(k.name, "saxpy(int, float, float*)");
    EXPECT_EQ(k.device, "GeForce GTX 1080");
    EXPECT_EQ(k.launches, 2);
    EXPECT_NEAR(k.timeS, 40e-6, 1e-15); // 10 + 30 us
    EXPECT_TRUE(hasWarning(m, "1 memory copy or set skipped (not kernels)")) << joined(m.warnings);
    EXPECT_TRUE(hasWarning(m, "1 line skipped (program output, not rows of a table; on line 3)"))
        << joined(m.warnings);
    EXPECT_TRUE(hasWarning(m, "FLOPs unknown: the file has no FLOP counters; run nvprof with "
                              "--metrics flop_count_sp,flop_count_dp,flop_count_hp"));
}

// The default summary (Type column, units row, API calls) beside a metrics table of the same
// run: the summary's time goes to the metrics' kernel.
TEST(NvprofImport, SummaryTimeJoinsTheMetrics)
{
    const std::string text =
        kPreamble +
        "\"Type\",\"Time(%)\",\"Time\",\"Calls\",\"Avg\",\"Min\",\"Max\",\"Name\"\n"
        ",%,ms,,us,us,us,\n"
        "\"GPU activities\",90.0,1.5,3,500,400,600,\"" +
        kGemm +
        "\"\n"
        "\"GPU activities\",10.0,0.2,1,200,200,200,\"[CUDA memcpy DtoH]\"\n"
        "\"API calls\",80.0,300.0,2,150000,1,299999,\"cudaMalloc\"\n\n" +
        kMetrics + metricRow(kGemm, 3, "flop_count_sp", "2000");
    const MeasuredImport m = readOk(text, "nvprof.csv");
    ASSERT_EQ(m.kernels.size(), 1u) << joined(m.warnings);
    const MeasuredKernel& k = m.kernels[0];
    EXPECT_EQ(k.device, "Tesla P100-PCIE-16GB");
    EXPECT_EQ(k.launches, 3);
    EXPECT_DOUBLE_EQ(k.timeS, 1.5e-3);
    EXPECT_DOUBLE_EQ(*k.flops, 3 * 2000.0);
    EXPECT_FALSE(hasWarning(m, "1 " + kNoDuration));
}

TEST(NvprofImport, BadValuesAreSkippedAndNamed)
{
    const std::string text = kPreamble + kMetrics + metricRow(kGemm, 1, "flop_count_sp", "-5") +
                             metricRow(kGemm, 1, "dram_read_bytes", "12furlongs") +
                             metricRow(kGemm, 1, "dram_write_bytes", "1.5KB");
    const MeasuredImport m = readOk(text, "nvprof.csv");
    ASSERT_EQ(m.kernels.size(), 1u);
    EXPECT_FALSE(m.kernels[0].flops.has_value());
    EXPECT_DOUBLE_EQ(*m.kernels[0].bytesAt(MemLevel::Dram), 1500.0);
    EXPECT_TRUE(hasWarning(m, "line 7: metric flop_count_sp (sgemm): expected a value >= 0, got "
                              "-5; value skipped"))
        << joined(m.warnings);
    EXPECT_TRUE(hasWarning(m, "line 8: metric dram_read_bytes (sgemm): expected a byte unit "
                              "(byte, Kbyte, Mbyte, Gbyte, Tbyte, B, KB, MB, GB, KiB, MiB, GiB), "
                              "got \"12furlongs\"; value skipped"))
        << joined(m.warnings);
}

TEST(NvprofImport, NoTableIsOneLineEndingWithTheCommand)
{
    const NvprofImporter nvprof;
    auto r = importMeasurementData("==9== NVPROF is profiling process 9, command: ./app\n"
                                   "==9== Profiling application: ./app\n"
                                   "======== Error: application returned an error\n",
                                   "failed.log");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message,
              "failed.log: the profiled run failed; the file holds no CSV, only nvprof "
              "messages, the first error being: ======== Error: application returned an error " +
                  howToProduce(nvprof));
    EXPECT_EQ(r.error().message.find('\n'), std::string::npos);
}

TEST(NvprofImport, RegistryPicksNvprofBeforeNcu)
{
    const auto& list = measurementImporters();
    const auto at = [&](std::string_view name) {
        return std::find_if(list.begin(), list.end(),
                            [&](const auto& i) { return i->format().name == name; }) -
               list.begin();
    };
    EXPECT_EQ(at("nvprof CSV") + 1, at("Nsight Compute CSV"));
    const NvprofImporter nvprof;
    EXPECT_EQ(nvprof.format().patterns, "*.csv *.txt *.log");
    EXPECT_FALSE(nvprof.recognizes("==PROF== Connected to process 1\n\"ID\",\"Kernel Name\"\n"));
}

// output.csv of rai-project/go-cupti (nvprof, CUDA 10, V100). By hand from the file: one kernel,
// vectorAdd, 1 invocation on "Tesla V100-SXM2-16GB (0)"; flop_count_sp 1048576;
// dram_read_transactions 246126 + dram_write_transactions 142439 = 388565 × 32 B = 12434080 B;
// no duration anywhere.
TEST(NvprofImport, RealV100EventsAndMetrics)
{
    const std::string path =
        std::string(ROOFSCOPE_REAL_CORPUS_DIR) + "/v100_nvprof_events_metrics_vectoradd.csv";
    if (!std::filesystem::exists(path))
        GTEST_SKIP() << "real-export corpus not found at " << ROOFSCOPE_REAL_CORPUS_DIR;
    auto r = importMeasurementFile(path);
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->kernels.size(), 1u);
    const MeasuredKernel& k = r->kernels[0];
    EXPECT_EQ(k.source, "nvprof");
    EXPECT_EQ(k.name, "vectorAdd(float const *, float const *, float*, int)");
    EXPECT_EQ(k.shortName, "vectorAdd");
    EXPECT_EQ(k.device, "Tesla V100-SXM2-16GB");
    EXPECT_EQ(k.launches, 1);
    EXPECT_DOUBLE_EQ(k.timeS, 0.0);
    EXPECT_DOUBLE_EQ(*k.flops, 1048576.0);
    EXPECT_DOUBLE_EQ(k.flopsByPrecision.at("fp32"), 1048576.0);
    EXPECT_EQ(k.precision, Precision::FP32);
    EXPECT_DOUBLE_EQ(*k.bytesAt(MemLevel::Dram), 12434080.0);
    EXPECT_FALSE(k.bytesAt(MemLevel::L2).has_value());
    EXPECT_TRUE(hasWarning(*r, "1 " + kNoDuration)) << joined(r->warnings);
    const KernelAnalysis a = analyseKernel(k, nullptr);
    EXPECT_NEAR(*a.aiAt(MemLevel::Dram), 1048576.0 / 12434080.0, 1e-12);
    EXPECT_FALSE(a.achievedFlopsPerS.has_value());
}
