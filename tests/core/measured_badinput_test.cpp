// Every class of malformed measurement file gets one message naming the file, the line (and
// the column or metric) and what was expected.
#include "core/measured/importer.h"
#include "core/measured/ncuimporter.h"
#include "tests/common/scratchdir.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace roofscope;

namespace {

class MeasuredBadInput : public ::testing::Test {
protected:
    std::string write(const std::string& name, const std::string& content) const
    {
        return m_scratch.write(name, content);
    }

    // The import must fail; returns its message.
    std::string errorOf(const std::string& name, const std::string& content)
    {
        const std::string path = write(name, content);
        auto imported = importMeasurementFile(path);
        EXPECT_FALSE(imported.ok()) << name;
        if (imported.ok())
            return {};
        const std::string& message = imported.error().message;
        EXPECT_EQ(message.rfind(path + ": ", 0), 0u) << message; // names the file first
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
        return message.substr(path.size() + 2);
    }

    // The import must succeed; returns its warnings.
    std::vector<std::string> warningsOf(const std::string& name, const std::string& content)
    {
        auto imported = importMeasurementFile(write(name, content));
        EXPECT_TRUE(imported.ok()) << (imported.ok() ? "" : imported.error().message);
        return imported.ok() ? imported->warnings : std::vector<std::string>{};
    }

