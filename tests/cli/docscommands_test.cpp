// The manual's examples are run, and the figures it quotes next to them are compared with what
// the CLI prints, so that neither the README (the front page) nor docs/*.md (the manual) can go
// stale: every command of a ```sh block must succeed, each quoted figure must equal the
// command's JSON output rounded to the digits the page shows, and every link must lead to a
// file and heading that exist.
//
// Which code blocks run, in README.md and every docs/*.md:
//   ```sh       run by this test. Every line that is not blank or a `#` comment is a command
//               starting with `roofscope ` (a trailing "  # comment" is dropped). It runs with
//               /bin/sh in a scratch folder that holds the files the examples name (see
//               kExampleFiles), the built roofscope first on PATH, and must exit with 0. A line
//               of a ```sh block that is not a roofscope command fails the test: a command that
//               must not run here goes in another block.
//   ```bash     shell commands shown but not run: they install packages or build (the two
//               set-up commands, the benchmarks), take a minute (`roofscope probe`) or need a
//               device the test machine may lack (`--device vulkan`).
//   ```console  a session with its output, `$ ` before the command; not run.
//   ```, ```json, ```csv, ```ini   synopses, diagrams and file contents; not run.
#include "core/measured/importer.h"
#include "runcli.h"
#include "tests/generated/testpaths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <sys/wait.h>

using nlohmann::json;
using roofscope::clitest::runCli;
namespace fs = std::filesystem;

namespace {

std::string readText(const fs::path& path)
{
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// The pages, as paths relative to the source root: README.md, then docs/*.md by name.
std::vector<std::string> pages()
{
    std::vector<std::string> out;
    for (const auto& entry : fs::directory_iterator(ROOFSCOPE_DOCS_DIR)) {
        if (entry.path().extension() == ".md")
            out.push_back("docs/" + entry.path().filename().string());
    }
    std::sort(out.begin(), out.end());
    out.insert(out.begin(), "README.md");
    return out;
}

fs::path sourcePath(const std::string& page)
{
    return fs::path(ROOFSCOPE_README).parent_path() / page;
}

std::string pageText(const std::string& page)
{
    return readText(sourcePath(page));
}

// One line of a ```sh block.
struct ShLine {
    std::string page;
    int line = 0;
    std::string command; // as shown, without a trailing "  # comment"
};

std::vector<ShLine> shLines(const std::string& page)
{
    std::vector<ShLine> out;
    std::istringstream in(pageText(page));
    std::string line;
    bool inBlock = false;
    bool inSh = false;
    for (int number = 1; std::getline(in, line); ++number) {
        if (line.rfind("```", 0) == 0) {
            inSh = !inBlock && line == "```sh";
            inBlock = !inBlock;
            continue;
        }
        if (!inSh || line.find_first_not_of(' ') == std::string::npos ||
            line[line.find_first_not_of(' ')] == '#')
            continue;
        std::string command = line;
        const auto hash = command.find("  #");
        if (hash != std::string::npos)
            command = command.substr(0, hash);
        while (!command.empty() && command.back() == ' ')
            command.pop_back();
        out.push_back({page, number, command});
    }
    return out;
}

std::vector<ShLine> allShLines()
{
    std::vector<ShLine> out;
    for (const std::string& page : pages()) {
        auto lines = shLines(page);
        out.insert(out.end(), lines.begin(), lines.end());
    }
    return out;
}

// The files the examples name, written into the scratch folder they run in.
void writeExampleFiles(const fs::path& dir)
{
    // The plot example's scenario: the window's default document.
    std::ofstream(dir / "mine.roofscope.json") << R"({"format": "roofscope-scenario", "version": 1,
        "gpus": ["h100-sxm5", "b200-sxm"], "baseline": "h100-sxm5",
        "operators": [{"spec": "decode_matmul"}]})";
    // The measured-kernel examples' profiles (generic CSV, one BF16 GEMM made 2.5× faster: 32 %
    // and then 80 % of the A100's BF16 tensor roof).
    std::ofstream(dir / "before.csv") << "name,time_s,flops,dram_bytes,precision,gpu\n"
                                         "gemm,0.01,1e12,1e9,bf16,a100-sxm4-80gb\n";
    std::ofstream(dir / "after.csv") << "name,time_s,flops,dram_bytes,precision,gpu\n"
                                        "gemm,0.004,1e12,1e9,bf16,a100-sxm4-80gb\n";
    // The tour's PyTorch profiler trace: the test corpus's synthetic one.
    fs::copy_file(fs::path(ROOFSCOPE_TEST_DATA_DIR) / "measured" / "torch-trace.json",
                  dir / "trace.json");
}

