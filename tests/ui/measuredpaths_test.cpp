// A sweep among measured kernels on the chart (issue #36, item 5): one kernel name at several
// shapes is joined by a thin line in its GPU's colour, in the exported PNG as in the window,
// since both draw the figure's measuredPaths through the same layers.
#include "core/document/scenario.h"
#include "core/hardware/catalog.h"
#include "tests/common/measuredkernels.h"
#include "ui/chart/chartdocument.h"
#include "ui/chart/chartgeometry.h"
#include "ui/chart/layers/measuredpathslayer.h"
#include "ui/chart/roofchart.h"
#include "ui/export/figureexporter.h"

#include <QImage>
#include <QLineF>

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

using namespace roofscope;

namespace {

// Three shapes of one GEMM a decade apart in intensity, not on one line (1, 10 and 30 TFLOP/s),
// small markers (little time),
// and a kernel that takes the run's time elsewhere. `oneName`: the GEMM's shapes share a name
// (a sweep); otherwise each has its own and nothing joins them.
Scenario sweepScenario(bool oneName)
{
    Scenario s;
    s.gpus = {"a100-sxm4-80gb"};
    s.baseline = "a100-sxm4-80gb";
    s.operators.clear();
    s.selected = -1;
    MeasurementSet set;
    set.file = "sweep.csv";
    // Listed out of order: the path follows the work, not the file.
    const double flops[] = {1e11, 1e10, 1e12};
    const double time[] = {0.01, 0.01, 1.0 / 30.0};
    for (int i = 0; i < 3; ++i) {
        const std::string name = oneName ? "gemm" : "gemm_" + std::to_string(i);
        set.kernels.push_back(test::csvKernel(name, time[i], flops[i], 1e10));
    }
    set.kernels.push_back(test::csvKernel("big", 10.0, 1e12, 1e13));
    s.measurements.sets.push_back(set);
    s.measurements.labelTop = 0;
    return s;
}

std::unique_ptr<FigureExporter> exporter(const Scenario& s)
{
    FigureOptions o;
    o.size = QSize(1600, 900);
    auto e = FigureExporter::create(s, HardwareCatalog::builtin(), o);
    EXPECT_TRUE(e.ok());
    return e.ok() ? std::move(*e) : nullptr;
}

// Pixels near `c` of the hue of `colour` (strongly saturated).
int huedAround(const QImage& img, QPointF c, int radius, const QColor& colour)
{
    int n = 0;
    for (int dy = -radius; dy <= radius; ++dy) {
        for (int dx = -radius; dx <= radius; ++dx) {
            const QPoint p = c.toPoint() + QPoint(dx, dy);
            if (!img.rect().contains(p))
                continue;
            const QColor px = img.pixelColor(p);
            const int dh = std::abs(px.hslHue() - colour.hslHue());
            if (px.hslSaturation() > 60 && std::min(dh, 360 - dh) < 20)
                ++n;
        }
    }
    return n;
}

} // namespace

TEST(MeasuredPaths, TheExportedPngJoinsASweepsPointsInOrder)
{
    auto joined = exporter(sweepScenario(true));
    auto apart = exporter(sweepScenario(false));
    ASSERT_TRUE(joined && apart);
    RoofChart* chart = joined->document()->chart();
    const Figure& f = chart->figure();
    ASSERT_EQ(f.measuredPaths.size(), 1u);
    ASSERT_EQ(f.measuredPaths[0].points.size(), 3u);
    EXPECT_TRUE(apart->document()->chart()->figure().measuredPaths.empty());

    const QImage withPath = joined->renderImage();
    const QImage without = apart->renderImage();
    const auto toImage = [&](const MeasuredPoint& p) {
        return joined->chartToFigure().map(
            geometry::valueToPixel(chart->logAxes(), QPointF(p.value.ai, p.value.flops)));
    };
    const QColor colour = chart->colorOf(f.measuredPaths[0].hardware);
    for (std::size_t s = 1; s < 3; ++s) {
        const QPointF a = toImage(f.measured[f.measuredPaths[0].points[s - 1]]);
        const QPointF b = toImage(f.measured[f.measuredPaths[0].points[s]]);
        ASSERT_GT(QLineF(a, b).length(), 100.0); // far outside both markers
        // Along the segment, clear of the markers, the line adds the GPU's colour.
        for (double t : {0.3, 0.5, 0.7}) {
            const QPointF at = a + (b - a) * t;
            EXPECT_GE(huedAround(withPath, at, 1, colour), huedAround(without, at, 1, colour) + 2)
                << s << " " << t;
        }
        // And nothing off it.
        const QPointF off = a + (b - a) * 0.5 + QPointF(0, -30);
        EXPECT_EQ(huedAround(withPath, off, 2, colour), huedAround(without, off, 2, colour));
    }
    // In the order of the work: the smallest and the largest shape are not joined directly.
    const QPointF first = toImage(f.measured[f.measuredPaths[0].points[0]]);
    const QPointF last = toImage(f.measured[f.measuredPaths[0].points[2]]);
    EXPECT_DOUBLE_EQ(f.measured[f.measuredPaths[0].points[0]].value.ai, 1.0);
    EXPECT_DOUBLE_EQ(f.measured[f.measuredPaths[0].points[2]].value.ai, 100.0);
    const QPointF middle = (first + last) / 2.0;
    EXPECT_EQ(huedAround(withPath, middle, 1, colour), huedAround(without, middle, 1, colour));
}
