// Once a model was shown on the chart, the window drew none of its markers — only a few stray
// squares near AI 1600, 100–300 GFLOP/s (the new series clipped to an unsized plot) — while
// `roofscope plot` drew them all. The window must draw what the export draws.
#include "ui/chart/roofchart.h"
#include "ui/chart/roofchartview.h"
#include "ui/document/modelworkbench.h"
#include "ui/document/session.h"
#include "uitestutil.h"

#include <QImage>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

using namespace roofscope;

namespace {

// Whether the view shows ink (anything but the plot's near-white background) at `pos`.
bool inked(const QImage& img, QPoint pos)
{
    const QColor c = img.pixelColor(pos);
    return c.lightness() < 235;
}

} // namespace

TEST(ModelMarkers, WindowDrawsEveryModelMarkerAndNoStraySquares)
{
    auto w = test::makeWindow();
    w->resize(1298, 730);
    w->show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(w.get()));
    auto* wb = w->findChild<ModelWorkbench*>();
    ASSERT_TRUE(wb);
    wb->showOnChart();
    ASSERT_TRUE(wb->isShown());
    QTest::qWait(50); // one turn of the event loop, as a user's next frame

    RoofChart* chart = w->chart();
    RoofChartView* view = w->chartView();
    const QImage shot = view->grab().toImage();
    const qreal dpr = shot.devicePixelRatio();
    auto pixel = [&](QPointF chartPos) { return (view->toViewport(chartPos) * dpr).toPoint(); };

    // Every model point inside the plot has a marker at its centre.
    const geometry::LogAxes axes = chart->logAxes();
    int checked = 0;
    int missing = 0;
    for (const RoofChart::PointInfo& p : chart->points()) {
        const QPointF at = geometry::valueToPixel(axes, {p.value.ai, p.value.flops});
        if (!axes.plot.adjusted(8, 8, -8, -8).contains(at) || p.size < 5.0)
            continue;
        ++checked;
        missing += inked(shot, pixel(at)) ? 0 : 1;
    }
    EXPECT_GT(checked, 40);
    EXPECT_EQ(missing, 0) << missing << " of " << checked << " markers not drawn";

    // Nothing is drawn where no point is: the empty lower right (AI 1000–3000, below 1 TFLOP/s
    // and away from every roof) holds no marker ink.
    int stray = 0;
    const QPointF a = geometry::valueToPixel(axes, {1000.0, 8e11});
    const QPointF b = geometry::valueToPixel(axes, {3000.0, axes.range.flopsMin * 1.2});
    for (qreal x = a.x(); x <= b.x(); x += 1.0) {
        for (qreal y = a.y(); y <= b.y(); y += 1.0) {
            const QColor c = shot.pixelColor(pixel({x, y}));
            stray += c.lightness() < 80 ? 1 : 0; // marker outlines are near-black; grid is light
        }
    }
    EXPECT_EQ(stray, 0);
}

TEST(ModelMarkers, AddingOrDuplicatingAnOperatorKeepsTheModelOnTheChart)
{
    auto w = test::makeWindow();
    Session* s = w->session();
    auto* wb = w->findChild<ModelWorkbench*>();
    ASSERT_TRUE(wb);
    wb->showOnChart();
    ASSERT_TRUE(wb->isShown());
    const int first = wb->firstModelRow();
    const std::size_t rows = s->operators().size();
    const int h100 = s->hardwareIndex("h100-sxm5");
    ASSERT_TRUE(wb->timeShare(first, h100).has_value());

    // Add ▸ Presets ▸ Decode matmul appends: it lands in front of the model's rows.
    auto add = parseOperatorOrPreset("decode_matmul");
    ASSERT_TRUE(add.ok());
    s->insertOperator(static_cast<int>(rows), *add);
    ASSERT_EQ(s->operators().size(), rows + 1);
    EXPECT_EQ(s->operators()[static_cast<std::size_t>(first)].kind, "decode_matmul");
    EXPECT_TRUE(wb->isShown());
    EXPECT_EQ(wb->firstModelRow(), first + 1);
    // The model's markers keep their areas (time shares), the user's row has none.
    EXPECT_TRUE(wb->timeShare(first + 1, h100).has_value());
    EXPECT_FALSE(wb->timeShare(first, h100).has_value());

    // Duplicating one of the model's rows does the same.
    s->duplicateOperator(static_cast<int>(rows));
    EXPECT_TRUE(wb->isShown());
    EXPECT_EQ(wb->firstModelRow(), first + 2);
    EXPECT_EQ(s->undoStack()->undoText().left(9), QStringLiteral("Duplicate"));
    s->undoStack()->undo();
    s->undoStack()->undo();
    EXPECT_TRUE(wb->isShown());
    EXPECT_EQ(wb->firstModelRow(), first);
}

// A workbench over a catalog the caller gives reads nothing from disk: a figure export's
// document sizes its markers with one, and used to read the user's model folder again on every
// export. The window's own workbench still reads it (and reports the broken file).
TEST(ModelMarkers, AWorkbenchOverAGivenCatalogReadsNoModelFolder)
{
    const std::filesystem::path dir(userModelDirectory());
    std::filesystem::create_directories(dir);
    const std::filesystem::path broken = dir / "broken.json";
    {
        std::ofstream out(broken);
        out << "{ not json";
    }
    Session session(HardwareCatalog::builtin());
    ModelWorkbench fromDisk(&session);
    EXPECT_EQ(fromDisk.catalogErrors().size(), 1);
    ModelWorkbench given(&session, ModelCatalog::builtin(), nullptr);
    EXPECT_TRUE(given.catalogErrors().isEmpty());
    EXPECT_EQ(given.catalog().all().size(), ModelCatalog::builtin().all().size());
    std::filesystem::remove(broken);
}
