// `roofscope probe --quick`: the JSON it prints, the catalog entry -o writes (read back by
// `roofscope gpus --catalog`), and its refusals. Never absolute speeds: only shapes and orders
// that hold on any machine, loaded or not.
#include "core/hardware/catalog.h"
#include "core/measured/hardwarefiles.h"
#include "core/probe/isa.h"
#include "core/probe/vulkanprobe.h"
#include "runcli.h"
#include "tests/common/lavapipe.h"
#include "tests/common/scratchdir.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>

using nlohmann::json;
using roofscope::clitest::runCli;

namespace {

bool positiveFinite(const json& v)
{
    return v.is_number() && std::isfinite(v.get<double>()) && v.get<double>() > 0.0;
}

} // namespace

TEST(ProbeCli, QuickJsonHasEveryKeyAndSaneOrder)
{
    const auto r = runCli("probe --quick --format json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json out = json::parse(r.out);
    for (const char* key :
         {"device", "peaks_flops_per_s", "bandwidth_bytes_per_s", "samples", "noisy", "curve"})
        ASSERT_TRUE(out.contains(key)) << key << " in " << r.out;
    for (const char* key : {"cpu", "threads", "isa", "compiler", "host", "date"})
        EXPECT_TRUE(out["device"].contains(key)) << key;
    EXPECT_GE(out["device"]["threads"].get<int>(), 1);
    const json& peaks = out["peaks_flops_per_s"];
    ASSERT_TRUE(positiveFinite(peaks["fp64"])) << peaks;
    ASSERT_TRUE(positiveFinite(peaks["fp32"])) << peaks;
    // FP32 has twice the lanes of FP64 in every vector instruction set. In an unoptimised
    // sanitizer build the scalar chains win and both precisions run at about the same rate, so
    // only an inversion beyond noise fails.
    EXPECT_GE(peaks["fp32"].get<double>(), 0.7 * peaks["fp64"].get<double>());
    const json& bw = out["bandwidth_bytes_per_s"];
    ASSERT_TRUE(bw.contains("dram")) << bw;
    for (const auto& [level, value] : bw.items())
        EXPECT_TRUE(positiveFinite(value)) << level << ": " << value;
    if (bw.contains("l1")) {
        EXPECT_GE(bw["l1"].get<double>(), bw["dram"].get<double>());
    }
    EXPECT_TRUE(out["noisy"].is_boolean());
    ASSERT_TRUE(out["curve"].is_array());
    ASSERT_GE(out["curve"].size(), 5u);
    double previous = 0.0;
    for (const json& point : out["curve"]) {
        ASSERT_EQ(point.size(), 2u);
        EXPECT_TRUE(positiveFinite(point[0]) && positiveFinite(point[1])) << point;
        EXPECT_GT(point[0].get<double>(), previous); // growing working sets
        previous = point[0].get<double>();
    }
}

TEST(ProbeCli, CatalogEntryLoadsBackThroughGpus)
{
    const roofscope::test::ScratchDir dir("probe");
    const std::string file = dir.path("this machine.json");
    const auto r = runCli("probe --quick --threads 1 --format json -o '" + file + "'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json probe = json::parse(r.out);
    ASSERT_TRUE(std::filesystem::exists(file));

    auto catalog = roofscope::HardwareCatalog();
    auto loaded = loadHardwareFile(catalog, file);
    ASSERT_TRUE(loaded) << loaded.error().message;
    ASSERT_EQ(loaded->size(), 1u);
    const roofscope::Hardware& hw = loaded->front();
    EXPECT_EQ(hw.id, "this-machine-cpu");
    EXPECT_NE(hw.name.find("1 thread"), std::string::npos) << hw.name;
    const auto* fp64 = hw.findCeiling(roofscope::Precision::FP64, roofscope::ComputeUnit::Vector);
    const auto* fp32 = hw.findCeiling(roofscope::Precision::FP32, roofscope::ComputeUnit::Vector);
    ASSERT_TRUE(fp64 && fp32);
    EXPECT_DOUBLE_EQ(fp64->flopsPerS, probe["peaks_flops_per_s"]["fp64"].get<double>());
    EXPECT_DOUBLE_EQ(fp32->flopsPerS, probe["peaks_flops_per_s"]["fp32"].get<double>());
    ASSERT_NE(hw.mainMemory(), nullptr);
    EXPECT_EQ(hw.mainMemory()->level, "dram");
    EXPECT_DOUBLE_EQ(hw.mainMemory()->bytesPerS,
                     probe["bandwidth_bytes_per_s"]["dram"].get<double>());
    EXPECT_EQ(hw.memory.size(), probe["bandwidth_bytes_per_s"].size());
    EXPECT_NE(hw.notes.find(probe["device"]["date"].get<std::string>()), std::string::npos);

    // Every command reads it as --catalog reads any catalog file.
    const auto gpus = runCli("gpus --format json --catalog '" + file + "'");
    ASSERT_EQ(gpus.exitCode, 0) << gpus.err;
    const json listing = json::parse(gpus.out);
    bool listed = false;
    for (const json& entry : listing["hardware"])
        listed = listed || entry["id"] == "this-machine-cpu";
    EXPECT_TRUE(listed);
    const auto table = runCli("gpus --catalog '" + file + "'");
    EXPECT_NE(table.out.find("This machine ("), std::string::npos) << table.out;
}

// AVX512-BF16 dot products: a BF16 peak in the JSON and a BF16 vector ceiling in the
// entry, at least the FP32 FMA peak (each vdpbf16ps does 64 FLOPs, an FP32 FMA 32).
TEST(ProbeCli, Bf16PeakWhereTheCpuHasAvx512Bf16)
{
    if (!roofscope::probe::hasAvx512Bf16())
        GTEST_SKIP() << "this CPU has no AVX512-BF16 (avx512_bf16 in /proc/cpuinfo)";
    const roofscope::test::ScratchDir dir("probe-bf16");
    const std::string file = dir.path("cpu.json");
    const auto r = runCli("probe --quick --threads 1 --format json -o '" + file + "'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json out = json::parse(r.out);
    const json& peaks = out["peaks_flops_per_s"];
    ASSERT_TRUE(positiveFinite(peaks["bf16"])) << peaks;
#if defined(__OPTIMIZE__)
    // An unoptimised (sanitizer) build keeps the chains in memory: no peak to compare there.
    EXPECT_GE(peaks["bf16"].get<double>(), peaks["fp32"].get<double>()) << peaks;
#endif
    EXPECT_EQ(out["not_measured"], "fp16 is not measured (no AVX512-FP16 kernel)");
    auto catalog = roofscope::HardwareCatalog();
    auto loaded = loadHardwareFile(catalog, file);
    ASSERT_TRUE(loaded) << loaded.error().message;
    const auto* bf16 =
        loaded->front().findCeiling(roofscope::Precision::BF16, roofscope::ComputeUnit::Vector);
    ASSERT_NE(bf16, nullptr);
    EXPECT_DOUBLE_EQ(bf16->flopsPerS, peaks["bf16"].get<double>());
    EXPECT_NE(bf16->source.find("vdpbf16ps"), std::string::npos) << bf16->source;
    const auto table = runCli("probe --quick --threads 1");
    ASSERT_EQ(table.exitCode, 0) << table.err;
    EXPECT_NE(table.out.find("BF16 dot"), std::string::npos) << table.out;
}

TEST(ProbeCli, BadOptionsNameTheOptionAndExit2)
{
    const std::pair<const char*, const char*> cases[] = {
        {"probe --threads 0", "--threads 0"},
        {"probe --threads 1.5", "--threads 1.5"},
        {"probe --device vulkan:x", "--device vulkan:x"},
        {"probe --device vulkan:-1", "--device vulkan:-1"},
        {"probe --device vulkan --threads 2", "--threads"},
        {"probe --device gpu", "--device gpu"},
        {"probe --format csv", "--format csv"},
        {"probe --fast", "--fast"},
    };
    for (const auto& [args, named] : cases) {
        const auto r = runCli(args);
        EXPECT_EQ(r.exitCode, 2) << args;
        EXPECT_NE(r.err.find(named), std::string::npos) << args << ": " << r.err;
        EXPECT_TRUE(r.out.empty()) << args;
    }
}

TEST(ProbeCli, UnwritableOutputNamesThePathBeforeMeasuring)
{
    const roofscope::test::ScratchDir dir("probe");
    const std::string missing = dir.path("no-such-folder/entry.json");
    auto r = runCli("probe --quick -o '" + missing + "'");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find(missing), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << "measured before refusing:\n" << r.out;
    r = runCli("probe --quick -o '" + dir.dir().string() + "'");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find(dir.dir().string()), std::string::npos) << r.err;
}

TEST(ProbeCli, VulkanOnLavapipeWritesAnEntryGpusLoads)
{
    if (!roofscope::probe::vulkanProbeBuilt()) {
        // The one thing such a build says about Vulkan: that it has no probe for it.
        const auto r = runCli("probe --quick --device vulkan");
        EXPECT_EQ(r.exitCode, 2);
        EXPECT_NE(r.err.find("this build has no Vulkan probe"), std::string::npos) << r.err;
        GTEST_SKIP() << "this build has no Vulkan probe (no Vulkan headers or glslc when it was "
                        "configured)";
    }
    const auto lavapipe = roofscope::test::Lavapipe::find();
    if (!lavapipe.missing.empty())
        GTEST_SKIP() << lavapipe.missing;
    const roofscope::test::ScratchDir dir("probe");
    const std::string file = dir.path("vulkan entry.json");
    const auto r = runCli("probe --quick --device vulkan:0 --format json -o '" + file + "'",
                          lavapipe.shellEnv());
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json out = json::parse(r.out);
    for (const char* key :
         {"device", "peaks_flops_per_s", "bandwidth_bytes_per_s", "samples", "noisy", "checks"})
        ASSERT_TRUE(out.contains(key)) << key << " in " << r.out;
    EXPECT_EQ(out["device"]["kind"], "vulkan");
    EXPECT_NE(out["device"]["name"].get<std::string>().find("llvmpipe"), std::string::npos);
    ASSERT_TRUE(positiveFinite(out["peaks_flops_per_s"]["fp32"])) << out["peaks_flops_per_s"];
    ASSERT_TRUE(positiveFinite(out["bandwidth_bytes_per_s"]["dram"]));
    for (const json& c : out["checks"])
        EXPECT_TRUE(c["ok"].get<bool>()) << c;

    auto catalog = roofscope::HardwareCatalog();
    auto loaded = loadHardwareFile(catalog, file);
    ASSERT_TRUE(loaded) << loaded.error().message;
    ASSERT_EQ(loaded->size(), 1u);
    const roofscope::Hardware& hw = loaded->front();
    EXPECT_EQ(hw.id, "this-machine-vulkan-0");
    EXPECT_EQ(hw.vendor, "measured");
    const auto* fp32 = hw.findCeiling(roofscope::Precision::FP32, roofscope::ComputeUnit::Vector);
    ASSERT_TRUE(fp32);
    EXPECT_DOUBLE_EQ(fp32->flopsPerS, out["peaks_flops_per_s"]["fp32"].get<double>());
    for (const std::string& said :
         {out["device"]["date"].get<std::string>(), out["device"]["name"].get<std::string>()})
        EXPECT_NE(hw.notes.find(said), std::string::npos) << said << " in " << hw.notes;

    const auto gpus = runCli("gpus --format json --catalog '" + file + "'");
    ASSERT_EQ(gpus.exitCode, 0) << gpus.err;
    bool listed = false;
    const json listing = json::parse(gpus.out);
    for (const json& entry : listing["hardware"])
        listed = listed || entry["id"] == "this-machine-vulkan-0";
    EXPECT_TRUE(listed);
}

TEST(ProbeCli, VulkanWithoutTheDeviceSaysWhatIsMissing)
{
    if (!roofscope::probe::vulkanProbeBuilt())
        GTEST_SKIP() << "this build has no Vulkan probe";
    const auto lavapipe = roofscope::test::Lavapipe::find();
    if (!lavapipe.missing.empty())
        GTEST_SKIP() << lavapipe.missing;
    // No driver at all: the loader finds none.
    auto r = runCli("probe --quick --device vulkan",
                    "VK_ICD_FILENAMES=/nonexistent/icd.json VK_DRIVER_FILES=/nonexistent/icd.json");
    EXPECT_EQ(r.exitCode, 1) << r.out;
    EXPECT_NE(r.err.find("--device vulkan: "), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
    // A device index past the last: the devices there are are named.
    r = runCli("probe --quick --device vulkan:7", lavapipe.shellEnv());
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("no Vulkan device 7"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("llvmpipe"), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
}
