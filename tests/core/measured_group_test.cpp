// Grouping launches by name (groupKernelsByName) when only some launches have FLOPs: the group
// is placed from those launches and says their share (issue #36, item 5: one launch that no
// cpu_op claims must not take the largest decode GEMM off the chart). And launches of one name
// at different shapes stay apart (issue #36, item 5: a batch sweep is a path, not a pile).
#include "core/hardware/catalog.h"
#include "core/measured/importer.h"
#include "core/measured/kernelanalysis.h"
#include "tests/generated/testpaths.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

using namespace roofscope;

namespace {

MeasuredKernel launch(double timeS, std::optional<double> flops, std::optional<double> dram)
{
    MeasuredKernel k;
    k.name = "nvjet_gemm";
    k.shortName = "nvjet_gemm";
    k.gpu = "h200-sxm";
    k.timeS = timeS;
    k.flops = flops;
    if (dram)
        k.setBytes(MemLevel::Dram, *dram);
    return k;
}

MeasuredKernel shaped(double timeS, std::optional<double> flops, std::optional<double> dram,
                      long long launches = 1)
{
    MeasuredKernel k = launch(timeS, flops, dram);
    k.launches = launches;
    return k;
}

std::string h200Sample(const std::string& name)
{
    return std::string(ROOFSCOPE_REAL_CORPUS_DIR) + "/../h200/" + name;
}

bool hasNote(const MeasuredKernel& k, const std::string& text)
{
    return std::any_of(k.notes.begin(), k.notes.end(),
                       [&](const std::string& n) { return n.find(text) != std::string::npos; });
}

} // namespace

TEST(GroupWithoutFlops, AGroupIsPlacedFromTheLaunchesWithFlopsAndSaysTheirShare)
{
    // Three launches with FLOPs (3 s, 30 FLOPs, 6 bytes) and one without (1 s).
    const auto groups = groupKernelsByName({launch(1.0, 10.0, 2.0), launch(1.0, std::nullopt, {}),
                                            launch(1.0, 10.0, 2.0), launch(1.0, 10.0, 2.0)});
    ASSERT_EQ(groups.size(), 1u);
    const MeasuredKernel& g = groups.front();
    EXPECT_EQ(g.launches, 4);
    EXPECT_DOUBLE_EQ(g.timeS, 4.0); // the whole group's time
    ASSERT_TRUE(g.flops.has_value());
    EXPECT_DOUBLE_EQ(*g.flops, 30.0);
    EXPECT_DOUBLE_EQ(*g.bytesAt(MemLevel::Dram), 6.0);
    ASSERT_TRUE(g.placedTimeS.has_value());
    EXPECT_DOUBLE_EQ(*g.placedTimeS, 3.0);
    EXPECT_TRUE(hasNote(g, "placed from 3 of 4 launches (75 % of its time): 1 launch has no FLOPs"))
        << (g.notes.empty() ? "" : g.notes.back());
    EXPECT_TRUE(notPlacedReason(g).empty());

    // Rates are over the placed launches' time: 30 FLOPs in 3 s, not in 4 s.
    const HardwareCatalog catalog = HardwareCatalog::builtin();
    const KernelAnalysis a = analyseKernel(g, catalog.find("h200-sxm"));
    ASSERT_TRUE(a.achievedFlopsPerS.has_value());
    EXPECT_DOUBLE_EQ(*a.achievedFlopsPerS, 10.0);
    EXPECT_DOUBLE_EQ(*a.achievedBytesPerS, 2.0);
    EXPECT_DOUBLE_EQ(*a.aiAt(MemLevel::Dram), 5.0);
}

TEST(GroupWithoutFlops, EveryLaunchWithFlopsOrNoneKeepsTheOldSums)
{
    const auto all = groupKernelsByName({launch(1.0, 10.0, 2.0), launch(2.0, 10.0, 2.0)});
    ASSERT_EQ(all.size(), 1u);
    EXPECT_FALSE(all[0].placedTimeS.has_value());
    EXPECT_TRUE(all[0].notes.empty());
    const auto none = groupKernelsByName({launch(1.0, {}, {}), launch(2.0, {}, {})});
    ASSERT_EQ(none.size(), 1u);
    EXPECT_FALSE(none[0].flops.has_value());
    EXPECT_FALSE(none[0].placedTimeS.has_value());
    EXPECT_DOUBLE_EQ(none[0].timeS, 3.0);
    EXPECT_EQ(notPlacedReason(none[0]), "no FLOPs");
}

