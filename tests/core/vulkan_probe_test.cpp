// The Vulkan probe: its host reference of the FMA chains, its catalog entry, and a run on Mesa's
// software device lavapipe, whose shaders' outputs must match the host's computation and whose
// FP32 peak cannot beat the CPU it runs on (measured in the same test) by more than 1.5×.
#include "core/hardware/catalog.h"
#include "core/probe/fmakernels.h"
#include "core/probe/isa.h"
#include "core/probe/pinnedteam.h"
#include "core/probe/sampler.h"
#include "core/probe/vulkanprobe.h"
#include "tests/common/lavapipe.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using namespace roofscope;
using namespace roofscope::probe;

namespace {

// x after n steps of x = x·m + a, in closed form: mⁿ·x₀ + a·(1 − mⁿ)/(1 − m).
double closedForm(double x0, int n, double m, double a)
{
    const double mn = std::pow(m, n);
    return mn * x0 + a * (1.0 - mn) / (1.0 - m);
}

// The FMA shader's value for invocation `id`: 8 chains of 4 lanes from id%64/64 in fixed steps.
double shaderValue(std::uint32_t id, int n, double m, double a)
{
    double sum = 0.0;
    for (int chain = 0; chain < 8; ++chain)
        for (int lane = 0; lane < 4; ++lane)
            sum += closedForm((id % 64) / 64.0 + lane / 128.0 + chain / 32.0, n, m, a);
    return sum;
}

// The CPU's FP32 FMA peak on all its threads: the best instruction set on one thread, then
// that set on every CPU, quick samples (as `probe --quick` does).
double cpuFp32Peak()
{
    const SamplePlan plan{0.03, 0.02, 3};
    const auto measure = [&](const PinnedTeam& team, Isa isa) {
        std::vector<double> sinks(static_cast<std::size_t>(team.size()), 0.0);
        double flopsPerIteration = 0.0;
        const auto timedRun = [&](std::uint64_t reps) {
            return team.run([&](int i) {
                const double flops =
                    fmaChains(isa, false, reps, &sinks[static_cast<std::size_t>(i)]);
                if (i == 0)
                    flopsPerIteration = flops / static_cast<double>(reps) * team.size();
            });
        };
        timedRun(1);
        return sampleRate(timedRun, flopsPerIteration, plan).max;
    };
    const PinnedTeam one(1);
    Isa best = Isa::Scalar;
    double bestRate = 0.0;
    for (Isa isa : supportedIsas()) {
        const double rate = measure(one, isa);
        if (rate > bestRate) {
            bestRate = rate;
            best = isa;
        }
    }
    const PinnedTeam all(static_cast<int>(PinnedTeam::allowedCpus().size()));
    return std::max(bestRate, measure(all, best));
}

VulkanProbeResult sampleResult()
{
    VulkanProbeResult r;
    r.deviceIndex = 2;
    r.deviceName = "Example GPU";
    r.deviceType = "discrete GPU";
    r.driverName = "example";
    r.apiVersion = "1.3.0";
    r.host = "box";
    r.date = "2026-01-02T03:04:05Z";
    r.readBufferBytes = 64.0 * 1024 * 1024;
    r.readBandwidth = statsOf({400e9, 410e9, 405e9});
    VulkanPeak fp32{"fp32", true, "", statsOf({10e12, 11e12, 10.5e12}), 0.0};
    VulkanPeak fp16{"fp16", true, "", statsOf({20e12, 21e12, 20.5e12}), 0.0};
    VulkanPeak fp64{"fp64", false, "the device has no shaderFloat64", {}, 0.0};
    r.peaks = {fp32, fp16, fp64};
    r.checks = {VulkanCheck{"fp32 fma", 100.0, 100.0, 1e-5}};
    return r;
}

} // namespace

TEST(VulkanProbe, HostReferenceIsTheClosedFormOfTheChain)
{
    for (std::uint32_t id : {0u, 1u, 63u, 64u, 200u, 511u})
        for (int n : {0, 1, 7, 100})
            EXPECT_NEAR(vulkanFmaReference(id, static_cast<std::uint32_t>(n), 0.75, 0.125),
                        shaderValue(id, n, 0.75, 0.125), 1e-12)
                << "id " << id << ", " << n << " steps";
    // Contracting to a/(1-m) = 0.5 per lane: 32 lanes.
    EXPECT_NEAR(vulkanFmaReference(5, 2000, 0.75, 0.125), 16.0, 1e-9);
}

