// The document's accelerator and operator parts on their own (ui/document/acceleratorselection.h,
// ui/document/operatorlist.h): the next state of an edit is computed before it is applied (the
// undo step holds both), and the estimates follow exactly what changed.
#include "core/figure/palette.h"
#include "core/roofline/operators.h"
#include "ui/document/acceleratorselection.h"
#include "ui/document/operatorlist.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

using namespace roofscope;

namespace {

AcceleratorSelection builtinGpus()
{
    return AcceleratorSelection(HardwareCatalog::builtin(), ColorOverrides{});
}

Operator spec(const char* text)
{
    auto op = parseOperatorSpec(text);
    EXPECT_TRUE(static_cast<bool>(op)) << text;
    return *op;
}

} // namespace

TEST(AcceleratorSelection, CheckingComputesTheNextStateWithoutApplyingIt)
{
    AcceleratorSelection gpus = builtinGpus();
    gpus.reset(HardwareCatalog::builtin(), {"h100-sxm5"}, "");
    const int h100 = gpus.indexOf("h100-sxm5");
    const int a100 = gpus.indexOf("a100-sxm4-80gb");
    ASSERT_GE(h100, 0);
    ASSERT_GE(a100, 0);
    EXPECT_EQ(gpus.baseline(), h100); // none named: the first checked

    const AcceleratorSelection::State before = gpus.state();
    const AcceleratorSelection::State next = gpus.withChecked(a100, true);
    EXPECT_EQ(gpus.state(), before); // nothing applied yet
    EXPECT_EQ(next.checked, (std::vector<int>{std::min(h100, a100), std::max(h100, a100)}));
    EXPECT_EQ(next.baseline, h100);
    // The colours are the core palette's for the new set.
    std::vector<std::string> ids;
    for (int hw : next.checked)
        ids.push_back(gpus.hardware()[static_cast<std::size_t>(hw)].id);
    const std::vector<int> palette = colorSlots(ids);
    EXPECT_EQ(next.colorSlots.at(next.checked[0]), palette[0]);
    EXPECT_EQ(next.colorSlots.at(next.checked[1]), palette[1]);

    gpus.setState(next);
    // Unchecking the baseline moves it to the first one left.
    const AcceleratorSelection::State without = gpus.withChecked(h100, false);
    EXPECT_EQ(without.checked, (std::vector<int>{a100}));
    EXPECT_EQ(without.baseline, a100);
    // No change, the same state.
    EXPECT_EQ(gpus.withChecked(h100, true), gpus.state());
    EXPECT_EQ(gpus.withChecked(-3, true), gpus.state());
}

TEST(AcceleratorSelection, ABaselineThatWasNotCheckedIsChecked)
{
    AcceleratorSelection gpus = builtinGpus();
    gpus.reset(HardwareCatalog::builtin(), {"h100-sxm5"}, "h100-sxm5");
    const int mi300x = gpus.indexOf("mi300x");
    ASSERT_GE(mi300x, 0);
    const AcceleratorSelection::State next = gpus.withBaseline(mi300x);
    EXPECT_EQ(next.baseline, mi300x);
    EXPECT_EQ(next.checked.size(), 2u);
    EXPECT_TRUE(next.colorSlots.contains(mi300x));
}

TEST(AcceleratorSelection, ASmallerCatalogDropsWhatItNoLongerHas)
{
    AcceleratorSelection gpus = builtinGpus();
    gpus.reset(HardwareCatalog::builtin(), {"h100-sxm5", "a100-sxm4-80gb"}, "h100-sxm5");
    const AcceleratorSelection::State state = gpus.state();
    // A catalog of the first entries only: what lies past it goes, the baseline with it.
    const int keep = std::min(state.checked[0], state.checked[1]) + 1;
    const HardwareCatalog builtin = HardwareCatalog::builtin();
    const std::vector<Hardware> first(builtin.all().begin(), builtin.all().begin() + keep);
    HardwareCatalog small;
    small.merge(first);
    gpus.setCatalog(small, state);
    EXPECT_EQ(gpus.checked(), (std::vector<int>{keep - 1}));
    EXPECT_EQ(gpus.baseline(), keep - 1);
    EXPECT_EQ(gpus.state().colorSlots.size(), 1u);
}

