// Runs the built roofscope binary's `models` and `model` subcommands and checks what they print.
#include "runcli.h"
#include "tests/generated/testpaths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <string>

namespace {

const std::string kData = std::string(ROOFSCOPE_TEST_DATA_DIR) + "/models";

using roofscope::clitest::CliResult;

// Runs roofscope with `args` (already shell-quoted where needed). User catalog directories point
// at a path that does not exist, so files on the machine running the tests cannot interfere.
CliResult runModelCli(const std::string& args)
{
    return roofscope::clitest::runCli(
        args,
        "ROOFSCOPE_CATALOG_DIR=/nonexistent-roofscope ROOFSCOPE_MODEL_DIR=/nonexistent-roofscope");
}

nlohmann::json json(const CliResult& r)
{
    EXPECT_EQ(r.exitCode, 0) << r.err;
    try {
        return nlohmann::json::parse(r.out);
    } catch (const std::exception& e) {
        ADD_FAILURE() << e.what() << "\n" << r.out;
        return {};
    }
}

const nlohmann::json* findRow(const nlohmann::json& doc, const std::string& gpu,
                              const std::string& key)
{
    for (const auto& row : doc["operators"])
        if (row["gpu"] == gpu && row["key"] == key)
            return &row;
    return nullptr;
}

} // namespace

TEST(ModelsCli, ListsThePresets)
{
    const nlohmann::json doc = json(runModelCli("models --format json"));
    ASSERT_TRUE(doc["models"].is_array());
    EXPECT_EQ(doc["models"].size(), 10u);
    bool found = false;
    for (const auto& m : doc["models"]) {
        if (m["id"] == "llama-2-70b") {
            found = true;
            EXPECT_EQ(m["num_key_value_heads"], 8);
            EXPECT_NEAR(m["params"].get<double>(), 69.0e9, 0.1e9);
            EXPECT_EQ(m["kv_cache_bytes_per_token_fp16"].get<double>(), 327680.0);
        }
    }
    EXPECT_TRUE(found);

    const CliResult table = runModelCli("models");
    EXPECT_EQ(table.exitCode, 0) << table.err;
    EXPECT_NE(table.out.find("mixtral-8x7b"), std::string::npos);
    EXPECT_NE(table.out.find("top-2"), std::string::npos);
}

// The model-level figures through the CLI: Llama-2-70B decode, batch 1, FP16, on H100 SXM5.
TEST(ModelCli, Llama2_70bDecodeJson)
{
    const nlohmann::json doc =
        json(runModelCli("model --model llama-2-70b --phase decode --batch 1 --context 128 "
                         "--gpu h100-sxm5,h200-sxm --format json"));
    ASSERT_EQ(doc["totals"].size(), 2u);
    const auto& t = doc["totals"][0];
    EXPECT_EQ(t["gpu"], "h100-sxm5");
    EXPECT_NEAR(t["flops"].get<double>(), 138e9, 1.5e9);
    EXPECT_NEAR(t["bytes"].get<double>(), 138e9, 1.5e9);
    EXPECT_NEAR(t["ai"].get<double>(), 1.0, 0.02);
    EXPECT_NEAR(t["time_s"].get<double>(), 41e-3, 0.5e-3);
    EXPECT_NEAR(t["tokens_per_s"].get<double>(), 24.4, 0.3);
    EXPECT_GT(t["memory_bound_time_fraction"].get<double>(), 0.99);
    EXPECT_EQ(t["fits"], false);
    EXPECT_EQ(t["gpus_needed"], 2);
    EXPECT_NEAR(t["weights_bytes"].get<double>(), 138e9, 0.5e9);
    EXPECT_EQ(t["kv_cache_bytes"].get<double>(), 128.0 * 327680.0);
    EXPECT_EQ(t["top_operators"].size(), 5u);
    // H200: 141 GB holds it.
    EXPECT_EQ(doc["totals"][1]["fits"], true);
    EXPECT_EQ(doc["totals"][1]["gpus_needed"], 1);

    // Operator rows: analyze's fields plus name and layer_count.
    const nlohmann::json* q = findRow(doc, "h100-sxm5", "q_proj");
    ASSERT_NE(q, nullptr);
    EXPECT_EQ((*q)["layer_count"], 80.0);
    EXPECT_EQ((*q)["kind"], "decode_matmul");
    EXPECT_TRUE((*q)["name"].is_string());
    for (const char* field : {"flops", "bytes", "ai", "ridge_ai", "bound", "time_s", "ceiling",
                              "memory", "attainable_flops_per_s", "peak_fraction", "spec"})
        EXPECT_TRUE(q->contains(field)) << field;
    EXPECT_EQ((*q)["bound"], "memory");
    EXPECT_EQ(doc["operators"].size() % 2, 0u);
}

