// roofscope measured: the built binary on the fixtures in tests/data/measured.
#include "core/measured/importer.h"
#include "runcli.h"
#include "tests/common/scratchdir.h"
#include "tests/generated/testpaths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <string>

using nlohmann::json;
using roofscope::clitest::runCli;

namespace {

std::string fixture(const std::string& name)
{
    return std::string("'") + ROOFSCOPE_TEST_DATA_DIR + "/measured/" + name + "'";
}

// Hermetic: no user catalog directory leaks into the results.
std::string measured(const std::string& args)
{
    return "measured " + args;
}

class CliMeasured : public ::testing::Test {
protected:
    void SetUp() override { setenv("ROOFSCOPE_CATALOG_DIR", "/nonexistent-roofscope-dir", 1); }
};

} // namespace

TEST_F(CliMeasured, GemmV0JsonHasTheSampleFigures)
{
    const auto r =
        runCli(measured(fixture("ncu-gemm-v0-a100.csv") + " --gpu a100-sxm4-80gb --format json"));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json doc = json::parse(r.out);
    ASSERT_EQ(doc["kernels"].size(), 1u);
    ASSERT_TRUE(doc["warnings"].is_array());
    const json& k = doc["kernels"][0];
    for (const char* key :
         {"name", "short_name", "source", "file", "launches", "time_s", "flops", "flops_formula",
          "precision", "bytes", "ai", "achieved_flops_per_s", "achieved_bytes_per_s", "gpu",
          "roof_flops_per_s", "percent_of_roof", "bound", "above_roof", "warnings"})
        EXPECT_TRUE(k.contains(key)) << key;
    EXPECT_EQ(k["short_name"], "gemm_v0");
    EXPECT_EQ(k["source"], "ncu");
    EXPECT_EQ(k["launches"], 1);
    EXPECT_NEAR(k["flops"].get<double>() / 1e13, 6.87, 0.005);
    EXPECT_NEAR(k["time_s"].get<double>(), 36.98, 0.005);
    EXPECT_NEAR(k["ai"]["dram"].get<double>(), 15.6, 0.05);
    EXPECT_NEAR(k["ai"]["l2"].get<double>(), 5.26, 0.005);
    EXPECT_NEAR(k["ai"]["l1"].get<double>(), 0.40, 0.005);
    EXPECT_EQ(k["precision"], "fp32");
    EXPECT_EQ(k["gpu"], "a100-sxm4-80gb");
    EXPECT_DOUBLE_EQ(k["roof_flops_per_s"].get<double>(), 19.5e12);
    EXPECT_NEAR(k["percent_of_roof"].get<double>(), 9.53, 0.01);
    EXPECT_EQ(k["bound"], "compute");
    EXPECT_EQ(k["above_roof"], false);
}

TEST_F(CliMeasured, TableShowsShortNamesAndIntensities)
{
    const auto r = runCli(measured(fixture("ncu-gemm-v0-a100.csv") + " --gpu a100-sxm4-80gb"));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("gemm_v0"), std::string::npos);
    EXPECT_NE(r.out.find("68.73 TFLOP"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("36.98 s"), std::string::npos);
    EXPECT_NE(r.out.find("15.6"), std::string::npos);
    EXPECT_NE(r.out.find("5.26"), std::string::npos);
    EXPECT_NE(r.out.find("9.53 %"), std::string::npos);
    EXPECT_NE(r.out.find("FLOPs: fp64 = dadd + dmul + 2·dfma; fp32 = fadd + fmul + 2·ffma"),
              std::string::npos);
}

TEST_F(CliMeasured, FlopsAreNullWhenTheFileHasNone)
{
    const auto r = runCli(measured(fixture("ncu-no-flops.csv") + " --format json"));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json k = json::parse(r.out)["kernels"][0];
    EXPECT_TRUE(k["flops"].is_null());
    EXPECT_TRUE(k["flops_formula"].is_null());
    EXPECT_TRUE(k["ai"]["dram"].is_null());
    EXPECT_TRUE(k["gpu"].is_null());
    EXPECT_TRUE(k["percent_of_roof"].is_null());
    EXPECT_DOUBLE_EQ(k["bytes"]["dram"].get<double>(), 2e9);
    EXPECT_TRUE(k["bytes"]["l2"].is_null());
    ASSERT_EQ(k["warnings"].size(), 2u);
    EXPECT_EQ(k["warnings"][0],
              "no FLOP counters in the file: measured bandwidth only, no intensity");
    EXPECT_EQ(k["warnings"][1], "unknown device: pass --gpu ID to place it under a roof");
}