TEST(AcceleratorSelection, ShortNamesDropTheVendorAndUserColoursAreFound)
{
    AcceleratorSelection gpus(HardwareCatalog::builtin(), ColorOverrides{{"h100-sxm5", 0x123456u}});
    const int h100 = gpus.indexOf("h100-sxm5");
    EXPECT_EQ(gpus.shortName(h100), QStringLiteral("H100 SXM5 80GB"));
    EXPECT_EQ(gpus.colorOverride(h100), std::optional<std::uint32_t>(0x123456u));
    EXPECT_EQ(gpus.colorOverride(gpus.indexOf("mi300x")), std::nullopt);
    EXPECT_EQ(gpus.shortName(-1), QString());
    EXPECT_EQ(gpus.indexOf("no-such-gpu"), -1);
}

TEST(OperatorList, EstimatesFollowTheCheckedGpusAndOnlyTheRowsThatChanged)
{
    AcceleratorSelection gpus = builtinGpus();
    gpus.reset(HardwareCatalog::builtin(), {"h100-sxm5"}, "");
    const int h100 = gpus.indexOf("h100-sxm5");
    const int a100 = gpus.indexOf("a100-sxm4-80gb");
    const Hardware& h100Spec = gpus.hardware()[static_cast<std::size_t>(h100)];

    OperatorList ops;
    ops.reset({spec("elementwise:n=1048576"), spec("decode_matmul:batch=1")}, 7, gpus);
    EXPECT_EQ(ops.selected(), -1); // past the rows: none
    ASSERT_TRUE(static_cast<bool>(ops.estimate(1, h100)));
    EXPECT_DOUBLE_EQ(ops.estimate(1, h100)->timeS,
                     estimate(ops.operators()[1].cost(), h100Spec)->timeS);
    EXPECT_FALSE(static_cast<bool>(ops.estimate(1, a100))); // not checked: not shown
    EXPECT_FALSE(static_cast<bool>(ops.estimate(5, h100)));

    // Row 1 at batch 64: only it changes, and its estimate with it.
    std::vector<Operator> next = ops.operators();
    next[1] = spec("decode_matmul:batch=64");
    const auto changed = ops.replace(next, gpus);
    ASSERT_TRUE(changed.has_value());
    EXPECT_EQ(*changed, (std::pair<int, int>{1, 1}));
    EXPECT_DOUBLE_EQ(ops.estimate(1, h100)->timeS, estimate(next[1].cost(), h100Spec)->timeS);
    EXPECT_FALSE(ops.replace(next, gpus).has_value()); // nothing differs

    // The A100 checked: estimated everywhere.
    gpus.setState(gpus.withChecked(a100, true));
    ops.reestimate(gpus);
    ASSERT_TRUE(static_cast<bool>(ops.estimate(0, a100)));
    EXPECT_DOUBLE_EQ(
        ops.estimate(0, a100)->timeS,
        estimate(next[0].cost(), gpus.hardware()[static_cast<std::size_t>(a100)])->timeS);
}

TEST(OperatorList, TheDrivingParameterIsSolvedWithinItsRangeAndCrossesAtTheRidge)
{
    AcceleratorSelection gpus = builtinGpus();
    gpus.reset(HardwareCatalog::builtin(), {"h100-sxm5"}, "");
    const Hardware& h100 = gpus.hardware()[static_cast<std::size_t>(gpus.indexOf("h100-sxm5"))];
    OperatorList ops;
    ops.reset({spec("decode_matmul:batch=1")}, 0, gpus);
    const std::string& param = ops.operators()[0].definition().drivingParam;
    ASSERT_EQ(param, "batch");
    const auto [lo, hi] = ops.paramRange(0, param);
    // The batch at the ridge gives the ridge's intensity, give or take the whole-number step.
    const auto crossing = ops.crossing(0, h100);
    ASSERT_TRUE(crossing.has_value());
    const double ridge = ops.operators()[0].costWith(param, *crossing).arithmeticIntensity();
    const auto solved = ops.solveDriving(0, ridge);
    ASSERT_TRUE(solved.has_value());
    EXPECT_NEAR(*solved, std::round(*crossing), 1.0);
    // Out of reach: the nearer end of the range.
    EXPECT_EQ(ops.solveDriving(0, 1e-6), lo);
    EXPECT_EQ(ops.solveDriving(0, 1e9), hi);
    EXPECT_EQ(ops.solveDriving(3, ridge), std::nullopt);
    const auto sweep = ops.sweep(0, h100, 0);
    ASSERT_TRUE(sweep.has_value());
    EXPECT_FALSE(sweep->points.empty());
}