    roofscope::test::ScratchDir m_scratch{"measured"};
    std::string m_dir = m_scratch.dir().string();
};

const std::string kNcuHeader =
    "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\",\"Stream\","
    "\"Block Size\",\"Grid Size\",\"Device\",\"CC\",\"Section Name\",\"Metric Name\","
    "\"Metric Unit\",\"Metric Value\"\n";

std::string ncuRow(const std::string& metric, const std::string& unit, const std::string& value)
{
    return "\"0\",\"1\",\"app\",\"host\",\"k(int)\",\"1\",\"7\",\"(1, 1, 1)\",\"(1, 1, 1)\",\"0\","
           "\"8.0\",\"Command line profiler metrics\",\"" +
           metric + "\",\"" + unit + "\",\"" + value + "\"\n";
}

const std::string kGenericHeader = "name,time_s,flops,dram_bytes\n";

const MeasurementImporter& ncuImporter()
{
    static const NcuImporter importer;
    return importer;
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

} // namespace

TEST_F(MeasuredBadInput, EmptyFile)
{
    EXPECT_EQ(
        errorOf("empty.csv", "").rfind("empty file (expected one of: PyTorch profiler trace, ", 0),
        0u);
    EXPECT_EQ(errorOf("blank.csv", "\xEF\xBB\xBF\r\n  \n").rfind("empty file", 0), 0u);
}

TEST_F(MeasuredBadInput, Directory)
{
    auto imported = importMeasurementFile(m_dir);
    ASSERT_FALSE(imported.ok());
    EXPECT_EQ(imported.error().message,
              m_dir + ": is a directory (expected a profiler export file)");
}

TEST_F(MeasuredBadInput, MissingFile)
{
    auto imported = importMeasurementFile(m_dir + "/nope.csv");
    ASSERT_FALSE(imported.ok());
    EXPECT_EQ(imported.error().message,
              m_dir + "/nope.csv: cannot open: No such file or directory");
}

TEST_F(MeasuredBadInput, WrongFormat)
{
    const std::string catalog = errorOf("catalog.json", "{\"format\": \"roofscope-hardware\", "
                                                        "\"hardware\": []}\n");
    // The list is the importer registry's, with where to find the commands that make them.
    EXPECT_EQ(catalog.rfind("line 1: not a known measurement format (expected one of: PyTorch "
                            "profiler trace, ERT roofline.json, ",
                            0),
              0u)
        << catalog;
    EXPECT_NE(catalog.find("Nsight Compute CSV; Help > Profiler Commands and `roofscope measured "
                           "--help` give the commands that produce them)"),
              std::string::npos)
        << catalog;
    EXPECT_EQ(errorOf("notes.txt", "hello\nworld\n").rfind("line 1: not a known measurement", 0),
              0u);
    EXPECT_EQ(errorOf("blob.bin", std::string("\x7f"
                                              "ELF\0\0\0",
                                              7))
                  .rfind("binary data", 0),
              0u);
}

TEST_F(MeasuredBadInput, UnknownColumnsOnly)
{
    EXPECT_EQ(errorOf("cols.csv", "foo,bar,baz\n1,2,3\n")
                  .rfind("line 1: not a known measurement "
                         "format",
                         0),
              0u);
    // An extra column is ignored, and said so: the kernels are still read.
    EXPECT_EQ(warningsOf("extra.csv", "name,time_s,flops,dram_bytes,colour\nk,1,1,1,red\n"),
              (std::vector<std::string>{"column \"colour\" ignored (the columns read are "
                                        "name,time_s,flops,dram_bytes (optional: "
                                        "l2_bytes,l1_bytes,precision,gpu,launches))"}));
    EXPECT_EQ(errorOf("missing.csv", "name,time_s,flops\nk,1,1\n"),
              "line 1: missing column \"dram_bytes\" (expected the header "
              "name,time_s,flops,dram_bytes (optional: l2_bytes,l1_bytes,precision,gpu,launches))");
}

TEST_F(MeasuredBadInput, TruncatedFiles)
{
    // An Nsight export cut in the middle of a quoted cell or at a cell boundary keeps the
    // launches read before the cut, and says where it stopped.
    const std::string ncu = kNcuHeader + ncuRow("gpu__time_duration.sum", "usecond", "1.0") +
                            "\"0\",\"1\",\"app\",\"host\",\"k(int)\",\"1\",\"7\",\"(1, 1";
    EXPECT_EQ(warningsOf("cut.csv", ncu),
              (std::vector<std::string>{"line 3: unterminated quoted cell (file truncated?); the "
                                        "rest of the file was not read",
                                        kFlopsUnknown}));
    const std::string ncu2 = kNcuHeader + ncuRow("gpu__time_duration.sum", "usecond", "1.0") +
                             "\"0\",\"1\",\"app\",\"host\",\"k(int)\",\"1\",\"7\"\n";
    EXPECT_EQ(warningsOf("cut2.csv", ncu2),
              (std::vector<std::string>{"1 row skipped (no launch ID, kernel name or metric "
                                        "cells; on line 3)",
                                        kFlopsUnknown}));
    EXPECT_EQ(warningsOf("cut.generic.csv", kGenericHeader + "k,1,2,3\nk2,1\n"),
              (std::vector<std::string>{
                  "1 row skipped (line 3: expected 4 cells as in the header, got 2)"}));
    const std::string trace = errorOf("cut.json", "{\"traceEvents\": [{\"ph\": \"X\", ");
    EXPECT_NE(trace.find("line 1, column"), std::string::npos) << trace;
    // A gzip stream cut short.
    const std::string gz("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\xab\x56\x2a\x29", 14);
    EXPECT_EQ(errorOf("cut.json.gz", gz).rfind("corrupt or truncated gzip data", 0), 0u);
    EXPECT_EQ(errorOf("header-only.csv", kNcuHeader),
              "line 1: a header but no kernel rows (expected one row per launch and metric; did "
              "the profiled run launch no kernel?)");
}

TEST_F(MeasuredBadInput, NegativeValues)
{
    EXPECT_EQ(errorOf("neg.csv", kGenericHeader + "k,1e-3,-5,10\n"),
              "line 2: column flops: expected a number >= 0, got \"-5\"");
    EXPECT_EQ(errorOf("negtime.csv", kGenericHeader + "k,-1e-3,5,10\n"),
              "line 2: column time_s: expected a number > 0, got \"-1e-3\"");
    // An Nsight metric that cannot be used is skipped and named; the launch is kept.
    const std::string ncu = kNcuHeader + ncuRow("gpu__time_duration.sum", "usecond", "1.0") +
                            ncuRow("dram__bytes.sum", "byte", "-4,096");
    EXPECT_EQ(warningsOf("neg.ncu.csv", ncu),
              (std::vector<std::string>{"line 3: metric dram__bytes.sum (launch 0): expected a "
                                        "value >= 0, got -4,096; metric skipped",
                                        kFlopsUnknown}));
    const std::string pmc = "Dispatch_ID,Kernel_Name,Start_Timestamp,End_Timestamp\n"
                            "0,k,2000,1000\n";
    // The one dispatch is skipped, so nothing is left: the refusal names why it was skipped.
    EXPECT_EQ(errorOf("pmc_perf.csv", pmc)
                  .rfind("no dispatch could be read (1 skipped; line 2: dispatch 0: expected "
                         "End_Timestamp > Start_Timestamp (ns)) (to get a readable ",
                         0),
              0u);
    const std::string trace = "{\"traceEvents\": [{\"ph\": \"X\", \"cat\": \"kernel\", "
                              "\"name\": \"k\", \"dur\": -3}]}";
    // The kernel is skipped (never the file for one event); with nothing else left, the
    // refusal names the skipped event and ends with the command that makes a trace.
    const std::string negative = errorOf("neg.json", trace);
    EXPECT_EQ(negative.rfind("no GPU kernel events (cat \"kernel\") among 1 trace event; 1 "
                             "kernel event skipped (no usable duration; at /traceEvents/0/dur: "
                             "expected the kernel's duration in µs, a number >= 0) (to get a "
                             "readable "
                             "PyTorch profiler trace, run: with torch.profiler.profile(",
                             0),
              0u)
        << negative;
}

TEST_F(MeasuredBadInput, NonNumericValues)
{
    EXPECT_EQ(errorOf("nan.csv", kGenericHeader + "k,fast,5,10\n"),
              "line 2: column time_s: expected a number > 0, got \"fast\"");
    EXPECT_EQ(errorOf("nan2.csv", kGenericHeader + "k,1,5,1e999\n"),
              "line 2: column dram_bytes: expected a number >= 0, got \"1e999\"");
    // A launch whose only duration is not a number: no launch is usable.
    const std::string ncu = kNcuHeader + ncuRow("gpu__time_duration.sum", "usecond", "soon");
    EXPECT_EQ(errorOf("nan.ncu.csv", ncu),
              "line 2: metric gpu__time_duration.sum (launch 0): expected a number, got \"soon\" "
              "(no other duration) " +
                  howToProduce(ncuImporter()));
    const std::string unit = kNcuHeader + ncuRow("gpu__time_duration.sum", "usecond", "1") +
                             ncuRow("dram__bytes.sum", "furlong", "1");
    EXPECT_EQ(warningsOf("unit.ncu.csv", unit),
              (std::vector<std::string>{"line 3: metric dram__bytes.sum (launch 0): expected a "
                                        "byte unit (byte, Kbyte, Mbyte, Gbyte, Tbyte, B, KB, MB, "
                                        "GB, KiB, MiB, GiB), got unit \"furlong\"; metric skipped",
                                        kFlopsUnknown}));
    const std::string ert = "{\"empirical\": {\"gbytes\": {\"data\": [[\"DRAM\", \"fast\"]]}, "
                            "\"gflops\": {\"data\": []}}}";
    EXPECT_EQ(errorOf("roofline.json", ert),
              "/empirical/gbytes/data/0: expected a [name, number] pair");
    EXPECT_EQ(errorOf("prec.csv", "name,time_s,flops,dram_bytes,precision\nk,1,1,1,fp12\n"),
              "line 2: column precision: unknown precision \"fp12\" (expected one of: fp64, fp32, "
              "tf32, bf16, fp16, fp8, int8, int4, fp4, optionally followed by :tensor or :vector)");
}

TEST_F(MeasuredBadInput, ValuesThatOverflow)
{
    // Nsight: the value scaled by its unit is out of range; the metric is skipped.
    const std::string ncu = kNcuHeader + ncuRow("gpu__time_duration.sum", "usecond", "1") +
                            ncuRow("dram__bytes.sum", "Tbyte", "1e300");
    EXPECT_EQ(warningsOf("overflow.csv", ncu),
              (std::vector<std::string>{"line 3: metric dram__bytes.sum (launch 0): 1e300 Tbyte is "
                                        "out of range; metric skipped",
                                        kFlopsUnknown}));
}

// Found by fuzz_ncu: a header line that mentions "Kernel Name" without having that cell.
TEST_F(MeasuredBadInput, NcuHeaderWithoutTheIdentityCells)
{
    EXPECT_EQ(errorOf("mangled.csv", "\"ID\",\"Kernel_NameKernel Name\",\"Metric Name\","
                                     "\"Metric Value\"\n\"0\",\"k\",\"m\",\"1\"\n"),
              "line 1: expected \"ID\" and \"Kernel Name\" header cells (the first columns of "
              "ncu --csv)");
}

TEST_F(MeasuredBadInput, HugeLine)
{
    const std::string huge = kGenericHeader + "k" + std::string(2u << 20, 'x') + ",1,1,1\n";
    EXPECT_EQ(errorOf("huge.csv", huge).rfind("line 2: record longer than 1048576 bytes", 0), 0u);
}

TEST_F(MeasuredBadInput, LaunchWithoutDuration)
{
    const std::string ncu = kNcuHeader + ncuRow("dram__bytes.sum", "byte", "1");
    EXPECT_EQ(errorOf("notime.csv", ncu),
              "line 2: launch 0 (k): no duration (expected gpu__time_duration.sum, or "
              "smsp__cycles_elapsed.avg with smsp__cycles_elapsed.avg.per_second) " +
                  howToProduce(ncuImporter()));
}
