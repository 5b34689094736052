// `roofscope model --tp/--pp/--ep` and `roofscope plan`: the layouts as a user asks for them.
#include "core/util/numbers.h"
#include "runcli.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

using roofscope::clitest::runCli;

namespace {

roofscope::clitest::CliResult run(const std::string& args)
{
    // Hermetic: the machine's own catalog and model directories must not leak in.
    setenv("ROOFSCOPE_CATALOG_DIR", "/nonexistent-roofscope", 1);
    setenv("ROOFSCOPE_MODEL_DIR", "/nonexistent-roofscope", 1);
    return runCli(args);
}

nlohmann::json parse(const roofscope::clitest::CliResult& r)
{
    EXPECT_EQ(r.exitCode, 0) << r.err;
    return nlohmann::json::parse(r.out, nullptr, false);
}

const std::string k70b = "--model llama-2-70b --phase decode --batch 1 --context 4096 ";

} // namespace

TEST(ParallelCli, ModelTp2ReportsLayoutCommunicationAndPerGpuMemory)
{
    const auto single = parse(run("model " + k70b + "--gpu h100-sxm5 --format json"));
    const auto tp2 = parse(run("model " + k70b + "--gpu h100-sxm5 --tp 2 --format json"));
    ASSERT_TRUE(tp2.contains("totals"));
    const auto& t = tp2["totals"][0];
    EXPECT_EQ(t["layout"]["tp"], 2);
    EXPECT_EQ(t["layout"]["gpus"], 2);
    EXPECT_EQ(t["fits"], true);
    EXPECT_LT(t["memory_bytes"].get<double>(), 80e9);
    EXPECT_EQ(t["per_gpu"].size(), 1u);
    EXPECT_LT(t["per_gpu"][0]["memory_bytes"].get<double>(), 80e9);
    const double ratio = t["time_s"].get<double>() / single["totals"][0]["time_s"].get<double>();
    EXPECT_GE(ratio, 0.45);
    EXPECT_LE(ratio, 0.6);
    // 161 ring all-reduces of 16,384 bytes over 2 GPUs + the logits all-gather, by the formula.
    const double ar = 16384.0 / 450e9 + 2e-6;
    EXPECT_NEAR(t["communication_time_s"].get<double>(), 161 * ar + 0.5 * 64000 / 450e9 + 1e-6,
                1e-12);
    EXPECT_NEAR(t["compute_time_s"].get<double>() + t["communication_time_s"].get<double>(),
                t["time_s"].get<double>(), 1e-12);
    bool sawAllReduce = false;
    for (const auto& c : tp2["communication"])
        sawAllReduce |= c["collective"] == "all_reduce" && c["participants"] == 2;
    EXPECT_TRUE(sawAllReduce);
}

TEST(ParallelCli, CommunicationGrowsWithBatchAndIsLargeOnPcie)
{
    const auto b1 = parse(run("model " + k70b + "--gpu h100-sxm5 --tp 2 --format json"));
    const auto b64 = parse(
        run("model --model llama-2-70b --phase decode --batch 64 --context 4096 --gpu h100-sxm5 "
            "--tp 2 --format json"));
    EXPECT_GT(b64["totals"][0]["communication_time_s"].get<double>(),
              b1["totals"][0]["communication_time_s"].get<double>());
    const auto l40s = parse(run("model " + k70b + "--gpu l40s --tp 8 --format json"));
    EXPECT_GT(l40s["totals"][0]["communication_fraction"].get<double>(), 0.3);
}

TEST(ParallelCli, PipelineStagesArePerGpuRows)
{
    const auto pp = parse(run("model " + k70b + "--gpu h100-sxm5 --tp 2 --pp 2 --format json"));
    const auto& t = pp["totals"][0];
    ASSERT_EQ(t["per_gpu"].size(), 2u);
    EXPECT_EQ(t["per_gpu"][0]["layers"], 40);
    const double sum =
        t["per_gpu"][0]["time_s"].get<double>() + t["per_gpu"][1]["time_s"].get<double>();
    EXPECT_NEAR(t["time_s"].get<double>(), sum, 1e-12);
    const auto table = run("model " + k70b + "--gpu h100-sxm5 --tp 2 --pp 2");
    EXPECT_EQ(table.exitCode, 0) << table.err;
    EXPECT_NE(table.out.find("TP=2 × PP=2"), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("2·(N−1)/N · bytes"), std::string::npos);
}

TEST(ParallelCli, PlanListsTheFastestFittingLayoutFirst)
{
    const auto plan = parse(run("plan " + k70b + "--gpu h100-sxm5 --format json"));
    ASSERT_TRUE(plan.contains("layouts"));
    const auto& first = plan["layouts"][0];
    EXPECT_EQ(first["fits"], true);
    EXPECT_EQ(first["layout"]["tp"], 8);
    const auto& last = plan["layouts"].back();
    EXPECT_EQ(last["layout"]["gpus"], 1);
    EXPECT_EQ(last["fits"], false);
    const auto table = run("plan " + k70b + "--gpu h100-sxm5 --max-gpus 2");
    EXPECT_EQ(table.exitCode, 0) << table.err;
    EXPECT_NE(table.out.find("TP=2"), std::string::npos);
    EXPECT_EQ(table.out.find("TP=4"), std::string::npos);
}

