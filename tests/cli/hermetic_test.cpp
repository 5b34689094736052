// Tests read the user's configuration. Every test main now gives its process an own home
// (tests/common/hermetic.h); this proves that a user catalog in the home the tests are started from
// cannot change a result.
#include "runcli.h"
#include "tests/common/hermetic.h"
#include "tests/generated/testpaths.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>

using roofscope::clitest::runCli;
using roofscope::test::HermeticHome;

namespace {

namespace fs = std::filesystem;

// A home whose user catalog gives the H100 SXM5 a tenth of its bandwidth.
fs::path poisonedHome()
{
    const fs::path home = HermeticHome::instance().root() / "user home";
    fs::create_directories(home / ".config/roofscope/hardware");
    std::ofstream(home / ".config/roofscope/hardware/slow-h100.json") << R"({
  "format": "roofscope-hardware", "version": 1,
  "hardware": [{
    "id": "h100-sxm5", "name": "NVIDIA H100 SXM5 80GB", "vendor": "NVIDIA",
    "ceilings": [{"precision": "bf16", "unit": "tensor", "flops_per_s": 989.4e12, "source": "test"}],
    "memory": [{"level": "hbm", "bytes_per_s": 0.335e12, "source": "test"}]
  }]
})";
    return home;
}

struct Run {
    int exitCode = -1;
    std::string out;
};

Run shell(const std::string& command)
{
    Run r;
    FILE* pipe = popen((command + " 2>&1").c_str(), "r");
    if (!pipe)
        return r;
    std::array<char, 4096> buffer{};
    std::size_t n = 0;
    while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
        r.out.append(buffer.data(), n);
    const int status = pclose(pipe);
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

std::string startedFrom(const fs::path& home)
{
    // As a developer's shell would start a test: only HOME set, nothing else isolated.
    return "env -u ROOFSCOPE_CATALOG_DIR -u ROOFSCOPE_MODEL_DIR -u XDG_CONFIG_HOME HOME='" +
           home.string() + "' ";
}

} // namespace

TEST(Hermetic, TheProcessHasItsOwnHome)
{
    const HermeticHome& h = HermeticHome::instance();
    EXPECT_EQ(std::string(std::getenv("HOME")), h.home().string());
    EXPECT_EQ(std::string(std::getenv("XDG_CONFIG_HOME")), h.configHome().string());
    EXPECT_EQ(std::string(std::getenv("ROOFSCOPE_CATALOG_DIR")), h.catalogDir().string());
    EXPECT_EQ(std::string(std::getenv("ROOFSCOPE_MODEL_DIR")), h.modelDir().string());
    EXPECT_TRUE(fs::is_empty(h.catalogDir()));
    EXPECT_NE(h.originalHome(), h.home().string());
}

TEST(Hermetic, UserCatalogInTheRealHomeCannotChangeAResult)
{
    const fs::path home = poisonedHome();
    // The poisoned catalog is potent: the CLI started from that home uses it.
    const auto direct = runCli("analyze --gpu h100-sxm5 --op decode_matmul --format json");
    ASSERT_EQ(direct.exitCode, 0) << direct.err;
    const auto poisoned = shell(startedFrom(home) + "'" + std::string(ROOFSCOPE_BINARY) +
                                "' analyze --gpu h100-sxm5 --op decode_matmul --format json");
    ASSERT_EQ(poisoned.exitCode, 0) << poisoned.out;
    const auto bandwidth = [](const std::string& out) {
        return nlohmann::json::parse(out)["results"][0]["memory"]["bytes_per_s"].get<double>();
    };
    EXPECT_DOUBLE_EQ(bandwidth(direct.out), 3.35e12);
    EXPECT_DOUBLE_EQ(bandwidth(poisoned.out), 0.335e12);

    // A test binary started from that home is not: the analyze test that once failed with a user
    // catalog passes.
    const std::string self = fs::read_symlink("/proc/self/exe").string();
    const auto run = shell(startedFrom(home) + "'" + self +
                           "' --gtest_filter=CliAnalyze.DecodeMatmulOnH100AndA100");
    EXPECT_EQ(run.exitCode, 0) << run.out;
    EXPECT_NE(run.out.find("[  PASSED  ] 1 test"), std::string::npos) << run.out;
}
