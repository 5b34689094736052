// The pure parts of `roofscope probe`: memory levels read off bandwidth curves, the sweep's
// sizes, the system's cache sizes, and the catalog entry a probe result becomes.
#include "core/hardware/catalog.h"
#include "core/probe/bandwidthsweep.h"
#include "core/probe/cpuprobe.h"
#include "core/probe/plateaus.h"
#include "core/probe/proberesult.h"
#include "core/probe/sampler.h"
#include "core/util/atomicfile.h"
#include "tests/common/scratchdir.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

using namespace roofscope;
using namespace roofscope::probe;

namespace {

constexpr double KiB = 1024.0;
constexpr double MiB = 1024.0 * 1024.0;

// A sweep from 4 KiB by √2 up to `maxBytes`, each point's bandwidth `at(bytes)` times a fixed
// ±3 % wobble (deterministic, so the test is too).
template <typename F> std::vector<CurvePoint> curve(F at, double maxBytes = 256 * MiB)
{
    static const double wobble[] = {1.0, 1.03, 0.98, 0.97, 1.02, 1.01, 0.99};
    std::vector<CurvePoint> points;
    int i = 0;
    for (double bytes : sweepSizes(4 * KiB, maxBytes, std::sqrt(2.0)))
        points.push_back({bytes, at(bytes) * wobble[i++ % 7]});
    return points;
}

void expectLevel(const Plateau& p, const std::string& level, double bytesPerS, double tolerance)
{
    EXPECT_EQ(p.level, level);
    EXPECT_NEAR(p.bytesPerS / bytesPerS, 1.0, tolerance) << level << ": " << p.bytesPerS;
}

} // namespace

TEST(Plateaus, ThreeCleanLevelsWithTransitions)
{
    // L1 300 GB/s to 32 KiB, L2 100 GB/s to 1 MiB, DRAM 20 GB/s; one point on each slope.
    const auto points = curve([](double b) {
        if (b <= 32 * KiB)
            return 300e9;
        if (b < 64 * KiB)
            return 180e9;
        if (b <= 1 * MiB)
            return 100e9;
        if (b < 2 * MiB)
            return 50e9;
        return 20e9;
    });
    const auto levels = detectPlateaus(points);
    ASSERT_EQ(levels.size(), 3u);
    expectLevel(levels[0], "l1", 300e9, 0.03);
    expectLevel(levels[1], "l2", 100e9, 0.03);
    expectLevel(levels[2], "dram", 20e9, 0.03);
    EXPECT_EQ(levels[0].firstBytes, 4 * KiB);
    EXPECT_LE(levels[0].lastBytes, 32 * KiB);
    EXPECT_GE(levels[1].firstBytes, 32 * KiB);
    EXPECT_LE(levels[1].lastBytes, 1 * MiB);
    EXPECT_GE(levels[2].firstBytes, 1 * MiB);
    EXPECT_EQ(levels[2].lastBytes, points.back().bytes);
}

// The single-thread curve of the reference notes' 2-vCPU VM: L1 ≈ 290 GB/s to 48 KiB, L2 ≈ 190
// to 2 MiB, L3 ≈ 29 to 64 MiB, DRAM ≈ 16 — whatever its /sys says (a 480 MiB L3).
TEST(Plateaus, TheReferenceVmCurveHasFourLevels)
{
    const auto levels = detectPlateaus(curve([](double b) {
        if (b <= 48 * KiB)
            return 290e9;
        if (b <= 2 * MiB)
            return 190e9;
        if (b <= 64 * MiB)
            return 29e9;
        return 16e9;
    }));
    ASSERT_EQ(levels.size(), 4u);
    expectLevel(levels[0], "l1", 290e9, 0.03);
    expectLevel(levels[1], "l2", 190e9, 0.03);
    expectLevel(levels[2], "l3", 29e9, 0.03);
    expectLevel(levels[3], "dram", 16e9, 0.03);
    EXPECT_GT(levels[2].lastBytes, 32 * MiB);
    EXPECT_LE(levels[2].lastBytes, 64 * MiB);
}

TEST(Plateaus, OneSlowPointInsideALevelDoesNotSplitIt)
{
    auto points = curve([](double b) { return b <= 1 * MiB ? 200e9 : 20e9; });
    points[4].bytesPerS = 120e9; // a neighbour's burst in the middle of the cache
    const auto levels = detectPlateaus(points);
    ASSERT_EQ(levels.size(), 2u);
    expectLevel(levels[0], "l1", 200e9, 0.03);
    expectLevel(levels[1], "dram", 20e9, 0.03);
}

