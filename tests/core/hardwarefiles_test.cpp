// Hardware files as first-class catalog entries: every format `--catalog` reads also loads from
// the user catalog folder, an entry's name comes from the file's content (never its path), and a
// scenario document carries the non-built-in accelerators it uses.
#include "core/document/scenario.h"
#include "core/hardware/catalog.h"
#include "core/measured/empiricalhardware.h"
#include "core/measured/hardwarefiles.h"
#include "core/measured/importer.h"
#include "tests/common/scratchdir.h"
#include "tests/generated/testpaths.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

using namespace roofscope;

namespace {

std::string fixture(const std::string& name)
{
    return std::string(ROOFSCOPE_TEST_DATA_DIR) + "/measured/" + name;
}

std::string real(const std::string& name)
{
    return std::string(ROOFSCOPE_REAL_CORPUS_DIR) + "/" + name;
}

#define REQUIRE_REAL_CORPUS()                                                                      \
    if (!std::filesystem::is_directory(ROOFSCOPE_REAL_CORPUS_DIR))                                 \
    GTEST_SKIP() << "real-export folder " << ROOFSCOPE_REAL_CORPUS_DIR << " is missing"

std::string readAll(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Points the user catalog folder somewhere for one scope and restores it after.
class CatalogDirScope {
public:
    explicit CatalogDirScope(const std::string& dir)
    {
        if (const char* old = std::getenv("ROOFSCOPE_CATALOG_DIR"))
            m_old = old;
        setenv("ROOFSCOPE_CATALOG_DIR", dir.c_str(), 1);
    }
    ~CatalogDirScope()
    {
        if (m_old)
            setenv("ROOFSCOPE_CATALOG_DIR", m_old->c_str(), 1);
        else
            unsetenv("ROOFSCOPE_CATALOG_DIR");
    }
    CatalogDirScope(const CatalogDirScope&) = delete;
    CatalogDirScope& operator=(const CatalogDirScope&) = delete;

private:
    std::optional<std::string> m_old;
};

const Hardware* findByNamePrefix(const HardwareCatalog& catalog, const std::string& prefix)
{
    for (const Hardware& hw : catalog.all()) {
        if (hw.name.rfind(prefix, 0) == 0)
            return &hw;
    }
    return nullptr;
}

} // namespace

// Files of every format, under names that say nothing about their content, load from the user
// folder with the names their content gives them; the folder's path is in none of them.
TEST(HardwareFiles, UserFolderLoadsEveryFormatNamedByContent)
{
    const test::ScratchDir dir("hwfolder");
    dir.write("a-run.json", readAll(fixture("ert-roofline.json")));
    dir.write("b-run.csv", readAll(fixture("omniperf-roofline.csv")));
    dir.write("notes.txt", "not hardware");
    CatalogDirScope scope(dir.dir().string());

    HardwareCatalog catalog = HardwareCatalog::builtin();
    const std::size_t builtin = catalog.all().size();
    const std::vector<Error> errors = loadUserHardwareDirectory(catalog);
    ASSERT_TRUE(errors.empty()) << errors.front().message;

    const Hardware* ert = findByNamePrefix(catalog, "knl-node (ERT measured, ");
    ASSERT_NE(ert, nullptr);
    EXPECT_EQ(ert->id.rfind("ert-knl-node-", 0), 0u) << ert->id;
    EXPECT_DOUBLE_EQ(ert->findMemory("dram")->bytesPerS, 200.3e9);
    EXPECT_DOUBLE_EQ(ert->findCeiling(Precision::FP64, ComputeUnit::Vector)->flopsPerS, 2772.78e9);

    const Hardware* omniperf = findByNamePrefix(catalog, "AMD GPU (omniperf, device 1, ");
    ASSERT_NE(omniperf, nullptr);
    EXPECT_DOUBLE_EQ(omniperf->findMemory("hbm")->bytesPerS, 1500e9);
    EXPECT_DOUBLE_EQ(omniperf->findCeiling(Precision::FP32, ComputeUnit::Vector)->flopsPerS,
                     22000e9);
    EXPECT_EQ(catalog.all().size(), builtin + 3); // one ERT machine, two GPU devices

    for (std::size_t i = builtin; i < catalog.all().size(); ++i) {
        const Hardware& hw = catalog.all()[i];
        EXPECT_EQ(hw.name.find('/'), std::string::npos) << hw.name;
        EXPECT_EQ(hw.name.find(dir.dir().filename().string()), std::string::npos) << hw.name;
        for (const MemoryLevel& m : hw.memory)
            EXPECT_EQ(m.source.find('/'), std::string::npos) << m.source;
    }
}

// The same file kept in two folders (the folder it was measured in, the user catalog folder) is
// the same entry: same id, same name, same figures.
TEST(HardwareFiles, RealErtIsTheSameEntryWhereverTheFileIs)
{
    REQUIRE_REAL_CORPUS();
    const test::ScratchDir a("hw-a");
    const test::ScratchDir b("hw-b");
    const std::string text = readAll(real("intel16_ert_roofline_5memlevels.json"));
    ASSERT_FALSE(text.empty());
    HardwareCatalog first;
    HardwareCatalog second;
    const auto one = loadHardwareFile(first, a.write("roofline.json", text));
    const auto two = loadHardwareFile(second, b.write("roofline.json", text));
    ASSERT_TRUE(one.ok()) << one.error().message;
    ASSERT_TRUE(two.ok()) << two.error().message;
    ASSERT_EQ(one->size(), 1u);
    EXPECT_EQ(one->front(), two->front());
    EXPECT_EQ(one->front().name.rfind("dev-intel16 (ERT measured, ", 0), 0u) << one->front().name;
    EXPECT_DOUBLE_EQ(one->front().findMemory("l4")->bytesPerS, 22.32e9);
}

// Real exports in the user folder: an ERT run and a three-device omniperf roofline.csv.
TEST(HardwareFiles, RealExportsReloadFromTheUserFolder)
{
    REQUIRE_REAL_CORPUS();
    const test::ScratchDir dir("hwfolder-real");
    dir.write("intel16.json", readAll(real("intel16_ert_roofline_5memlevels.json")));
    dir.write("mi210.csv", readAll(real("mi210_omniperf_roofline_3devices.csv")));
    CatalogDirScope scope(dir.dir().string());
    HardwareCatalog catalog = HardwareCatalog::builtin();
    const std::size_t builtin = catalog.all().size();
    const std::vector<Error> errors = loadUserHardwareDirectory(catalog);
    ASSERT_TRUE(errors.empty()) << errors.front().message;
    EXPECT_EQ(catalog.all().size(), builtin + 4); // one ERT machine, three GPU devices
    const Hardware* ert = findByNamePrefix(catalog, "dev-intel16 (ERT measured, ");
    ASSERT_NE(ert, nullptr);
    EXPECT_DOUBLE_EQ(ert->findCeiling(Precision::FP64, ComputeUnit::Vector)->flopsPerS, 11.96e9);
    const Hardware* device2 = findByNamePrefix(catalog, "AMD GPU (omniperf, device 2, ");
    ASSERT_NE(device2, nullptr);
    EXPECT_DOUBLE_EQ(device2->findMemory("hbm")->bytesPerS, 1383.8199e9);
}

// An ERT run that names no machine is named after the file's base name, never its folder.
TEST(HardwareFiles, ErtWithoutAMachineIsNamedAfterTheFileNotItsPath)
{
    const std::string text = R"({"empirical": {"gbytes": {"data": [["DRAM", 10]]},
        "gflops": {"data": [["FP64 GFLOPs", 12]]}}})";
    const auto here = parseHardwareFile(text, "/home/me/Results.x/Run.001/roofline.json");
    const auto there = parseHardwareFile(text, "/srv/copies/roofline.json");
    ASSERT_TRUE(here.ok()) << here.error().message;
    ASSERT_TRUE(there.ok()) << there.error().message;
    EXPECT_EQ(here->front().name.rfind("roofline (ERT measured, ", 0), 0u) << here->front().name;
    EXPECT_EQ(here->front(), there->front());
}