TEST(ModelCli, Llama2_7bQProj)
{
    const nlohmann::json doc =
        json(runModelCli("model --model llama-2-7b --phase decode --batch 1 --context 1 "
                         "--gpu h100-sxm5 --format json"));
    const nlohmann::json* q = findRow(doc, "h100-sxm5", "q_proj");
    ASSERT_NE(q, nullptr);
    EXPECT_EQ((*q)["flops"].get<double>(), 33554432.0);
    EXPECT_EQ((*q)["bytes"].get<double>(), 33570816.0);
}

TEST(ModelCli, Llama2_70bPrefillIsComputeBound)
{
    const nlohmann::json doc =
        json(runModelCli("model --model llama-2-70b --phase prefill --batch 1 --context 2048 "
                         "--gpu h100-sxm5 --fused --format json"));
    const auto& t = doc["totals"][0];
    EXPECT_GE(t["flops"].get<double>(), 283e12);
    EXPECT_LE(t["flops"].get<double>(), 290e12);
    EXPECT_NEAR(t["ai_weights_only"].get<double>(), 2048.0, 60.0);
    EXPECT_GT(t["ai"].get<double>(), 3.0 * 295.3);
    EXPECT_LT(t["memory_bound_time_fraction"].get<double>(), 0.1);
    EXPECT_EQ(doc["scenario"]["fused"], true);
    EXPECT_EQ((*findRow(doc, "h100-sxm5", "gate_up_proj"))["bound"], "compute");
}

TEST(ModelCli, FusedMovesFewerBytes)
{
    const std::string base = "model --model llama-3-8b --phase decode --batch 32 --context 2048 "
                             "--gpu a100-sxm4-80gb --format json";
    const nlohmann::json eager = json(runModelCli(base));
    const nlohmann::json fused = json(runModelCli(base + " --fused"));
    const double fe = eager["totals"][0]["flops"].get<double>();
    EXPECT_NEAR(fused["totals"][0]["flops"].get<double>(), fe, 0.01 * fe);
    EXPECT_LT(fused["totals"][0]["bytes"].get<double>(), eager["totals"][0]["bytes"].get<double>());
    EXPECT_LT(fused["totals"][0]["time_s"].get<double>(),
              eager["totals"][0]["time_s"].get<double>());
}

TEST(ModelCli, MixtralReportsExpertsTouched)
{
    const nlohmann::json doc =
        json(runModelCli("model --model mixtral-8x7b --phase decode --batch 8 --context 512 "
                         "--gpu h100-sxm5 --format json"));
    EXPECT_NEAR(doc["scenario"]["experts_touched_per_layer"].get<double>(),
                8.0 * (1.0 - std::pow(0.75, 8)), 1e-9);
    const nlohmann::json* gate = findRow(doc, "h100-sxm5", "expert_gate_proj");
    ASSERT_NE(gate, nullptr);
    EXPECT_EQ((*gate)["layer_count"], 32.0);
}

TEST(ModelCli, LoadsAHuggingFaceConfigAndAUserFile)
{
    const nlohmann::json hf = json(runModelCli("model --model '" + kData +
                                               "/tinyllama-1.1b/config.json' --phase decode "
                                               "--batch 1 --context 64 --gpu l4 --format json"));
    EXPECT_EQ(hf["model"]["id"], "tinyllama-1.1b");
    EXPECT_EQ(hf["model"]["num_key_value_heads"], 4);
    EXPECT_EQ(hf["totals"][0]["fits"], true);

    const nlohmann::json user =
        json(runModelCli("model --model '" + kData +
                         "/user-models.json' --phase prefill "
                         "--batch 2 --context 512 --weights int4 --gpu rtx-4090 --format json"));
    EXPECT_EQ(user["model"]["id"], "toy-gqa-1b");
    EXPECT_EQ(user["scenario"]["weights"], "int4");
}

