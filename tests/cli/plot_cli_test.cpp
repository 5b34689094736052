// `roofscope plot`: the window's figure without a display. Image sizes read from the files,
// CSV numbers compared with the core, and every usage mistake an exit code 2 with one line.
#include "core/document/scenario.h"
#include "core/hardware/catalog.h"
#include "core/models/modelconfig.h"
#include "core/models/workload.h"
#include "core/roofline/roofline.h"
#include "plotcommandtest.h"
#include "runcli.h"
#include "tests/generated/testpaths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

using roofscope::clitest::runCli;
namespace fs = std::filesystem;

namespace {

class PlotCli : public roofscope::clitest::PlotCommandTest {};

std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Width and height from a PNG's IHDR chunk (bytes 16..23, big-endian).
std::pair<int, int> pngSize(const std::string& bytes)
{
    if (bytes.size() < 24 || bytes.compare(1, 3, "PNG") != 0)
        return {0, 0};
    auto be = [&](std::size_t at) {
        int v = 0;
        for (std::size_t i = 0; i < 4; ++i)
            v = (v << 8) | static_cast<unsigned char>(bytes[at + i]);
        return v;
    };
    return {be(16), be(20)};
}

int lineCount(const std::string& s)
{
    return static_cast<int>(std::count(s.begin(), s.end(), '\n'));
}

std::vector<std::map<std::string, std::string>> parseCsv(const std::string& text)
{
    std::vector<std::map<std::string, std::string>> rows;
    std::istringstream in(text);
    std::string line;
    std::vector<std::string> header;
    auto split = [](const std::string& l) {
        std::vector<std::string> out;
        std::string cell;
        std::istringstream ls(l);
        while (std::getline(ls, cell, ','))
            out.push_back(cell);
        if (!l.empty() && l.back() == ',')
            out.emplace_back();
        return out;
    };
    while (std::getline(in, line)) {
        if (header.empty()) {
            header = split(line);
            continue;
        }
        const auto cells = split(line);
        EXPECT_EQ(cells.size(), header.size()) << line;
        std::map<std::string, std::string> row;
        for (std::size_t i = 0; i < header.size() && i < cells.size(); ++i)
            row[header[i]] = cells[i];
        rows.push_back(row);
    }
    return rows;
}

} // namespace

TEST_F(PlotCli, PngHasTheRequestedSizeTimesTheScale)
{
    const std::string out = path("fig.png");
    const auto r = runCli("plot -o '" + out + "' --size 640x360 --scale 2");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(pngSize(readFile(out)), std::make_pair(1280, 720));

    // Defaults: the seed's view at 1920×1080, and --output=FILE works too.
    const std::string def = path("default.png");
    const auto d = runCli("plot --output=" + def + " --theme slide --title 'Decode on four GPUs'");
    ASSERT_EQ(d.exitCode, 0) << d.err;
    EXPECT_EQ(pngSize(readFile(def)), std::make_pair(1920, 1080));
}

TEST_F(PlotCli, SvgAndPdfFromAScenarioFile)
{
    roofscope::Scenario s = roofscope::defaultScenario();
    s.gpus = {"h100-sxm5", "b200-sxm"};
    s.baseline = "h100-sxm5";
    s.theme = roofscope::Theme::Slide;
    const std::string scenario = path("two.roofscope.json");
    std::ofstream(scenario) << roofscope::scenarioToJson(s);

    const auto svg = runCli("plot --scenario " + scenario + " -o " + path("fig.svg"));
    ASSERT_EQ(svg.exitCode, 0) << svg.err;
    const std::string text = readFile(path("fig.svg"));
    EXPECT_NE(text.find("<svg"), std::string::npos);
    EXPECT_NE(text.find("Arithmetic intensity (FLOP/byte)"), std::string::npos);
    EXPECT_NE(text.find("B200"), std::string::npos);
    EXPECT_EQ(text.find("A100"), std::string::npos); // only the scenario's accelerators

    const auto pdf =
        runCli("plot --scenario " + scenario + " -o " + path("fig.pdf") + " --size 1280x720");
    ASSERT_EQ(pdf.exitCode, 0) << pdf.err;
    const std::string bytes = readFile(path("fig.pdf"));
    EXPECT_EQ(bytes.rfind("%PDF-", 0), 0u);
    std::smatch box;
    ASSERT_TRUE(std::regex_search(
        bytes, box, std::regex(R"(/MediaBox\s*\[\s*0[.0]*\s+0[.0]*\s+([\d.]+)\s+([\d.]+)\s*\])")));
    // A slide page: 13.33 × 7.5 in = 960 × 540 pt, whatever the pixel size.
    EXPECT_DOUBLE_EQ(std::stod(box[1]), 960.0);
    EXPECT_DOUBLE_EQ(std::stod(box[2]), 540.0);
    // One page: "/Type /Page" not followed by "s" (that is the page tree).
    const std::regex page(R"(/Type\s*/Page(?!s))");
    EXPECT_EQ(std::distance(std::sregex_iterator(bytes.begin(), bytes.end(), page),
                            std::sregex_iterator()),
              1);
}

