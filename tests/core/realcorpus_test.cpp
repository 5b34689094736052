// Every real profiler export of the shared corpus (byte-exact files from public repositories,
// provenance in SOURCE.tsv beside them) imports, and what it says matches the facts derived by
// hand from its raw cells in tests/data/real/facts.json. The files themselves stay outside the
// project (they are other people's); CI has the folder beside the clone.
#include "core/measured/importer.h"
#include "core/measured/tracemodel.h"
#include "tests/generated/testpaths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

using namespace roofscope;
namespace fs = std::filesystem;

namespace {

// The folder of real exports: $ROOFSCOPE_REAL_CORPUS_DIR when set (a larger local collection),
// else the one the build was configured with.
fs::path corpusDir()
{
    const char* env = std::getenv("ROOFSCOPE_REAL_CORPUS_DIR");
    return env && *env ? fs::path(env) : fs::path(ROOFSCOPE_REAL_CORPUS_DIR);
}
const fs::path kCorpus = corpusDir();

nlohmann::json facts()
{
    std::ifstream in(std::string(ROOFSCOPE_TEST_DATA_DIR) + "/real/facts.json");
    return nlohmann::json::parse(in);
}

void expectNear(double expected, double actual, const std::string& what)
{
    EXPECT_NEAR(actual, expected, std::abs(expected) * 1e-6 + 1e-12) << what;
}

// Sums what the import says of every record with this full kernel name.
struct NameTotals {
    long long launches = 0;
    double timeS = 0.0;
    std::optional<double> flops;
    std::optional<double> dram;
    std::optional<double> l2;
    bool flopsKnown = true, dramKnown = true, l2Known = true;
    // Kernels of rates (a file with no time): the rates they hold, summed like the rest.
    bool timeKnown = true;
    std::optional<double> flopsPerS, dramPerS;
    bool flopsPerSKnown = true, dramPerSKnown = true;
};

NameTotals totalsOf(const MeasuredImport& imported, const std::string& name)
{
    NameTotals t;
    for (const MeasuredKernel& k : imported.kernels) {
        if (k.name != name)
            continue;
        t.launches += k.launches;
        t.timeS += k.timeS;
        auto add = [](std::optional<double>& sum, bool& known, std::optional<double> v) {
            if (!v)
                known = false;
            else
                sum = sum.value_or(0.0) + *v;
        };
        add(t.flops, t.flopsKnown, k.flops);
        add(t.dram, t.dramKnown, k.bytesAt(MemLevel::Dram));
        add(t.l2, t.l2Known, k.bytesAt(MemLevel::L2));
        add(t.flopsPerS, t.flopsPerSKnown, k.flopsPerS);
        add(t.dramPerS, t.dramPerSKnown, k.bytesPerSAt(MemLevel::Dram));
        t.timeKnown = t.timeKnown && k.timeKnown;
    }
    return t;
}

void checkOptional(const nlohmann::json& expected, bool known, std::optional<double> actual,
                   const std::string& what)
{
    if (expected.is_null()) {
        EXPECT_FALSE(known && actual) << what << ": the file has none, the import invented one";
        return;
    }
    ASSERT_TRUE(known && actual) << what << ": the file has it, the import lost it";
    expectNear(expected.get<double>(), *actual, what);
}

// The folders of real files: the corpus of public exports and, beside it, the H200 runs made
// for this project.
std::vector<fs::path> corpusFolders()
{
    return {kCorpus, kCorpus.parent_path() / "h200"};
}

// A profiler export (not a provenance table or a model's config.json).
bool isProfilerExport(const std::string& name)
{
    return name != "SOURCE.tsv" && name.rfind('.', 0) != 0 &&
           name.find(".config.json") == std::string::npos;
}

// sha256sum's digest of a file (coreutils is on every machine that runs the tests).
std::string sha256Of(const fs::path& path)
{
    const std::string command = "sha256sum '" + path.string() + "'";
    std::string out;
    if (FILE* pipe = popen(command.c_str(), "r")) {
        char buffer[256];
        while (fgets(buffer, sizeof buffer, pipe))
            out += buffer;
        pclose(pipe);
    }
    return out.substr(0, out.find(' '));
}

class RealCorpus : public testing::Test {
protected:
    void SetUp() override
    {
        if (!fs::is_directory(kCorpus))
            GTEST_SKIP() << "the real-export folder " << kCorpus
                         << " is not here (CI has it beside the clone; set "
                            "-DROOFSCOPE_REAL_CORPUS=DIR)";
    }
};

} // namespace