TEST(VulkanProbe, ResultBecomesACatalogEntryWithItsMeasuredPrecisionsOnly)
{
    const VulkanProbeResult r = sampleResult();
    const Hardware hw = vulkanResultToHardware(r);
    EXPECT_EQ(hw.id, "this-machine-vulkan-2");
    EXPECT_EQ(hw.vendor, "measured");
    EXPECT_NE(hw.name.find("Example GPU"), std::string::npos) << hw.name;
    const Ceiling* fp32 = hw.findCeiling(Precision::FP32, ComputeUnit::Vector);
    const Ceiling* fp16 = hw.findCeiling(Precision::FP16, ComputeUnit::Vector);
    ASSERT_TRUE(fp32 && fp16);
    EXPECT_DOUBLE_EQ(fp32->flopsPerS, 11e12);
    EXPECT_DOUBLE_EQ(fp16->flopsPerS, 21e12);
    EXPECT_EQ(hw.findCeiling(Precision::FP64, ComputeUnit::Vector), nullptr);
    ASSERT_NE(hw.mainMemory(), nullptr);
    EXPECT_DOUBLE_EQ(hw.mainMemory()->bytesPerS, 410e9);
    for (const char* said : {"2026-01-02T03:04:05Z", "box", "example", "shaderFloat64"})
        EXPECT_NE(hw.notes.find(said), std::string::npos) << said << " in " << hw.notes;
    // It reads back as a catalog.
    const auto parsed = parseHardwareCatalog(hardwareCatalogToJson({hw}), "vulkan.json");
    ASSERT_TRUE(parsed) << parsed.error().message;
    ASSERT_EQ(parsed->size(), 1u);
    EXPECT_EQ(parsed->front().id, hw.id);

    const nlohmann::json j = vulkanResultToJson(r);
    EXPECT_EQ(j["device"]["name"], "Example GPU");
    EXPECT_DOUBLE_EQ(j["peaks_flops_per_s"]["fp16"].get<double>(), 21e12);
    EXPECT_FALSE(j["peaks_flops_per_s"].contains("fp64"));
    EXPECT_EQ(j["not_measured"]["fp64"], "the device has no shaderFloat64");
    EXPECT_DOUBLE_EQ(j["bandwidth_bytes_per_s"]["dram"].get<double>(), 410e9);
    EXPECT_TRUE(j["checks"][0]["ok"].get<bool>());
}

TEST(VulkanProbe, LavapipeShadersMatchTheHostAndAreNoFasterThanTheCpu)
{
    if (!vulkanProbeBuilt())
        GTEST_SKIP() << "this build has no Vulkan probe (no Vulkan headers or glslc when it was "
                        "configured)";
    const auto lavapipe = roofscope::test::Lavapipe::find();
    if (!lavapipe.missing.empty())
        GTEST_SKIP() << lavapipe.missing;
    lavapipe.select();

    const double cpuBefore = cpuFp32Peak();
    VulkanProbeOptions options;
    options.quick = true;
    const auto result = runVulkanProbe(options);
    ASSERT_TRUE(result) << result.error().message;
    const double cpuAfter = cpuFp32Peak();
    EXPECT_NE(result->deviceName.find("llvmpipe"), std::string::npos) << result->deviceName;

    // Every shader's output against the host: the FMA chains (7 steps of x·0.75 + 0.125 from
    // known starting values, 512 invocations) and the read kernel's sums.
    bool fp32Checked = false;
    bool readChecked = false;
    for (const VulkanCheck& c : result->checks) {
        EXPECT_TRUE(c.ok()) << c.kernel << ": " << c.measured << ", host " << c.expected;
        if (c.kernel.find("fma") != std::string::npos) {
            double want = 0.0;
            for (std::uint32_t id = 0; id < 512; ++id)
                want += shaderValue(id, 7, 0.75, 0.125);
            EXPECT_NEAR(c.expected, want, 1e-9 * want) << c.kernel;
            EXPECT_NEAR(c.measured, want, c.tolerance * want) << c.kernel;
        }
        fp32Checked = fp32Checked || c.kernel == "fp32 fma";
        readChecked = readChecked || c.kernel == "read";
    }
    EXPECT_TRUE(fp32Checked && readChecked);

    const VulkanPeak* fp32 = result->peak("fp32");
    ASSERT_TRUE(fp32 && fp32->measured);
    ASSERT_GT(fp32->stats.max, 0.0);
    EXPECT_GE(fp32->stats.values.size(), 3u);
    EXPECT_GT(result->readBandwidth.max, 0.0);
    EXPECT_LE(result->readBufferBytes, result->maxStorageBufferRange);
    EXPECT_TRUE(result->gpuTimestamps);

    // lavapipe runs on this CPU: its FMA rate cannot beat the CPU's own beyond noise. An
    // unoptimised (sanitizer) build measures no CPU peak at all, so the bound holds only in
    // optimised builds.
    const double cpu = std::max(cpuBefore, cpuAfter);
#if defined(__OPTIMIZE__)
    EXPECT_LE(fp32->stats.max, 1.5 * cpu)
        << "lavapipe " << fp32->stats.max << " FLOP/s, the CPU " << cpu << " FLOP/s";
#endif
    RecordProperty("lavapipe_fp32_flops", std::to_string(fp32->stats.max));
    RecordProperty("cpu_fp32_flops", std::to_string(cpu));
}

// The devices a window offers to measure: lavapipe alone when the loader sees only it.
TEST(VulkanProbe, ListsLavapipeAsTheOnlyDevice)
{
    if (!vulkanProbeBuilt()) {
        EXPECT_FALSE(listVulkanDevices());
        GTEST_SKIP() << "this build has no Vulkan probe (no Vulkan headers or glslc when it was "
                        "configured)";
    }
    const auto lavapipe = roofscope::test::Lavapipe::find();
    if (!lavapipe.missing.empty())
        GTEST_SKIP() << lavapipe.missing;
    lavapipe.select();
    const auto devices = listVulkanDevices();
    ASSERT_TRUE(devices) << devices.error().message;
    ASSERT_EQ(devices->size(), 1u);
    EXPECT_EQ(devices->front().index, 0);
    EXPECT_EQ(devices->front().name.rfind("llvmpipe", 0), 0u) << devices->front().name;
    EXPECT_EQ(devices->front().deviceType, "CPU");
}
