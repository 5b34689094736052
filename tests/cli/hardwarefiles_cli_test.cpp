// Hardware files in the CLI: an omniperf roofline.csv in the user catalog folder is loaded like a
// catalog file, and a document that embeds a measured accelerator plots with an empty folder.
#include "core/document/scenario.h"
#include "core/hardware/catalog.h"
#include "core/measured/hardwarefiles.h"
#include "plotcommandtest.h"
#include "runcli.h"
#include "tests/common/scratchdir.h"
#include "tests/generated/testpaths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

using roofscope::clitest::runCli;

namespace {

std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string real(const std::string& name)
{
    return std::string(ROOFSCOPE_REAL_CORPUS_DIR) + "/" + name;
}

class HardwareFilesCli : public roofscope::clitest::PlotCommandTest {};

// The bandwidth of `gpu`'s first compute roof (drawn over its main memory) in plot's JSON data, 0
// when it has none.
double mainRoofBandwidth(const nlohmann::json& data, const std::string& gpu)
{
    for (const auto& roof : data.at("roofs")) {
        const std::string role = roof.at("role").get<std::string>();
        if (roof.at("gpu") == gpu && role != "cache" && role != "link")
            return roof.at("bytes_per_s").get<double>();
    }
    return 0.0;
}

} // namespace

// `gpus` lists an omniperf roofline.csv dropped in the user catalog folder, named from its
// content.
TEST(HardwareFilesCliFolder, CsvInTheUserFolderIsListed)
{
    const roofscope::test::ScratchDir dir("cli-hwfolder");
    const std::string csv =
        std::string(ROOFSCOPE_TEST_DATA_DIR) + "/measured/omniperf-roofline.csv";
    dir.write("lab-run.csv", readFile(csv));
    const auto r =
        runCli("gpus --format json", "ROOFSCOPE_CATALOG_DIR='" + dir.dir().string() + "'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto parsed = roofscope::parseHardwareCatalog(r.out, "gpus output");
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    int devices = 0;
    for (const roofscope::Hardware& hw : *parsed) {
        if (hw.name.rfind("AMD GPU (omniperf, device ", 0) != 0)
            continue;
        ++devices;
        EXPECT_EQ(hw.name.find('/'), std::string::npos) << hw.name;
        EXPECT_EQ(hw.id.rfind("omniperf-gpu-dev", 0), 0u) << hw.id;
    }
    EXPECT_EQ(devices, 2);
}

// A document saved with an ERT-measured accelerator plots where no user catalog has it; without
// the embedded entry the same document is refused, and a user catalog entry of the same id with
// other figures wins, with a note on stderr.
TEST_F(HardwareFilesCli, DocumentWithAnErtEntryPlotsWithAnEmptyUserFolder)
{
    if (!std::filesystem::is_directory(ROOFSCOPE_REAL_CORPUS_DIR))
        GTEST_SKIP() << "real-export folder " << ROOFSCOPE_REAL_CORPUS_DIR << " is missing";
    roofscope::HardwareCatalog catalog = roofscope::HardwareCatalog::builtin();
    const auto ert = loadHardwareFile(catalog, real("intel16_ert_roofline_5memlevels.json"));
    ASSERT_TRUE(ert.ok()) << ert.error().message;
    const roofscope::Hardware machine = ert->front();

    roofscope::Scenario s = roofscope::defaultScenario();
    s.gpus = {"h100-sxm5", machine.id};
    s.baseline = "h100-sxm5";
    s.toggles.fp64 = true; // the one ceiling an ERT run of a CPU measures
    s.hardware = roofscope::scenarioHardwareToEmbed(s, catalog);
    ASSERT_EQ(s.hardware.size(), 1u);
    const std::string doc = write("ert.roofscope.json", roofscope::scenarioToJson(s));

    std::filesystem::create_directories(path("empty"));
    const std::string emptyFolder = "ROOFSCOPE_CATALOG_DIR='" + path("empty") + "'";
    const auto r = runCli("plot --scenario " + doc + " -o " + path("ert.json"), emptyFolder);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(r.err.empty()) << r.err;
    const auto data = nlohmann::json::parse(readFile(path("ert.json")));
    bool listed = false;
    for (const auto& gpu : data.at("gpus")) {
        if (gpu.at("id") == machine.id) {
            listed = true;
            EXPECT_EQ(gpu.at("name").get<std::string>().rfind("dev-intel16 (ERT measured, ", 0),
                      0u);
        }
    }
    EXPECT_TRUE(listed);
    EXPECT_DOUBLE_EQ(mainRoofBandwidth(data, machine.id), 16.77e9); // its DRAM, measured

    // A PNG renders as well.
    ASSERT_EQ(runCli("plot --scenario " + doc + " -o " + path("ert.png"), emptyFolder).exitCode, 0);
    EXPECT_TRUE(std::filesystem::exists(path("ert.png")));

    // Without the embedded entry: the unknown id, as before.
    roofscope::Scenario bare = s;
    bare.hardware.clear();
    const std::string bareDoc = write("bare.roofscope.json", roofscope::scenarioToJson(bare));
    const auto refused =
        runCli("plot --scenario " + bareDoc + " -o " + path("b.json"), emptyFolder);
    EXPECT_EQ(refused.exitCode, 2);
    EXPECT_NE(refused.err.find("/gpus/1: unknown hardware \"" + machine.id + "\""),
              std::string::npos)
        << refused.err;

    // The user's catalog has that id with another DRAM figure: the catalog's is drawn.
    roofscope::Hardware other = machine;
    for (roofscope::MemoryLevel& m : other.memory) {
        if (m.level == "dram")
            m.bytesPerS = 20e9;
    }
    std::filesystem::create_directories(path("mine"));
    write("mine/lab.json", roofscope::hardwareCatalogToJson({other}));
    const auto wins = runCli("plot --scenario " + doc + " -o " + path("w.json"),
                             "ROOFSCOPE_CATALOG_DIR='" + path("mine") + "'");
    ASSERT_EQ(wins.exitCode, 0) << wins.err;
    EXPECT_NE(wins.err.find("hardware \"" + machine.id +
                            "\" differs from the catalog's entry of that id; the catalog's is "
                            "used"),
              std::string::npos)
        << wins.err;
    const auto winsData = nlohmann::json::parse(readFile(path("w.json")));
    EXPECT_DOUBLE_EQ(mainRoofBandwidth(winsData, machine.id), 20e9);
}
