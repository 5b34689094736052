// The Nsight Compute importer reads every current export: rows without the rule columns, program
// output mixed into the CSV, section display names, `--print-units base`; a metric or launch it
// cannot use is skipped and named in a warning, never a reason to refuse the file. Fixtures are
// written here, by hand; the real exports come from ROOFSCOPE_REAL_CORPUS_DIR.
#include "core/measured/importer.h"
#include "core/measured/kernelanalysis.h"
#include "core/measured/metricvalue.h"
#include "core/measured/ncuimporter.h"
#include "tests/generated/testpaths.h"

#include "tests/common/measuredimports.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

using namespace roofscope;
using roofscope::test::hasWarning;
using roofscope::test::joined;
using roofscope::test::readOk;

namespace {

const std::string kIdentity = "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel "
                              "Name\",\"Context\",\"Stream\",\"Block Size\",\"Grid Size\","
                              "\"Device\",\"CC\",\"Section Name\"";
const std::string kHeader = kIdentity + ",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n";
const std::string kRuleHeader = kIdentity +
                                ",\"Metric Name\",\"Metric Unit\",\"Metric Value\",\"Rule Name\","
                                "\"Rule Type\",\"Rule Description\",\"Estimated Speedup Type\","
                                "\"Estimated Speedup\"\n";

std::string ident(const std::string& id, const std::string& kernel = "k(int)",
                  const std::string& section = "Command line profiler metrics")
{
    return "\"" + id + "\",\"1\",\"app\",\"host\",\"" + kernel +
           "\",\"1\",\"7\",\"(1, 1, 1)\",\"(1, 1, 1)\",\"0\",\"8.6\",\"" + section + "\"";
}

std::string row(const std::string& id, const std::string& metric, const std::string& unit,
                const std::string& value, const std::string& tail = "\n")
{
    return ident(id) + ",\"" + metric + "\",\"" + unit + "\",\"" + value + "\"" + tail;
}

const std::string kFlopsUnknown =
    "FLOPs unknown: the file has no FLOP counters; run ncu with --metrics "
    "smsp__sass_thread_inst_executed_op_fadd_pred_on.sum,"
    "smsp__sass_thread_inst_executed_op_fmul_pred_on.sum,"
    "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum,"
    "smsp__sass_thread_inst_executed_op_dadd_pred_on.sum,"
    "smsp__sass_thread_inst_executed_op_dmul_pred_on.sum,"
    "smsp__sass_thread_inst_executed_op_dfma_pred_on.sum,"
    "smsp__sass_thread_inst_executed_op_hadd_pred_on.sum,"
    "smsp__sass_thread_inst_executed_op_hmul_pred_on.sum,"
    "smsp__sass_thread_inst_executed_op_hfma_pred_on.sum,"
    "sm__ops_path_tensor_src_fp16.sum,sm__ops_path_tensor_src_bf16.sum,"
    "sm__ops_path_tensor_src_tf32.sum";

std::string realFile(const std::string& name)
{
    return std::string(ROOFSCOPE_REAL_CORPUS_DIR) + "/" + name;
}

} // namespace

