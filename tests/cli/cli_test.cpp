#include "runcli.h"
#include "tests/common/scratchdir.h"
#include "tests/generated/testpaths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cctype>
#include <string>

using nlohmann::json;
using roofscope::clitest::runCli;

namespace {

json parse(const std::string& text)
{
    return json::parse(text, nullptr, false);
}

const json* findRow(const json& results, const std::string& gpu)
{
    for (const json& r : results)
        if (r["gpu"] == gpu)
            return &r;
    return nullptr;
}

} // namespace

TEST(CliGpus, JsonListsTheSeedGpusWithCeilingsAndMemory)
{
    const auto r = runCli("gpus --format json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json doc = parse(r.out);
    EXPECT_EQ(doc["format"], "roofscope-hardware");
    EXPECT_EQ(doc["version"], 1);
    const json& list = doc["hardware"];
    ASSERT_TRUE(list.is_array());
    bool sawH100 = false;
    for (const json& g : list) {
        for (const char* key : {"id", "name", "vendor", "ceilings", "memory", "memory_bytes"})
            EXPECT_TRUE(g.contains(key)) << key;
        if (g["id"] != "h100-sxm5")
            continue;
        sawH100 = true;
        bool bf16 = false;
        for (const json& c : g["ceilings"])
            if (c["precision"] == "bf16" && c["unit"] == "tensor") {
                bf16 = true;
                EXPECT_DOUBLE_EQ(c["flops_per_s"].get<double>(), 989.4e12);
            }
        EXPECT_TRUE(bf16);
        EXPECT_EQ(g["memory"][0]["level"], "hbm");
        EXPECT_DOUBLE_EQ(g["memory"][0]["bytes_per_s"].get<double>(), 3.35e12);
        EXPECT_DOUBLE_EQ(g["memory_bytes"].get<double>(), 80e9);
    }
    EXPECT_TRUE(sawH100);
}

// The JSON is a catalog file: passed back as --catalog (every entry overriding itself), it gives
// the same entries, byte for byte, and the same table. The omniperf entries come from a CSV and are
// written in the catalog format too.
TEST(CliGpus, JsonOutputReadsBackAsACatalogWithTheSameEntries)
{
    const roofscope::test::ScratchDir scratch("gpus-json");
    const std::string omniperf =
        std::string(ROOFSCOPE_TEST_DATA_DIR) + "/measured/omniperf-roofline.csv";
    const auto first = runCli("gpus --format json --catalog " + omniperf);
    ASSERT_EQ(first.exitCode, 0) << first.err;
    const std::string written = scratch.write("gpus.json", first.out);

    const auto again = runCli("gpus --format json --catalog " + written);
    ASSERT_EQ(again.exitCode, 0) << again.err;
    EXPECT_EQ(again.out, first.out);
    const json entries = parse(again.out)["hardware"];
    EXPECT_EQ(entries.back()["id"], "omniperf-gpu-dev1-a97e54");

    const auto tableBefore = runCli("gpus --catalog " + omniperf);
    const auto tableAfter = runCli("gpus --catalog " + written);
    ASSERT_EQ(tableAfter.exitCode, 0) << tableAfter.err;
    EXPECT_EQ(tableAfter.out, tableBefore.out);
    // The interconnect keys are the reader's (bytes_per_s, and latency_s only where given).
    for (const json& g : entries) {
        if (g["id"] != "h100-sxm5")
            continue;
        EXPECT_DOUBLE_EQ(g["interconnect"]["bytes_per_s"].get<double>(), 450e9);
        EXPECT_FALSE(g["interconnect"].contains("bytes_per_s_per_direction"));
    }
}

TEST(CliGpus, TableShowsRidgePoints)
{
    const auto r = runCli("gpus");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("h100-sxm5"), std::string::npos);
    EXPECT_NE(r.out.find("295.3"), std::string::npos);
    EXPECT_NE(r.out.find("153"), std::string::npos);
}