// Runs `command` with /bin/sh in `dir`, the built roofscope first on PATH.
roofscope::clitest::CliResult runShell(const std::string& command, const fs::path& dir)
{
    const std::string bin = fs::path(ROOFSCOPE_BINARY).parent_path().string();
    const std::string errPath = (dir / ".stderr").string();
    const std::string line = "cd '" + dir.string() + "' && PATH='" + bin +
                             "':\"$PATH\" && export PATH && { " + command + "\n} 2>'" + errPath +
                             "'";
    roofscope::clitest::CliResult result;
    FILE* pipe = popen(line.c_str(), "r");
    if (!pipe)
        return result;
    std::array<char, 4096> buffer{};
    std::size_t n = 0;
    while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
        result.out.append(buffer.data(), n);
    const int status = pclose(pipe);
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.err = readText(errPath);
    fs::remove(errPath);
    return result;
}

// A figure a page quotes: the regex's first group in `page`, against a value from the JSON
// output of `command --format json`, which `page` must show in a ```sh block.
struct Quote {
    std::string page;
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

// GitHub's anchor for a heading: lower case, spaces to hyphens, punctuation and symbols dropped
// (ASCII ones, and the arrows, dashes, ellipses and the like of U+2000–U+2BFF), letters of other
// scripts kept.
std::string anchorOf(const std::string& heading)
{
    std::string out;
    for (std::size_t i = 0; i < heading.size();) {
        const auto c = static_cast<unsigned char>(heading[i]);
        if (c < 0x80) {
            if (std::isalnum(c) || c == '-' || c == '_')
                out += static_cast<char>(std::tolower(c));
            else if (c == ' ')
                out += '-';
            ++i;
            continue;
        }
        const std::size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
        unsigned cp = c & (len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07);
        for (std::size_t k = 1; k < len && i + k < heading.size(); ++k)
            cp = (cp << 6) | (static_cast<unsigned char>(heading[i + k]) & 0x3F);
        const bool symbol = (cp >= 0xA0 && cp <= 0xBF) || cp == 0xD7 || cp == 0xF7 ||
                            (cp >= 0x2000 && cp <= 0x2BFF) || (cp >= 0x3000 && cp <= 0x303F) ||
                            (cp >= 0xFF00 && cp <= 0xFF0F);
        if (!symbol)
            out += heading.substr(i, len);
        i += len;
    }
    return out;
}

// The anchors of a page's headings (outside code blocks), with GitHub's -1, -2 … for repeats.
std::set<std::string> anchorsOf(const std::string& text)
{
    std::set<std::string> out;
    std::map<std::string, int> seen;
    std::istringstream in(text);
    std::string line;
    bool inBlock = false;
    while (std::getline(in, line)) {
        if (line.rfind("```", 0) == 0) {
            inBlock = !inBlock;
            continue;
        }
        if (inBlock || line.empty() || line[0] != '#')
            continue;
        const auto start = line.find_first_not_of('#');
        if (start == std::string::npos || line[start] != ' ')
            continue;
        const std::string anchor = anchorOf(line.substr(start + 1));
        const int n = seen[anchor]++;
        out.insert(n == 0 ? anchor : anchor + "-" + std::to_string(n));
    }
    return out;
}

// The targets of a page's Markdown links and images outside code blocks: ](target).
std::vector<std::string> linksOf(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    std::string line;
    bool inBlock = false;
    static const std::regex link(R"(\]\(([^()\s]+)\))");
    while (std::getline(in, line)) {
        if (line.rfind("```", 0) == 0) {
            inBlock = !inBlock;
            continue;
        }
        if (inBlock)
            continue;
        for (auto it = std::sregex_iterator(line.begin(), line.end(), link);
             it != std::sregex_iterator(); ++it)
            out.push_back((*it)[1].str());
    }
    return out;
}

} // namespace

