// Hardening through the built binary: extreme numbers, invalid UTF-8, huge inputs and outputs that
// would overwrite an input each end in one line and exit code 2, never an abort; the core side is
// tests/core/hardening_test.cpp, the bad-input corpus badinput_test.cpp.
#include "tests/common/scratchdir.h"
#include "tests/generated/testpaths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

struct Result {
    int exitCode = -1;
    std::string out;
    std::string err;
    long maxRssKb = 0;
};

std::string slurp(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

class Hermetic {
public:
    Hermetic()
    {
        fs::create_directories(dir() / "hw");
        fs::create_directories(dir() / "models");
    }
    const fs::path& dir() const { return m_scratch.dir(); }
    void write(const std::string& name, const std::string& content) const
    {
        m_scratch.write(name, content);
    }
    // Runs roofscope with own config directories; `env` is prepended (e.g. "LC_ALL=de_DE.UTF-8").
    Result run(const std::string& args, const std::string& env = {}) const
    {
        const std::string d = dir().string();
        const std::string command = "cd '" + d + "' && HOME='" + d + "' XDG_CONFIG_HOME='" + d +
                                    "' ROOFSCOPE_CATALOG_DIR='" + d + "/hw' ROOFSCOPE_MODEL_DIR='" +
                                    d + "/models' " + env + " exec '" + ROOFSCOPE_BINARY + "' " +
                                    args + " >'" + d + "/.out' 2>'" + d + "/.err'";
        Result r;
        const pid_t pid = fork();
        if (pid == 0) {
            execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
            _exit(127);
        }
        int status = 0;
        struct rusage usage {};
        wait4(pid, &status, 0, &usage);
        r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        r.maxRssKb = usage.ru_maxrss;
        r.out = slurp(dir() / ".out");
        r.err = slurp(dir() / ".err");
        return r;
    }

private:
    roofscope::test::ScratchDir m_scratch{"hardening"};
};

const std::string kTinyBandwidth =
    R"({"format": "roofscope-hardware", "version": 1, "hardware": [{"id": "slow",
 "name": "Slow", "vendor": "Me", "memory_bytes": 80e9,
 "ceilings": [{"precision": "bf16", "unit": "tensor", "flops_per_s": 2e14, "source": "t"},
              {"precision": "fp16", "unit": "tensor", "flops_per_s": 2e14, "source": "t"}],
 "memory": [{"level": "hbm", "bytes_per_s": 1e-300, "source": "t"}]}]})";

} // namespace

TEST(CliHardening, PlotScenarioWithANumberBeyondDoubleRangeExits2)
{
    Hermetic h;
    h.write("s.json", R"({"format": "roofscope-scenario", "version": 1, "view":
        {"ai_min": 1e309, "ai_max": 2, "flops_min": 1, "flops_max": 2}})");
    const Result r = h.run("plot --scenario s.json -o out.png");
    EXPECT_EQ(r.exitCode, 2); // 134 (uncaught out_of_range) before
    EXPECT_EQ(r.err, "roofscope: --scenario s.json: /view/ai_min: must be a finite number, got "
                     "1e309 (too large)\n");
    EXPECT_FALSE(fs::exists(h.dir() / "out.png"));
}

// A bandwidth of 1e-300 B/s would make every ridge infinite ("∞" in `roofscope gpus`): the catalog
// reader refuses it, naming the file and the JSON pointer, before anything is printed.
TEST(CliHardening, AnOverflowingCatalogFigureIsRefusedNamingFileAndPointer)
{
    Hermetic h;
    h.write("slow.json", kTinyBandwidth);
    const Result gpus = h.run("gpus --catalog slow.json");
    EXPECT_EQ(gpus.exitCode, 2);
    EXPECT_TRUE(gpus.out.empty()) << gpus.out;
    EXPECT_EQ(gpus.err, "roofscope: --catalog slow.json: /hardware/0/memory/0/bytes_per_s: must "
                        "be a number from 1e-30 to 1e+30 (a ridge or a time computed from it "
                        "would overflow), got 1e-300\n");
}

TEST(CliHardening, InvalidUtf8NeverBreaksJsonOutput)
{
    Hermetic h;
    const Result r = h.run(
        "analyze --gpu h100-sxm5 --op \"$(printf 'elementwise:label=caf\\351')\" --format json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto doc = nlohmann::json::parse(r.out, nullptr, false);
    ASSERT_FALSE(doc.is_discarded());
    EXPECT_EQ(doc["results"][0]["operator"], "caf\xef\xbf\xbd");
    // One Latin-1 file name in the model directory must not break the listing.
    h.write("models/caf\xe9.json", R"({"format": "roofscope-models", "version": 1, "models": [
        {"id": "toy", "name": "Toy \xe9", "hidden_size": 64, "intermediate_size": 128,
         "num_hidden_layers": 2, "num_attention_heads": 4, "vocab_size": 100}]})");
    const Result models = h.run("models --format json");
    EXPECT_EQ(models.exitCode, 0) << models.err;
    EXPECT_FALSE(nlohmann::json::parse(models.out, nullptr, false).is_discarded());
}

TEST(CliHardening, GpuCountOverflowExits2)
{
    Hermetic h;
    h.write("huge.json", R"({"model_type": "llama", "hidden_size": 1000000000,
        "intermediate_size": 1000000000, "num_hidden_layers": 1000000,
        "num_attention_heads": 1, "vocab_size": 1000000000})");
    const Result r =
        h.run("model --model huge.json --phase decode --batch 1 --context 1 --gpu h100-sxm5");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.out.find("-9223372036854775808"), std::string::npos);
    EXPECT_NE(r.err.find("need more than 1000000000 GPUs of h100-sxm5"), std::string::npos)
        << r.err;
}