TEST(ParallelCli, BadLayoutsAreNamed)
{
    auto r = run("model " + k70b + "--gpu h100-sxm5 --tp 3");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("--tp 3 must divide the attention heads (64)"), std::string::npos)
        << r.err;
    r = run("model " + k70b + "--gpu h100-sxm5 --tp 0");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("--tp 0: expected a whole number"), std::string::npos) << r.err;
    r = run("model " + k70b + "--gpu tpu-v5e --tp 2 --activations bf16");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("tpu-v5e has no interconnect in the catalog"), std::string::npos) << r.err;
    r = run("plan " + k70b + "--gpu h100-sxm5,l40s");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("expected exactly one GPU id"), std::string::npos) << r.err;
    r = run("model " + k70b + "--gpu h100-sxm5 --tp 2 --headroom 1.5");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("--headroom 1.5"), std::string::npos) << r.err;
}

// The notes beside `roofscope model`'s figures: MoE weights-only intensity, W4A16's FP16 LM head,
// per-step times at batch > 1 and a context past the training length.
TEST(ModelCliNotes, SaysWhatTheFiguresMean)
{
    auto r =
        run("model --model llama-2-70b --phase decode --batch 1 --context 4096 --gpu h100-sxm5 "
            "--weights int4");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("Note: W4A16: only the decoder layers' matrices are INT4; the LM head"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("ms per token"), std::string::npos);
    r = run("model --model llama-2-70b --phase decode --batch 8 --context 8192 --gpu h100-sxm5");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("ms per step"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("ms per token"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("beyond llama-2-70b's max_position_embeddings (4096)"), std::string::npos);
    const auto j = parse(run("model --model mixtral-8x7b --phase decode --batch 1 --context 4096 "
                             "--gpu h100-sxm5 --format json"));
    const auto& t = j["totals"][0];
    EXPECT_GT(t["ai_weights_only"].get<double>(), t["ai"].get<double>());
    EXPECT_NEAR(t["ai_weights_only"].get<double>(),
                t["flops"].get<double>() / t["weights_read_bytes"].get<double>(), 1e-9);
    EXPECT_EQ(j["scenario"]["time_unit"], "per token");
}

namespace {

std::vector<std::string> split(const std::string& text, char separator)
{
    std::vector<std::string> out;
    std::string item;
    std::istringstream in(text);
    while (std::getline(in, item, separator))
        out.push_back(item);
    return out;
}

} // namespace

// Like every other CSV, plan's rows carry numbers in the shortest form that reads back exactly (not
// 17 digits: 0.1 stays "0.1"), cell for cell the values of its JSON output.
TEST(PlanCli, CsvNumbersAreTheShortestRoundTripForm)
{
    const std::string args = "plan " + k70b + "--gpu h100-sxm5 --max-gpus 2 --format ";
    const auto json = parse(run(args + "json"));
    const auto csv = run(args + "csv");
    ASSERT_EQ(csv.exitCode, 0) << csv.err;
    const std::vector<std::string> lines = split(csv.out, '\n');
    ASSERT_EQ(lines.size(), json["layouts"].size() + 1) << csv.out;
    EXPECT_EQ(lines[0], "layout,tp,pp,ep,gpus,time_s,tokens_per_s,tokens_per_s_per_gpu,"
                        "communication_fraction,memory_bytes,fits");
    EXPECT_EQ(lines[1], "TP=2,2,1,1,2,0.021080016997147594,47.43829192050999,23.719145960254995,"
                        "0.015604016935410024,69649496576,true");
    // 17 digits wrote this time as 0.041495741239933659.
    EXPECT_EQ(lines[2], "TP=1 × PP=2,1,2,1,2,0.04149574123993366,24.098858584496,12.049429292248,"
                        "2.4976271249047962e-05,69648626688,true");
    for (std::size_t i = 1; i < lines.size(); ++i) {
        const std::vector<std::string> cells = split(lines[i], ',');
        ASSERT_EQ(cells.size(), 11u) << lines[i];
        const nlohmann::json& layout = json["layouts"][i - 1];
        EXPECT_EQ(cells[5], roofscope::shortestNumber(layout["time_s"].get<double>()));
        EXPECT_EQ(cells[6], roofscope::shortestNumber(layout["tokens_per_s"].get<double>()));
        EXPECT_EQ(cells[7],
                  roofscope::shortestNumber(layout["tokens_per_s_per_gpu"].get<double>()));
        EXPECT_EQ(cells[8],
                  roofscope::shortestNumber(layout["communication_fraction"].get<double>()));
        EXPECT_EQ(cells[9], roofscope::shortestNumber(layout["memory_bytes"].get<double>()));
    }
}
