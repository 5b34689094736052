// The README's examples are run, and the figures it quotes next to them are compared with what
// the CLI prints, so that the README cannot go stale: every `roofscope …` line of a ```sh block
// must succeed, and each quoted figure must equal the command's JSON output rounded to the
// digits the README shows.
#include "core/measured/importer.h"
#include "runcli.h"
#include "tests/generated/testpaths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <sstream>

using nlohmann::json;
using roofscope::clitest::runCli;
namespace fs = std::filesystem;

namespace {

std::string readme()
{
    std::ifstream in(ROOFSCOPE_README);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// The `roofscope …` lines of the README's ```sh blocks, without the program name and comments.
std::vector<std::string> shExamples(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    std::string line;
    bool inSh = false;
    while (std::getline(in, line)) {
        if (line.rfind("```", 0) == 0) {
            inSh = !inSh && line == "```sh";
            continue;
        }
        if (!inSh || line.rfind("roofscope ", 0) != 0)
            continue;
        std::string args = line.substr(std::string("roofscope ").size());
        const auto hash = args.find("  #");
        if (hash != std::string::npos)
            args = args.substr(0, hash);
        while (!args.empty() && args.back() == ' ')
            args.pop_back();
        out.push_back(args);
    }
    return out;
}

// A figure the README quotes: the regex's first group, against a value from the JSON output
// of `command --format json`.
struct Quote {
    std::string command;
    std::string pattern;
    std::function<double(const json&)> value;
};

bool matchesShown(const std::string& shown, double value)
{
    std::string digits;
    for (char c : shown)
        if (c != ',')
            digits += c;
    const auto dot = digits.find('.');
    const int decimals = dot == std::string::npos ? 0 : static_cast<int>(digits.size() - dot - 1);
    const double scale = std::pow(10.0, decimals);
    return std::abs(std::round(value * scale) / scale - std::stod(digits)) < 0.5 / scale;
}

const json& totalsOn(const json& out, const std::string& gpu)
{
    for (const json& t : out.at("totals"))
        if (t.at("gpu") == gpu)
            return t;
    throw std::runtime_error("no totals for " + gpu);
}

} // namespace

TEST(Readme, EveryExampleRuns)
{
    const std::string text = readme();
    const auto examples = shExamples(text);
    ASSERT_GE(examples.size(), 8u);
    const bool withPlot = runCli("help").out.find("roofscope plot") != std::string::npos;
    char pattern[] = "/tmp/roofscope-readme-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    const fs::path dir = pattern;
    // The plot example's scenario: the window's default document.
    const auto scenario = dir / "mine.roofscope.json";
    std::ofstream(scenario) << R"({"format": "roofscope-scenario", "version": 1,
        "gpus": ["h100-sxm5", "b200-sxm"], "baseline": "h100-sxm5",
        "operators": [{"spec": "decode_matmul"}]})";
    // The measured-kernel examples' profiles (generic CSV, one optimised kernel).
    std::ofstream(dir / "before.csv") << "name,time_s,flops,dram_bytes,gpu\n"
                                         "gemm,0.01,1e12,1e10,a100-sxm4-80gb\n";
    std::ofstream(dir / "after.csv") << "name,time_s,flops,dram_bytes,gpu\n"
                                        "gemm,0.004,1e12,1e10,a100-sxm4-80gb\n";
    for (std::string args : examples) {
        if (args.rfind("plot", 0) == 0) {
            if (!withPlot)
                continue;
            args =
                std::regex_replace(args, std::regex("mine\\.roofscope\\.json"), scenario.string());
            args = std::regex_replace(args, std::regex("--measured ([^ ]+)"),
                                      "--measured " + dir.string() + "/$1");
            args = std::regex_replace(args, std::regex("-o ([^ ]+)"), "-o " + dir.string() + "/$1");
        }
        const auto r = runCli(args);
        EXPECT_EQ(r.exitCode, 0) << "roofscope " << args << "\n" << r.err;
        EXPECT_FALSE(r.out.empty() && args.rfind("plot", 0) != 0) << args;
    }
    fs::remove_all(dir);
}