// A document embeds the accelerators it uses that are not built in, and only those; they come
// back from the file exactly, and join a catalog that lacks them.
TEST(HardwareFiles, ScenarioEmbedsAndMergesNonBuiltinHardware)
{
    HardwareCatalog catalog = HardwareCatalog::builtin();
    const auto ert = loadHardwareFile(catalog, fixture("ert-roofline.json"));
    ASSERT_TRUE(ert.ok()) << ert.error().message;
    const Hardware added = ert->front();

    Scenario s = defaultScenario();
    s.gpus = {"h100-sxm5", added.id};
    s.baseline = added.id;
    s.hardware = scenarioHardwareToEmbed(s, catalog);
    ASSERT_EQ(s.hardware.size(), 1u);
    EXPECT_EQ(s.hardware.front(), added);

    const std::string json = scenarioToJson(s);
    const auto parsed = parseScenario(json, "doc.roofscope.json");
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    EXPECT_EQ(*parsed, s);

    HardwareCatalog elsewhere = HardwareCatalog::builtin();
    ASSERT_TRUE(checkScenarioHardware(*parsed, elsewhere, "doc.roofscope.json").has_value());
    const auto notes = mergeScenarioHardware(*parsed, elsewhere, "doc.roofscope.json");
    EXPECT_TRUE(notes.empty());
    EXPECT_FALSE(checkScenarioHardware(*parsed, elsewhere, "doc.roofscope.json").has_value());
    ASSERT_NE(elsewhere.find(added.id), nullptr);
    EXPECT_EQ(*elsewhere.find(added.id), added);
    EXPECT_EQ(elsewhere.all().size(), HardwareCatalog::builtin().all().size() + 1);

    // A document of built-in accelerators only embeds nothing, and writes no "hardware".
    Scenario plain = defaultScenario();
    EXPECT_TRUE(scenarioHardwareToEmbed(plain, catalog).empty());
    EXPECT_EQ(scenarioToJson(plain).find("\"hardware\""), std::string::npos);
}

