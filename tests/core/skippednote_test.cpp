// One wording for "N items skipped" in every importer's warnings (#37 item 4): the helper's
// phrases, and importers of different profilers saying it alike on real inputs.
#include "core/measured/skippednote.h"

#include "tests/common/measuredimports.h"
#include "tests/generated/testpaths.h"

#include <gtest/gtest.h>

#include <string>

using namespace roofscope;
using roofscope::test::hasWarning;
using roofscope::test::joined;
using roofscope::test::readOk;

TEST(SkippedNote, PluralNamesTheFirstPlace)
{
    EXPECT_EQ(skippedNote(3, "row", "rows", "not matching the header", onLine(12)),
              "3 rows skipped (not matching the header; the first on line 12)");
}

// With one item there is no "first": the place is that item's.
TEST(SkippedNote, SingularNamesItsPlace)
{
    EXPECT_EQ(skippedNote(1, "row", "rows", "not matching the header", onLine(12)),
              "1 row skipped (not matching the header; on line 12)");
}

TEST(SkippedNote, WithoutAPlace)
{
    EXPECT_EQ(skippedNote(2, "memory copy or set", "memory copies and sets", "not kernels"),
              "2 memory copies and sets skipped (not kernels)");
    EXPECT_EQ(skippedNote(1, "dispatch", "dispatches", "not kernels"),
              "1 dispatch skipped (not kernels)");
}

TEST(SkippedNote, WithoutAReason)
{
    EXPECT_EQ(skippedNote(4, "value", "values", {}, "at /traceEvents/3/dur"),
              "4 values skipped (the first at /traceEvents/3/dur)");
    EXPECT_EQ(skippedNote(1, "value", "values", {}, onLine(7)), "1 value skipped (on line 7)");
    EXPECT_EQ(skippedNote(5, "line", "lines", {}), "5 lines skipped");
}

// A generic CSV with two short rows: its warning is the helper's wording, the rows named.
TEST(SkippedNote, GenericCsvSaysIt)
{
    const MeasuredImport m = readOk("name,time_s,flops,dram_bytes\n"
                                    "a,1,2,3\n"
                                    "b,1\n"
                                    "c,1,2,3\n"
                                    "d\n",
                                    "run.csv");
    ASSERT_EQ(m.kernels.size(), 2u);
    EXPECT_TRUE(hasWarning(m, skippedNote(2, "row", "rows",
                                          "line 3: expected 4 cells as in the header, got 2; "
                                          "line 5: expected 4 cells as in the header, got 1")))
        << joined(m.warnings);
}

// nvprof's memory copies and the program output above its table: the same wording.
TEST(SkippedNote, NvprofSaysIt)
{
    const std::string text =
        "==7== NVPROF is profiling process 7, command: ./app\n"
        "hello from the app\n"
        "==7== Profiling application: ./app\n"
        "\"Start\",\"Duration\",\"Grid X\",\"Grid Y\",\"Grid Z\",\"Block X\",\"Block Y\","
        "\"Block Z\",\"Registers Per Thread\",\"Static SMem\",\"Dynamic SMem\",\"Size\","
        "\"Throughput\",\"SrcMemType\",\"DstMemType\",\"Device\",\"Context\",\"Stream\","
        "\"Name\",\"Correlation_ID\"\n"
        "ms,us,,,,,,,,B,B,MB,GB/s,,,,,,,\n"
        "0.100,10.0,,,,,,,,,,4.0,0.4,Pageable,Device,\"GeForce GTX 1080 (0)\",\"1\",\"7\","
        "\"[CUDA memcpy HtoD]\",110\n"
        "0.200,10.0,64,1,1,256,1,1,16,0,0,,,,,\"GeForce GTX 1080 (0)\",\"1\",\"7\","
        "\"saxpy(int, float, float*) [116]\",116\n";
    const MeasuredImport m = readOk(text, "nvprof.csv");
    ASSERT_EQ(m.kernels.size(), 1u) << joined(m.warnings);
    EXPECT_TRUE(hasWarning(m, "1 memory copy or set skipped (not kernels)")) << joined(m.warnings);
    EXPECT_TRUE(hasWarning(m, "1 line skipped (program output, not rows of a table; on line 2)"))
        << joined(m.warnings);
}

// A rocprof export (tests/data/measured/gfx908) whose dispatch 2 ends before it starts.
TEST(SkippedNote, RocprofSaysIt)
{
    auto m = importMeasurementFile(std::string(ROOFSCOPE_TEST_DATA_DIR) +
                                   "/measured/gfx908/pmc_perf.csv");
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_TRUE(hasWarning(*m, skippedNote(1, "dispatch", "dispatches",
                                           "line 4: dispatch 2: expected End_Timestamp > "
                                           "Start_Timestamp (ns)")))
        << joined(m->warnings);
}