TEST(CliHardening, NoInfinityReachesCsvOrJson)
{
    Hermetic h;
    h.write("slow.json", kTinyBandwidth);
    for (const char* format : {"csv", "json", "table"}) {
        const Result r = h.run(
            std::string("analyze --catalog slow.json --gpu slow --op add --format ") + format);
        EXPECT_EQ(r.exitCode, 2) << format;
        EXPECT_TRUE(r.out.empty()) << r.out;
        EXPECT_NE(r.err.find("slow.json: /hardware/0/memory/0/bytes_per_s: must be a number from "
                             "1e-30 to 1e+30"),
                  std::string::npos)
            << r.err;
    }
}

TEST(CliHardening, OutputEqualToAnInputIsRefused)
{
    Hermetic h;
    const std::string scenario = R"({"format": "roofscope-scenario", "version": 1})";
    h.write("s.json", scenario);
    const Result r = h.run("plot --scenario s.json -o s.json");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.err, "roofscope: -o s.json: is the same file as --scenario s.json (an output "
                     "never replaces an input; choose another file)\n");
    EXPECT_EQ(slurp(h.dir() / "s.json"), scenario);
}

TEST(CliHardening, DevicesAreBounded)
{
    Hermetic h;
    const Result r = h.run("gpus --catalog /dev/zero");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("/dev/zero: too large (more than 16777216 bytes"), std::string::npos)
        << r.err;
    EXPECT_LT(r.maxRssKb, 512L * 1024L); // grew past 2 GB before
}

TEST(CliHardening, SweepRowsAreStreamed)
{
    Hermetic h;
    const Result r =
        h.run("sweep --gpu h100-sxm5,h200-sxm,b200-sxm,mi300x --op decode_matmul --range 1:1e7 "
              "--steps 100000 --format csv",
              // Under ASan, a small quarantine: its default 256 MB of freed
              // memory would be counted as resident.
              "ASAN_OPTIONS=quarantine_size_mb=8:detect_leaks=0:abort_on_error=1");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    std::size_t lines = 0;
    for (char c : r.out)
        lines += c == '\n';
    EXPECT_EQ(lines, 1u + 4u * 52023u); // header + 4 GPUs × distinct whole batches
    // Held as rows this was ≈ 0.86 GB per 100,000 rows (≈ 1.8 GB here); a streamed sweep
    // holds one row at a time.
    EXPECT_LT(r.maxRssKb, 300L * 1024L) << r.maxRssKb << " kB";
    const Result json = h.run("sweep --gpu h100-sxm5,a100-sxm4-80gb --op decode_matmul "
                              "--range 1:4096 --steps 50 --format json");
    ASSERT_EQ(json.exitCode, 0) << json.err;
    const auto doc = nlohmann::json::parse(json.out, nullptr, false);
    ASSERT_FALSE(doc.is_discarded());
    EXPECT_EQ(doc["results"].size(), 88u); // 2 GPUs × 44 distinct whole batches
    EXPECT_NEAR(doc["crossings"][0]["crossing"].get<double>(), 318.3, 0.1);
}

TEST(CliHardening, PrefillLimitNamesTheOptions)
{
    Hermetic h;
    const Result r = h.run("model --model llama-2-7b --phase prefill --batch 1000000 --context "
                           "10000000 --gpu h100-sxm5");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.err, "roofscope: --batch 1000000 × --context 10000000: a prefill step of "
                     "10000000000000 tokens; the limit is 10000000 tokens per step (batch × "
                     "context)\n");
}

// Under a decimal-comma locale the CLI still reads and writes "1.5".
TEST(CliHardening, NumbersAreCLocaleUnderAGermanLocale)
{
    Hermetic h;
    const std::string german = "LC_ALL=de_DE.UTF-8";
    const Result csv =
        h.run("analyze --gpu h100-sxm5 --op elementwise:n=1024,flops_per_element=1.5 --format csv",
              german);
    ASSERT_EQ(csv.exitCode, 0) << csv.err;
    EXPECT_NE(csv.out.find("flops_per_element=1.5"), std::string::npos) << csv.out;
    EXPECT_NE(csv.out.find(",1536,"), std::string::npos) << csv.out; // 1024 × 1.5 FLOP
    const Result sweep = h.run("sweep --gpu h100-sxm5 --op decode_matmul --range 1.5:3 --steps 2 "
                               "--param batch --format table",
                               german);
    EXPECT_EQ(sweep.exitCode, 0) << sweep.err;
    // plot creates a QApplication, which calls setlocale(LC_ALL, ""): the scenario is read and
    // the data written in that locale.
    h.write("s.json", R"({"format": "roofscope-scenario", "version": 1, "gpus": ["h100-sxm5"],
        "operators": [{"spec": "elementwise:n=1024,flops_per_element=1.5"}],
        "view": {"ai_min": 0.5, "ai_max": 1.5e4, "flops_min": 1e11, "flops_max": 1e16}})");
    const Result plot = h.run("plot --scenario s.json -o data.json", german);
    ASSERT_EQ(plot.exitCode, 0) << plot.err;
    const std::string data = slurp(h.dir() / "data.json");
    EXPECT_NE(data.find("flops_per_element=1.5"), std::string::npos) << data.substr(0, 500);
    EXPECT_EQ(data.find("1,5"), std::string::npos);
    const auto doc = nlohmann::json::parse(data, nullptr, false);
    EXPECT_FALSE(doc.is_discarded());
}
