// `roofscope plot --measured FILE`: kernels in the figure data (JSON and CSV) with the core's
// numbers, two files as before/after with speedups, scenarios that embed measurements, and
// bad files as exit code 2 with one line naming the file and the line.
#include "core/document/scenario.h"
#include "plotcommandtest.h"
#include "runcli.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using roofscope::clitest::runCli;
namespace fs = std::filesystem;

namespace {

class PlotMeasuredCli : public roofscope::clitest::PlotCommandTest {
protected:
    nlohmann::json plotJson(const std::string& args)
    {
        const auto r = runCli("plot " + args + " -o " + path("out.json"));
        EXPECT_EQ(r.exitCode, 0) << r.err;
        std::ifstream in(path("out.json"));
        return nlohmann::json::parse(in, nullptr, false);
    }
};

// gemm: 1e14 FLOP/s at AI 100 on the A100; softmax 5e11 FLOP/s at AI 0.25.
const char* kRun = "name,time_s,flops,dram_bytes,l2_bytes,gpu,precision\n"
                   "gemm,0.01,1e12,1e10,5e10,a100-sxm4-80gb,fp16:tensor\n"
                   "softmax,0.002,1e9,4e9,,a100-sxm4-80gb,fp16:tensor\n";

} // namespace

TEST_F(PlotMeasuredCli, JsonListsTheKernelsWithTheCoreNumbers)
{
    const std::string file = write("run.csv", kRun);
    const auto d = plotJson("--op matmul:m=4096,n=4096,k=4096,dtype=fp16 --measured " + file);
    ASSERT_EQ(d["kernels"].size(), 2u);
    const auto& gemm = d["kernels"][0];
    EXPECT_EQ(gemm["short_name"], "gemm");
    EXPECT_EQ(gemm["set"], "run.csv");
    EXPECT_EQ(gemm["gpu"], "a100-sxm4-80gb");
    EXPECT_EQ(gemm["level"], "dram");
    EXPECT_DOUBLE_EQ(gemm["ai"].get<double>(), 100.0);
    EXPECT_DOUBLE_EQ(gemm["flops_per_s"].get<double>(), 1e14);
    // A100 FP16 tensor 312 TFLOP/s over 2.039 TB/s: the roof at AI 100 is 203.9 TFLOP/s.
    EXPECT_NEAR(gemm["percent_of_roof"].get<double>(), 1e14 / 203.9e12 * 100.0, 1e-9);
    EXPECT_EQ(gemm["bound"], "memory");
    EXPECT_EQ(gemm["labelled"], true);
    EXPECT_DOUBLE_EQ(d["kernels"][1]["ai"].get<double>(), 0.25);
    // The kernels' GPU is in the figure.
    bool a100 = false;
    for (const auto& g : d["gpus"])
        a100 = a100 || g["id"] == "a100-sxm4-80gb";
    EXPECT_TRUE(a100);
}

TEST_F(PlotMeasuredCli, CsvHasOneKernelRowPerPoint)
{
    const std::string file = write("run.csv", kRun);
    const auto r = runCli("plot --measured " + file + " -o " + path("out.csv"));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    std::ifstream in(path("out.csv"));
    std::string line;
    std::getline(in, line);
    EXPECT_NE(line.find(",kernel,short_name,level,set,role,percent_of_roof,labelled,speedup"),
              std::string::npos);
    std::vector<std::string> kernels;
    while (std::getline(in, line)) {
        if (line.rfind("kernel,", 0) == 0)
            kernels.push_back(line);
    }
    ASSERT_EQ(kernels.size(), 2u);
    EXPECT_EQ(kernels[0].rfind("kernel,a100-sxm4-80gb,NVIDIA A100 SXM4 80GB,,,0,100,"
                               "1e+14,memory,0.01,1e+12,1e+10,",
                               0),
              0u)
        << kernels[0];
    EXPECT_NE(kernels[0].find(",gemm,gemm,dram,run.csv,,"), std::string::npos) << kernels[0];
}