TEST(GroupWithoutFlops, ThePlacedTimeIsSavedWithTheDocument)
{
    const auto groups = groupKernelsByName({launch(1.0, 10.0, 2.0), launch(1.0, {}, {})});
    ASSERT_EQ(groups.size(), 1u);
    const auto json = measuredKernelToJson(groups[0]);
    EXPECT_DOUBLE_EQ(json.at("placed_time_s").get<double>(), 1.0);
    auto back = measuredKernelFromJson(nlohmann::ordered_json::parse(json.dump()), "doc.json");
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(*back, groups[0]);

    auto bad = json;
    bad["placed_time_s"] = 5.0; // more than the group's 2 s
    auto refused = measuredKernelFromJson(bad, "doc.json: kernel 3");
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().message.find("placed_time_s"), std::string::npos)
        << refused.error().message;
    EXPECT_NE(refused.error().message.find("doc.json: kernel 3"), std::string::npos)
        << refused.error().message;
}

// Found by the rocprof fuzz smoke: launches of zero time, one with FLOPs and one without. The
// placed time is 0 (no rates), and the group still reads back from its JSON.
TEST(GroupWithoutFlops, LaunchesOfZeroTimeGroupAndReadBack)
{
    const auto groups = groupKernelsByName({launch(0.0, 10.0, 2.0), launch(0.0, {}, {})});
    ASSERT_EQ(groups.size(), 1u);
    ASSERT_TRUE(groups[0].placedTimeS.has_value());
    EXPECT_EQ(*groups[0].placedTimeS, 0.0);
    auto back = measuredKernelFromJson(measuredKernelToJson(groups[0]), "doc.json");
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(*back, groups[0]);
    const KernelAnalysis a = analyseKernel(groups[0], nullptr);
    EXPECT_FALSE(a.achievedFlopsPerS.has_value());
}

// The real H200 trace (issue #36): one launch of nvjet_sm90_tst_64x16_64x16_2x1_v_bz_TNT (31.872
// µs) was launched by a cuLaunchKernelEx without an External id; the aten::mm around that call
// claims it, so the largest decode GEMM is placed whole. Facts from Python's json module on the
// raw file: that kernel has 960 launches and 30,233.855 µs in all. (A group placed from some of
// its launches: AGroupIsPlacedFromTheLaunchesWithFlopsAndSaysTheirShare above.)
TEST(GroupWithoutFlops, TheLargestDecodeGemmOfTheH200TraceStaysOnTheChart)
{
    const std::string path = std::string(ROOFSCOPE_REAL_CORPUS_DIR) +
                             "/../h200/h200_kineto_llama31_8b_random_generate_b16_p512_n16.pt."
                             "trace.json.gz";
    ASSERT_TRUE(std::filesystem::exists(path))
        << "the H200 trace of issue #36 is missing: " << path;
    auto m = importMeasurementFile(path);
    ASSERT_TRUE(m.ok()) << m.error().message;
    const auto groups = groupKernelsByName(m->kernels);
    const auto it = std::find_if(groups.begin(), groups.end(), [](const MeasuredKernel& g) {
        return g.name == "nvjet_sm90_tst_64x16_64x16_2x1_v_bz_TNT";
    });
    ASSERT_NE(it, groups.end());
    EXPECT_EQ(it->launches, 960);
    EXPECT_NEAR(it->timeS, 30233.855e-6, 1e-9);
    EXPECT_TRUE(notPlacedReason(*it).empty());
    ASSERT_TRUE(it->flops.has_value());
    // 960 launches of [16, 4096] x [4096, 14336]: gate and up, 32 layers, 15 decode steps.
    EXPECT_NEAR(*it->flops, 960 * 2.0 * 16 * 4096 * 14336, 1.0);
    // Every group is placed whole or not at all: no launch of the trace lacks its op now.
    const auto partial = std::count_if(groups.begin(), groups.end(), [](const MeasuredKernel& g) {
        return g.placedTimeS.has_value();
    });
    EXPECT_EQ(partial, 0);
}

// ---- Shapes (launchShape): a batch sweep stays apart