TEST(Plateaus, TheLargestWorkingSetAloneIsDram)
{
    // A sweep that leaves the last cache only at its last size.
    auto points = curve([](double b) { return b < 30 * MiB ? 100e9 : 20e9; }, 32 * MiB);
    const auto levels = detectPlateaus(points);
    ASSERT_EQ(levels.size(), 2u);
    expectLevel(levels[0], "l1", 100e9, 0.03);
    expectLevel(levels[1], "dram", points.back().bytesPerS, 1e-12);
    EXPECT_EQ(levels[1].points, 1u);
}

TEST(Plateaus, ASlowStartJoinsTheFirstLevel)
{
    // The smallest working sets pay loop and thread overhead: slower, but not a level.
    auto points = curve([](double b) { return b <= 256 * KiB ? 200e9 : 20e9; });
    points[0].bytesPerS = 120e9;
    points[1].bytesPerS = 125e9;
    const auto levels = detectPlateaus(points);
    ASSERT_EQ(levels.size(), 2u);
    EXPECT_EQ(levels[0].level, "l1");
    EXPECT_EQ(levels[0].firstBytes, 4 * KiB);
    EXPECT_GT(levels[0].bytesPerS, 150e9);
}

TEST(Plateaus, FlatEmptyAndTooManyLevels)
{
    EXPECT_TRUE(detectPlateaus({}).empty());
    const auto flat = detectPlateaus(curve([](double) { return 50e9; }));
    ASSERT_EQ(flat.size(), 1u);
    expectLevel(flat[0], "dram", 50e9, 0.03);
    // Seven steps of 2× each: merged down to l1…l4 and dram.
    const auto steps = detectPlateaus(curve(
        [](double b) { return 1e12 / std::pow(2.0, std::floor(std::log2(b / (4 * KiB)) / 2.0)); },
        4 * KiB * std::pow(2.0, 13.5)));
    ASSERT_EQ(steps.size(), 5u);
    EXPECT_EQ(steps.back().level, "dram");
    for (std::size_t i = 1; i < steps.size(); ++i)
        EXPECT_LT(steps[i].bytesPerS, steps[i - 1].bytesPerS);
}

TEST(ProbeSweep, SizesAreGeometricAndReachTheCeiling)
{
    EXPECT_EQ(sweepSizes(4096, 65536, 2.0), (std::vector<double>{4096, 8192, 16384, 32768, 65536}));
    const auto sizes = sweepSizes(4 * KiB, 256 * MiB, std::sqrt(2.0));
    EXPECT_GE(sizes.back(), 256 * MiB);
    EXPECT_EQ(sizes.size(), 33u);
    EXPECT_TRUE(sweepSizes(0, 1, 2).empty());
    EXPECT_TRUE(sweepSizes(1, 2, 1).empty());
}

TEST(ProbeSweep, CeilingIsPastTheLastCacheAndWithinMemory)
{
    MachineInfo m;
    m.caches = {{1, "Data", 32 * KiB}, {2, "Unified", 1 * MiB}, {3, "Unified", 32 * MiB}};
    EXPECT_EQ(sweepCeilingBytes(m, false), 256 * MiB);  // at least 256 MiB: DRAM
    m.caches.push_back({3, "Unified", 480 * MiB});      // a VM's host L3
    EXPECT_EQ(sweepCeilingBytes(m, false), 1024 * MiB); // capped
    m.memoryBytes = 1024 * MiB;
    EXPECT_EQ(sweepCeilingBytes(m, false), 256 * MiB); // a quarter of the memory
    EXPECT_EQ(sweepCeilingBytes(m, true), 64 * MiB);
}

// A kernel that takes 1 ms per repetition, counting its runs.
struct FakeKernel {
    int runs = 0;
    PinnedTeam::Times operator()(std::uint64_t reps)
    {
        ++runs;
        const double seconds = 1e-3 * static_cast<double>(reps);
        return {seconds, seconds};
    }
};

TEST(ProbeSampler, CalibratesToTheSampleLengthThenSamples)
{
    FakeKernel kernel;
    // 1, 16 and 120 repetitions calibrate (1 + 16 ms of warm-up); the 120 ms run is sample one.
    auto stats = sampleRate(std::ref(kernel), 2.0, SamplePlan{0.0, 0.1, 3});
    EXPECT_EQ(kernel.runs, 5);
    ASSERT_EQ(stats.values.size(), 3u);
    EXPECT_DOUBLE_EQ(stats.max, 2000.0);
    EXPECT_DOUBLE_EQ(stats.median, 2000.0);
    EXPECT_FALSE(stats.noisy());

    // A warm-up of 1 s: the calibration is no sample; runs of 120 ms follow until 1 s has passed.
    kernel.runs = 0;
    stats = sampleRate(std::ref(kernel), 1.0, SamplePlan{1.0, 0.1, 5});
    EXPECT_EQ(kernel.runs, 3 + 8 + 5);
    EXPECT_EQ(stats.values.size(), 5u);
}