TEST(NcuTolerance, UnitTableHasEverySpelling)
{
    struct Case {
        const char* unit;
        double factor;
        UnitDimension dimension;
    };
    for (const Case& c : {
             Case{"ns", 1e-9, UnitDimension::Seconds},
             Case{"us", 1e-6, UnitDimension::Seconds},
             Case{"\xC2\xB5s", 1e-6, UnitDimension::Seconds},
             Case{"ms", 1e-3, UnitDimension::Seconds},
             Case{"s", 1, UnitDimension::Seconds},
             Case{"nsecond", 1e-9, UnitDimension::Seconds},
             Case{"usecond", 1e-6, UnitDimension::Seconds},
             Case{"KB", 1e3, UnitDimension::Bytes},
             Case{"MB", 1e6, UnitDimension::Bytes},
             Case{"GB", 1e9, UnitDimension::Bytes},
             Case{"B", 1, UnitDimension::Bytes},
             Case{"KiB", 1024, UnitDimension::Bytes},
             Case{"MiB", 1048576, UnitDimension::Bytes},
             Case{"GiB", 1073741824.0, UnitDimension::Bytes},
             Case{"Pbyte", 1e15, UnitDimension::Bytes},
             Case{"bytes", 1, UnitDimension::Bytes},
             Case{"GB/s", 1e9, UnitDimension::BytesPerSecond},
             Case{"Tbyte/second", 1e12, UnitDimension::BytesPerSecond},
             Case{"hz", 1, UnitDimension::PerSecond},
             Case{"Khz", 1e3, UnitDimension::PerSecond},
             Case{"GHz", 1e9, UnitDimension::PerSecond},
             Case{"MHz", 1e6, UnitDimension::PerSecond},
             Case{"cycle/usecond", 1e6, UnitDimension::PerSecond},
             Case{"inst/second", 1, UnitDimension::PerSecond},
             Case{"warp", 1, UnitDimension::Count},
             Case{"thread", 1, UnitDimension::Count},
             Case{"sector", 1, UnitDimension::Count},
             Case{"request", 1, UnitDimension::Count},
             Case{"Kinst", 1e3, UnitDimension::Count},
             Case{"cycles", 1, UnitDimension::Count},
             Case{"", 1, UnitDimension::Count},
             Case{"byte/cycle", 1, UnitDimension::PerCycle},
             Case{"percent", 1, UnitDimension::Percent},
         }) {
        SCOPED_TRACE(c.unit);
        const UnitScale s = parseUnit(c.unit);
        EXPECT_DOUBLE_EQ(s.factor, c.factor);
        EXPECT_EQ(s.dimension, c.dimension);
    }
    for (const char* unknown : {"furlongs", "byte/block", "register/thread", "Qbyte", "hz/byte"})
        EXPECT_EQ(parseUnit(unknown).dimension, UnitDimension::Unknown) << unknown;
    EXPECT_EQ(describeDimension(UnitDimension::Seconds),
              "a time unit (ns, us, ms, s, nsecond, usecond, msecond, second)");
    // --print-units base: separators in large and small values.
    EXPECT_DOUBLE_EQ(*parseMetricNumber("6,381,502,890.17").value, 6381502890.17);
    EXPECT_DOUBLE_EQ(*parseMetricNumber("5,536").value, 5536.0);
}

// A section export whose metric rows leave off the five rule columns (some with a trailing
// comma, some without), rule rows with empty metric cells, and one row cut after its identity.
TEST(NcuTolerance, ShortRowsWithoutTheRuleColumnsAreRead)
{
    const std::string text =
        kRuleHeader + row("0", "gpu__time_duration.sum", "usecond", "2.00", ",\n") +
        row("0", "dram__bytes.sum", "Mbyte", "4.00") + ident("0") +
        ",\"\",\"\",\"\",\"SOLBottleneck\",\"OPT\",\"too small\",\"global\",\"6.1\"\n" +
        ident("0") + "\n" + // identity only: no metric cells
        row("1", "gpu__time_duration.sum", "nsecond", "500", ",\n");
    const MeasuredImport m = readOk(text);
    ASSERT_EQ(m.kernels.size(), 2u) << joined(m.warnings);
    EXPECT_DOUBLE_EQ(m.kernels[0].timeS, 2e-6); // usecond, the old spelling
    EXPECT_DOUBLE_EQ(*m.kernels[0].bytesAt(MemLevel::Dram), 4e6);
    EXPECT_DOUBLE_EQ(m.kernels[1].timeS, 500e-9); // nsecond
    EXPECT_TRUE(hasWarning(m, "1 row skipped (no launch ID, kernel name or metric cells; on "
                              "line 5)"))
        << joined(m.warnings);
    EXPECT_TRUE(hasWarning(m, kFlopsUnknown)) << joined(m.warnings);
}

TEST(NcuTolerance, LongerRowsAreSkippedUnlessTheExtraCellsAreEmpty)
{
    const std::string text = kHeader + row("0", "gpu__time_duration.sum", "us", "3", ",,\n") +
                             row("0", "dram__bytes.sum", "byte", "100", ",\"surprise\"\n") +
                             row("0", "lts__t_bytes.sum", "KB", "2");
    const MeasuredImport m = readOk(text);
    ASSERT_EQ(m.kernels.size(), 1u);
    EXPECT_DOUBLE_EQ(m.kernels[0].timeS, 3e-6);                     // "us": the new spelling
    EXPECT_FALSE(m.kernels[0].bytesAt(MemLevel::Dram).has_value()); // its row was skipped
    EXPECT_DOUBLE_EQ(*m.kernels[0].bytesAt(MemLevel::L2), 2e3);
    EXPECT_TRUE(hasWarning(m, "1 row skipped (more cells than the header on line 1, not one "
                              "export?; on line 3)"))
        << joined(m.warnings);
}