TEST_F(PlotMeasuredCli, TwoFilesAreBeforeAndAfter)
{
    const std::string before = write("before.csv", kRun);
    const std::string after = write("after.csv", "name,time_s,flops,dram_bytes,gpu\n"
                                                 "gemm,0.004,1e12,1e10,a100-sxm4-80gb\n"
                                                 "softmax,0.004,1e9,4e9,a100-sxm4-80gb\n");
    const auto d = plotJson("--measured " + before + " --measured " + after);
    ASSERT_EQ(d["speedups"].size(), 2u);
    EXPECT_EQ(d["speedups"][0]["short_name"], "gemm");
    EXPECT_DOUBLE_EQ(d["speedups"][0]["speedup"].get<double>(), 2.5);
    EXPECT_DOUBLE_EQ(d["speedups"][1]["speedup"].get<double>(), 0.5);
    ASSERT_EQ(d["links"].size(), 2u);
    EXPECT_EQ(d["links"][0]["kind"], "before_after");
    EXPECT_DOUBLE_EQ(d["links"][0]["to"][1].get<double>(), 2.5e14);
    // Each run named by its file (as the Kernels table does), its side of the comparison apart.
    EXPECT_EQ(d["kernels"][0]["set"], "before.csv");
    EXPECT_EQ(d["kernels"][0]["role"], "before");
    EXPECT_EQ(d["kernels"][2]["set"], "after.csv");
    EXPECT_EQ(d["kernels"][2]["role"], "after");
}

TEST_F(PlotMeasuredCli, OneGpuPlacesKernelsOfFilesWithoutADevice)
{
    const std::string file =
        write("nodevice.csv", "name,time_s,flops,dram_bytes\ngemm,0.01,1e12,1e10\n");
    EXPECT_EQ(plotJson("--measured " + file)["kernels"][0]["gpu"], "");
    const auto d = plotJson("--gpu h100-sxm5 --measured " + file);
    EXPECT_EQ(d["kernels"][0]["gpu"], "h100-sxm5");
    EXPECT_FALSE(d["kernels"][0]["percent_of_roof"].is_null());
}

TEST_F(PlotMeasuredCli, ScenarioWithEmbeddedMeasurementsRendersWithoutTheFiles)
{
    roofscope::Scenario s = roofscope::defaultScenario();
    roofscope::MeasurementSet set;
    set.file = "gone.csv";
    roofscope::MeasuredKernel k;
    k.name = k.shortName = "gemm";
    k.timeS = 0.01;
    k.flops = 1e12;
    k.setBytes(roofscope::MemLevel::Dram, 1e10);
    k.gpu = "h100-sxm5";
    set.kernels.push_back(k);
    s.measurements.sets.push_back(set);
    s.measurements.links.push_back({0, 0, s.selected});
    const std::string doc = write("doc.roofscope.json", roofscope::scenarioToJson(s));
    const auto d = plotJson("--scenario " + doc);
    ASSERT_EQ(d["kernels"].size(), 1u);
    EXPECT_EQ(d["kernels"][0]["set"], "gone.csv");
    ASSERT_EQ(d["links"].size(), 1u);
    EXPECT_EQ(d["links"][0]["kind"], "link");
    EXPECT_EQ(d["links"][0]["gpu"], "h100-sxm5");
    EXPECT_DOUBLE_EQ(d["links"][0]["to"][0].get<double>(), 100.0);
}

TEST_F(PlotMeasuredCli, BadFilesExitTwoWithOneLine)
{
    const std::string bad = write("bad.csv", "name,time_s,flops,dram_bytes\ngemm,abc,1,1\n");
    auto r = runCli("plot --measured " + bad + " -o " + path("out.png"));
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("bad.csv: line 2: column time_s"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_FALSE(fs::exists(path("out.png")));

    r = runCli("plot --measured " + path("missing.csv") + " -o " + path("out.png"));
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("missing.csv"), std::string::npos) << r.err;

    const std::string run = write("run.csv", kRun);
    r = runCli("plot --measured " + run + " -o " + run.substr(0, run.size() - 4) + ".csv");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("is the same file as --measured"), std::string::npos) << r.err;
}