TEST(ProbeSampler, NoiseIsMaxAboveMedianByTenPercent)
{
    EXPECT_FALSE(statsOf({100, 105, 109}).noisy());
    EXPECT_TRUE(statsOf({100, 100, 111}).noisy());
    EXPECT_EQ(statsOf({3, 1, 2}).median, 2.0);
    EXPECT_EQ(statsOf({4, 1, 2, 3}).median, 2.5);
}

TEST(ProbeMachine, SysfsCacheSizes)
{
    EXPECT_EQ(MachineInfo::parseCacheSize("48K"), 48 * KiB);
    EXPECT_EQ(MachineInfo::parseCacheSize("32768K"), 32 * MiB);
    EXPECT_EQ(MachineInfo::parseCacheSize("2M"), 2 * MiB);
    EXPECT_EQ(MachineInfo::parseCacheSize("512"), 512.0);
    EXPECT_EQ(MachineInfo::parseCacheSize(""), 0.0);
    EXPECT_EQ(MachineInfo::parseCacheSize("12X"), 0.0);
    EXPECT_EQ(MachineInfo::parseCacheSize("K"), 0.0);
}

namespace {

ProbeResult syntheticResult()
{
    ProbeResult r;
    r.machine.cpuModel = "Test CPU 9000";
    r.machine.host = "testhost";
    r.machine.date = "2026-01-02T03:04:05Z";
    r.machine.compiler = "gcc 12";
    r.machine.memoryBytes = 8e9;
    r.threads = 2;
    r.fp64.isa = Isa::Avx2Fma;
    r.fp64.allThreads = statsOf({110e9, 118e9, 117e9});
    r.fp64.oneThread = statsOf({59e9});
    r.fp32.isa = Isa::Avx2Fma;
    r.fp32.allThreads = statsOf({230e9, 236e9, 235e9});
    r.fp32.oneThread = statsOf({118e9});
    r.triadCurve = {{4096, statsOf({300e9})}, {1e9, statsOf({16e9})}};
    r.levels = {{{4096, 49152, 290e9, 4, "l1"}, 300e9},
                {{65536, 2e6, 190e9, 6, "l2"}, 200e9},
                {{4e6, 6.4e7, 29e9, 8, "l3"}, 30e9},
                {{1.3e8, 1e9, 16e9, 5, "dram"}, 18e9}};
    return r;
}

} // namespace

TEST(ProbeResult, CatalogEntryReadsBackWithItsCeilingsAndLevels)
{
    const Hardware hw = probeResultToHardware(syntheticResult());
    auto parsed = parseHardwareCatalog(hardwareCatalogToJson({hw}), "probe.json");
    ASSERT_TRUE(parsed) << parsed.error().message;
    ASSERT_EQ(parsed->size(), 1u);
    const Hardware& back = parsed->front();
    EXPECT_EQ(back, hw);
    EXPECT_EQ(back.id, "this-machine-cpu");
    EXPECT_EQ(back.name, "This machine (Test CPU 9000, 2 threads)");
    EXPECT_EQ(back.vendor, "measured");
    ASSERT_NE(back.findCeiling(Precision::FP64, ComputeUnit::Vector), nullptr);
    EXPECT_EQ(back.findCeiling(Precision::FP64, ComputeUnit::Vector)->flopsPerS, 118e9);
    EXPECT_EQ(back.findCeiling(Precision::FP32, ComputeUnit::Vector)->flopsPerS, 236e9);
    ASSERT_NE(back.mainMemory(), nullptr);
    EXPECT_EQ(back.mainMemory()->level, "dram");
    EXPECT_EQ(back.mainMemory()->bytesPerS, 16e9);
    ASSERT_NE(back.findMemory("l1"), nullptr);
    EXPECT_EQ(back.findMemory("l1")->bytesPerS, 290e9);
    EXPECT_EQ(back.findMemory("l3")->bytesPerS, 29e9);
    // Where, when and how: the notes and every source say so.
    for (const char* what :
         {"2026-01-02T03:04:05Z", "testhost", "Test CPU 9000", "2 threads", "gcc 12"})
        EXPECT_NE(back.notes.find(what), std::string::npos) << what << " in " << back.notes;
    EXPECT_NE(back.mainMemory()->source.find("24 bytes per element"), std::string::npos);
    EXPECT_NE(back.ceilings[0].source.find("avx2+fma"), std::string::npos);
}