// The catalog wins over a document's entry of the same id with other figures, and says so.
TEST(HardwareFiles, CatalogWinsOverADifferingEmbeddedEntry)
{
    HardwareCatalog catalog = HardwareCatalog::builtin();
    ASSERT_TRUE(loadHardwareFile(catalog, fixture("ert-roofline.json")).ok());
    Hardware mine = catalog.all().back();
    Scenario s = defaultScenario();
    s.gpus = {mine.id};
    s.hardware = {mine};
    s.hardware.front().memory.front().bytesPerS *= 2.0;
    const auto notes = mergeScenarioHardware(s, catalog, "doc.roofscope.json");
    ASSERT_EQ(notes.size(), 1u);
    EXPECT_EQ(notes.front(), "doc.roofscope.json: hardware \"" + mine.id +
                                 "\" differs from the catalog's entry of that id; the "
                                 "catalog's is used");
    EXPECT_EQ(*catalog.find(mine.id), mine);
}

// A broken embedded entry is refused the way a catalog file's is: file, pointer, problem.
TEST(HardwareFiles, BrokenEmbeddedEntryNamesFileAndPointer)
{
    HardwareCatalog catalog = HardwareCatalog::builtin();
    ASSERT_TRUE(loadHardwareFile(catalog, fixture("ert-roofline.json")).ok());
    Scenario s = defaultScenario();
    s.hardware = {catalog.all().back()};
    std::string json = scenarioToJson(s);
    const std::string bandwidth = "\"bytes_per_s\": ";
    const auto at = json.find(bandwidth, json.find("\"hardware\""));
    ASSERT_NE(at, std::string::npos);
    json.insert(at + bandwidth.size(), "-");
    const auto parsed = parseScenario(json, "doc.roofscope.json");
    ASSERT_FALSE(parsed.ok());
    EXPECT_EQ(parsed.error().message.rfind(
                  "doc.roofscope.json: /hardware/0/memory/0/bytes_per_s: must be", 0),
              0u)
        << parsed.error().message;
    EXPECT_FALSE(parseScenario(R"({"format": "roofscope-scenario", "version": 1,
        "hardware": {}})",
                               "doc.roofscope.json")
                     .ok());
}

