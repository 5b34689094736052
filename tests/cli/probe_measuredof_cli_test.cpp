// `roofscope probe --measured-of ID`: the entry -o writes names its datasheet entry, and the
// output holds each roof both have against it (the built-in H200 SXM's published figures, or a
// --catalog file's). An id that is not a datasheet entry is refused before anything is measured.
#include "core/hardware/catalog.h"
#include "core/measured/hardwarefiles.h"
#include "runcli.h"
#include "tests/common/scratchdir.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>

using nlohmann::json;
using roofscope::clitest::runCli;

namespace {

// The datasheet_ratios item whose "what" is `what`, or null.
json ratioOf(const json& ratios, const std::string& what)
{
    for (const json& r : ratios)
        if (r["what"] == what)
            return r;
    return nullptr;
}

TEST(ProbeMeasuredOf, JsonAndEntryHoldTheMeasurementAgainstTheH200Datasheet)
{
    const roofscope::test::ScratchDir dir("probe-measured-of");
    const std::string file = dir.path("cpu.json");
    const auto r =
        runCli("probe --quick --threads 1 --format json --measured-of h200-sxm -o '" + file + "'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json out = json::parse(r.out);
    EXPECT_EQ(out["measured_of"], "h200-sxm");
    ASSERT_TRUE(out["datasheet_ratios"].is_array()) << r.out;

    const json fp64 = ratioOf(out["datasheet_ratios"], "fp64 vector");
    ASSERT_FALSE(fp64.is_null()) << out["datasheet_ratios"];
    EXPECT_DOUBLE_EQ(fp64["datasheet"].get<double>(), 3.4e13); // H200 SXM datasheet, FP64
    EXPECT_DOUBLE_EQ(fp64["measured"].get<double>(),
                     out["peaks_flops_per_s"]["fp64"].get<double>());
    EXPECT_DOUBLE_EQ(fp64["ratio"].get<double>(), fp64["measured"].get<double>() / 3.4e13);
    // The CPU's DRAM against the H200's HBM3e (4.8 TB/s): the two main memories pair.
    const json dram = ratioOf(out["datasheet_ratios"], "dram");
    ASSERT_FALSE(dram.is_null()) << out["datasheet_ratios"];
    EXPECT_DOUBLE_EQ(dram["datasheet"].get<double>(), 4.8e12);
    EXPECT_DOUBLE_EQ(dram["measured"].get<double>(),
                     out["bandwidth_bytes_per_s"]["dram"].get<double>());
    EXPECT_DOUBLE_EQ(dram["ratio"].get<double>(), dram["measured"].get<double>() / 4.8e12);
    // A CPU's L1 has no counterpart in the H200's entry: no row for it.
    EXPECT_TRUE(ratioOf(out["datasheet_ratios"], "l1").is_null());

    auto catalog = roofscope::HardwareCatalog();
    auto loaded = loadHardwareFile(catalog, file);
    ASSERT_TRUE(loaded) << loaded.error().message;
    EXPECT_EQ(loaded->front().measuredOf, "h200-sxm");
}

TEST(ProbeMeasuredOf, TableComparesAfterTheMeasuredFigures)
{
    const auto r = runCli("probe --quick --threads 1 --measured-of h200-sxm");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto heading = r.out.find("Measured ÷ datasheet, against h200-sxm (NVIDIA H200 SXM");
    ASSERT_NE(heading, std::string::npos) << r.out;
    EXPECT_GT(heading, r.out.find("Samples: ")) << "after the measured figures";
    const std::string comparison = r.out.substr(heading);
    for (const char* said : {"FP64 vector", "34 TFLOP/s", "DRAM", "4.8 TB/s", "×"})
        EXPECT_NE(comparison.find(said), std::string::npos) << said << " in\n" << comparison;
}

// A datasheet entry of a --catalog file, the catalog every command reads.
TEST(ProbeMeasuredOf, AnEntryOfACatalogFile)
{
    const roofscope::test::ScratchDir dir("probe-measured-of");
    const std::string catalog = dir.write("mine.json", R"({"format": "roofscope-hardware",
        "version": 1, "hardware": [{"id": "my-board", "name": "My Board", "vendor": "Acme",
        "ceilings": [{"precision": "fp32", "unit": "vector", "flops_per_s": 1e12, "source": "s"}],
        "memory": [{"level": "dram", "bytes_per_s": 1e11, "source": "s"}]}]})");
    const auto r = runCli("probe --quick --threads 1 --format json --measured-of my-board "
                          "--catalog '" +
                          catalog + "'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json out = json::parse(r.out);
    EXPECT_EQ(out["measured_of"], "my-board");
    ASSERT_EQ(out["datasheet_ratios"].size(), 2u) << out["datasheet_ratios"];
    EXPECT_EQ(out["datasheet_ratios"][0]["what"], "fp32 vector");
    EXPECT_DOUBLE_EQ(out["datasheet_ratios"][0]["datasheet"].get<double>(), 1e12);
    EXPECT_EQ(out["datasheet_ratios"][1]["what"], "dram");
    EXPECT_DOUBLE_EQ(out["datasheet_ratios"][1]["datasheet"].get<double>(), 1e11);
}

TEST(ProbeMeasuredOf, AnUnknownIdIsNamedWithTheNearestBeforeMeasuring)
{
    auto r = runCli("probe --quick --measured-of h200-sxn");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("--measured-of h200-sxn: unknown datasheet entry"), std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("did you mean h200-sxm?"), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << "measured before refusing:\n" << r.out;

    // A measured entry (here the probe's own, from a file) is no datasheet to measure against.
    const roofscope::test::ScratchDir dir("probe-measured-of");
    const std::string measured = dir.write("measured.json", R"({"format": "roofscope-hardware",
        "version": 1, "hardware": [{"id": "this-machine-cpu", "name": "CPU", "vendor": "measured",
        "ceilings": [{"precision": "fp32", "unit": "vector", "flops_per_s": 1e11, "source": "s"}],
        "memory": [{"level": "dram", "bytes_per_s": 1e10, "source": "s"}]}]})");
    r = runCli("probe --quick --measured-of this-machine-cpu --catalog '" + measured + "'");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("--measured-of this-machine-cpu: a measured entry"), std::string::npos)
        << r.err;

    // --catalog only serves --measured-of.
    r = runCli("probe --quick --catalog '" + measured + "'");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("--catalog"), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
}

} // namespace
