// Grouping launches by name (groupKernelsByName) when only some launches have FLOPs: the group
// is placed from those launches and says their share (issue #36, item 5: one launch that no
// cpu_op claims must not take the largest decode GEMM off the chart).
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
// µs) has no External id, so no cpu_op and no FLOPs. Facts from Python's json module on the raw
// file: that kernel has 960 launches and 30,233.855 µs in all.
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
    ASSERT_TRUE(it->placedTimeS.has_value());
    EXPECT_NEAR(*it->placedTimeS, (30233.855 - 31.872) * 1e-6, 1e-9);
    EXPECT_TRUE(notPlacedReason(*it).empty());
    EXPECT_TRUE(hasNote(*it, "placed from 959 of 960 launches (99.89 % of its time): 1 launch has "
                             "no FLOPs"))
        << it->notes.back();
    // Every other group is placed whole or not at all: only that one launch lacks an op.
    const auto partial = std::count_if(groups.begin(), groups.end(), [](const MeasuredKernel& g) {
        return g.placedTimeS.has_value();
    });
    EXPECT_EQ(partial, 1);
}