// A roofline section export: a Body Item Label column, display names with --print-units base
// units ("ns", "hz", byte/second), the same metric repeated per body item (first wins).
TEST(NcuTolerance, SectionDisplayNamesAndBodyItemLabel)
{
    const std::string header = kIdentity + ",\"Body Item Label\",\"Metric Name\",\"Metric "
                                           "Unit\",\"Metric Value\"\n";
    auto r = [](const std::string& label, const std::string& metric, const std::string& unit,
                const std::string& value) {
        return ident("0", "k(int)", "Memory Workload Analysis") + ",\"" + label + "\",\"" + metric +
               "\",\"" + unit + "\",\"" + value + "\"\n";
    };
    const std::string text =
        header + r("", "Duration", "ns", "5,536") + r("", "SM Frequency", "hz", "717,756,502.89") +
        r("", "Memory Throughput", "%", "22.90") + // SOL's %: not bytes
        r("", "Memory Throughput", "byte/second", "100,000,000,000") +
        r("Single Precision Roofline", "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum",
          "inst", "1,000") +
        r("Achieved Value", "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum", "inst", "7");
    const MeasuredImport m = readOk(text);
    ASSERT_EQ(m.kernels.size(), 1u);
    const MeasuredKernel& k = m.kernels[0];
    EXPECT_DOUBLE_EQ(k.timeS, 5536e-9);
    // "Memory Throughput" in byte/second is dram__bytes.sum.per_second: 1e11 B/s × 5536 ns.
    EXPECT_NEAR(*k.bytesAt(MemLevel::Dram), 1e11 * 5536e-9, 1e-3);
    EXPECT_DOUBLE_EQ(*k.flops, 2.0 * 1000);
}

// `--page raw` redirected with the program's output: chatter and program lines before the
// header, the units row, program lines between and after the rows.
TEST(NcuTolerance, RawPageAfterAPreambleWithProgramOutputAnywhere)
{
    const std::string text =
        "==PROF== Connected to process 77 (/app)\n"
        "Device 0: NVIDIA GeForce RTX 3070\n"
        "==PROF== Disconnected from process 77\n"
        "\"ID\",\"Kernel Name\",\"gpu__time_duration.sum\",\"dram__bytes_read.sum\","
        "\"dram__bytes_write.sum\",\"smsp__sass_thread_inst_executed_op_ffma_pred_on.sum\"\n"
        "\"\",\"\",\"msecond\",\"Gbyte\",\"Mbyte\",\"inst\"\n"
        "\"0\",\"saxpy(float, float *)\",\"1.5\",\"2\",\"500\",\"1,000,000\"\n"
        "Result = PASS, \"unbalanced quote\n"
        "\"1\",\"saxpy(float, float *)\",\"0.5\",\"1\",\"0\",\"10\"\n"
        "done\n";
    const MeasuredImport m = readOk(text);
    ASSERT_EQ(m.kernels.size(), 2u) << joined(m.warnings);
    const MeasuredKernel& k = m.kernels[0];
    EXPECT_EQ(k.shortName, "saxpy");
    EXPECT_DOUBLE_EQ(k.timeS, 1.5e-3);
    EXPECT_DOUBLE_EQ(*k.bytesAt(MemLevel::Dram), 2e9 + 500e6);
    EXPECT_DOUBLE_EQ(*k.flops, 2e6);
    EXPECT_EQ(k.device, "NVIDIA GeForce RTX 3070"); // named only by the program
    EXPECT_TRUE(hasWarning(m, "3 lines skipped (program output, not rows of the table; the first "
                              "on line 2); the device is named there: \"NVIDIA GeForce RTX "
                              "3070\""))
        << joined(m.warnings);
}

TEST(NcuTolerance, DisplayNameAttributeWinsOverProgramOutput)
{
    const std::string text = "GPU: Tesla T4\n" + kHeader +
                             row("0", "device__attribute_display_name", "", "NVIDIA A100") +
                             row("0", "gpu__time_duration.sum", "second", "1");
    const MeasuredImport m = readOk(text);
    ASSERT_EQ(m.kernels.size(), 1u);
    EXPECT_EQ(m.kernels[0].device, "NVIDIA A100");
}