TEST(CliAnalyze, DecodeMatmulOnH100AndA100)
{
    const auto r = runCli("analyze --gpu h100-sxm5,a100-sxm4-80gb --op "
                          "matmul:m=1,n=8192,k=8192,dtype=bf16 --format json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json doc = parse(r.out);
    ASSERT_EQ(doc["results"].size(), 2u);
    const json* h100 = findRow(doc["results"], "h100-sxm5");
    ASSERT_NE(h100, nullptr);
    EXPECT_DOUBLE_EQ((*h100)["flops"].get<double>(), 134217728.0);
    EXPECT_DOUBLE_EQ((*h100)["bytes"].get<double>(), 134250496.0);
    EXPECT_NEAR((*h100)["ai"].get<double>(), 0.99976, 1e-5);
    EXPECT_EQ((*h100)["bound"], "memory");
    EXPECT_NEAR((*h100)["attainable_flops_per_s"].get<double>(), 3.3492e12, 1e8);
    EXPECT_NEAR((*h100)["time_s"].get<double>(), 40.07e-6, 1e-8);
    EXPECT_NEAR((*h100)["ridge_ai"].get<double>(), 295.34, 0.01);
    EXPECT_EQ((*h100)["ceiling"]["precision"], "bf16");
    EXPECT_EQ((*h100)["ceiling"]["unit"], "tensor");
    EXPECT_EQ((*h100)["memory"]["level"], "hbm");
    EXPECT_EQ((*h100)["advice"]["region"], "far-left");
    EXPECT_DOUBLE_EQ((*h100)["params"]["m"].get<double>(), 1.0);
    EXPECT_EQ((*h100)["params"]["dtype"], "bf16");
    for (const char* key :
         {"gpu", "operator", "params", "flops", "bytes", "ai", "ceiling", "memory", "ridge_ai",
          "attainable_flops_per_s", "bound", "time_s", "peak_fraction", "advice"})
        EXPECT_TRUE(h100->contains(key)) << key;
    // The seed's lesson: A100 → H100 speeds decode up by the bandwidth ratio (≈ 1.6×), not 3.2×.
    const json* a100 = findRow(doc["results"], "a100-sxm4-80gb");
    ASSERT_NE(a100, nullptr);
    EXPECT_NEAR((*a100)["time_s"].get<double>() / (*h100)["time_s"].get<double>(), 1.643, 0.01);
}

TEST(CliAnalyze, W4A16RunsOnTheFp16TensorRoof)
{
    const auto r = runCli("analyze --gpu h100-sxm5 --op "
                          "matmul:m=16,n=8192,k=8192,dtype=fp16,weight_dtype=int4 --format json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json row = parse(r.out)["results"][0];
    EXPECT_EQ(row["ceiling"]["precision"], "fp16");
    EXPECT_DOUBLE_EQ(row["bytes"].get<double>(),
                     16.0 * 8192 * 2 + 8192.0 * 8192 * 0.5 + 16.0 * 8192 * 2);
}

TEST(CliAnalyze, VectorKindsUseTheVectorRoof)
{
    const auto r = runCli("analyze --gpu h100-sxm5 --op layernorm:rows=4096,cols=4096,dtype=fp32 "
                          "--format json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json row = parse(r.out)["results"][0];
    EXPECT_EQ(row["ceiling"]["unit"], "vector");
    EXPECT_DOUBLE_EQ(row["ceiling"]["flops_per_s"].get<double>(), 67e12);
}

TEST(CliAnalyze, CsvAndTableCarryTheSameNumbers)
{
    const auto csv = runCli("analyze --gpu h100-sxm5 --op elementwise:n=16777216,dtype=fp16 "
                            "--format csv");
    ASSERT_EQ(csv.exitCode, 0) << csv.err;
    EXPECT_EQ(csv.out.rfind("gpu,operator,flops,bytes,ai,", 0), 0u);
    EXPECT_NE(csv.out.find(",16777216,100663296,0.1666666"), std::string::npos) << csv.out;
    const auto table = runCli("analyze --gpu h100-sxm5 --op decode_matmul");
    ASSERT_EQ(table.exitCode, 0) << table.err;
    EXPECT_NE(table.out.find("40.07 µs"), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("3.349 TFLOP/s"), std::string::npos) << table.out;
}

TEST(CliSweep, CrossingBatchOnH100Is318)
{
    const auto r = runCli("sweep --gpu h100-sxm5,a100-sxm4-80gb --op "
                          "decode_matmul:n=8192,k=8192,dtype=bf16 --param batch --range 1:4096 "
                          "--format json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json doc = parse(r.out);
    EXPECT_EQ(doc["param"], "batch");
    ASSERT_EQ(doc["crossings"].size(), 2u);
    EXPECT_EQ(doc["crossings"][0]["gpu"], "h100-sxm5");
    EXPECT_NEAR(doc["crossings"][0]["crossing"].get<double>(), 318.3, 0.1);
    // A100 80GB: R = 312/2.039 = 153.0, B* = R·N/(N − 2R) ≈ 159.0.
    EXPECT_NEAR(doc["crossings"][1]["crossing"].get<double>(), 159.0, 0.1);
    EXPECT_EQ(doc["results"].size(), 26u);
    EXPECT_DOUBLE_EQ(doc["results"][12]["value"].get<double>(), 4096.0);
    EXPECT_EQ(doc["results"][12]["bound"], "compute");
    EXPECT_NEAR(doc["results"][0]["crossing"].get<double>(), 318.3, 0.1);
}

TEST(CliSweep, W4A16CrossesNear80AndNeverInASmallRange)
{
    const auto r = runCli("sweep --gpu h100-sxm5 --op decode_matmul:dtype=bf16,weight_dtype=int4 "
                          "--range 1:4096 --format json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NEAR(parse(r.out)["crossings"][0]["crossing"].get<double>(), 79.6, 0.1);
    const auto never =
        runCli("sweep --gpu h100-sxm5 --op decode_matmul --range 1:64 --format json");
    ASSERT_EQ(never.exitCode, 0) << never.err;
    EXPECT_TRUE(parse(never.out)["crossings"][0]["crossing"].is_null());
    const auto text = runCli("sweep --gpu h100-sxm5 --op decode_matmul --range 1:4096");
    EXPECT_NE(text.out.find("Compute-bound from batch 318.3 on h100-sxm5"), std::string::npos)
        << text.out;
}

struct BadInput {
    const char* args;
    const char* message;
};

// "analyze_gpu_h100_sxm_op_matmul": readable in ctest, no spaces.
std::string identifier(const char* args)
{
    std::string out;
    for (const char* c = args; *c; ++c) {
        const bool word = std::isalnum(static_cast<unsigned char>(*c)) != 0;
        if (word)
            out += *c;
        else if (!out.empty() && out.back() != '_')
            out += '_';
    }
    while (!out.empty() && out.back() == '_')
        out.pop_back();
    return out;
}

void PrintTo(const BadInput& b, std::ostream* os)
{
    *os << identifier(b.args);
}

class CliBadInput : public ::testing::TestWithParam<BadInput> {};

TEST_P(CliBadInput, ExitsWithCode2AndOneClearLine)
{
    const auto r = runCli(GetParam().args);
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_NE(r.err.find(GetParam().message), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

INSTANTIATE_TEST_SUITE_P(
    Errors, CliBadInput,
    ::testing::Values(
        BadInput{"analyze --gpu h100-sxm --op matmul",
                 "--gpu h100-sxm: unknown GPU id (did you mean h100-sxm5?)"},
        BadInput{"analyze --gpu h100-sxm5 --op conv2d:n=1",
                 "--op conv2d:n=1: unknown operator kind \"conv2d\""},
        BadInput{"analyze --gpu h100-sxm5 --op matmul:q=1", "unknown parameter \"q\""},
        BadInput{"analyze --gpu h100-sxm5 --op matmul:m=-1",
                 "--op matmul:m=-1: matmul: m=-1: expected a whole number >= 1"},
        BadInput{"analyze --gpu h100-sxm5 --op matmul:m=0", "m=0: expected a whole number >= 1"},
        BadInput{"analyze --gpu h100-sxm5 --op matmul:m=lots", "m=lots: not a number"},
        BadInput{"analyze --gpu h100-sxm5 --op matmul:dtype=fp12", "dtype=fp12: unknown precision"},
        BadInput{"analyze --gpu h100-sxm5", "missing required option --op"},
        BadInput{"analyze --op matmul", "missing required option --gpu"},
        BadInput{"analyze --gpu h100-sxm5 --op matmul --format xml",
                 "--format xml: expected one of: table, json, csv"},
        BadInput{"analyze --gpu h100-sxm5 --op matmul --speed 3", "unknown option \"--speed\""},
        BadInput{"analyze --gpu v100-sxm2 --op matmul:dtype=bf16",
                 "v100-sxm2 has no bf16 tensor ceiling"},
        BadInput{"sweep --gpu h100-sxm5 --op decode_matmul --range 0:10",
                 "--range 0: expected a number > 0"},
        BadInput{"sweep --gpu h100-sxm5 --op decode_matmul --range 10",
                 "--range 10: expected FROM:TO"},
        BadInput{"sweep --gpu h100-sxm5 --op decode_matmul --param dtype --range 1:8",
                 "--param dtype: not a numeric parameter of decode_matmul"},
        BadInput{"sweep --gpu h100-sxm5 --op elementwise --range 1:8",
                 "--param is required for elementwise"},
        BadInput{"frobnicate", "unknown command \"frobnicate\""},
        BadInput{"analyze --gpu h100-sxm5 --op matmul --catalog /nonexistent/x.json",
                 "/nonexistent/x.json"}),
    [](const auto& info) {
        return identifier(info.param.args) + "_" + std::to_string(info.index);
    });

TEST(CliCatalog, UserFileOverridesAndAdds)
{
    const std::string file = std::string(ROOFSCOPE_TEST_DATA_DIR) + "/cli/custom-gpu.json";
    const auto r =
        runCli("analyze --catalog '" + file + "' --gpu my-accel --op decode_matmul --format json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json row = parse(r.out)["results"][0];
    EXPECT_EQ(row["gpu"], "my-accel");
    EXPECT_DOUBLE_EQ(row["ridge_ai"].get<double>(), 100.0);
}

TEST(CliCatalog, BrokenCatalogNamesFilePointerAndProblem)
{
    const std::string file = std::string(ROOFSCOPE_TEST_DATA_DIR) + "/cli/zero-bandwidth.json";
    const auto r = runCli("gpus --catalog '" + file + "'");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("zero-bandwidth.json: /hardware/0/memory/0/bytes_per_s: "),
              std::string::npos)
        << r.err;
}

// `roofscope COMMAND --help` (and `roofscope help COMMAND`) prints the command's usage and
// exits 0, even among other options; it is never an unknown option.
TEST(CliHelp, EverySubcommandHasHelp)
{
    const std::pair<const char*, const char*> commands[] = {{"gpus", "roofscope gpus [--format"},
                                                            {"ops", "roofscope ops"},
                                                            {"analyze", "--op SPEC"},
                                                            {"sweep", "--range FROM:TO"},
                                                            {"models", "roofscope models"},
                                                            {"model", "--phase decode|prefill"},
                                                            {"plot", "-o OUT.png|svg|pdf|csv|json"},
                                                            {"probe", "--threads N"}};
    const bool withPlot = runCli("help").out.find("roofscope plot") != std::string::npos;
    for (const auto& [command, usage] : commands) {
        if (std::string(command) == "plot" && !withPlot)
            continue; // the Qt-free build has no plot command
        for (const std::string& form :
             {std::string(command) + " --help", std::string(command) + " -h",
              std::string("help ") + command, std::string(command) + " --gpu nonsense --help"}) {
            const auto r = roofscope::clitest::runCli(form);
            EXPECT_EQ(r.exitCode, 0) << form << ": " << r.err;
            EXPECT_TRUE(r.err.empty()) << form << ": " << r.err;
            EXPECT_EQ(r.out.rfind(std::string("Usage: roofscope ") + command, 0), 0u)
                << form << ":\n"
                << r.out;
            EXPECT_NE(r.out.find(usage), std::string::npos) << form << ":\n" << r.out;
            EXPECT_NE(r.out.find("Example: roofscope"), std::string::npos) << form;
        }
    }
}