TEST_F(CliMeasured, GroupByNameSumsLaunches)
{
    const auto r =
        runCli(measured(fixture("ncu-section-rules.csv") + " --group-by name --format json"));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json doc = json::parse(r.out);
    // Two launches of flash_fwd_kernel at two shapes (308.46 and 316.92 GFLOP): two rows, each
    // its own launch; grouping sums launches of one shape only.
    ASSERT_EQ(doc["kernels"].size(), 2u);
    const json& k = doc["kernels"][0];
    EXPECT_EQ(k["name"], doc["kernels"][1]["name"]);
    EXPECT_EQ(k["launches"], 1);
    EXPECT_DOUBLE_EQ(k["time_s"].get<double>(), 1.5e-3);
    EXPECT_DOUBLE_EQ(doc["kernels"][1]["time_s"].get<double>(), 3e-3);
    EXPECT_DOUBLE_EQ(k["bytes"]["dram"].get<double>(), 3.5e9);
    EXPECT_EQ(k["gpu"], "a100-sxm4-80gb"); // matched from the file's device name
    // The peaks in the file become a hardware entry a kernel can be measured against.
    ASSERT_EQ(doc["hardware"].size(), 1u);
    EXPECT_EQ(doc["hardware"][0]["id"], "measured-nvidia-a100-sxm4-80gb");
    const auto again = runCli(measured(fixture("ncu-section-rules.csv") +
                                       " --gpu measured-nvidia-a100-sxm4-80gb --format json"));
    ASSERT_EQ(again.exitCode, 0) << again.err;
    EXPECT_EQ(json::parse(again.out)["kernels"][0]["gpu"], "measured-nvidia-a100-sxm4-80gb");
}

TEST_F(CliMeasured, SeveralFilesAndCsvOutput)
{
    const auto r = runCli(measured(fixture("generic.csv") + " " + fixture("pmc_perf.csv") + " " +
                                   fixture("torch-trace.json.gz") + " --format csv"));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    std::size_t lines = 0;
    for (char c : r.out)
        lines += c == '\n';
    EXPECT_EQ(lines, 1u + 4u + 1u + 5u);
    EXPECT_EQ(r.out.rfind("name,short_name,source,file,launch_id,launches,time_s,flops,", 0), 0u);
    EXPECT_NE(r.out.find(",rocprof,"), std::string::npos);
    EXPECT_NE(r.out.find(",torch,"), std::string::npos);
    // 2 TFLOP in 2 ms on an H100 is above its roof: flagged, with the reason.
    EXPECT_NE(r.out.find(",true,\"above the roof (1 PFLOP/s achieved"), std::string::npos);
}

TEST_F(CliMeasured, CatalogAcceptsErtAndOmniperfPeaks)
{
    const auto r =
        runCli(measured(fixture("generic.csv") + " --catalog " + fixture("ert-roofline.json") +
                        " --gpu ert-knl-node-395ea4 --format json"));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json k = json::parse(r.out)["kernels"][2]; // memcpy_kernel: fp32
    // ERT entries are named after the machine (spec.name) and a hash of the measured values.
    EXPECT_EQ(k["gpu"], "ert-knl-node-395ea4");
    const auto g = runCli("gpus --format json --catalog " + fixture("omniperf-roofline.csv"));
    ASSERT_EQ(g.exitCode, 0) << g.err;
    // One entry per device of roofline.csv.
    EXPECT_NE(g.out.find("\"omniperf-gpu-dev0-9009b0\""), std::string::npos);
    EXPECT_NE(g.out.find("\"omniperf-gpu-dev1-a97e54\""), std::string::npos);
}

