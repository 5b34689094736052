// Cache roofs: every on-chip level a catalog entry has (a measured CPU's L1, L2, L3) is a
// labelled slope of the figure when the cache toggle is on; the window and `roofscope plot` both
// draw these roofs from the figure.
#include "core/figure/figure.h"
#include "core/hardware/catalog.h"
#include "core/probe/proberesult.h"

#include "tests/common/measuredcpu.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace roofscope {
namespace {

Figure cpuFigure(bool cacheRoofs)
{
    HardwareCatalog catalog = HardwareCatalog::builtin();
    catalog.merge({test::measuredCpu()});
    Scenario s = defaultScenario();
    s.gpus = {"this-machine-cpu"};
    s.baseline = "this-machine-cpu";
    s.toggles.l2 = cacheRoofs;
    auto f = buildFigure(s, catalog);
    EXPECT_TRUE(f) << (f ? "" : f.error().message);
    return f ? *f : Figure{};
}

std::vector<const FigureRoof*> cacheRoofs(const Figure& f)
{
    std::vector<const FigureRoof*> out;
    for (const FigureRoof& r : f.roofs) {
        if (r.role == RoofRole::Cache)
            out.push_back(&r);
    }
    return out;
}

TEST(CacheRoofs, MeasuredCpuGetsL3L2AndL1UnderItsPrimary)
{
    const Figure f = cpuFigure(true);
    const FigureRoof* primary = nullptr;
    for (const FigureRoof& r : f.roofs) {
        if (r.role == RoofRole::Primary)
            primary = &r;
    }
    ASSERT_NE(primary, nullptr);
    EXPECT_EQ(primary->memory.level, "dram");
    EXPECT_DOUBLE_EQ(primary->peak, 110.5e9); // FP32 FMA, the CPU's highest measured peak

    const auto roofs = cacheRoofs(f);
    ASSERT_EQ(roofs.size(), 3u); // never one for DRAM, the main memory
    const std::vector<std::string> levels = {"l3", "l2", "l1"};
    const std::vector<double> bandwidths = {50.25e9, 93.14e9, 243.5e9};
    const std::vector<std::string> labels = {"L3 · 50.25 GB/s", "L2 · 93.14 GB/s",
                                             "L1 · 243.5 GB/s"};
    for (std::size_t i = 0; i < roofs.size(); ++i) {
        SCOPED_TRACE(levels[i]);
        EXPECT_EQ(roofs[i]->memory.level, levels[i]);
        EXPECT_DOUBLE_EQ(roofs[i]->memory.bytesPerS, bandwidths[i]);
        EXPECT_EQ(roofs[i]->label, labels[i]);
        EXPECT_DOUBLE_EQ(roofs[i]->peak, 110.5e9);
        EXPECT_NEAR(roofs[i]->ridgeAi, 110.5e9 / bandwidths[i], 1e-12);
        EXPECT_TRUE(roofs[i]->slope);
        EXPECT_FALSE(roofs[i]->flat);
        EXPECT_EQ(roofs[i]->hardware, primary->hardware);
    }
}

TEST(CacheRoofs, OffWithTheToggle)
{
    EXPECT_TRUE(cacheRoofs(cpuFigure(false)).empty());
}

// A datasheet GPU without cache figures gets none; with an L2 only, that one.
TEST(CacheRoofs, OnlyTheLevelsTheEntryHas)
{
    Hardware hw = *HardwareCatalog::builtin().find("h100-sxm5");
    const Ceiling bf16{Precision::BF16, ComputeUnit::Tensor, 989.4e12, {}, false};
    EXPECT_TRUE(cacheRoofsFor(hw, 0, bf16).empty());
    hw.memory.push_back({"l2", 12e12, "test", true});
    const auto roofs = cacheRoofsFor(hw, 0, bf16);
    ASSERT_EQ(roofs.size(), 1u);
    EXPECT_EQ(roofs[0].label, "L2 · 12 TB/s");
}

} // namespace
} // namespace roofscope