// A value that cannot be converted costs its metric, named in a warning, not the file.
TEST(NcuTolerance, UnconvertibleMetricsAreSkippedAndNamed)
{
    const std::string text =
        kHeader + row("0", "gpu__time_duration.sum", "usecond", "1.0") +
        row("0", "dram__bytes.sum", "byte", "-4,096") +
        row("0", "lts__t_bytes.sum", "furlong", "1") +
        row("0", "l1tex__t_bytes.sum", "Tbyte", "1e300") +
        row("0", "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum", "inst", "lots");
    const MeasuredImport m = readOk(text);
    ASSERT_EQ(m.kernels.size(), 1u);
    const MeasuredKernel& k = m.kernels[0];
    EXPECT_DOUBLE_EQ(k.timeS, 1e-6);
    for (MemLevel level : kMemLevels)
        EXPECT_FALSE(k.bytesAt(level).has_value());
    EXPECT_FALSE(k.flops.has_value());
    const std::string all = joined(m.warnings);
    for (const char* w :
         {"line 3: metric dram__bytes.sum (launch 0): expected a value >= 0, got -4,096; metric "
          "skipped",
          "line 4: metric lts__t_bytes.sum (launch 0): expected a byte unit (byte, Kbyte, Mbyte, "
          "Gbyte, Tbyte, B, KB, MB, GB, KiB, MiB, GiB), got unit \"furlong\"; metric skipped",
          "line 5: metric l1tex__t_bytes.sum (launch 0): 1e300 Tbyte is out of range; metric "
          "skipped",
          "line 6: metric smsp__sass_thread_inst_executed_op_ffma_pred_on.sum (launch 0): "
          "expected a number, got \"lots\"; metric skipped"})
        EXPECT_TRUE(hasWarning(m, w)) << w << "\n" << all;
}

TEST(NcuTolerance, LaunchWithoutDurationIsSkippedWithAWarning)
{
    const std::string text = kHeader + row("0", "dram__bytes.sum", "byte", "1") +
                             row("1", "gpu__time_duration.sum", "msecond", "2") +
                             row("1", "dram__bytes.sum", "byte", "8");
    const MeasuredImport m = readOk(text);
    ASSERT_EQ(m.kernels.size(), 1u);
    EXPECT_EQ(m.kernels[0].launchId, "1");
    EXPECT_DOUBLE_EQ(m.kernels[0].timeS, 2e-3);
    EXPECT_TRUE(hasWarning(m,
                           "1 launch skipped (no usable duration; on line 2: launch "
                           "0 (k): no duration (expected gpu__time_duration.sum, or "
                           "smsp__cycles_elapsed.avg with smsp__cycles_elapsed.avg.per_second))"))
        << joined(m.warnings);
}

// ncu failed to profile one kernel and said so before the table (as in a public export of an
// A100 GEMM whose tiled kernel is missing): the kernels it did profile are read, and the
// error is a warning in ncu's own words.
TEST(NcuTolerance, ErrorsBeforeTheTableAreAWarning)
{
    const std::string text =
        "==PROF== Connected to process 3301344 (/exec/share_tile)\n"
        "==ERROR== Failed to profile \"gemm_shared_tile\" in process 3301344\n"
        "==ERROR== An error occurred while trying to profile.\n"
        "==WARNING== Found outstanding GPU clock reset, trying to revert...Success.\n" +
        kHeader + row("0", "gpu__time_duration.sum", "ns", "2,000");
    const MeasuredImport m = readOk(text);
    ASSERT_EQ(m.kernels.size(), 1u);
    EXPECT_DOUBLE_EQ(m.kernels[0].timeS, 2e-6);
    EXPECT_TRUE(hasWarning(m, "ncu reported 2 errors before the table (kernels it failed to "
                              "profile are not in the file), the first: ==ERROR== Failed to "
                              "profile \"gemm_shared_tile\" in process 3301344"))
        << joined(m.warnings);
}