// A GPU keeps its colour whatever else is added: the MI300X (red) stays red when the A100 PCIe
// 80GB, which prefers red too, is checked after it (it used to turn brown), and the newcomer
// takes the next free hue.
TEST(AcceleratorSelection, AnAddedAcceleratorNeverRecoloursAnother)
{
    AcceleratorSelection gpus = builtinGpus();
    gpus.reset(HardwareCatalog::builtin(), {"a100-sxm4-80gb", "h100-sxm5", "h200-sxm", "b200-sxm"},
               "h100-sxm5");
    const int mi300x = gpus.indexOf("mi300x");
    const int pcie = gpus.indexOf("a100-pcie-80gb");
    ASSERT_EQ(preferredColorSlot("mi300x"), preferredColorSlot("a100-pcie-80gb"));
    gpus.setState(gpus.withChecked(mi300x, true));
    const int red = gpus.colorSlot(mi300x);
    EXPECT_EQ(red, preferredColorSlot("mi300x"));
    std::map<int, int> before;
    for (int hw : gpus.checked())
        before[hw] = gpus.colorSlot(hw);

    gpus.setState(gpus.withChecked(pcie, true));
    for (const auto& [hw, slot] : before)
        EXPECT_EQ(gpus.colorSlot(hw), slot) << gpus.hardware()[static_cast<std::size_t>(hw)].id;
    EXPECT_EQ(gpus.colorSlot(pcie), red + 1); // its own is taken: the next free one
}

// The colours are saved with the document and come back when it opens, whatever order the
// catalog gives: without them the A100 PCIe (earlier in the catalog) would take the MI300X's red.
TEST(AcceleratorSelection, ItsColoursAreSavedWithTheDocumentAndComeBackWhenItOpens)
{
    AcceleratorSelection gpus = builtinGpus();
    gpus.reset(HardwareCatalog::builtin(), {"h100-sxm5"}, "h100-sxm5");
    const int mi300x = gpus.indexOf("mi300x");
    const int pcie = gpus.indexOf("a100-pcie-80gb");
    ASSERT_LT(pcie, mi300x); // the catalog lists the PCIe card first
    gpus.setState(gpus.withChecked(mi300x, true));
    gpus.setState(gpus.withChecked(pcie, true));
    const ScenarioPalette saved = gpus.palette();
    const int red = preferredColorSlot("mi300x");
    EXPECT_EQ(saved, (ScenarioPalette{{"a100-pcie-80gb", red + 1},
                                      {"h100-sxm5", preferredColorSlot("h100-sxm5")},
                                      {"mi300x", red}}));

    AcceleratorSelection reopened = builtinGpus();
    reopened.reset(HardwareCatalog::builtin(), {"mi300x", "a100-pcie-80gb", "h100-sxm5"},
                   "h100-sxm5", saved);
    EXPECT_EQ(reopened.colorSlot(mi300x), red);
    EXPECT_EQ(reopened.colorSlot(pcie), red + 1);
    EXPECT_EQ(reopened.palette(), saved);

    // A file from before the palette was saved: colours given afresh in catalog order.
    AcceleratorSelection older = builtinGpus();
    older.reset(HardwareCatalog::builtin(), {"mi300x", "a100-pcie-80gb", "h100-sxm5"}, "h100-sxm5");
    EXPECT_EQ(older.colorSlot(pcie), red);
    EXPECT_EQ(older.colorSlot(mi300x), red + 1);
}

// No two checked entries share a colour while there are hues left, however many ask for the
// same one.
TEST(AcceleratorSelection, CheckedEntriesNeverShareAColour)
{
    AcceleratorSelection gpus = builtinGpus();
    gpus.reset(HardwareCatalog::builtin(), {}, "");
    const std::vector<std::string> ids = {"mi300x", "rtx-5090", "a100-pcie-80gb", "v100-sxm2",
                                          "mi325x", "tpu-v5p",  "gb200",          "mi250x",
                                          "gaudi2", "h100-sxm5"};
    for (const std::string& id : ids) {
        ASSERT_GE(gpus.indexOf(id), 0) << id;
        gpus.setState(gpus.withChecked(gpus.indexOf(id), true));
    }
    std::set<int> hues;
    for (int hw : gpus.checked())
        hues.insert(gpus.colorSlot(hw));
    EXPECT_EQ(hues.size(), ids.size());
    EXPECT_EQ(gpus.colorSlot(gpus.indexOf("mi300x")), preferredColorSlot("mi300x"));
}
