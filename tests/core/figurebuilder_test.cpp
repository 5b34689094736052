// The core's incremental figure builder (core/figurebuilder.h) over a plain document: after a
// rebuild and after each edit it reports, its figure equals buildFigure of the same document,
// and it says which parts it redid (a slider step under the same roof redoes only points).
#include "core/figure/figurebuilder.h"

#include "core/figure/palette.h"
#include "core/roofline/roofline.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <tuple>

namespace roofscope {
namespace {

// A scenario as a FigureSource, estimating on demand as the window's session does from its
// cache.
class ScenarioSource final : public FigureSource {
public:
    explicit ScenarioSource(Scenario s) : scenario(std::move(s)) { documentChanged(); }

    Scenario scenario;

    // After an edit of `scenario`: the cached estimates and the shown GPUs are read again.
    void documentChanged()
    {
        m_estimates.clear();
        m_checked.clear();
        std::vector<std::string> ids;
        for (std::size_t i = 0; i < m_catalog.all().size(); ++i) {
            const std::string& id = m_catalog.all()[i].id;
            if (std::find(scenario.gpus.begin(), scenario.gpus.end(), id) != scenario.gpus.end()) {
                m_checked.push_back(static_cast<int>(i));
                ids.push_back(id);
            }
        }
        m_slots = colorSlots(ids);
    }

