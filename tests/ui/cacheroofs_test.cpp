// Cache roofs on the chart: with the cache toggle on, a measured CPU's L1, L2 and L3 are
// drawn as dash-dot slopes in its colour and labelled with their bandwidth; the roofs come from
// the core's figure (tests/core/cacheroofs_test.cpp), the window only draws them.
#include "core/probe/proberesult.h"
#include "ui/chart/chartdocument.h"
#include "ui/chart/roofchart.h"
#include "ui/document/session.h"

#include "tests/common/measuredcpu.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

using namespace roofscope;

namespace {

TEST(CacheRoofsChart, MeasuredCpuDrawsEveryCacheLevelLabelled)
{
    HardwareCatalog catalog = HardwareCatalog::builtin();
    catalog.merge({test::measuredCpu()});
    Scenario scenario = defaultScenario();
    scenario.gpus = {"h100-sxm5", "this-machine-cpu"};
    scenario.baseline = "h100-sxm5";
    auto made = ChartDocument::fromScenario(scenario, catalog, QStringLiteral("test"));
    ASSERT_TRUE(made.ok());
    auto& doc = *made;
    doc->resize(QSize(1280, 720));
    Session* s = doc->session();
    const auto drawnCache = [&] {
        std::vector<RoofChart::DrawnRoof> out;
        for (const auto& r : doc->chart()->drawnRoofs()) {
            if (r.roof.role == RoofRole::Cache)
                out.push_back(r);
        }
        return out;
    };
    EXPECT_TRUE(drawnCache().empty());

    ChartToggles t = s->viewSettings()->toggles();
    t.l2 = true;
    s->viewSettings()->setToggles(t);
    const auto roofs = drawnCache();
    ASSERT_EQ(roofs.size(), 3u); // the H100's entry has no cache figures
    const int cpu = s->hardwareIndex("this-machine-cpu");
    const QColor colour = doc->chart()->colorOf(cpu);
    const QStringList expected = {QStringLiteral("L3 · 50.25 GB/s"),
                                  QStringLiteral("L2 · 93.14 GB/s"),
                                  QStringLiteral("L1 · 243.5 GB/s")};
    const std::vector<double> bandwidths = {50.25e9, 93.14e9, 243.5e9};
    QStringList labels;
    for (const auto& l : doc->chart()->visibleLabels())
        labels << l.text;
    for (std::size_t i = 0; i < roofs.size(); ++i) {
        SCOPED_TRACE(expected[static_cast<int>(i)].toStdString());
        EXPECT_EQ(roofs[i].roof.hardware, cpu);
        EXPECT_DOUBLE_EQ(roofs[i].roof.memory.bytesPerS, bandwidths[i]);
        EXPECT_EQ(roofs[i].style, Qt::DashDotLine);
        EXPECT_EQ(roofs[i].color.rgb(), colour.rgb());
        ASSERT_GE(roofs[i].path.size(), 2u);
        // A slope of the cache's bandwidth up to the CPU's FP32 peak, no flat part.
        const DataPoint end = roofs[i].path.back();
        EXPECT_NEAR(end.flops, 110.5e9, 110.5e9 * 1e-9);
        EXPECT_NEAR(end.flops / end.ai, bandwidths[i], bandwidths[i] * 1e-9);
        EXPECT_TRUE(labels.contains(expected[static_cast<int>(i)]))
            << labels.join(u'|').toStdString();
    }
}

} // namespace