TEST_F(RealCorpus, EveryFileHasHandDerivedFacts)
{
    std::set<std::string> described;
    // The document is held: a range-for over facts()["files"] would iterate a destroyed
    // temporary (C++20 extends the lifetime of the temporary only up to C++23).
    const nlohmann::json all = facts();
    for (const auto& f : all["files"])
        described.insert(fs::path(f["file"].get<std::string>()).filename().string());
    int files = 0;
    for (const fs::path& folder : corpusFolders()) {
        ASSERT_TRUE(fs::is_directory(folder)) << folder << " is missing";
        for (const auto& entry : fs::directory_iterator(folder)) {
            const std::string name = entry.path().filename().string();
            if (!isProfilerExport(name))
                continue;
            ++files;
            EXPECT_TRUE(described.count(name))
                << name << " has no facts in tests/data/real/facts.json";
        }
    }
    EXPECT_GE(files, 35);
}

// Every real file has its provenance in the project (tests/data/real/SOURCES.tsv: repository,
// path, commit, sha256), so that the shared corpus can be rebuilt; the sha256 is the file's.
TEST_F(RealCorpus, EveryFileHasItsSourceAndChecksumInTheProject)
{
    std::ifstream in(std::string(ROOFSCOPE_TEST_DATA_DIR) + "/real/SOURCES.tsv");
    ASSERT_TRUE(in) << "tests/data/real/SOURCES.tsv is missing";
    std::map<std::string, std::string> shaOf; // "folder/file" -> sha256
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#' || line.rfind("file\t", 0) == 0)
            continue;
        std::vector<std::string> cells;
        std::size_t from = 0;
        for (std::size_t tab; (tab = line.find('\t', from)) != std::string::npos; from = tab + 1)
            cells.push_back(line.substr(from, tab - from));
        cells.push_back(line.substr(from));
        ASSERT_EQ(cells.size(), 6u)
            << "expected file, folder, repo, path, commit, sha256: " << line;
        EXPECT_EQ(cells[5].size(), 64u) << line;
        shaOf[cells[1] + "/" + cells[0]] = cells[5];
    }
    int checked = 0;
    for (const fs::path& folder : corpusFolders()) {
        for (const auto& entry : fs::directory_iterator(folder)) {
            const std::string name = entry.path().filename().string();
            if (!isProfilerExport(name) && name.find(".config.json") == std::string::npos)
                continue;
            const std::string key = folder.filename().string() + "/" + name;
            const auto it = shaOf.find(key);
            if (it == shaOf.end()) {
                ADD_FAILURE() << key << " has no row in tests/data/real/SOURCES.tsv";
                continue;
            }
            EXPECT_EQ(sha256Of(entry.path()), it->second) << key << " is not the file recorded";
            ++checked;
        }
    }
    EXPECT_GE(checked, 36);
}