TEST(DocsCommands, EveryCommandRuns)
{
    const auto lines = allShLines();
    ASSERT_GE(lines.size(), 20u);
    const bool withPlot = runCli("help").out.find("roofscope plot") != std::string::npos;
    char pattern[] = "/tmp/roofscope-docs-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    const fs::path dir = pattern;
    writeExampleFiles(dir);
    for (const ShLine& l : lines) {
        const std::string where = l.page + ":" + std::to_string(l.line) + ": ";
        if (l.command.rfind("roofscope ", 0) != 0) {
            ADD_FAILURE() << where << "a ```sh block holds only roofscope commands, which this "
                          << "test runs; show other commands in a ```bash block:\n  " << l.command;
            continue;
        }
        const bool plot = l.command.rfind("roofscope plot", 0) == 0;
        if (plot && !withPlot)
            continue;
        const auto r = runShell(l.command, dir);
        EXPECT_EQ(r.exitCode, 0) << where << l.command << "\n" << r.err;
        EXPECT_FALSE(r.out.empty() && !plot) << where << l.command << " printed nothing";
    }
    fs::remove_all(dir);
}

TEST(DocsCommands, QuotedFiguresEqualTheCli)
{
    const std::string decode = "model --model llama-2-70b --phase decode --batch 1 --context 4096 "
                               "--gpu h100-sxm5,h200-sxm";
    const std::string prefill = "model --model llama-2-70b --phase prefill --batch 1 --context "
                                "2048 --fused --gpu h100-sxm5";
    const std::string sweep = "sweep --gpu h100-sxm5 --op decode_matmul --range 1:4096";
    const std::string serve =
        "serve --model llama-2-70b --gpu h100-sxm5 --prompt 1024 --output 256 --tp 2";
    const std::string models = "docs/models.md";
    const std::string serving = "docs/serving.md";
    const auto h100 = [](const json& o) { return totalsOn(o, "h100-sxm5"); };
    const auto servePoint = [](const json& o, bool last) {
        const json& points = o.at("curves")[0].at("points");
        return points.at(last ? points.size() - 1 : 0);
    };
    const std::vector<Quote> quotes = {
        {models, decode, R"(H100 SXM5: ([\d.]+) GFLOP and)",
         [&](const json& o) { return h100(o).at("flops").get<double>() / 1e9; }},
        {models, decode, R"(GFLOP and ([\d.]+) GB per\s+token)",
         [&](const json& o) { return h100(o).at("bytes").get<double>() / 1e9; }},
        {models, decode, R"(token, AI ≈ ([\d.]+),)",
         [&](const json& o) { return h100(o).at("ai").get<double>(); }},
        {models, decode, R"(([\d.]+) ms per token \*if it fit\*)",
         [&](const json& o) { return h100(o).at("time_s").get<double>() * 1e3; }},
        {models, decode, R"(its ([\d.]+) GB of FP16 weights)",
         [&](const json& o) { return h100(o).at("weights_bytes").get<double>() / 1e9; }},
        {models, decode, R"(need (\w+) 80 GB\s+cards)",
         [&](const json& o) { return h100(o).at("gpus_needed").get<double>(); }},
        {models, decode, R"(KV cache costs ([\d,]+) bytes per token)",
         [&](const json& o) { return h100(o).at("kv_cache_bytes").get<double>() / 4096.0; }},
        {models, prefill, R"(Prefill of 2048 tokens: ([\d.]+) TFLOP \(fused\))",
         [&](const json& o) { return h100(o).at("flops").get<double>() / 1e12; }},
        {models, prefill, R"(only weight bytes its AI is ≈ (\d+))",
         [&](const json& o) { return h100(o).at("ai_weights_only").get<double>(); }},
        {models, prefill, R"(step's real AI is ≈ (\d+))",
         [&](const json& o) { return h100(o).at("ai").get<double>(); }},
        {serving, serve, R"(holds ([\d.]+) GB of weights per GPU)",
         [](const json& o) {
             return o.at("curves")[0].at("weights_bytes_per_gpu").get<double>() / 1e9;
         }},
        {serving, serve, R"(the\s+curve ends at batch (\d+))",
         [](const json& o) { return o.at("curves")[0].at("largest_batch").get<double>(); }},
        {serving, serve, R"(There a GPU gives ([\d,.]+) tokens/s)",
         [&](const json& o) {
             return servePoint(o, true).at("tokens_per_s_per_gpu").get<double>();
         }},
        {serving, serve, R"(each user gets ([\d.]+) tokens/s;)",
         [&](const json& o) {
             return servePoint(o, true).at("tokens_per_s_per_user").get<double>();
         }},
        {serving, serve, R"(at batch 1 a user gets ([\d.]+) tokens/s)",
         [&](const json& o) {
             return servePoint(o, false).at("tokens_per_s_per_user").get<double>();
         }},
        {"docs/cli.md", sweep, R"(# crosses the ridge at batch ([\d.]+))",
         [](const json& o) { return o.at("crossings")[0].at("crossing").get<double>(); }},
        {"README.md", sweep, R"(# crosses the ridge at batch ([\d.]+))",
         [](const json& o) { return o.at("crossings")[0].at("crossing").get<double>(); }},
        {"README.md", decode, R"(would take\s+([\d.]+) ms per token)",
         [&](const json& o) { return h100(o).at("time_s").get<double>() * 1e3; }},
    };
    std::map<std::string, json> outputs;
    for (const Quote& q : quotes) {
        const auto shown = shLines(q.page);
        ASSERT_NE(
            std::find_if(shown.begin(), shown.end(),
                         [&](const ShLine& l) { return l.command == "roofscope " + q.command; }),
            shown.end())
            << q.page << " no longer shows: roofscope " << q.command;
        if (!outputs.count(q.command)) {
            const auto r = runCli(q.command + " --format json");
            ASSERT_EQ(r.exitCode, 0) << r.err;
            outputs[q.command] = json::parse(r.out);
        }
        const std::string text = pageText(q.page);
        std::smatch m;
        ASSERT_TRUE(std::regex_search(text, m, std::regex(q.pattern)))
            << q.page << " no longer says /" << q.pattern << "/";
        std::string figure = m[1].str();
        if (figure == "two")
            figure = "2";
        const double actual = q.value(outputs[q.command]);
        EXPECT_TRUE(matchesShown(figure, actual)) << q.page << " says " << figure << " for /"
                                                  << q.pattern << "/; the CLI gives " << actual;
    }
}

