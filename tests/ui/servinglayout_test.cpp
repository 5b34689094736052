// The serving chart on a small screen and in its export (issue #37, "what the walk found"): at
// 1366 × 768 it docked under the roofline, both shrank to a strip (the roofline ≈ 250 px), its
// axis title read "okens/s per GPU" and its batch numbers overlapped; its PNG export lacked the
// published measurements' squares the window showed.
#include "modelwindow.h"
#include "ui/chart/roofchartview.h"
#include "ui/serving/servingchart.h"
#include "ui/serving/servingview.h"
#include "ui/widgets/chartarea.h"

#include <QCheckBox>
#include <QImage>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

using namespace roofscope;

namespace {

struct SmallScreen : test::ModelWindow {
    ServingView* view = window->servingView();
    ServingChart* chart = view->chart();

    explicit SmallScreen(QSize size = QSize(1366, 768))
    {
        window->resize(size);
        window->show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(window.get()));
        view->promptBox()->setValue(1024);
        view->outputBox()->setValue(256);
        chooseModel("llama-2-7b");
        window->showServingChart(true);
        QCoreApplication::processEvents();
    }
};

} // namespace

TEST(ServingLayout, AtTheSmallScreenSizeBothChartsGetTheWholeCentreInTabs)
{
    SmallScreen w;
    auto* tabs = w.window->findChild<QTabWidget*>(QStringLiteral("centralTabs"));
    ASSERT_NE(tabs, nullptr);
    ASSERT_EQ(tabs->count(), 2);
    // Asked for, the serving chart comes to the front, with room for its axes and legend.
    EXPECT_EQ(tabs->currentWidget(), w.view);
    EXPECT_TRUE(w.chart->isVisible());
    EXPECT_GE(w.chart->width(), 500);
    EXPECT_GE(w.chart->height(), 330);
    // The roofline, one tab away, has the same room as without the serving chart.
    tabs->setCurrentIndex(0);
    QCoreApplication::processEvents();
    QWidget* roofline = w.window->chartView();
    EXPECT_TRUE(roofline->isVisible());
    EXPECT_GE(roofline->width(), 500);
    EXPECT_GE(roofline->height(), 400);

    // Wide enough, side by side again (and back to tabs when narrowed).
    w.window->resize(1920, 1080);
    QCoreApplication::processEvents();
    auto* split = w.window->findChild<QSplitter*>(QStringLiteral("centralSplit"));
    ASSERT_NE(split, nullptr);
    EXPECT_TRUE(split->isVisible());
    EXPECT_EQ(split->indexOf(roofline), 0);
    EXPECT_EQ(split->indexOf(w.view), 1);
    EXPECT_TRUE(w.view->isVisible());
    EXPECT_TRUE(roofline->isVisible());
    EXPECT_GE(roofline->height(), 600);
    w.window->resize(1366, 768);
    QCoreApplication::processEvents();
    EXPECT_EQ(tabs->count(), 2);
    EXPECT_TRUE(tabs->isVisible());

    // Hidden, the roofline has the centre alone.
    w.window->showServingChart(false);
    QCoreApplication::processEvents();
    EXPECT_FALSE(w.view->isVisible());
    EXPECT_TRUE(roofline->isVisible());
    EXPECT_EQ(split->indexOf(roofline), 0);
}

TEST(ServingLayout, BatchNumbersNeverOverlapAndStayInThePlot)
{
    SmallScreen w;
    const ServingFigure& figure = w.chart->figure();
    std::size_t points = 0;
    for (const ServingFigureCurve& c : figure.curves)
        points += c.points.size();
    ASSERT_GE(points, 20u);
    // On screen, and on a slide.
    for (const QSizeF size : {QSizeF(w.chart->size()), QSizeF(1920, 1080), QSizeF(420, 300)}) {
        const std::vector<ServingPointLabel> labels = figure.pointLabels(size, w.chart->font());
        const ServingFigureFrame frame = figure.frame(size);
        const QRectF room = frame.plot.adjusted(-20 * frame.unit, -20 * frame.unit, 20 * frame.unit,
                                                20 * frame.unit);
        ASSERT_FALSE(labels.empty());
        for (std::size_t i = 0; i < labels.size(); ++i) {
            EXPECT_TRUE(room.contains(labels[i].rect));
            for (std::size_t j = i + 1; j < labels.size(); ++j)
                EXPECT_FALSE(labels[i].rect.intersects(labels[j].rect))
                    << "curve " << labels[i].curve << " batch "
                    << figure.curves[labels[i].curve].pointTexts[labels[i].point].toStdString()
                    << " overlaps curve " << labels[j].curve << " batch "
                    << figure.curves[labels[j].curve].pointTexts[labels[j].point].toStdString()
                    << " at " << size.width() << "×" << size.height();
        }
    }
    // The small chart has less room than the slide: some numbers are left out, not piled up.
    EXPECT_LT(figure.pointLabels(QSizeF(420, 300), w.chart->font()).size(), points);
}

// The slide is the window's figure restyled: the same curves, rings and published squares.
TEST(ServingLayout, TheExportHoldsThePublishedSquaresTheWindowShows)
{
    SmallScreen w;
    w.chooseModel("llama-2-70b");
    QCoreApplication::processEvents();
    const ServingFigure& shown = w.chart->figure();
    ASSERT_GE(shown.references.size(), 5u);
    const ServingFigure slide = w.view->slideFigure();
    ASSERT_EQ(slide.references.size(), shown.references.size());
    ASSERT_EQ(slide.curves.size(), shown.curves.size());
    for (std::size_t i = 0; i < slide.references.size(); ++i)
        EXPECT_EQ(slide.references[i].point, shown.references[i].point) << i;

    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("serving.png"));
    ASSERT_EQ(w.view->exportTo(png), std::nullopt);
    const QImage image(png);
    ASSERT_EQ(image.size(), QSize(1920, 1080));
    const ServingFigureFrame frame = slide.frame(QSizeF(image.size()));
    // Each square's outline, in its GPU's colour, around its point: the top edge's middle.
    int found = 0;
    for (const ServingFigureReference& r : slide.references) {
        const QPointF s = frame.toScreen(r.point);
        const int x = static_cast<int>(std::lround(s.x() + 4 * frame.unit));
        const int y = static_cast<int>(std::lround(s.y() - 8 * frame.unit));
        bool here = false;
        for (int dy = -1; dy <= 1 && !here; ++dy)
            here = image.pixelColor(x, y + dy).rgb() == r.color.rgb();
        found += here;
    }
    EXPECT_EQ(found, static_cast<int>(slide.references.size()));
}