TEST(ProbeResult, JsonHasTheDocumentedKeys)
{
    const auto j = probeResultToJson(syntheticResult());
    for (const char* key : {"device", "peaks_flops_per_s", "bandwidth_bytes_per_s", "samples",
                            "noisy", "curve", "bandwidth_convention"})
        EXPECT_TRUE(j.contains(key)) << key;
    for (const char* key : {"cpu", "threads", "isa", "compiler", "host", "date"})
        EXPECT_TRUE(j["device"].contains(key)) << key;
    EXPECT_EQ(j["peaks_flops_per_s"]["fp64"], 118e9);
    EXPECT_EQ(j["bandwidth_bytes_per_s"]["l2"], 190e9);
    EXPECT_EQ(j["bandwidth_bytes_per_s"]["dram"], 16e9);
    EXPECT_EQ(j["curve"][1][0], 1e9);
    EXPECT_EQ(j["noisy"], false);
}

// Where the CPU has AVX512-BF16 the probe adds a BF16 peak: in the JSON and as a BF16 vector
// ceiling of the entry; without it the JSON says both FP16 and BF16 are not measured.
TEST(ProbeResult, Bf16PeakInTheJsonAndTheEntry)
{
    ProbeResult r = syntheticResult();
    EXPECT_FALSE(probeResultToJson(r)["peaks_flops_per_s"].contains("bf16"));
    EXPECT_EQ(probeResultToJson(r)["not_measured"],
              "fp16 and bf16 are not measured (no AVX512-BF16 on this CPU)");
    EXPECT_EQ(probeResultToHardware(r).findCeiling(Precision::BF16, ComputeUnit::Vector), nullptr);
    r.bf16.isa = Isa::Avx512;
    r.bf16.allThreads = statsOf({600e9, 630e9, 620e9});
    r.bf16.oneThread = statsOf({315e9});
    r.bf16.perIsa = {{Isa::Avx512, 315e9}};
    const auto j = probeResultToJson(r);
    EXPECT_EQ(j["peaks_flops_per_s"]["bf16"], 630e9);
    EXPECT_EQ(j["peaks_median_flops_per_s"]["bf16"], 620e9);
    EXPECT_EQ(j["peaks_one_thread_flops_per_s"]["bf16"], 315e9);
    EXPECT_EQ(j["peaks_one_thread_per_isa_flops_per_s"]["bf16"]["avx512-bf16"], 315e9);
    EXPECT_EQ(j["peaks_flops_per_s"]["fp32"], 236e9);
    EXPECT_EQ(j["not_measured"], "fp16 is not measured (no AVX512-FP16 kernel)");
    const Hardware hw = probeResultToHardware(r);
    const Ceiling* bf16 = hw.findCeiling(Precision::BF16, ComputeUnit::Vector);
    ASSERT_NE(bf16, nullptr);
    EXPECT_EQ(bf16->flopsPerS, 630e9);
    EXPECT_NE(bf16->source.find("vdpbf16ps"), std::string::npos) << bf16->source;
    auto parsed = parseHardwareCatalog(hardwareCatalogToJson({hw}), "probe.json");
    ASSERT_TRUE(parsed) << parsed.error().message;
    EXPECT_EQ(parsed->front(), hw);
    // The chart's default roof stays the FP32 FMA peak (a BF16 vector peak is no tensor roof).
    EXPECT_EQ(hw.ceilingFor(Precision::BF16, ComputeUnit::Vector)->flopsPerS, 630e9);
}

TEST(AtomicFile, WritesWholeAndLeavesNoTemporary)
{
    const roofscope::test::ScratchDir dir("atomic");
    const std::string path = dir.path("entry.json");
    ASSERT_FALSE(writeFileAtomically(path, "first"));
    ASSERT_FALSE(writeFileAtomically(path, "second"));
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    EXPECT_EQ(ss.str(), "second");
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.dir()),
                            std::filesystem::directory_iterator()),
              1);
}

TEST(AtomicFile, FailureNamesThePath)
{
    const roofscope::test::ScratchDir dir("atomic");
    const std::string path = dir.path("missing/entry.json");
    const auto error = writeFileAtomically(path, "x");
    ASSERT_TRUE(error);
    EXPECT_NE(error->message.find(path), std::string::npos) << error->message;
    EXPECT_NE(error->message.find("cannot write"), std::string::npos) << error->message;
}