TEST_F(RealCorpus, EveryFileImportsAndMatchesItsFacts)
{
    const nlohmann::json all = facts();
    for (const auto& f : all["files"]) {
        const std::string file = f["file"].get<std::string>();
        SCOPED_TRACE(file);
        const fs::path path = kCorpus / file;
        // Files found in public repositories but not yet in the shared folder are described
        // already ("pending") and checked as soon as they are there.
        if (f.value("pending", false) && !fs::exists(path))
            continue;
        auto imported = importMeasurementFile(path.string());
        if (f.contains("refused")) {
            ASSERT_FALSE(imported.ok()) << "expected a refusal";
            const std::string& message = imported.error().message;
            EXPECT_NE(message.find(f["refused"].get<std::string>()), std::string::npos) << message;
            EXPECT_EQ(message.find('\n'), std::string::npos) << "one line: " << message;
            continue;
        }
        ASSERT_TRUE(imported.ok()) << imported.error().message;
        long long launches = 0;
        for (const MeasuredKernel& k : imported->kernels)
            launches += k.launches;
        EXPECT_EQ(launches, f["launches"].get<long long>());
        if (f.contains("records")) {
            EXPECT_EQ(static_cast<long long>(imported->kernels.size()),
                      f["records"].get<long long>());
        }
        // What the file states of its device without naming it (narrows the GPU question).
        if (f.contains("compute_capability")) {
            EXPECT_EQ(imported->computeCapability, f["compute_capability"].get<std::string>());
        }
        if (f.contains("sm_count")) {
            EXPECT_EQ(imported->smCount, f["sm_count"].get<int>());
        }
        if (f.contains("device") && !f["device"].is_null()) {
            for (const MeasuredKernel& k : imported->kernels)
                EXPECT_EQ(k.device, f["device"].get<std::string>()) << k.name;
        }
        if (f.contains("kernel")) {
            const auto& k = f["kernel"];
            const NameTotals t = totalsOf(*imported, k["name"].get<std::string>());
            EXPECT_EQ(t.launches, k["launches"].get<long long>());
            if (k.contains("time_s"))
                expectNear(k["time_s"].get<double>(), t.timeS, "time");
            if (k.contains("flops"))
                checkOptional(k["flops"], t.flopsKnown, t.flops, "FLOPs");
            if (k.contains("dram_bytes"))
                checkOptional(k["dram_bytes"], t.dramKnown, t.dram, "DRAM bytes");
            if (k.contains("l2_bytes"))
                checkOptional(k["l2_bytes"], t.l2Known, t.l2, "L2 bytes");
            EXPECT_EQ(t.timeKnown, k.value("time_known", true)) << "time known";
            if (k.contains("flops_per_s"))
                checkOptional(k["flops_per_s"], t.flopsPerSKnown, t.flopsPerS, "FLOP/s");
            if (k.contains("dram_bytes_per_s"))
                checkOptional(k["dram_bytes_per_s"], t.dramPerSKnown, t.dramPerS, "DRAM bytes/s");
        }
        if (f.contains("hardware")) {
            const auto& h = f["hardware"];
            ASSERT_FALSE(imported->hardware.empty());
            const Hardware& hw = imported->hardware.front();
            EXPECT_EQ(hw.name.find('/'), std::string::npos)
                << "named from the content, not the path: " << hw.name;
            const Ceiling* fp64 = hw.findCeiling(Precision::FP64, ComputeUnit::Vector);
            ASSERT_NE(fp64, nullptr);
            expectNear(h["fp64_flops_per_s"].get<double>(), fp64->flopsPerS, "FP64 peak");
            const MemoryLevel* main = hw.mainMemory();
            ASSERT_NE(main, nullptr);
            expectNear(h["dram_bytes_per_s"].get<double>(), main->bytesPerS, "main memory");
            if (h.contains("levels")) {
                for (const auto& [level, bw] : h["levels"].items()) {
                    const MemoryLevel* m = hw.findMemory(level);
                    ASSERT_NE(m, nullptr) << level;
                    expectNear(bw.get<double>(), m->bytesPerS, level);
                }
            }
        }
        // What the trace's shapes read as (`--model trace`), or why they are no decoder-only
        // transformer's.
        if (f.contains("trace_model")) {
            const auto& m = f["trace_model"];
            const auto read = modelFromTrace(*imported);
            if (m.contains("refused")) {
                ASSERT_FALSE(read.ok()) << modelShapeSummary(*read);
                EXPECT_NE(read.error().message.find(m["refused"].get<std::string>()),
                          std::string::npos)
                    << read.error().message;
            } else {
                ASSERT_TRUE(read.ok()) << read.error().message;
                EXPECT_EQ(modelShapeSummary(*read), m["reads_as"].get<std::string>());
            }
        }
    }
}