    const HardwareCatalog& catalog() const override { return m_catalog; }
    const std::vector<int>& checkedHardware() const override { return m_checked; }
    int baseline() const override
    {
        for (int hw : m_checked) {
            if (m_catalog.all()[static_cast<std::size_t>(hw)].id == scenario.baseline)
                return hw;
        }
        return m_checked.empty() ? -1 : m_checked.front();
    }
    std::string gpuName(int hardware) const override
    {
        return m_catalog.all()[static_cast<std::size_t>(hardware)].name;
    }
    std::uint32_t gpuRgb(int hardware) const override
    {
        const auto at = std::find(m_checked.begin(), m_checked.end(), hardware);
        return paletteRgb(m_slots[static_cast<std::size_t>(at - m_checked.begin())],
                          scenario.theme);
    }
    const std::vector<Operator>& operators() const override { return scenario.operators; }
    int selectedOperator() const override { return scenario.selected; }
    const Expected<Estimate>& estimate(int op, int hardware) const override
    {
        auto it = m_estimates.find({op, hardware});
        if (it == m_estimates.end())
            it = m_estimates
                     .emplace(std::make_pair(op, hardware),
                              roofscope::estimate(
                                  scenario.operators[static_cast<std::size_t>(op)].cost(),
                                  m_catalog.all()[static_cast<std::size_t>(hardware)]))
                     .first;
        return it->second;
    }
    std::optional<double> speedup(int op, int hardware) const override
    {
        const auto& e = estimate(op, hardware);
        const auto& b = estimate(op, baseline());
        if (!e || !b || !(e->timeS > 0.0))
            return std::nullopt;
        return b->timeS / e->timeS;
    }
    Theme theme() const override { return scenario.theme; }
    ChartToggles toggles() const override { return scenario.toggles; }
    const std::optional<ScenarioModel>& modelSetup() const override { return scenario.model; }
    const Measurements& measurements() const override { return scenario.measurements; }
    std::pair<int, int> selectedKernel() const override { return {-1, -1}; }

private:
    HardwareCatalog m_catalog = HardwareCatalog::builtin();
    std::vector<int> m_checked;
    std::vector<int> m_slots;
    mutable std::map<std::pair<int, int>, Expected<Estimate>> m_estimates;
};

void expectSameFigure(const Figure& built, const Scenario& scenario)
{
    auto want = buildFigure(scenario, HardwareCatalog::builtin());
    ASSERT_TRUE(want) << want.error().message;
    ASSERT_EQ(built.gpus.size(), want->gpus.size());
    for (std::size_t i = 0; i < want->gpus.size(); ++i) {
        EXPECT_EQ(built.gpus[i].id, want->gpus[i].id);
        EXPECT_EQ(built.gpus[i].baseline, want->gpus[i].baseline);
        EXPECT_EQ(built.gpus[i].rgb(built.theme), want->gpus[i].rgb(want->theme));
    }
    ASSERT_EQ(built.roofs.size(), want->roofs.size());
    for (std::size_t i = 0; i < want->roofs.size(); ++i) {
        EXPECT_EQ(built.roofs[i].hardware, want->roofs[i].hardware);
        EXPECT_EQ(built.roofs[i].role, want->roofs[i].role);
        EXPECT_EQ(built.roofs[i].peak, want->roofs[i].peak);
        EXPECT_EQ(built.roofs[i].ridgeAi, want->roofs[i].ridgeAi);
        EXPECT_EQ(built.roofs[i].label, want->roofs[i].label);
        EXPECT_EQ(built.roofs[i].usedBy, want->roofs[i].usedBy);
    }
    // The same points; the builder keeps them by operator (a row's points are replaced in
    // place), buildFigure by accelerator.
    auto byOp = [](std::vector<FigurePoint> points) {
        std::sort(points.begin(), points.end(), [](const FigurePoint& a, const FigurePoint& b) {
            return std::tie(a.op, a.hardware) < std::tie(b.op, b.hardware);
        });
        return points;
    };
    const std::vector<FigurePoint> got = byOp(built.points);
    const std::vector<FigurePoint> expected = byOp(want->points);
    ASSERT_EQ(got.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        EXPECT_EQ(got[i].op, expected[i].op);
        EXPECT_EQ(got[i].hardware, expected[i].hardware);
        EXPECT_EQ(got[i].estimate.ai, expected[i].estimate.ai);
        EXPECT_EQ(got[i].estimate.attainable, expected[i].estimate.attainable);
        EXPECT_EQ(got[i].speedup, expected[i].speedup);
    }
    ASSERT_EQ(built.sweeps.size(), want->sweeps.size());
    for (std::size_t i = 0; i < want->sweeps.size(); ++i) {
        EXPECT_EQ(built.sweeps[i].hardware, want->sweeps[i].hardware);
        EXPECT_EQ(built.sweeps[i].param, want->sweeps[i].param);
        EXPECT_EQ(built.sweeps[i].crossing, want->sweeps[i].crossing);
        EXPECT_EQ(built.sweeps[i].points.size(), want->sweeps[i].points.size());
    }
    ASSERT_EQ(built.operators.size(), want->operators.size());
    for (std::size_t i = 0; i < want->operators.size(); ++i)
        EXPECT_EQ(built.operators[i].name, want->operators[i].name);
    EXPECT_EQ(built.selected, want->selected);
}

int kindIndex(const Scenario& s, const std::string& kind)
{
    for (std::size_t i = 0; i < s.operators.size(); ++i) {
        if (s.operators[i].kind == kind)
            return static_cast<int>(i);
    }
    return -1;
}

TEST(FigureBuilder, ARebuildEqualsBuildFigure)
{
    ScenarioSource source(defaultScenario());
    FigureBuilder builder(source);
    builder.rebuild();
    expectSameFigure(builder.figure(), source.scenario);
    EXPECT_EQ(builder.figure().points.size(), 28u); // 7 operators × 4 accelerators
    // Descriptions only when asked for: a slider step does not write them.
    EXPECT_TRUE(builder.figure().operators.front().spec.empty());
    EXPECT_EQ(builder.figureWithSpecs().operators.front().spec,
              source.scenario.operators.front().spec());
}

TEST(FigureBuilder, ASliderStepUnderTheSameRoofRedoesOnlyItsPoints)
{
    Scenario s = defaultScenario();
    ScenarioSource source(s);
    FigureBuilder builder(source);
    builder.rebuild();
    const int decode = kindIndex(source.scenario, "decode_matmul");
    ASSERT_EQ(source.scenario.selected, decode);
    const std::vector<FigureSweep> sweeps = builder.figure().sweeps;
    ASSERT_FALSE(sweeps.empty());

    // Batch 1 → 2: the points move along the memory slope; the roofs and the sweep (which
    // spans the batch's whole range) stay.
    source.scenario.operators[static_cast<std::size_t>(decode)].params.set("batch", 2.0);
    source.documentChanged();
    const FigureBuilder::Update step = builder.rowsChanged(decode, decode);
    EXPECT_TRUE(step.points);
    EXPECT_FALSE(step.roofs);
    EXPECT_FALSE(step.sweeps);
    expectSameFigure(builder.figure(), source.scenario);
    EXPECT_EQ(builder.figure().sweeps.size(), sweeps.size());

    // Another operator selected: its sweep (or none) replaces the decode's.
    source.scenario.selected = kindIndex(source.scenario, "softmax");
    source.documentChanged();
    const FigureBuilder::Update select = builder.selectionChanged();
    EXPECT_TRUE(select.sweeps);
    expectSameFigure(builder.figure(), source.scenario);
}

TEST(FigureBuilder, ARowThatChangesItsRoofRedoesTheRoofs)
{
    ScenarioSource source(defaultScenario());
    FigureBuilder builder(source);
    builder.rebuild();
    const int decode = kindIndex(source.scenario, "decode_matmul");
    auto decodeRoofs = [&] {
        std::vector<std::string> labels;
        for (const FigureRoof& r : builder.figure().roofs) {
            if (std::find(r.usedBy.begin(), r.usedBy.end(), decode) != r.usedBy.end())
                labels.push_back(r.label);
        }
        return labels;
    };
    const std::vector<std::string> before = decodeRoofs();
    ASSERT_EQ(before.size(), 4u); // one roof on each GPU
    // INT8 instead of BF16: another ceiling, so the decode stands under another roof.
    source.scenario.operators[static_cast<std::size_t>(decode)].params.set("dtype",
                                                                           std::string("int8"));
    source.documentChanged();
    const FigureBuilder::Update step = builder.rowsChanged(decode, decode);
    EXPECT_TRUE(step.roofs);
    EXPECT_TRUE(step.sweeps);
    expectSameFigure(builder.figure(), source.scenario);
    const std::vector<std::string> after = decodeRoofs();
    ASSERT_EQ(after.size(), 4u);
    EXPECT_NE(after, before) << before.front() << " → " << after.front();
}

} // namespace
} // namespace roofscope