TEST(ModelCli, TableAndCsv)
{
    const CliResult table =
        runModelCli("model --model llama-2-70b --phase decode --batch 1 --context 128 "
                    "--gpu h100-sxm5");
    EXPECT_EQ(table.exitCode, 0) << table.err;
    EXPECT_NE(table.out.find("does NOT fit"), std::string::npos);
    EXPECT_NE(table.out.find("q_proj ×80"), std::string::npos);

    const CliResult csv =
        runModelCli("model --model llama-2-7b --phase decode --batch 1 --context 128 "
                    "--gpu h100-sxm5 --format csv");
    EXPECT_EQ(csv.exitCode, 0) << csv.err;
    const std::string header = csv.out.substr(0, csv.out.find('\n'));
    EXPECT_NE(header.find("flops,bytes"), std::string::npos);
    EXPECT_NE(header.find("layer_count"), std::string::npos);
    EXPECT_NE(csv.out.find(",q_proj,32,1,32,"), std::string::npos);
}

TEST(ModelCli, MistakesExitWithCode2AndAClearMessage)
{
    const CliResult unknown =
        runModelCli("model --model llama-2-70 --phase decode --batch 1 --context 1 "
                    "--gpu h100-sxm5");
    EXPECT_EQ(unknown.exitCode, 2);
    EXPECT_NE(unknown.err.find("unknown model id"), std::string::npos) << unknown.err;
    EXPECT_NE(unknown.err.find("did you mean llama-2-70b"), std::string::npos) << unknown.err;

    const CliResult option = runModelCli("model --model llama-2-70b --bogus 1");
    EXPECT_EQ(option.exitCode, 2);
    EXPECT_NE(option.err.find("--bogus"), std::string::npos) << option.err;

    const CliResult phase = runModelCli("model --model llama-2-70b --phase sideways --batch 1 "
                                        "--context 1 --gpu h100-sxm5");
    EXPECT_EQ(phase.exitCode, 2);
    EXPECT_NE(phase.err.find("--phase sideways"), std::string::npos) << phase.err;

    const CliResult batch =
        runModelCli("model --model llama-2-70b --phase decode --batch 0 --context 1 "
                    "--gpu h100-sxm5");
    EXPECT_EQ(batch.exitCode, 2);
    EXPECT_NE(batch.err.find("--batch 0"), std::string::npos) << batch.err;

    const CliResult weights = runModelCli("model --model llama-2-70b --phase decode --batch 1 "
                                          "--context 1 --weights int3 --gpu h100-sxm5");
    EXPECT_EQ(weights.exitCode, 2);
    EXPECT_NE(weights.err.find("--weights int3"), std::string::npos) << weights.err;

    const CliResult broken = runModelCli("model --model '" + kData +
                                         "/broken-kv-heads.json' --phase "
                                         "decode --batch 1 --context 1 --gpu h100-sxm5");
    EXPECT_EQ(broken.exitCode, 2);
    EXPECT_NE(broken.err.find("/models/0/num_key_value_heads"), std::string::npos) << broken.err;

    const CliResult gpu =
        runModelCli("model --model llama-2-70b --phase decode --batch 1 --context 1 "
                    "--gpu h100-sxm");
    EXPECT_EQ(gpu.exitCode, 2);
    EXPECT_NE(gpu.err.find("did you mean h100-sxm5"), std::string::npos) << gpu.err;
}

// TheBloke/Llama-2-7B-GPTQ's config.json: 4-bit weights in groups of 128 unless the options
// say otherwise.
TEST(ModelCli, AQuantizedCheckpointSetsTheDefaultWeights)
{
    const std::string config = kData + "/hf/llama-2-7b-gptq/config.json";
    const nlohmann::json doc = json(
        runModelCli("model --model '" + config +
                    "' --phase decode --batch 1 --context 1024 --gpu h100-sxm5 --format json"));
    EXPECT_EQ(doc["scenario"]["weights"], "int4");
    EXPECT_EQ(doc["scenario"]["weight_group_size"], 128.0);
    // 6,476,005,376 matrix weights at 4.125 bits + the FP16 embedding, LM head and norms.
    EXPECT_EQ(doc["totals"][0]["weights_bytes"], 3864010752.0);

    const nlohmann::json fp16 =
        json(runModelCli("model --model '" + config +
                         "' --phase decode --batch 1 --context 1024 --weights fp16 --gpu h100-sxm5 "
                         "--format json"));
    EXPECT_EQ(fp16["scenario"]["weights"], "fp16");
    EXPECT_FALSE(fp16["scenario"].contains("weight_group_size"));
    const nlohmann::json g32 = json(
        runModelCli("model --model '" + config +
                    "' --phase decode --batch 1 --context 1024 --weight-group 32 --gpu h100-sxm5 "
                    "--format json"));
    EXPECT_EQ(g32["scenario"]["weights"], "int4");
    EXPECT_EQ(g32["scenario"]["weight_group_size"], 32.0);
}