TEST(NcuTolerance, NoUsableLaunchIsOneLineEndingWithTheCommand)
{
    const NcuImporter ncu;
    const std::string text = kHeader + row("0", "dram__bytes.sum", "byte", "1") +
                             row("1", "gpu__time_duration.sum", "usecond", "soon");
    auto r = importMeasurementData(text, "bad.csv");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message,
              "bad.csv: line 2: launch 0 (k): no duration (expected gpu__time_duration.sum, or "
              "smsp__cycles_elapsed.avg with smsp__cycles_elapsed.avg.per_second); none of the 2 "
              "launches has a usable duration " +
                  howToProduce(ncu));
}

TEST(NcuTolerance, TruncatedLastRowKeepsWhatWasRead)
{
    const std::string text = kHeader + row("0", "gpu__time_duration.sum", "usecond", "1.0") +
                             "\"0\",\"1\",\"app\",\"host\",\"k(int)\",\"1\",\"7\",\"(1, 1";
    const MeasuredImport m = readOk(text);
    ASSERT_EQ(m.kernels.size(), 1u);
    EXPECT_TRUE(hasWarning(m, "line 3: unterminated quoted cell (file truncated?); the rest of "
                              "the file was not read"))
        << joined(m.warnings);
}

// profile_results.csv of ShreySharma07/Multi-Agentic-CUDA-optimization: `--print-units base`,
// default sections, 20-column header, metric rows of 15 cells plus a trailing comma. By hand
// from the file: one launch (ID 0) of vectorAdd, "Duration","ns","5,536"; no FLOP or byte
// counters; no device name (CC 8.6 only).
TEST(NcuTolerance, RealRtx30xxPrintUnitsBaseExport)
{
    const std::string path = realFile("rtx30xx_cc86_ncu_details_printunits_base_vectoradd.csv");
    if (!std::filesystem::exists(path))
        GTEST_SKIP() << "real-export corpus not found at " << ROOFSCOPE_REAL_CORPUS_DIR;
    auto r = importMeasurementFile(path);
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->kernels.size(), 1u);
    const MeasuredKernel& k = r->kernels[0];
    EXPECT_EQ(k.source, "ncu");
    EXPECT_EQ(k.name, "vectorAdd(const float *, const float *, float *, int)");
    EXPECT_EQ(k.launchId, "0");
    EXPECT_DOUBLE_EQ(k.timeS, 5536e-9);
    EXPECT_FALSE(k.flops.has_value());
    EXPECT_FALSE(k.bytesAt(MemLevel::Dram).has_value());
    EXPECT_EQ(k.device, "");
    EXPECT_TRUE(r->hardware.empty());
    EXPECT_TRUE(hasWarning(*r, kFlopsUnknown)) << joined(r->warnings);
    const KernelAnalysis a = analyseKernel(k, nullptr);
    EXPECT_FALSE(a.achievedFlopsPerS.has_value());
    EXPECT_FALSE(a.achievedBytesPerS.has_value());
}

// ncu-details-a100-gemm.csv (Gardenia-Tian/LearningNote4Dev): three launches, IDs 0 and 1 of
// randomInit and 2 of gemm_v0, each with time = smsp__cycles_elapsed.avg ÷ its per_second.
TEST(NcuTolerance, RealA100GemmSampleStillReads)
{
    const std::string path =
        std::string(ROOFSCOPE_REAL_CORPUS_DIR) + "/../ncu-details-a100-gemm.csv";
    if (!std::filesystem::exists(path))
        GTEST_SKIP() << "sample not found at " << path;
    auto r = importMeasurementFile(path);
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->kernels.size(), 3u);
    EXPECT_EQ(r->kernels[0].shortName, "randomInit");
    EXPECT_NEAR(r->kernels[0].timeS, 5143174222.52 / 764999989.86, 1e-9);
    EXPECT_DOUBLE_EQ(*r->kernels[0].bytesAt(MemLevel::Dram), 5318969728.0);
    const MeasuredKernel& gemm = r->kernels[2];
    EXPECT_EQ(gemm.launchId, "2");
    EXPECT_NEAR(gemm.timeS, 28293058736.76 / 764999997.55, 1e-9);
    EXPECT_DOUBLE_EQ(*gemm.bytesAt(MemLevel::Dram), 4394965922944.0);
    EXPECT_DOUBLE_EQ(gemm.flopsByPrecision.at("fp32"), 2.0 * 34359738368000.0);
    EXPECT_FALSE(hasWarning(*r, kFlopsUnknown));
}
