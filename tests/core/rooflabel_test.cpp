// A roof's label from its parts (core/figure/rooflabel.h): the exported label and the window's
// translated one are both joined from roofLabelParts, so they name the same precisions.
#include "core/figure/rooflabel.h"

#include "core/figure/figure.h"
#include "core/hardware/catalog.h"

#include <gtest/gtest.h>

namespace roofscope {
namespace {

Ceiling ceiling(Precision p, ComputeUnit unit)
{
    return Ceiling{p, unit, 1.0e15, {}, false};
}

TEST(RoofLabelParts, NeighboursOfOneUnitShareAPart)
{
    const std::vector<Ceiling> c = {ceiling(Precision::FP16, ComputeUnit::Tensor),
                                    ceiling(Precision::BF16, ComputeUnit::Tensor),
                                    ceiling(Precision::FP32, ComputeUnit::Vector)};
    const std::vector<RoofLabelPart> expected = {{"FP16/BF16", ComputeUnit::Tensor},
                                                 {"FP32", ComputeUnit::Vector}};
    EXPECT_EQ(roofLabelParts(c), expected);
    EXPECT_EQ(roofLabel(c), "FP16/BF16 tensor, FP32 vector");
}

TEST(RoofLabelParts, OneCeilingIsOnePart)
{
    const std::vector<Ceiling> c = {ceiling(Precision::FP8, ComputeUnit::Tensor)};
    EXPECT_EQ(roofLabelParts(c), (std::vector<RoofLabelPart>{{"FP8", ComputeUnit::Tensor}}));
    EXPECT_EQ(roofLabel(c), "FP8 tensor");
    EXPECT_TRUE(roofLabelParts({}).empty());
    EXPECT_EQ(roofLabel({}), "");
}

// The H100 SXM's BF16 and FP16 tensor peaks are one number (989.4 TFLOP/s dense): its default
// roof carries both, and its label says so.
TEST(RoofLabelParts, TheH100RoofNamesBothHalfPrecisions)
{
    Scenario s = defaultScenario();
    auto f = buildFigure(s, HardwareCatalog::builtin());
    ASSERT_TRUE(f) << f.error().message;
    bool seen = false;
    for (const FigureRoof& r : f->roofs) {
        if (f->gpu(r.hardware)->id != "h100-sxm5" || r.role != RoofRole::Primary)
            continue;
        seen = true;
        EXPECT_EQ(r.label, roofLabel(r.ceilings));
        EXPECT_EQ(r.label, "BF16/FP16 tensor");
        EXPECT_NEAR(r.peak, 989.4e12, 1e10);
    }
    EXPECT_TRUE(seen) << "the default scenario draws no H100 SXM primary roof";
}

} // namespace
} // namespace roofscope