TEST_F(CliMeasured, BadInputExitsTwoWithOneLineNamingTheFile)
{
    struct Case {
        std::string args;
        std::string message;
    };
    const std::string dir = std::string(ROOFSCOPE_TEST_DATA_DIR) + "/measured";
    // The sentence is the registry's: every format by name, and where the commands are.
    const std::string accepted = roofscope::acceptedFormatsSentence();
    for (const char* format : {"Nsight Compute CSV", "nvprof", "PyTorch profiler trace",
                               "ERT roofline.json", "generic CSV", "Help > Profiler Commands"})
        EXPECT_NE(accepted.find(format), std::string::npos) << format;
    for (const Case& c : {
             Case{fixture("ncu-errors-only.csv"),
                  "roofscope: " + dir +
                      "/ncu-errors-only.csv: the profiled run failed; the file "
                      "holds no CSV, only profiler messages, the first error "
                      "being: ==ERROR== The application returned an error code "
                      "(1).\n"},
             Case{fixture(""),
                  "roofscope: " + dir + "/: is a directory (expected a profiler export file)\n"},
             Case{fixture("make_fixtures.py"),
                  "roofscope: " + dir +
                      "/make_fixtures.py: line 1: not a known measurement "
                      "format (" +
                      roofscope::acceptedFormatsSentence() + ")\n"},
             Case{fixture("generic.csv") + " --gpu a100", "roofscope: --gpu a100: unknown GPU id "
                                                          "(did you mean a100-pcie-40gb?); "
                                                          "`roofscope gpus` lists them\n"},
             Case{fixture("generic.csv") + " --group-by kernel",
                  "roofscope: measured: --group-by kernel: expected launch or name\n"},
             Case{"", "roofscope: measured: expected one or more profiler export files (" +
                          roofscope::acceptedFormatsSentence() + ")\n"},
         }) {
        SCOPED_TRACE(c.args);
        const auto r = runCli(measured(c.args));
        EXPECT_EQ(r.exitCode, 2);
        EXPECT_EQ(r.err, c.message);
        EXPECT_TRUE(r.out.empty());
    }
}

TEST_F(CliMeasured, TwoRunsAreComparedAfterTheTableAndInJson)
{
    const roofscope::test::ScratchDir dir("measured-compare");
    const std::string before =
        dir.write("before.csv", "name,time_s,flops,dram_bytes,gpu\n"
                                "\"gemm_kernel<128, 64>\",0.01,1e12,1e10,a100-sxm4-80gb\n"
                                "softmax,0.002,1e9,4e9,a100-sxm4-80gb\n"
                                "layernorm,0.003,2e9,8e9,a100-sxm4-80gb\n");
    const std::string after =
        dir.write("after.csv", "name,time_s,flops,dram_bytes,gpu\n"
                               "\"gemm_kernel<256, 128>\",0.004,1e12,1e10,h100-sxm5\n"
                               "layernorm,0.0025,2e9,8e9,h100-sxm5\n");
    const auto table = runCli(measured("'" + before + "' '" + after + "'"));
    ASSERT_EQ(table.exitCode, 0) << table.err;
    const std::string line =
        "compared: before.csv → after.csv · 2 of 3 kernels paired (1 by short name) · 1 only "
        "before: softmax · whole run 2.31× faster · runs on different GPUs (NVIDIA A100 SXM4 "
        "80GB / NVIDIA H100 SXM5 80GB): times are not like for like\n";
    EXPECT_NE(table.out.find(line), std::string::npos) << table.out;
    // Right after the table: the last table row (the after run's layernorm) precedes it.
    const auto at = table.out.find("compared: ");
    ASSERT_NE(at, std::string::npos);
    EXPECT_NE(table.out.rfind("h100-sxm5\n", at), std::string::npos);

    const auto json = runCli(measured("'" + before + "' '" + after + "' --format json"));
    ASSERT_EQ(json.exitCode, 0) << json.err;
    const auto doc = nlohmann::json::parse(json.out);
    ASSERT_TRUE(doc.contains("comparison")) << json.out;
    const auto& c = doc["comparison"];
    EXPECT_EQ(c["paired"], 2);
    EXPECT_EQ(c["paired_by_short_name"], 1);
    EXPECT_EQ(c["only_before"][0]["short_name"], "softmax");
    EXPECT_NEAR(c["speedup"].get<double>(), 0.015 / 0.0065, 1e-12);
    EXPECT_EQ(c["different_gpus"], true);
    EXPECT_EQ(c["pairs"][0]["matched_by"], "short_name");
    EXPECT_EQ(c["sentence"].get<std::string>() + "\n",
              line.substr(std::string("compared: ").size()));

    // One file: nothing to compare.
    const auto one = runCli(measured("'" + before + "' --format json"));
    ASSERT_EQ(one.exitCode, 0) << one.err;
    EXPECT_FALSE(nlohmann::json::parse(one.out).contains("comparison"));
    EXPECT_EQ(runCli(measured("'" + before + "'")).out.find("compared:"), std::string::npos);
}

