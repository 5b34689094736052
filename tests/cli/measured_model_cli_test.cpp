// roofscope measured TRACE --model: the real H200 Llama trace read as the model it ran, its
// predictions equal to what `roofscope model` prints for the same step.
#include "runcli.h"
#include "tests/generated/testpaths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <map>
#include <string>

using nlohmann::json;
using roofscope::clitest::runCli;

namespace {

const std::string kBase = std::string(ROOFSCOPE_REAL_CORPUS_DIR) +
                          "/../h200/h200_kineto_llama31_8b_random_generate_b16_p512_n16";

std::string quoted(const std::string& path)
{
    return "'" + path + "'";
}

class CliMeasuredModel : public ::testing::Test {
protected:
    void SetUp() override
    {
        setenv("ROOFSCOPE_CATALOG_DIR", "/nonexistent-roofscope-dir", 1);
        setenv("ROOFSCOPE_MODEL_DIR", "/nonexistent-roofscope-dir", 1);
    }
};

} // namespace

TEST_F(CliMeasuredModel, H200TraceJoinedAndPredictedAsRoofscopeModelPrintsIt)
{
    // A missing real file fails, never skips.
    ASSERT_TRUE(std::filesystem::is_regular_file(kBase + ".pt.trace.json.gz"))
        << "missing " << kBase << ".pt.trace.json.gz (the project's shared/samples/h200)";
    const std::string trace = quoted(kBase + ".pt.trace.json.gz");
    const std::string config = quoted(kBase + ".config.json");
    const auto r = runCli("measured " + trace + " --model " + config + " --format json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json out = json::parse(r.out);
    EXPECT_GT(out["placed_time_share"].get<double>(), 0.99);
    const json& passes = out["model_view"]["passes"];
    ASSERT_EQ(passes.size(), 16u);
    EXPECT_EQ(out["gpu"], "h200-sxm"); // from the trace's deviceProperties
    const json& decode = passes[1];
    EXPECT_EQ(decode["phase"], "decode");
    EXPECT_EQ(decode["batch"], 16.0);
    EXPECT_EQ(decode["context"], 512.0);
    EXPECT_EQ(decode["layers"], 32);
    EXPECT_EQ(decode["kernels"], 1502);
    EXPECT_NE(decode["sentence"].get<std::string>().find("decode step"), std::string::npos);
    ASSERT_FALSE(decode["not_in_model"].empty());

    const auto model =
        runCli("model --model " + config +
               " --phase decode --batch 16 --context 512 --gpu h200-sxm --format json");
    ASSERT_EQ(model.exitCode, 0) << model.err;
    std::map<std::string, double> rows;
    const json predicted = json::parse(model.out);
    for (const json& o : predicted["operators"])
        rows[o["key"].get<std::string>()] = o["step_time_s"].get<double>();
    int compared = 0;
    for (const json& o : decode["operators"]) {
        const std::string name = o["name"];
        if (name == "attention")
            continue; // the fused expansion's row (`--fused`), checked in core_tests
        ASSERT_TRUE(rows.count(name)) << name;
        EXPECT_DOUBLE_EQ(o["predicted_s"].get<double>(), rows[name]) << name;
        ++compared;
    }
    EXPECT_GE(compared, 15);
}

TEST_F(CliMeasuredModel, MismatchedModelIsOneLineNamingTheShapes)
{
    ASSERT_TRUE(std::filesystem::is_regular_file(kBase + ".pt.trace.json.gz"))
        << "missing " << kBase << ".pt.trace.json.gz (the project's shared/samples/h200)";
    const auto r =
        runCli("measured " + quoted(kBase + ".pt.trace.json.gz") + " --model llama-3-70b");
    EXPECT_NE(r.exitCode, 0);
    EXPECT_NE(r.err.find("the trace's GEMMs are 4096→14336 but llama-3-70b has hidden 8192"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
    // What the shapes say, and how to use it.
    EXPECT_NE(r.err.find("; its shapes read as hidden 4096, 32 layers, 32×128 query and 8×128 KV "
                         "heads, a gated SiLU MLP of 14336, RMSNorm, vocabulary 128256: --model "
                         "trace joins it to those"),
              std::string::npos)
        << r.err;
}

// `--model trace`: the model read from the trace's own shapes joins as its config does, and a
// warning says what was read.
TEST_F(CliMeasuredModel, ModelReadFromTheTraceShapesJoinsAsItsConfig)
{
    ASSERT_TRUE(std::filesystem::is_regular_file(kBase + ".pt.trace.json.gz"))
        << "missing " << kBase << ".pt.trace.json.gz (the project's shared/samples/h200)";
    const std::string trace = quoted(kBase + ".pt.trace.json.gz");
    const auto read = runCli("measured " + trace + " --model trace --group-by pass --format json");
    const auto given = runCli("measured " + trace + " --model " + quoted(kBase + ".config.json") +
                              " --group-by pass --format json");
    ASSERT_EQ(read.exitCode, 0) << read.err;
    ASSERT_EQ(given.exitCode, 0) << given.err;
    const json a = json::parse(read.out), b = json::parse(given.out);
    EXPECT_EQ(a["model"], "h200-kineto-llama31-8b-random-generate-b16-p512-n16");
    ASSERT_EQ(a["model_view"]["passes"].size(), b["model_view"]["passes"].size());
    for (std::size_t p = 0; p < a["model_view"]["passes"].size(); ++p)
        EXPECT_DOUBLE_EQ(a["model_view"]["passes"][p]["predicted_s"].get<double>(),
                         b["model_view"]["passes"][p]["predicted_s"].get<double>())
            << p;
    bool said = false;
    for (const json& w : a["warnings"])
        said = said || w.get<std::string>().find("no config given: the model is read from the "
                                                 "trace's shapes as hidden 4096, 32 layers") !=
                           std::string::npos;
    EXPECT_TRUE(said) << a["warnings"].dump();
}