// Repeated launches of one shape merge: FLOPs equal to 0.1 % (a share's rounding), the DRAM
// traffic a profiler measured differing with what the cache held; a second shape stays apart,
// and the groups keep the order of their first launches.
TEST(GroupByShape, RepeatedLaunchesOfOneShapeMergeAndAnotherShapeStaysApart)
{
    const auto groups =
        groupKernelsByName({shaped(1.0, 1e9, 2.0e6), shaped(4.0, 4e9, 3.0e6),
                            shaped(1.0, 1e9 * (1 + 2e-4), 2.2e6), shaped(2.0, 2e9, 4.0e6, 2)});
    ASSERT_EQ(groups.size(), 2u);
    EXPECT_EQ(groups[0].launches, 4); // the 1 GFLOP shape, its last row two launches of it
    EXPECT_DOUBLE_EQ(groups[0].timeS, 4.0);
    EXPECT_NEAR(*groups[0].flops, 4e9 + 2e5, 1.0);
    EXPECT_DOUBLE_EQ(*groups[0].bytesAt(MemLevel::Dram), 8.2e6);
    EXPECT_EQ(groups[1].launches, 1); // the 4 GFLOP shape
    EXPECT_DOUBLE_EQ(*groups[1].flops, 4e9);
}

// Launches without FLOPs join the shape most launches of their name have, and the group takes
// the place of the earliest of its launches.
TEST(GroupByShape, LaunchesWithoutFlopsJoinTheCommonestShape)
{
    const auto groups =
        groupKernelsByName({shaped(1.0, 8e9, 1e6), shaped(1.0, {}, {}), shaped(1.0, 1e9, 1e6),
                            shaped(1.0, 1e9, 1e6), shaped(1.0, {}, {})});
    ASSERT_EQ(groups.size(), 2u);
    EXPECT_DOUBLE_EQ(*groups[0].flops, 8e9);
    EXPECT_FALSE(groups[0].placedTimeS.has_value());
    EXPECT_EQ(groups[1].launches, 4);
    EXPECT_DOUBLE_EQ(*groups[1].flops, 2e9);
    ASSERT_TRUE(groups[1].placedTimeS.has_value());
    EXPECT_DOUBLE_EQ(*groups[1].placedTimeS, 2.0);
    EXPECT_TRUE(hasNote(groups[1], "placed from 2 of 4 launches (50 % of its time): 2 launches "
                                   "have no FLOPs"));
    // Where the first launch without FLOPs was: after the 8 GFLOP launch, before the others.
    const auto order = groupKernelsByName(
        {shaped(1.0, {}, {}), shaped(1.0, 8e9, 1e6), shaped(1.0, 1e9, 1e6), shaped(1.0, 1e9, 1e6)});
    ASSERT_EQ(order.size(), 2u);
    EXPECT_DOUBLE_EQ(*order[0].flops, 2e9);
    EXPECT_DOUBLE_EQ(*order[1].flops, 8e9);
}

// A PyTorch trace shares an op's FLOPs and bytes among its kernels by time (a split-K GEMM and
// its reduction): the share follows the launch's duration, so the intensity, which the share
// keeps, tells its shapes apart instead.
TEST(GroupByShape, WorkSharedByTimeIsOneShapePerIntensity)
{
    auto shared = [](double timeS, double flops, double dram) {
        MeasuredKernel k = launch(timeS, flops, dram);
        k.flopsFormula = "aten::mm: 2·M·N·K from Input Dims (shared by time among the op's 2 "
                         "kernels); bytes: each tensor moved once (a lower bound)";
        return k;
    };
    const auto groups = groupKernelsByName(
        {shared(1.0, 4.70e8, 2.96e7), shared(0.97, 4.57e8, 2.88e7), shared(1.0, 3e8, 1e6)});
    ASSERT_EQ(groups.size(), 2u);
    EXPECT_EQ(groups[0].launches, 2);
    EXPECT_EQ(groups[1].launches, 1);
}

