// `roofscope serve`: the serving curve as a user asks for it, in each format.
#include "core/util/numbers.h"
#include "runcli.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
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

std::vector<std::string> split(const std::string& text, char sep)
{
    std::vector<std::string> out;
    std::string item;
    std::istringstream in(text);
    while (std::getline(in, item, sep))
        out.push_back(item);
    return out;
}

const std::string k70bTp2 =
    "serve --model llama-2-70b --gpu h100-sxm5 --prompt 1024 --output 256 --tp 2 ";

} // namespace

TEST(ServeCli, JsonHasOneCurvePerGpuAndLayoutEndingAtTheLargestFittingBatch)
{
    const auto out = parse(run(k70bTp2 + "--format json"));
    ASSERT_TRUE(out.contains("curves")) << out.dump();
    EXPECT_EQ(out["model"], "llama-2-70b");
    EXPECT_EQ(out["prompt"], 1024);
    EXPECT_EQ(out["output"], 256);
    EXPECT_EQ(out["mean_context"], 1152);
    ASSERT_EQ(out["curves"].size(), 1u);
    const auto& c = out["curves"][0];
    EXPECT_EQ(c["gpu"], "h100-sxm5");
    EXPECT_EQ(c["layout"]["tp"], 2);
    EXPECT_EQ(c["layout"]["gpus"], 2);
    // 72 GB usable − 68.98 GB of weights per GPU = 3.02 GB: 14 requests of 1280 tokens at
    // 163,840 B per token per GPU (the core test derives it).
    EXPECT_EQ(c["largest_batch"], 14);
    EXPECT_EQ(c["limit"], "memory");
    EXPECT_EQ(c["kv_bytes_per_request_per_gpu"], 1280.0 * 327680 / 2);
    const auto& points = c["points"];
    ASSERT_EQ(points.size(), 5u);
    const std::vector<int> batches = {1, 2, 4, 8, 14};
    for (std::size_t i = 0; i < points.size(); ++i) {
        const auto& p = points[i];
        const double step = p["step_time_s"].get<double>();
        EXPECT_EQ(p["batch"], batches[i]);
        EXPECT_DOUBLE_EQ(p["tokens_per_s_per_user"].get<double>(), 1.0 / step);
        EXPECT_DOUBLE_EQ(p["tokens_per_s_per_gpu"].get<double>(), batches[i] / step / 2.0);
        EXPECT_DOUBLE_EQ(p["request_latency_s"].get<double>(),
                         p["ttft_s"].get<double>() + 256.0 * step);
        EXPECT_EQ(p["capacity_end"], i + 1 == points.size());
        // One layout: each batch trades interactivity for throughput, so all are on the front.
        EXPECT_EQ(p["pareto"], true);
    }
}

TEST(ServeCli, CsvHasAHeaderAndOneShortestRoundTripRowPerPoint)
{
    const auto json = parse(run(k70bTp2 + "--format json"));
    const auto csv = run(k70bTp2 + "--format csv");
    ASSERT_EQ(csv.exitCode, 0) << csv.err;
    const std::vector<std::string> lines = split(csv.out, '\n');
    ASSERT_EQ(lines.size(), 6u) << csv.out;
    EXPECT_EQ(lines[0], "gpu,layout,tp,pp,ep,gpus,batch,step_time_s,tokens_per_s_per_user,"
                        "tokens_per_s_per_gpu,ttft_batch1_s,ttft_s,request_latency_s,"
                        "memory_bytes_per_gpu,capacity_end,pareto");
    const auto& points = json["curves"][0]["points"];
    for (std::size_t i = 0; i < points.size(); ++i) {
        const std::vector<std::string> cells = split(lines[i + 1], ',');
        ASSERT_EQ(cells.size(), 16u) << lines[i + 1];
        EXPECT_EQ(cells[0], "h100-sxm5");
        EXPECT_EQ(cells[1], "TP=2");
        EXPECT_EQ(cells[6], roofscope::shortestNumber(points[i]["batch"].get<double>()));
        EXPECT_EQ(cells[7], roofscope::shortestNumber(points[i]["step_time_s"].get<double>()));
        EXPECT_EQ(cells[9],
                  roofscope::shortestNumber(points[i]["tokens_per_s_per_gpu"].get<double>()));
        EXPECT_EQ(cells[14], i + 1 == points.size() ? "true" : "false");
    }
}

TEST(ServeCli, TableNamesTheLayoutTheLargestBatchAndWhyItStops)
{
    const auto r = run(k70bTp2);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("h100-sxm5 × 2, TP=2: largest batch 14; the memory-capacity end: "
                         "batch 15 needs"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("tokens/s per user"), std::string::npos);
    EXPECT_NE(r.out.find("capacity end"), std::string::npos);
    // One GPU cannot hold 138 GB of weights: said, not a failure.
    const auto one = run("serve --model llama-2-70b --gpu h100-sxm5 --prompt 1024 --output 256");
    EXPECT_EQ(one.exitCode, 0) << one.err;
    EXPECT_NE(one.out.find("not even one request fits"), std::string::npos) << one.out;
}