TEST_F(PlotCli, CsvNumbersEqualTheCore)
{
    const auto r = runCli("plot -o " + path("points.csv"));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto rows = parseCsv(readFile(path("points.csv")));
    const roofscope::HardwareCatalog catalog = roofscope::HardwareCatalog::builtin();
    const roofscope::Scenario s = roofscope::defaultScenario();
    int points = 0;
    for (const auto& row : rows) {
        if (row.at("kind") != "point")
            continue;
        ++points;
        const roofscope::Hardware* hw = catalog.find(row.at("gpu_id"));
        ASSERT_NE(hw, nullptr);
        const roofscope::Operator* op = nullptr;
        for (const auto& o : s.operators)
            if (o.displayName() == row.at("operator"))
                op = &o;
        ASSERT_NE(op, nullptr) << row.at("operator");
        const auto e = roofscope::estimate(op->cost(), *hw);
        ASSERT_TRUE(e.ok());
        EXPECT_DOUBLE_EQ(std::stod(row.at("ai_flop_per_byte")), e->ai);
        EXPECT_DOUBLE_EQ(std::stod(row.at("flops_per_s")), e->attainable);
        EXPECT_DOUBLE_EQ(std::stod(row.at("time_s")), e->timeS);
        EXPECT_EQ(row.at("bound"), std::string(roofscope::boundName(e->bound)));
    }
    EXPECT_EQ(points, 28); // the seed's 7 operators on its 4 GPUs

    // --gpu and --op narrow it down; JSON carries the same numbers.
    const auto one = runCli("plot --gpu h100-sxm5 --op decode_matmul -o " + path("one.json"));
    ASSERT_EQ(one.exitCode, 0) << one.err;
    const auto json = nlohmann::json::parse(readFile(path("one.json")));
    ASSERT_EQ(json.at("points").size(), 1u);
    const auto& p = json.at("points")[0];
    EXPECT_EQ(p.at("gpu"), "h100-sxm5");
    const auto op = roofscope::parseOperatorOrPreset("decode_matmul");
    ASSERT_TRUE(op.ok());
    const auto e = roofscope::estimate(op->cost(), *catalog.find("h100-sxm5"));
    ASSERT_TRUE(e.ok());
    EXPECT_DOUBLE_EQ(p.at("ai").get<double>(), e->ai);
    EXPECT_DOUBLE_EQ(p.at("attainable_flops_per_s").get<double>(), e->attainable);
    EXPECT_EQ(p.at("bound"), "memory");
}

TEST_F(PlotCli, MistakesExitWithCodeTwoAndOneLine)
{
    const std::string broken = path("broken.roofscope.json");
    std::ofstream(broken) << "{\"format\": \"roofscope-scenario\", \"version\": 1, \"gpus\": [";
    const std::string blocker = path("blocker");
    std::ofstream(blocker) << "x";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"plot --gpu h100-sxm9 -o " + path("a.png"), "h100-sxm9"},
        {"plot --op matmul:m=-1 -o " + path("a.png"), "--op"},
        {"plot --size 10x -o " + path("a.png"), "--size"},
        {"plot --size 0x100 -o " + path("a.png"), "--size"},
        {"plot --scale 9 -o " + path("a.png"), "--scale"},
        {"plot --scale 2 -o " + path("a.svg"), "PNG"},
        {"plot --theme neon -o " + path("a.png"), "--theme"},
        {"plot -o " + path("a.gif"), ".png"},
        {"plot --size 640x360", "--output"},
        {"plot --bogus -o " + path("a.png"), "--bogus"},
        {"plot --scenario " + broken + " -o " + path("a.png"), "broken.roofscope.json"},
        {"plot --scenario " + path("missing.json") + " -o " + path("a.png"), "missing.json"},
        {"plot -o " + blocker + "/a.png", blocker + "/a.png"},
        {"plot -o " + blocker + "/a.csv", blocker + "/a.csv"},
    };
    for (const auto& [args, mention] : cases) {
        const auto r = runCli(args);
        EXPECT_EQ(r.exitCode, 2) << args << "\n" << r.err;
        EXPECT_EQ(lineCount(r.err), 1) << args << "\n" << r.err;
        EXPECT_NE(r.err.find(mention), std::string::npos) << args << "\n" << r.err;
        EXPECT_EQ(r.out, "") << args;
    }
    // Nothing was written by any of them.
    std::vector<std::string> left;
    for (const auto& entry : fs::directory_iterator(scratch().dir()))
        left.push_back(entry.path().filename().string());
    std::sort(left.begin(), left.end());
    EXPECT_EQ(left, (std::vector<std::string>{"blocker", "broken.roofscope.json"}));
}