// Issue #36: a second file of another program is not the first one's "after" ("0 of 27
// kernels paired · whole run 351× faster"); --compare still pairs them on request.
TEST_F(CliMeasured, TwoUnrelatedRunsAreNotComparedUnlessAsked)
{
    const roofscope::test::ScratchDir dir("measured-unrelated");
    const std::string header = "name,time_s,flops,dram_bytes,gpu\n";
    const std::string llm = dir.write("llm.csv", header + "gemm,0.01,1e12,1e10,h200-sxm\n"
                                                          "rmsnorm,0.002,1e9,4e9,h200-sxm\n"
                                                          "rope,0.001,1e9,4e9,h200-sxm\n");
    const std::string cnn = dir.write("cnn.csv", header + "conv2d,0.02,1e12,1e10,h200-sxm\n"
                                                          "batchnorm,0.003,1e9,4e9,h200-sxm\n"
                                                          "rmsnorm,0.001,1e9,4e9,h200-sxm\n");
    const std::string files = "'" + llm + "' '" + cnn + "'";
    const auto plain = runCli(measured(files));
    ASSERT_EQ(plain.exitCode, 0) << plain.err;
    EXPECT_EQ(plain.out.find("\ncompared:"), std::string::npos) << plain.out;
    EXPECT_NE(plain.out.find("not compared: llm.csv and cnn.csv are not one program (1 of 3 "
                             "kernel names in common); --compare 1,2 compares them anyway"),
              std::string::npos)
        << plain.out;
    const auto json = runCli(measured(files + " --format json"));
    ASSERT_EQ(json.exitCode, 0) << json.err;
    EXPECT_FALSE(nlohmann::json::parse(json.out).contains("comparison")) << json.out;

    const auto asked = runCli(measured(files + " --compare 1,2"));
    ASSERT_EQ(asked.exitCode, 0) << asked.err;
    EXPECT_NE(asked.out.find("compared: llm.csv → cnn.csv · 1 of 5 kernels paired"),
              std::string::npos)
        << asked.out;
}

TEST_F(CliMeasured, WithThreeRunsCompareChoosesTwoAndTheLineNamesTheThird)
{
    const roofscope::test::ScratchDir dir("measured-compare-three");
    const std::string header = "name,time_s,flops,dram_bytes,gpu\n";
    const std::string v1 = dir.write("v1.csv", header + "gemm,0.01,1e12,1e10,a100-sxm4-80gb\n"
                                                        "softmax,0.004,1e9,4e9,a100-sxm4-80gb\n");
    const std::string v2 = dir.write("v2.csv", header + "gemm,0.008,1e12,1e10,a100-sxm4-80gb\n"
                                                        "softmax,0.004,1e9,4e9,a100-sxm4-80gb\n");
    const std::string v3 = dir.write("v3.csv", header + "gemm,0.005,1e12,1e10,a100-sxm4-80gb\n"
                                                        "softmax,0.002,1e9,4e9,a100-sxm4-80gb\n");
    const std::string files = "'" + v1 + "' '" + v2 + "' '" + v3 + "'";
    // No choice: the first two, and the third is not silently left out.
    const auto plain = runCli(measured(files));
    ASSERT_EQ(plain.exitCode, 0) << plain.err;
    EXPECT_NE(plain.out.find("compared: v1.csv → v2.csv · 1 more run not compared: v3.csv · 2 of "
                             "2 kernels paired · whole run 1.17× faster\n"),
              std::string::npos)
        << plain.out;

    const auto chosen = runCli(measured(files + " --compare 1,3"));
    ASSERT_EQ(chosen.exitCode, 0) << chosen.err;
    EXPECT_NE(chosen.out.find("compared: v1.csv → v3.csv · 1 more run not compared: v2.csv · 2 "
                              "of 2 kernels paired · whole run 2× faster\n"),
              std::string::npos)
        << chosen.out;
    const auto json = runCli(measured(files + " --compare 3,2 --format json"));
    ASSERT_EQ(json.exitCode, 0) << json.err;
    const auto c = nlohmann::json::parse(json.out)["comparison"];
    EXPECT_EQ(c["before"], "v3.csv");
    EXPECT_EQ(c["after"], "v2.csv");
    EXPECT_EQ(c["other_runs"], nlohmann::json::array({"v1.csv"}));
    EXPECT_NEAR(c["speedup"].get<double>(), 0.007 / 0.012, 1e-12);

    for (const char* bad : {"1,1", "0,2", "1,4", "1", "a,b"}) {
        const auto r = runCli(measured(files + " --compare " + bad));
        EXPECT_EQ(r.exitCode, 2) << bad;
        EXPECT_NE(r.err.find(std::string("measured: --compare ") + bad +
                             ": expected two different run numbers from 1 to 3"),
                  std::string::npos)
            << r.err;
    }
}