// An omniperf roofline.csv with omniperf's sysinfo.csv beside it is named after the GPU model the
// sysinfo names, by loadFile (Add Hardware Catalog, --catalog, the user folder) as by an import.
TEST(HardwareFiles, OmniperfSysinfoBesideNamesTheGpu)
{
    REQUIRE_REAL_CORPUS();
    const test::ScratchDir dir("hw-sysinfo");
    const std::string csv =
        dir.write("roofline.csv", readAll(real("mi210_omniperf_roofline_3devices.csv")));
    dir.write("sysinfo.csv", readAll(real("mi300x_omniperf_sysinfo.csv")));
    HardwareCatalog catalog;
    const auto loaded = loadHardwareFile(catalog, csv);
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    ASSERT_EQ(loaded->size(), 3u);
    EXPECT_EQ(loaded->front().name.rfind("AMD MI300X_A1 (omniperf, device 0, ", 0), 0u)
        << loaded->front().name;
    EXPECT_EQ(loaded->front().id.rfind("omniperf-mi300x-a1-dev0-", 0), 0u) << loaded->front().id;
    ASSERT_NE(catalog.find(loaded->front().id), nullptr);
    EXPECT_EQ(catalog.find(loaded->front().id)->name, loaded->front().name);
    const auto imported = importMeasurementFile(csv);
    ASSERT_TRUE(imported.ok()) << imported.error().message;
    EXPECT_EQ(imported->hardware, *loaded);
}

// Measured entries are named by what they measured: the three devices of omniperf's multikernel
// run on an MI210 (its sysinfo.csv says gpu_model MI200, chip_id 29711 = 0x740F, an MI210) read
// "AMD MI210 (omniperf, device N, hash)", never "GPU device N".
TEST(HardwareFiles, OmniperfDevicesAreNamedByTheGpuTheToolAndTheDevice)
{
    REQUIRE_REAL_CORPUS();
    const test::ScratchDir dir("hw-mi210");
    const std::string csv =
        dir.write("roofline.csv", readAll(real("mi210_omniperf_roofline_3devices.csv")));
    dir.write("sysinfo.csv", readAll(real("mi210_omniperf_sysinfo_multikernel.csv")));
    HardwareCatalog catalog;
    const auto loaded = loadHardwareFile(catalog, csv);
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    ASSERT_EQ(loaded->size(), 3u);
    for (std::size_t device = 0; device < 3; ++device) {
        const Hardware& hw = (*loaded)[device];
        const std::string prefix = "AMD MI210 (omniperf, device " + std::to_string(device) + ", ";
        EXPECT_EQ(hw.name.rfind(prefix, 0), 0u) << hw.name;
        EXPECT_EQ(hw.name.size(), prefix.size() + 7) << hw.name; // six hex digits and ")"
        EXPECT_EQ(hw.id.rfind("omniperf-mi210-dev" + std::to_string(device) + "-", 0), 0u) << hw.id;
        EXPECT_EQ(hw.notes.rfind("Measured by omniperf on MI210 device " + std::to_string(device) +
                                     "; mean of ",
                                 0),
                  0u)
            << hw.notes;
    }
    // The sysinfo of another MI200 run has no chip_id: its gpu_model is all it states.
    const test::ScratchDir other("hw-mi200");
    const std::string csv2 =
        other.write("roofline.csv", readAll(real("mi210_omniperf_roofline_3devices.csv")));
    other.write("sysinfo.csv", readAll(real("mi210_omniperf_sysinfo_vcopy.csv")));
    HardwareCatalog second;
    const auto family = loadHardwareFile(second, csv2);
    ASSERT_TRUE(family.ok()) << family.error().message;
    EXPECT_EQ(family->front().name.rfind("AMD MI200 (omniperf, device 0, ", 0), 0u)
        << family->front().name;
    // Without a sysinfo.csv the file names no GPU: the tool and the device still say what it is.
    const test::ScratchDir alone("hw-alone");
    HardwareCatalog third;
    const auto bare = loadHardwareFile(
        third, alone.write("roofline.csv", readAll(real("mi210_omniperf_roofline_3devices.csv"))));
    ASSERT_TRUE(bare.ok()) << bare.error().message;
    EXPECT_EQ(bare->back().name.rfind("AMD GPU (omniperf, device 2, ", 0), 0u) << bare->back().name;
}
