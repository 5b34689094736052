// The figure model: what the window, `roofscope plot`, the figure data and the comparison
// sentences all draw from (core/figure.h, core/palette.h).
#include "core/figure/figure.h"

#include "core/figure/paletteassignment.h"
#include "core/hardware/catalog.h"
#include "tests/common/builtins.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

namespace roofscope {
namespace {

using test::builtinGpu;

Figure defaultFigure(ChartToggles toggles = {})
{
    Scenario s = defaultScenario();
    s.toggles = toggles;
    auto f = buildFigure(s, HardwareCatalog::builtin());
    EXPECT_TRUE(f) << (f ? "" : f.error().message);
    return *f;
}

std::vector<const FigureRoof*> roofsOf(const Figure& f, std::string_view id)
{
    std::vector<const FigureRoof*> out;
    for (const FigureRoof& r : f.roofs) {
        if (f.gpu(r.hardware)->id == id)
            out.push_back(&r);
    }
    return out;
}

// The V100 publishes no BF16; it must not show another precision's number.
TEST(Headline, V100HasNoBf16Peak)
{
    EXPECT_EQ(headlineCeiling(builtinGpu("v100-sxm2"), Precision::BF16), nullptr);
    const Ceiling* h100 = headlineCeiling(builtinGpu("h100-sxm5"), Precision::BF16);
    ASSERT_NE(h100, nullptr);
    EXPECT_DOUBLE_EQ(h100->flopsPerS, 989.4e12); // NVIDIA H100 datasheet, dense BF16 SXM5
}

TEST(Headline, PeakRatioComparesLikeWithLike)
{
    const PeakRatio missing = peakRatio(builtinGpu("v100-sxm2"), builtinGpu("h100-sxm5"),
                                        Precision::BF16, ComputeUnit::Tensor);
    EXPECT_FALSE(missing.ratio);
    EXPECT_EQ(missing.missingOn, &builtinGpu("v100-sxm2"));
    const PeakRatio r = peakRatio(builtinGpu("a100-sxm4-80gb"), builtinGpu("h100-sxm5"),
                                  Precision::BF16, ComputeUnit::Tensor);
    ASSERT_TRUE(r.ratio);
    EXPECT_NEAR(*r.ratio, 989.4 / 312.0, 1e-9); // docs/window.md's "peak grew 3.17x"
}

TEST(Palette, SeedGpusKeepTheirColoursAndDiffer)
{
    const Figure f = defaultFigure();
    ASSERT_EQ(f.gpus.size(), 4u);
    std::set<std::uint32_t> colours;
    for (const FigureGpu& g : f.gpus)
        colours.insert(g.rgb(Theme::Light));
    EXPECT_EQ(colours.size(), 4u);
    for (const FigureGpu& g : f.gpus) {
        if (g.id == "h100-sxm5") {
            EXPECT_EQ(g.rgb(Theme::Light), 0x1f77b4u); // blue, as in every earlier figure
        }
    }
}

TEST(Palette, ColourIsAFunctionOfIdsNotOfOrder)
{
    const std::vector<std::string> a = {"h100-sxm5", "mi300x", "custom-gpu", "b200-sxm"};
    const std::vector<std::string> b = {"custom-gpu", "b200-sxm", "h100-sxm5", "mi300x"};
    const std::vector<int> sa = colorSlots(a);
    const std::vector<int> sb = colorSlots(b);
    for (std::size_t i = 0; i < a.size(); ++i) {
        const auto j = static_cast<std::size_t>(std::find(b.begin(), b.end(), a[i]) - b.begin());
        EXPECT_EQ(sa[i], sb[j]) << a[i];
    }
    // H100 is blue alone and beside any other GPU.
    EXPECT_EQ(colorSlots({"h100-sxm5"}), std::vector<int>{1});
    EXPECT_EQ(preferredColorSlot("my-gpu"), preferredColorSlot("my-gpu"));
}

TEST(Palette, CollidingIdsGetDistinctSlots)
{
    std::vector<std::string> ids;
    for (int i = 0; i < kPaletteSize; ++i)
        ids.push_back("user-gpu-" + std::to_string(i));
    const std::vector<int> slots = colorSlots(ids);
    EXPECT_EQ(std::set<int>(slots.begin(), slots.end()).size(), ids.size());
}

TEST(Palette, UserOverrideWins)
{
    FigurePreferences options;
    options.colors["h100-sxm5"] = 0x123456;
    auto f = buildFigure(defaultScenario(), HardwareCatalog::builtin(), options);
    ASSERT_TRUE(f);
    for (const FigureGpu& g : f->gpus)
        EXPECT_EQ(g.rgb(Theme::Dark) == 0x123456u, g.id == "h100-sxm5") << g.id;
}

// `roofscope plot --scenario` draws a saved document in the colours the window gave it: the
// document's palette wins, and an accelerator it has none for takes a free hue.
TEST(Palette, TheDocumentsPaletteColoursTheFigure)
{
    Scenario s = defaultScenario();
    s.palette = {{"h100-sxm5", 7}, {"b200-sxm", 1}};
    auto f = buildFigure(s, HardwareCatalog::builtin(), {});
    ASSERT_TRUE(f);
    std::map<std::string, int> slots;
    for (const FigureGpu& g : f->gpus)
        slots[g.id] = g.colorSlot;
    EXPECT_EQ(slots.at("h100-sxm5"), 7);
    EXPECT_EQ(slots.at("b200-sxm"), 1); // the H100's own hue, which the document gave the B200
    std::set<int> distinct;
    for (const auto& [id, slot] : slots)
        distinct.insert(slot);
    EXPECT_EQ(distinct.size(), slots.size());
}

TEST(Markers, SeventhOperatorIsHollowNotARepeat)
{
    EXPECT_EQ(markerForOperator(0), (MarkerStyle{MarkerShape::Circle, false}));
    EXPECT_EQ(markerForOperator(5), (MarkerStyle{MarkerShape::Star, false}));
    EXPECT_EQ(markerForOperator(6), (MarkerStyle{MarkerShape::Circle, true}));
    std::set<std::pair<int, bool>> seen;
    for (int i = 0; i < 2 * kMarkerShapeCount; ++i) {
        const MarkerStyle m = markerForOperator(i);
        seen.insert({static_cast<int>(m.shape), m.hollow});
    }
    EXPECT_EQ(seen.size(), static_cast<std::size_t>(2 * kMarkerShapeCount));
}

TEST(FigureRoofs, DefaultScenarioOnH100)
{
    const Figure f = defaultFigure();
    const auto roofs = roofsOf(f, "h100-sxm5");
    // Decode matmul is selected: the BF16 tensor roof is the primary, FP16 tensor (same
    // height, used by the big GEMM) shares its line, the vector kernels add the FP16 vector
    // roof.
    ASSERT_EQ(roofs.size(), 2u);
    EXPECT_EQ(roofs[0]->role, RoofRole::Primary);
    EXPECT_EQ(roofs[0]->label, "BF16/FP16 tensor");
    EXPECT_DOUBLE_EQ(roofs[0]->peak, 989.4e12);
    EXPECT_NEAR(roofs[0]->ridgeAi, 989.4e12 / 3.35e12, 1e-9);
    EXPECT_TRUE(roofs[0]->slope && roofs[0]->flat);
    EXPECT_EQ(roofs[1]->role, RoofRole::Used);
    EXPECT_EQ(roofs[1]->label, "FP16 vector");
    EXPECT_FALSE(roofs[1]->slope); // below the primary its slope retraces the primary's
    // Every operator is on one of the two roofs.
    std::size_t users = roofs[0]->usedBy.size() + roofs[1]->usedBy.size();
    EXPECT_EQ(users, f.operators.size());
}

TEST(FigureRoofs, EveryToggleAddsItsRoof)
{
    ChartToggles all;
    all.fp8 = all.fp32Vector = all.fp64 = all.l2 = true;
    const Figure f = defaultFigure(all);
    std::vector<std::string> labels;
    for (const FigureRoof* r : roofsOf(f, "h100-sxm5"))
        labels.push_back(r->label);
    // FP32 vector and FP64 tensor are both 67 TFLOP/s on the H100: one line, one label.
    EXPECT_EQ(labels, (std::vector<std::string>{"BF16/FP16 tensor", "FP16 vector", "FP8 tensor",
                                                "FP32 vector, FP64 tensor"}));
}

TEST(FigureRoofs, L2SlopeUnderThePrimaryWithoutAFlatPart)
{
    // No built-in entry publishes an L2 figure: a user catalog's GPU.
    Hardware hw = builtinGpu("h100-sxm5");
    hw.memory.push_back({"l2", 12e12, "test", true});
    ChartToggles toggles;
    toggles.l2 = true;
    const std::vector<FigureRoof> roofs = roofsFor(
        hw, 7, {Ceiling{Precision::BF16, ComputeUnit::Tensor, 989.4e12, {}, false}}, 0, toggles);
    ASSERT_EQ(roofs.size(), 2u);
    EXPECT_EQ(roofs[1].role, RoofRole::Cache);
    EXPECT_EQ(roofs[1].label, "L2 · 12 TB/s");
    EXPECT_FALSE(roofs[1].flat);
    EXPECT_NEAR(roofs[1].ridgeAi, 989.4 / 12.0, 1e-9);
}

TEST(FigureRoofs, GpuWithoutOperatorsGetsItsLabelledDefaultRoof)
{
    Scenario s = defaultScenario();
    s.operators.clear();
    s.selected = -1;
    s.gpus = {"v100-sxm2"};
    s.baseline.clear();
    auto f = buildFigure(s, HardwareCatalog::builtin());
    ASSERT_TRUE(f);
    ASSERT_EQ(f->roofs.size(), 1u);
    EXPECT_EQ(f->roofs[0].label, "FP16 tensor"); // says what it is: the V100 has no BF16
}

TEST(FigurePoints, EveryOperatorOnEveryGpuWithSpeedup)
{
    const Figure f = defaultFigure();
    EXPECT_EQ(f.points.size(), f.operators.size() * f.gpus.size());
    for (const FigurePoint& p : f.points) {
        ASSERT_TRUE(p.speedup);
        if (f.gpu(p.hardware)->baseline) {
            EXPECT_DOUBLE_EQ(*p.speedup, 1.0);
        }
    }
}

TEST(FigureSweeps, DecodeMatmulCrossesAt318OnH100)
{
    const Figure f = defaultFigure();
    ASSERT_EQ(f.sweeps.size(), 4u);
    const auto h100 = std::find_if(f.sweeps.begin(), f.sweeps.end(), [&](const FigureSweep& s) {
        return f.gpu(s.hardware)->id == "h100-sxm5";
    });
    ASSERT_NE(h100, f.sweeps.end());
    EXPECT_EQ(h100->param, "batch");
    ASSERT_TRUE(h100->crossing);
    EXPECT_NEAR(*h100->crossing, 318.3, 0.1); // tests/core/sweep_test.cpp, DecodeCrossing
}

TEST(FigureView, FitCoversEveryPointAndRidge)
{
    const Figure f = defaultFigure();
    for (const DataPoint& v : fitValues(f)) {
        EXPECT_LE(f.fit.aiMin, v.ai);
        EXPECT_GE(f.fit.aiMax, v.ai);
        EXPECT_LE(f.fit.flopsMin, v.flops);
        EXPECT_GE(f.fit.flopsMax, v.flops);
    }
    EXPECT_EQ(f.range(), f.fit);
}

TEST(FigureView, RoofPathFollowsTheFlags)
{
    const Figure f = defaultFigure();
    const FigureRoof& r = *roofsOf(f, "h100-sxm5")[0];
    const ViewRange view{0.1, 1e4, 1e11, 1e16};
    const std::vector<DataPoint> path = roofPath(r, view);
    ASSERT_EQ(path.size(), 3u);
    EXPECT_DOUBLE_EQ(path[0].ai, 0.1);
    EXPECT_NEAR(path[0].flops, 0.1 * 3.35e12, 1.0);
    EXPECT_EQ(path[1], (DataPoint{r.ridgeAi, r.peak}));
    EXPECT_DOUBLE_EQ(path[2].ai, 1e4);
}

TEST(FigureErrors, UnknownGpuIdIsAnError)
{
    Scenario s = defaultScenario();
    s.gpus.push_back("h1000");
    auto f = buildFigure(s, HardwareCatalog::builtin());
    ASSERT_FALSE(f);
    EXPECT_NE(f.error().message.find("h1000"), std::string::npos);
}

TEST(ParameterRange, BatchAndLengthsHaveTheirOwnRanges)
{
    auto op = parseOperatorOrPreset("decode_matmul");
    ASSERT_TRUE(op);
    EXPECT_EQ(parameterRange(*op, "batch"), (std::pair<double, double>{1.0, 4096.0}));
    auto prefill = parseOperatorOrPreset("prefill_matmul");
    ASSERT_TRUE(prefill);
    EXPECT_EQ(parameterRange(*prefill, "seq").second, 131072.0);
}

// A document's palette is assigned first come first served and kept: an id already coloured
// keeps its slot, a newcomer takes its own or the next free one.
TEST(Palette, AssignedOnceAndKept)
{
    const PaletteAssignment kept = {{"mi300x", 4}, {"h100-sxm5", 1}};
    const PaletteAssignment next =
        assignColors(kept, {"h100-sxm5", "a100-pcie-80gb", "mi300x", "custom-gpu"});
    EXPECT_EQ(next.size(), 4u);
    EXPECT_EQ(next.at("mi300x"), 4);
    EXPECT_EQ(next.at("h100-sxm5"), 1);
    EXPECT_EQ(next.at("a100-pcie-80gb"), 5); // prefers 4, taken: the next free one
    std::set<int> slots;
    for (const auto& [id, slot] : next)
        slots.insert(slot);
    EXPECT_EQ(slots.size(), 4u);
    // Ids the document no longer has are not kept.
    EXPECT_FALSE(assignColors(kept, {"h100-sxm5"}).contains("mi300x"));
    // Eleven ids on ten hues: one hue is shared, by two at most.
    std::vector<std::string> many;
    for (int i = 0; i <= kPaletteSize; ++i)
        many.push_back("user-gpu-" + std::to_string(i));
    std::map<int, int> users;
    for (const auto& [id, slot] : assignColors({}, many))
        users[slot] += 1;
    EXPECT_EQ(users.size(), static_cast<std::size_t>(kPaletteSize));
}

} // namespace
} // namespace roofscope