// docs/measured-kernels.md's "How to get a file RoofScope reads" is the importer registry's own
// text (profilerCommandsMarkdown), so a format added to the registry must be added to the manual.
TEST(DocsCommands, ProfilerCommandsAreTheRegistrys)
{
    const std::string text = pageText("docs/measured-kernels.md");
    const std::string begin = "<!-- profiler-commands: generated from the importer registry -->\n";
    const std::string end = "<!-- /profiler-commands -->";
    const auto from = text.find(begin);
    const auto to = text.find(end);
    ASSERT_NE(from, std::string::npos)
        << "docs/measured-kernels.md has no profiler-commands section";
    ASSERT_NE(to, std::string::npos);
    const std::string section = text.substr(from + begin.size(), to - from - begin.size());
    EXPECT_EQ(section, "\n" + roofscope::profilerCommandsMarkdown())
        << "regenerate the section: roofscope measured --help lists the same formats";
}

// Every relative link and image of the pages leads to a file that exists, and a link with an
// anchor to a heading of that page.
TEST(DocsLinks, EveryLinkLeadsSomewhere)
{
    int checked = 0;
    for (const std::string& page : pages()) {
        for (const std::string& target : linksOf(pageText(page))) {
            if (target.rfind("http://", 0) == 0 || target.rfind("https://", 0) == 0 ||
                target.rfind("mailto:", 0) == 0)
                continue;
            ++checked;
            const auto hash = target.find('#');
            const std::string file = target.substr(0, hash);
            const fs::path path =
                file.empty() ? sourcePath(page) : sourcePath(page).parent_path() / file;
            if (!fs::exists(path)) {
                ADD_FAILURE() << page << " links to " << target << ": no " << path;
                continue;
            }
            if (hash == std::string::npos)
                continue;
            const auto anchors = anchorsOf(readText(path));
            EXPECT_TRUE(anchors.count(target.substr(hash + 1)))
                << page << " links to " << target << ": no such heading in " << path;
        }
    }
    EXPECT_GE(checked, 20);
}

// The front page leads to the manual's index, and the index to every page of the manual.
TEST(DocsLinks, EveryPageIsReachedFromTheFrontPage)
{
    const auto readmeLinks = linksOf(pageText("README.md"));
    EXPECT_NE(std::find(readmeLinks.begin(), readmeLinks.end(), "docs/index.md"), readmeLinks.end())
        << "README.md does not link docs/index.md";
    std::set<std::string> fromIndex;
    for (const std::string& target : linksOf(pageText("docs/index.md")))
        fromIndex.insert(target.substr(0, target.find('#')));
    for (const std::string& page : pages()) {
        if (page == "README.md" || page == "docs/index.md")
            continue;
        EXPECT_TRUE(fromIndex.count(page.substr(std::string("docs/").size())))
            << "docs/index.md does not link " << page;
    }
}