TEST_F(PlotCli, RunsWithoutAnyDisplay)
{
    // No QT_QPA_PLATFORM, no DISPLAY, no WAYLAND_DISPLAY: plot picks the offscreen platform.
    const std::string out = path("nodisplay.png");
    const std::string command =
        std::string("env -u QT_QPA_PLATFORM -u DISPLAY -u WAYLAND_DISPLAY '") + ROOFSCOPE_BINARY +
        "' plot --size 800x450 -o '" + out + "' 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    ASSERT_NE(pipe, nullptr);
    std::array<char, 512> buf{};
    std::string output;
    while (fgets(buf.data(), buf.size(), pipe))
        output += buf.data();
    const int status = pclose(pipe);
    EXPECT_EQ(WEXITSTATUS(status), 0) << output;
    EXPECT_EQ(pngSize(readFile(out)), std::make_pair(800, 450));
}

// A document saved with the Model panel's set-up: plot expands the model's operators from it
// (they are not listed in "operators") and draws them beside the user's.
TEST_F(PlotCli, ModelScenarioRendersTheModelsOperators)
{
    const std::string doc = path("mixtral.roofscope.json");
    std::ofstream(doc) << R"({"format": "roofscope-scenario", "version": 1,
        "gpus": ["h100-sxm5"], "baseline": "h100-sxm5",
        "operators": [{"spec": "decode_matmul", "label": "Mine"}],
        "model": {"id": "mixtral-8x7b", "phase": "decode", "batch": 8, "context": 131072,
                  "weights": "int4", "activations": "fp16", "kv": "fp16", "fused": true,
                  "on_chart": true}})";
    const auto r = runCli("plot --scenario " + doc + " -o " + path("m.json"));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto json = nlohmann::json::parse(readFile(path("m.json")));
    // The core's expansion of the same step: one point per row plus the user's own.
    const auto models = roofscope::ModelCatalog::builtin();
    roofscope::InferenceScenario step;
    step.batch = 8;
    step.context = 131072;
    step.weights = roofscope::Precision::INT4;
    step.fused = true;
    const auto w = roofscope::expandWorkload(*models.find("mixtral-8x7b"), step);
    ASSERT_TRUE(w.ok());
    ASSERT_EQ(json.at("points").size(), w->ops.size() + 1);
    // The rows are named as the chart shows them ("Expert down projection ×…"), not by key.
    std::size_t experts = 0;
    for (const auto& p : json.at("points")) {
        const std::string name = p.at("operator").get<std::string>();
        experts += name.starts_with("Expert ") ? 1 : 0;
        EXPECT_EQ(name.find('_'), std::string::npos) << name;
    }
    EXPECT_GT(experts, 0u);
    EXPECT_EQ(json.at("points")[0].at("operator"), "Mine");

    // A PNG of it renders too, and an unknown model is one line naming the pointer.
    ASSERT_EQ(runCli("plot --scenario " + doc + " -o " + path("m.png")).exitCode, 0);
    std::ofstream(path("bad.roofscope.json")) << R"({"format": "roofscope-scenario", "version": 1,
        "gpus": ["h100-sxm5"], "model": {"id": "mixtral-8x8b", "on_chart": true}})";
    const auto bad =
        runCli("plot --scenario " + path("bad.roofscope.json") + " -o " + path("b.png"));
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.err.find("/model/id: unknown model \"mixtral-8x8b\""), std::string::npos)
        << bad.err;
    EXPECT_FALSE(fs::exists(path("b.png")));
}

// One language per label: under zh_CN the chart's ceiling names and ridge labels are Chinese
// too ("FP16 向量单元", "批大小 ≥ 302"), not "FP16 vector" and "batch ≥ 302" beside Chinese text.
TEST_F(PlotCli, ChineseFigureHasNoEnglishCeilingOrRidgeWords)
{
    const auto run = runCli("plot --lang zh_CN -o " + path("zh.svg"));
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const std::string svg = readFile(path("zh.svg"));
    std::string texts; // the text of every <text> element
    for (std::size_t at = svg.find("<text"); at != std::string::npos;
         at = svg.find("<text", at + 1)) {
        const std::size_t open = svg.find('>', at);
        const std::size_t close = svg.find("</text>", open);
        if (open == std::string::npos || close == std::string::npos)
            break;
        texts += svg.substr(open + 1, close - open - 1) + "|";
    }
    ASSERT_NE(texts.find("拐点"), std::string::npos) << texts;
    EXPECT_NE(texts.find("批大小"), std::string::npos) << texts;
    EXPECT_NE(texts.find("向量单元"), std::string::npos) << texts;
    EXPECT_EQ(texts.find("vector"), std::string::npos) << texts;
    EXPECT_EQ(texts.find("batch"), std::string::npos) << texts;
    EXPECT_EQ(texts.find("ridge"), std::string::npos) << texts;
}