TEST(ServeCli, AutoLayoutsGiveOneCurvePerValidLayoutAndAParetoFrontAcrossThem)
{
    const auto out = parse(run("serve --model llama-2-70b --gpu h100-sxm5 --prompt 1024 "
                               "--output 256 --layouts auto --max-gpus 4 --format json"));
    ASSERT_TRUE(out.contains("curves"));
    // TP 1, 2, 4 × PP with TP × PP <= 4: TP=1 (PP 1..4), TP=2 (PP 1, 2), TP=4.
    EXPECT_EQ(out["curves"].size(), 7u);
    std::size_t onFront = 0;
    for (const auto& c : out["curves"])
        for (const auto& p : c["points"])
            onFront += p["pareto"].get<bool>() ? 1 : 0;
    EXPECT_GE(onFront, 1u);
}

TEST(ServeCli, BadOptionsAreNamedWithExitCodeTwo)
{
    const std::string base = "serve --model llama-2-7b --gpu h100-sxm5 ";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {base + "--prompt 0 --output 256", "--prompt 0: expected a whole number"},
        {base + "--prompt 1024 --output 2.5", "--output 2.5: expected a whole number"},
        {base + "--output 256", "--prompt"},
        {base + "--prompt 1024 --output 256 --format xml", "--format xml"},
        {base + "--prompt 1024 --output 256 --layouts some", "--layouts some: expected auto"},
        {base + "--prompt 1024 --output 256 --layouts auto --tp 2", "--tp 2: not with --layouts"},
        {base + "--prompt 1024 --output 256 --max-gpus 4", "--max-gpus 4: only with --layouts"},
        {base + "--prompt 1024 --output 256 --headroom 1", "--headroom 1"},
        {base + "--prompt 1024 --output 256 --tp 3", "--tp 3 must divide"},
        {base + "--prompt 1024 --output 256 --bogus 1", "--bogus"},
        {base + "--prompt 1024 --output 256 --weights fp16 --weight-group 32",
         "--weight-group 32: group scales belong to quantized weights"},
        {"serve --model llama-2-7b --gpu h100-sxmm --prompt 1024 --output 256", "h100-sxmm"},
    };
    for (const auto& [args, expected] : cases) {
        const auto r = run(args);
        EXPECT_EQ(r.exitCode, 2) << args;
        EXPECT_NE(r.err.find(expected), std::string::npos) << args << "\n" << r.err;
    }
}

TEST(ServeCli, HelpShowsTheOptionsAndAnExample)
{
    const auto r = run("serve --help");
    ASSERT_EQ(r.exitCode, 0);
    EXPECT_NE(r.out.find("--prompt P, --output O"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Example: roofscope serve"), std::string::npos);
}

// `roofscope plot --serving`: the curves as a slide figure, with serve's options.
TEST(ServePlotCli, DrawsOneCurvePerGpuAndLayoutWithAxisTitlesAndLegend)
{
    if (run("help").out.find("roofscope plot") == std::string::npos)
        GTEST_SKIP() << "built without the window: no plot";
    char pattern[] = "/tmp/roofscope-serveplot-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    const std::string dir = pattern;
    const std::string args = "plot --serving --model llama-2-70b --gpu h100-sxm5,a100-sxm4-80gb "
                             "--prompt 1024 --output 256 --tp 2 -o ";
    auto r = run(args + dir + "/serving.svg");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    std::ifstream in(dir + "/serving.svg");
    std::stringstream svg;
    svg << in.rdbuf();
    const std::string text = svg.str();
    EXPECT_NE(text.find("<svg"), std::string::npos);
    EXPECT_NE(text.find("Tokens/s per user"), std::string::npos);
    EXPECT_NE(text.find("Tokens/s per GPU"), std::string::npos);
    EXPECT_NE(text.find("h100-sxm5 · TP=2"), std::string::npos);
    EXPECT_NE(text.find("a100-sxm4-80gb · TP=2"), std::string::npos);
    EXPECT_NE(text.find("memory-capacity end"), std::string::npos);

    r = run(args + dir + "/serving.png");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    std::ifstream png(dir + "/serving.png", std::ios::binary);
    std::string magic(4, '\0');
    png.read(magic.data(), 4);
    EXPECT_EQ(magic, "\x89PNG");
    r = run(args + dir + "/serving.pdf");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(std::filesystem::file_size(dir + "/serving.pdf") > 1000u);

    r = run("plot --serving --model llama-2-70b --gpu h100-sxm5 --prompt 1024 --output 256");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("-o FIG.png|svg|pdf is required"), std::string::npos) << r.err;
    r = run(args + dir + "/serving.csv");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("-o " + dir + "/serving.csv"), std::string::npos) << r.err;
    std::filesystem::remove_all(dir);
}