TEST(Readme, QuotedFiguresEqualTheCli)
{
    const std::string text = readme();
    const auto examples = shExamples(text);
    const std::string decode = "model --model llama-2-70b --phase decode --batch 1 --context 4096 "
                               "--gpu h100-sxm5,h200-sxm";
    const std::string prefill = "model --model llama-2-70b --phase prefill --batch 1 --context "
                                "2048 --fused --gpu h100-sxm5";
    const std::string sweep = "sweep --gpu h100-sxm5 --op decode_matmul --range 1:4096";
    const std::string serve =
        "serve --model llama-2-70b --gpu h100-sxm5 --prompt 1024 --output 256 --tp 2";
    const auto h100 = [](const json& o) { return totalsOn(o, "h100-sxm5"); };
    const auto servePoint = [](const json& o, bool last) {
        const json& points = o.at("curves")[0].at("points");
        return points.at(last ? points.size() - 1 : 0);
    };
    const std::vector<Quote> quotes = {
        {decode, R"(H100 SXM5: ([\d.]+) GFLOP and)",
         [&](const json& o) { return h100(o).at("flops").get<double>() / 1e9; }},
        {decode, R"(GFLOP and ([\d.]+) GB per\s+token)",
         [&](const json& o) { return h100(o).at("bytes").get<double>() / 1e9; }},
        {decode, R"(token, AI ≈ ([\d.]+),)",
         [&](const json& o) { return h100(o).at("ai").get<double>(); }},
        {decode, R"(([\d.]+) ms per token \*if it fit\*)",
         [&](const json& o) { return h100(o).at("time_s").get<double>() * 1e3; }},
        {decode, R"(its ([\d.]+) GB of FP16 weights)",
         [&](const json& o) { return h100(o).at("weights_bytes").get<double>() / 1e9; }},
        {decode, R"(need (\w+) 80 GB\s+cards)",
         [&](const json& o) { return h100(o).at("gpus_needed").get<double>(); }},
        {decode, R"(KV cache costs ([\d,]+) bytes per token)",
         [&](const json& o) { return h100(o).at("kv_cache_bytes").get<double>() / 4096.0; }},
        {prefill, R"(Prefill of 2048 tokens: ([\d.]+) TFLOP \(fused\))",
         [&](const json& o) { return h100(o).at("flops").get<double>() / 1e12; }},
        {prefill, R"(only weight bytes its AI is ≈ (\d+))",
         [&](const json& o) { return h100(o).at("ai_weights_only").get<double>(); }},
        {prefill, R"(step's real AI is ≈ (\d+))",
         [&](const json& o) { return h100(o).at("ai").get<double>(); }},
        {serve, R"(holds ([\d.]+) GB of weights per GPU)",
         [](const json& o) {
             return o.at("curves")[0].at("weights_bytes_per_gpu").get<double>() / 1e9;
         }},
        {serve, R"(the\s+curve ends at batch (\d+))",
         [](const json& o) { return o.at("curves")[0].at("largest_batch").get<double>(); }},
        {serve, R"(There a GPU gives ([\d,.]+) tokens/s)",
         [&](const json& o) {
             return servePoint(o, true).at("tokens_per_s_per_gpu").get<double>();
         }},
        {serve, R"(each user gets ([\d.]+) tokens/s;)",
         [&](const json& o) {
             return servePoint(o, true).at("tokens_per_s_per_user").get<double>();
         }},
        {serve, R"(at batch 1 a user gets ([\d.]+) tokens/s)",
         [&](const json& o) {
             return servePoint(o, false).at("tokens_per_s_per_user").get<double>();
         }},
        {sweep, R"(# crosses the ridge at batch ([\d.]+))",
         [](const json& o) { return o.at("crossings")[0].at("crossing").get<double>(); }},
    };
    std::map<std::string, json> outputs;
    for (const Quote& q : quotes) {
        ASSERT_NE(std::find(examples.begin(), examples.end(), q.command), examples.end())
            << "the README no longer shows: roofscope " << q.command;
        if (!outputs.count(q.command)) {
            const auto r = runCli(q.command + " --format json");
            ASSERT_EQ(r.exitCode, 0) << r.err;
            outputs[q.command] = json::parse(r.out);
        }
        std::smatch m;
        ASSERT_TRUE(std::regex_search(text, m, std::regex(q.pattern))) << q.pattern;
        std::string shown = m[1].str();
        if (shown == "two")
            shown = "2";
        const double actual = q.value(outputs[q.command]);
        EXPECT_TRUE(matchesShown(shown, actual))
            << "README says " << shown << " for /" << q.pattern << "/; the CLI gives " << actual;
    }
}

// The README's "How to get a file RoofScope reads" is the importer registry's own text
// (profilerCommandsMarkdown), so a format added to the registry must be added to the README.
TEST(Readme, ProfilerCommandsAreTheRegistrys)
{
    const std::string text = readme();
    const std::string begin = "<!-- profiler-commands: generated from the importer registry -->\n";
    const std::string end = "<!-- /profiler-commands -->";
    const auto from = text.find(begin);
    const auto to = text.find(end);
    ASSERT_NE(from, std::string::npos) << "the README has no profiler-commands section";
    ASSERT_NE(to, std::string::npos);
    const std::string section = text.substr(from + begin.size(), to - from - begin.size());
    EXPECT_EQ(section, "\n" + roofscope::profilerCommandsMarkdown())
        << "regenerate the section: roofscope measured --help lists the same formats";
}