// The bf16 GEMM with K = N = 8192 at batch 1, 16, 128, 1024 and 4096 on an H200 (Nsight Compute,
// details page): cuBLAS ran nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NNT for both 1024 and
// 4096, which grouping used to sum into one row. The page has no FLOP counters, so its DRAM
// bytes tell them apart. Facts from Python's csv module on the file: IDs 0..4, four kernel
// names, IDs 3 and 4 the same name with Memory Throughput 1.28 and 1.03 Tbyte/s over 175.90
// and 681.15 µs (225.2 MB and 701.6 MB).
TEST(GroupByShape, TheFiveBatchesOfTheH200GemmAreFiveRows)
{
    const std::string path =
        h200Sample("h200_ncu2025_details_fullset_gemm_bf16_k8192_5batches.csv");
    ASSERT_TRUE(std::filesystem::exists(path)) << path;
    auto m = importMeasurementFile(path);
    ASSERT_TRUE(m.ok()) << m.error().message;
    ASSERT_EQ(m->kernels.size(), 5u);
    const auto groups = groupKernelsByName(m->kernels);
    ASSERT_EQ(groups.size(), 5u);
    const std::vector<std::string> names = {
        "nvjet_sm90_tst_64x8_64x16_2x1_v_bz_NNT", "nvjet_sm90_tst_64x16_64x16_2x1_v_bz_NNT",
        "nvjet_sm90_tst_128x64_64x8_1x2_h_bz_NNT", "nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NNT",
        "nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NNT"};
    for (std::size_t i = 0; i < names.size(); ++i) {
        EXPECT_EQ(groups[i].name, names[i]) << i;
        EXPECT_EQ(groups[i].launches, 1) << i;
    }
    EXPECT_NEAR(*groups[3].bytesAt(MemLevel::Dram), 1.28e12 * 175.90e-6, 1e3);
    EXPECT_NEAR(*groups[4].bytesAt(MemLevel::Dram), 1.03e12 * 681.15e-6, 1e3);

    // The raw page of the same run has the FLOP counters: 2·B·8192·8192 for B = 1024 and 4096.
    auto raw =
        importMeasurementFile(h200Sample("h200_ncu2025_raw_fullset_gemm_bf16_k8192_5batches.csv"));
    ASSERT_TRUE(raw.ok()) << raw.error().message;
    const auto rawGroups = groupKernelsByName(raw->kernels);
    ASSERT_EQ(rawGroups.size(), 5u);
    EXPECT_DOUBLE_EQ(*rawGroups[3].flops, 2.0 * 1024 * 8192 * 8192);
    EXPECT_DOUBLE_EQ(*rawGroups[4].flops, 2.0 * 4096 * 8192 * 8192);
}

// The H200 decode trace: attention (cuDNN's sm80 flash kernel) ran at 15 context lengths, 513
// to 527 (one new token per step), 32 launches each (one per layer). Facts from Python's json
// module on the raw trace: the cpu_ops of its 480 launches have 15 distinct Input Dims, [16, 8,
// S, 128] keys for S = 513..527. One row per context, each of 32 launches.
TEST(GroupByShape, AttentionAtAGrowingContextIsOneRowPerContext)
{
    const std::string path =
        h200Sample("h200_kineto_llama31_8b_random_generate_b16_p512_n16.pt.trace.json.gz");
    ASSERT_TRUE(std::filesystem::exists(path)) << path;
    auto m = importMeasurementFile(path);
    ASSERT_TRUE(m.ok()) << m.error().message;
    const auto groups = groupKernelsByName(m->kernels);
    std::vector<const MeasuredKernel*> attention;
    for (const MeasuredKernel& g : groups)
        if (g.name.starts_with("cudnn_generated_fort_native_sdpa_sm80_flash_fprop"))
            attention.push_back(&g);
    ASSERT_EQ(attention.size(), 15u);
    for (const MeasuredKernel* g : attention)
        EXPECT_EQ(g->launches, 32) << *g->flops;
}

// Which row of the grouped table each launch went into: the Passes panel selects an operator's
// kernels by it. Launches without FLOPs are in the row they joined.
TEST(GroupByShape, EachLaunchKnowsItsGroup)
{
    std::vector<MeasuredKernel> launches = {shaped(1.0, 8e9, 1e6), shaped(1.0, {}, {}),
                                            shaped(1.0, 1e9, 1e6), shaped(1.0, 1e9, 1e6),
                                            shaped(1.0, {}, {})};
    MeasuredKernel other = shaped(3.0, 5e9, 1e6);
    other.name = "elementwise";
    launches.insert(launches.begin() + 2, other);
    std::vector<std::size_t> groupOf;
    const auto groups = groupKernelsByName(launches, &groupOf);
    ASSERT_EQ(groups.size(), 3u);
    // The 8 GFLOP launch, then the 1 GFLOP shape (from the first launch without FLOPs, at 1),
    // then the other name (at 2).
    EXPECT_EQ(groupOf, (std::vector<std::size_t>{0, 1, 2, 1, 1, 1}));
    EXPECT_EQ(groups[2].name, "elementwise");
    EXPECT_EQ(groups[1].launches, 4);
    // Without the map the groups are the same.
    const auto plain = groupKernelsByName(launches);
    ASSERT_EQ(plain.size(), groups.size());
    for (std::size_t i = 0; i < plain.size(); ++i)
        EXPECT_EQ(plain[i].launches, groups[i].launches) << i;
}