// A roofline-chart section holds rates and no duration: the kernel gets a row from its rates,
// its time said to be missing rather than shown as 0 s, and the file's own roofs as an entry.
TEST_F(CliMeasured, RooflineChartSectionGetsRowsFromItsRates)
{
    const auto table = runCli(measured(fixture("ncu-roofline-chart.csv")));
    ASSERT_EQ(table.exitCode, 0) << table.err;
    EXPECT_NE(table.out.find("not in file"), std::string::npos) << table.out;
    EXPECT_EQ(table.out.find("0 s "), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("139.2 GFLOP/s"), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("2.06"), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("#1 gemm_bf16_relu: time not in this file"), std::string::npos)
        << table.out;

    const auto r = runCli(measured(fixture("ncu-roofline-chart.csv") +
                                   " --gpu measured-ncu-roofline-chart --format json"));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json doc = json::parse(r.out);
    ASSERT_EQ(doc["kernels"].size(), 1u);
    const json& k = doc["kernels"][0];
    EXPECT_TRUE(k["time_s"].is_null()) << k.dump();
    EXPECT_TRUE(k["flops"].is_null()) << "no totals without a time";
    EXPECT_TRUE(k["bytes"]["dram"].is_null());
    EXPECT_NEAR(k["flops_per_s"].get<double>(), 139.2e9, 1.0);
    EXPECT_NEAR(k["bytes_per_s"]["dram"].get<double>(), 67.46e9, 1.0);
    // 139.2 GFLOP/s ÷ 67.46 GB/s; under the file's roofs (DRAM 128 B/cycle × 13.78 GHz) the
    // roof there is 2.0634 × 1763.84 GB/s, of which the kernel reaches 3.82 %.
    EXPECT_NEAR(k["ai"]["dram"].get<double>(), 2.06344, 1e-5);
    EXPECT_NEAR(k["achieved_flops_per_s"].get<double>(), 139.2e9, 1.0);
    EXPECT_NEAR(k["percent_of_roof"].get<double>(), 3.8246, 1e-4);
    EXPECT_EQ(k["bound"], "memory");
    EXPECT_EQ(k["warnings"][0].get<std::string>().rfind("time not in this file", 0), 0u)
        << k["warnings"].dump();

    const auto csv = runCli(measured(fixture("ncu-roofline-chart.csv") + " --format csv"));
    ASSERT_EQ(csv.exitCode, 0) << csv.err;
    // time_s (the 7th column) is empty, not 0.
    const std::string row = csv.out.substr(csv.out.find('\n') + 1);
    EXPECT_NE(row.find(",ncu,"), std::string::npos) << row;
    EXPECT_NE(row.find(",0,1,,,"), std::string::npos) << row;
}

// A details page that names no GPU but states CC 9.0 and 132 SMs (an H200's): the warning
// names the catalog entries those fit, the --gpu to give.
TEST_F(CliMeasured, FileWithoutAGpuNameGetsTheEntriesItsCcAndSmsFit)
{
    const auto r = runCli(measured(fixture("ncu-cc90-132sms.csv")));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("ncu-cc90-132sms.csv: no GPU of the catalog named; its CC 9.0, 132 SMs "
                         "fit h100-sxm5, h100-nvl, h200-sxm: pass --gpu with one of them"),
              std::string::npos)
        << r.out;
    // Given the GPU, nothing is asked.
    const auto chosen = runCli(measured(fixture("ncu-cc90-132sms.csv") + " --gpu h200-sxm"));
    ASSERT_EQ(chosen.exitCode, 0) << chosen.err;
    EXPECT_EQ(chosen.out.find("pass --gpu with one of them"), std::string::npos) << chosen.out;
}
