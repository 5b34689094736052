// The chart against the core: every point where the core puts it, a slider step moving
// exactly the affected points, a drag on the viewport solving back to the parameter, and the
// pure mapping agreeing with Qt's own.
#include "ui/chart/chartdocument.h"
#include "ui/chart/chartgeometry.h"
#include "ui/chart/chartlabel.h"
#include "ui/chart/chartlegend.h"
#include "ui/chart/roofchart.h"
#include "ui/chart/roofchartview.h"
#include "ui/chart/rooflayer.h"
#include "ui/widgets/logslider.h"
#include "ui/widgets/parameterpanel.h"
#include "ui/widgets/readoutpanel.h"
#include "uitestutil.h"

#include <QLineSeries>
#include <QLogValueAxis>
#include <QMouseEvent>
#include <QScatterSeries>
#include <QSlider>
#include <QSpinBox>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace roofscope;
using roofscope::test::coreEstimate;
using roofscope::test::makeWindow;
using roofscope::test::operatorIndex;

namespace {

std::unique_ptr<ChartDocument> defaultDocument()
{
    auto doc = ChartDocument::fromScenario(defaultScenario(), HardwareCatalog::builtin(),
                                           QStringLiteral("default"));
    EXPECT_TRUE(doc.ok());
    return std::move(*doc);
}

// Every point of every operator series must be the core's (AI, attainable) on some checked
// accelerator, in the checked order.
void expectSeriesMatchCore(RoofChart* chart, Session* s)
{
    for (int op = 0; op < static_cast<int>(s->operators().size()); ++op) {
        QScatterSeries* series = chart->operatorSeries(op);
        ASSERT_NE(series, nullptr);
        ASSERT_EQ(series->count(), static_cast<int>(s->checkedHardware().size()));
        for (int i = 0; i < series->count(); ++i) {
            const int hw = s->checkedHardware()[static_cast<std::size_t>(i)];
            const Estimate e = coreEstimate(s->operators()[static_cast<std::size_t>(op)],
                                            s->hardware()[static_cast<std::size_t>(hw)]);
            EXPECT_DOUBLE_EQ(series->at(i).x(), e.ai) << "op " << op << " hw " << hw;
            EXPECT_DOUBLE_EQ(series->at(i).y(), e.attainable) << "op " << op << " hw " << hw;
        }
    }
}

void sendMouse(QWidget* w, QEvent::Type type, QPointF pos, Qt::MouseButton button,
               Qt::MouseButtons buttons)
{
    QMouseEvent e(type, pos, w->mapToGlobal(pos), button, buttons, Qt::NoModifier);
    QCoreApplication::sendEvent(w, &e);
}

} // namespace

TEST(RoofChart, HeadlessFromScenarioMatchesCore)
{
    auto doc = defaultDocument();
    doc->resize(QSize(1600, 900));
    expectSeriesMatchCore(doc->chart(), doc->session());
    // One roof per checked accelerator: slope then the BF16 tensor peak for decode matmul.
    Session* s = doc->session();
    for (int hw : s->checkedHardware()) {
        const QList<QPointF> roof = doc->chart()->roofPoints(hw);
        const auto& e = s->estimate(s->selectedOperator(), hw);
        ASSERT_TRUE(e.ok());
        ASSERT_EQ(roof.size(), 3);
        EXPECT_DOUBLE_EQ(roof[1].x(), e->ridgeAi);
        EXPECT_DOUBLE_EQ(roof[1].y(), e->ceiling.flopsPerS);
        EXPECT_DOUBLE_EQ(roof[2].y(), e->ceiling.flopsPerS);
        // The slope: bandwidth × AI.
        EXPECT_NEAR(roof[0].y() / (roof[0].x() * e->memory.bytesPerS), 1.0, 1e-12);
        // Nothing ≤ 0 ever reaches a log axis.
        for (const QPointF& p : roof)
            EXPECT_GT(std::min(p.x(), p.y()), 0.0);
    }
    // An image comes out without any window.
    const QImage img = doc->renderImage(QSize(800, 450), 2.0);
    EXPECT_EQ(img.size(), QSize(1600, 900));
}

TEST(RoofChart, PureMappingAgreesWithQt)
{
    auto doc = defaultDocument();
    doc->resize(QSize(1280, 720));
    RoofChart* chart = doc->chart();
    QScatterSeries* series = chart->operatorSeries(0);
    const geometry::LogAxes axes = chart->logAxes();
    for (const QPointF v : {QPointF(0.2, 1e12), QPointF(295.3, 989.4e12), QPointF(2048, 2e15)}) {
        const QPointF qt = chart->mapToPosition(v, series);
        const QPointF ours = geometry::valueToPixel(axes, v);
        EXPECT_NEAR(qt.x(), ours.x(), 0.5);
        EXPECT_NEAR(qt.y(), ours.y(), 0.5);
        const QPointF back = chart->mapToValue(ours, series);
        EXPECT_NEAR(back.x() / v.x(), 1.0, 1e-3);
    }
}

TEST(RoofChart, SweepAndCrossingFromCore)
{
    auto doc = defaultDocument();
    Session* s = doc->session();
    const int h100 = s->hardwareIndex("h100-sxm5");
    const QList<QPointF> sweep = doc->chart()->sweepPoints(h100);
    // Batch 1, the crossing, batch 4096: the path lies on the roof, straight in log-log
    // space on either side of the ridge.
    ASSERT_EQ(sweep.size(), 3);
    // From batch 1 (AI ≈ 1, 3.35 TFLOP/s) to batch 4096 (AI = 4096·8192/(8192+8192) = 2048).
    EXPECT_NEAR(sweep[0].x(), 0.9998, 1e-3);
    EXPECT_NEAR(sweep[0].y(), 3.349e12, 1e9);
    EXPECT_NEAR(sweep[2].x(), 2048.0, 1.0);
    EXPECT_NEAR(sweep[2].y(), 989.4e12, 1e10);
    const auto crossing = doc->chart()->crossingPoint(h100);
    ASSERT_TRUE(crossing.has_value());
    // The crossing sits on the ridge: AI = 295, 989.4 TFLOP/s.
    EXPECT_NEAR(crossing->x(), 295.3, 0.5);
    EXPECT_NEAR(crossing->y(), 989.4e12, 1e10);
    // Both are drawn by the roof layer.
    EXPECT_GE(doc->chart()->roofLayer()->strokes().size(), 8);
}

TEST(RoofChart, LabelsDoNotOverlap)
{
    auto doc = defaultDocument();
    doc->resize(QSize(1600, 900));
    const auto labels = doc->chart()->visibleLabels();
    // Seven operators and four ridges at least.
    ASSERT_GE(labels.size(), 11u);
    for (std::size_t i = 0; i < labels.size(); ++i) {
        EXPECT_TRUE(doc->chart()->plotArea().contains(labels[i]->box()))
            << labels[i]->text().toStdString();
        for (std::size_t j = i + 1; j < labels.size(); ++j)
            EXPECT_FALSE(labels[i]->box().intersects(labels[j]->box()))
                << labels[i]->text().toStdString() << " / " << labels[j]->text().toStdString();
    }
}

TEST(RoofChart, SliderMovesExactlyTheAffectedPoints)
{
    auto w = makeWindow();
    Session* s = w->session();
    RoofChart* chart = w->chart();
    const int decode = operatorIndex(*s, "decode_matmul");
    std::vector<QList<QPointF>> before;
    for (int op = 0; op < static_cast<int>(s->operators().size()); ++op)
        before.push_back(chart->operatorSeries(op)->points());
    std::vector<QList<QPointF>> roofsBefore;
    for (int hw : s->checkedHardware())
        roofsBefore.push_back(chart->roofPoints(hw));

    LogSlider* slider = w->parameterPanel()->slider("batch");
    ASSERT_NE(slider, nullptr);
    slider->slider()->setValue(500); // log scale 1…4096: the middle is batch 64
    w->parameterPanel()->flushPending();
    ASSERT_EQ(s->operators()[static_cast<std::size_t>(decode)].params.number("batch"), 64.0);
    EXPECT_EQ(slider->spinBox()->value(), 64);

    for (int op = 0; op < static_cast<int>(s->operators().size()); ++op) {
        const QList<QPointF> now = chart->operatorSeries(op)->points();
        if (op != decode) {
            EXPECT_EQ(now, before[static_cast<std::size_t>(op)]) << "op " << op << " moved";
            continue;
        }
        ASSERT_EQ(now.size(), 4);
        for (int i = 0; i < 4; ++i) {
            const int hw = s->checkedHardware()[static_cast<std::size_t>(i)];
            Operator op64 = s->operators()[static_cast<std::size_t>(decode)];
            const Estimate e = coreEstimate(op64, s->hardware()[static_cast<std::size_t>(hw)]);
            // AI = 64·8192/(8192 + 128) ≈ 63.0
            EXPECT_NEAR(e.ai, 64.0 * 8192 / (8192 + 128), 1e-9);
            EXPECT_DOUBLE_EQ(now[i].x(), e.ai);
            EXPECT_DOUBLE_EQ(now[i].y(), e.attainable);
            EXPECT_NE(now[i], before[static_cast<std::size_t>(decode)][i]);
        }
    }
    // The roofs did not move.
    for (std::size_t i = 0; i < s->checkedHardware().size(); ++i)
        EXPECT_EQ(chart->roofPoints(s->checkedHardware()[i]), roofsBefore[i]);
}

TEST(RoofChart, SliderEventsAreCoalesced)
{
    auto w = makeWindow();
    Session* s = w->session();
    const int decode = operatorIndex(*s, "decode_matmul");
    int updates = 0;
    QObject::connect(s, &Session::operatorChanged, [&](int row) { updates += row == decode; });
    LogSlider* slider = w->parameterPanel()->slider("batch");
    // A burst of moves within one frame lands as one update, with the last value.
    QTest::qWait(ParameterPanel::kFrameMs + 2);
    slider->slider()->setValue(100);
    for (int pos = 101; pos <= 400; ++pos)
        slider->slider()->setValue(pos);
    QTest::qWait(3 * ParameterPanel::kFrameMs);
    EXPECT_LE(updates, 2);
    EXPECT_GE(updates, 1);
    EXPECT_EQ(s->operators()[static_cast<std::size_t>(decode)].params.number("batch"),
              slider->valueAt(400));
}

TEST(RoofChartView, DragPointChangesParameterSliderAndReadout)
{
    auto w = makeWindow();
    w->resize(1600, 1000);
    w->show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(w.get()));
    Session* s = w->session();
    RoofChartView* view = w->chartView();
    RoofChart* chart = w->chart();
    const int decode = operatorIndex(*s, "decode_matmul");
    const int h100 = s->hardwareIndex("h100-sxm5");
    const QString aiBefore = w->readoutPanel()->field(QStringLiteral("ai"));
    const int undoBefore = s->undoStack()->count();

    // Where the decode matmul point on H100 is drawn.
    const auto& e = s->estimate(decode, h100);
    ASSERT_TRUE(e.ok());
    const geometry::LogAxes axes = chart->logAxes();
    const QPointF start = view->toViewport(geometry::valueToPixel(axes, {e->ai, e->attainable}));
    EXPECT_EQ(view->pointAt(start), (PointRef{decode, h100}));
    // Drag it to AI = 100 (horizontally), in steps like a hand would.
    const QPointF target = view->toViewport(geometry::valueToPixel(axes, {100.0, e->attainable}));
    QWidget* vp = view->viewport();
    sendMouse(vp, QEvent::MouseButtonPress, start, Qt::LeftButton, Qt::LeftButton);
    for (int i = 1; i <= 10; ++i) {
        const QPointF p = start + (target - start) * (i / 10.0);
        sendMouse(vp, QEvent::MouseMove, p, Qt::NoButton, Qt::LeftButton);
    }
    sendMouse(vp, QEvent::MouseButtonRelease, target, Qt::LeftButton, Qt::NoButton);

    const double batch = s->operators()[static_cast<std::size_t>(decode)].params.number("batch");
    // AI 100 ⇔ batch ≈ 102.5; a pixel of slack is a fraction of a batch step here.
    EXPECT_NEAR(batch, 102.5, 2.0);
    EXPECT_EQ(batch, std::round(batch));
    EXPECT_EQ(w->parameterPanel()->slider("batch")->spinBox()->value(), static_cast<int>(batch));
    EXPECT_EQ(w->parameterPanel()->slider("batch")->slider()->value(),
              geometry::valueToSlider(batch, LogSlider::kSteps, 1, 4096));
    EXPECT_NE(w->readoutPanel()->field(QStringLiteral("ai")), aiBefore);
    EXPECT_TRUE(w->readoutPanel()->field(QStringLiteral("ai")).startsWith(QStringLiteral("9")) ||
                w->readoutPanel()->field(QStringLiteral("ai")).startsWith(QStringLiteral("10")))
        << w->readoutPanel()->field(QStringLiteral("ai")).toStdString();
    // One drag, one undo step.
    EXPECT_EQ(s->undoStack()->count(), undoBefore + 1);
    // The dragged point is where the core says.
    const Estimate now = coreEstimate(s->operators()[static_cast<std::size_t>(decode)],
                                      s->hardware()[static_cast<std::size_t>(h100)]);
    const int i =
        static_cast<int>(std::find(s->checkedHardware().begin(), s->checkedHardware().end(), h100) -
                         s->checkedHardware().begin());
    EXPECT_DOUBLE_EQ(chart->operatorSeries(decode)->at(i).x(), now.ai);
}

TEST(RoofChartView, DragIsClampedToTheAxis)
{
    auto w = makeWindow();
    w->resize(1600, 1000);
    w->show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(w.get()));
    Session* s = w->session();
    RoofChartView* view = w->chartView();
    const int decode = operatorIndex(*s, "decode_matmul");
    const int h100 = s->hardwareIndex("h100-sxm5");
    const auto& e = s->estimate(decode, h100);
    const QPointF start =
        view->toViewport(geometry::valueToPixel(w->chart()->logAxes(), {e->ai, e->attainable}));
    QWidget* vp = view->viewport();
    sendMouse(vp, QEvent::MouseButtonPress, start, Qt::LeftButton, Qt::LeftButton);
    sendMouse(vp, QEvent::MouseMove, start + QPointF(5000, 0), Qt::NoButton, Qt::LeftButton);
    sendMouse(vp, QEvent::MouseButtonRelease, start + QPointF(5000, 0), Qt::LeftButton,
              Qt::NoButton);
    const double batch = s->operators()[static_cast<std::size_t>(decode)].params.number("batch");
    EXPECT_GE(batch, 1.0);
    EXPECT_LE(batch, 4096.0);
    // Every point stays positive, so no series vanishes from the log axes.
    for (const auto& p : w->chart()->points())
        EXPECT_GT(std::min(p.value.x(), p.value.y()), 0.0);
}

TEST(RoofChartView, ZoomPanReset)
{
    auto w = makeWindow();
    w->resize(1600, 1000);
    w->show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(w.get()));
    Session* s = w->session();
    RoofChartView* view = w->chartView();
    const ViewRange fit = w->chart()->effectiveRange();
    ASSERT_FALSE(s->view().has_value());

    // Wheel up zooms in around the cursor.
    const QPointF centre = view->toViewport(w->chart()->plotArea().center());
    QWheelEvent wheel(centre, view->viewport()->mapToGlobal(centre), QPoint(), QPoint(0, 120),
                      Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(view->viewport(), &wheel);
    ASSERT_TRUE(s->view().has_value());
    EXPECT_LT(std::log10(s->view()->aiMax / s->view()->aiMin), std::log10(fit.aiMax / fit.aiMin));
    EXPECT_NEAR(w->chart()->axisAi()->min(), s->view()->aiMin, s->view()->aiMin * 1e-6);

    // A rubber band on empty space zooms into it.
    const QRectF plot = w->chart()->plotArea();
    const QPointF a = view->toViewport(plot.topLeft() + QPointF(20, 20));
    const QPointF b = view->toViewport(plot.topLeft() + QPointF(220, 120));
    ASSERT_FALSE(view->pointAt(a).isValid());
    sendMouse(view->viewport(), QEvent::MouseButtonPress, a, Qt::LeftButton, Qt::LeftButton);
    sendMouse(view->viewport(), QEvent::MouseMove, b, Qt::NoButton, Qt::LeftButton);
    sendMouse(view->viewport(), QEvent::MouseButtonRelease, b, Qt::LeftButton, Qt::NoButton);
    const geometry::LogAxes axes = w->chart()->logAxes();
    EXPECT_NEAR(geometry::valueToPixel(axes, {s->view()->aiMin, s->view()->flopsMax}).x(),
                plot.left(), 1.0);

    // Reset view: back to the fit.
    s->setView(std::nullopt);
    EXPECT_EQ(w->chart()->effectiveRange(), fit);
}

TEST(RoofChart, ThemesRestyleAndKeepTheData)
{
    auto doc = defaultDocument();
    Session* s = doc->session();
    for (Theme t : {Theme::Dark, Theme::Slide, Theme::Light}) {
        s->setTheme(t);
        expectSeriesMatchCore(doc->chart(), s);
        EXPECT_EQ(doc->chart()->style().theme, t);
    }
    s->setTheme(Theme::Dark);
    EXPECT_LT(doc->chart()->backgroundBrush().color().lightness(), 80);
    s->setTheme(Theme::Slide);
    EXPECT_GE(doc->chart()->style().roofWidth, 4.0);
    EXPECT_GE(doc->chart()->style().tickFont.pointSizeF(), 14.0);
}

// A narrow chart (a small window with docks) must still name every accelerator.
TEST(ChartLegend, ShrinksToTheWidthItIsGivenInsteadOfCuttingNamesOff)
{
    ChartLegend legend;
    QFont font;
    font.setPixelSize(14);
    legend.setEntries({{Qt::red, QStringLiteral("A100 SXM4 80GB")},
                       {Qt::blue, QStringLiteral("H100 SXM5 80GB (baseline)")},
                       {Qt::green, QStringLiteral("H200 SXM 141GB")},
                       {Qt::magenta, QStringLiteral("B200 SXM 180GB")}},
                      font, Qt::black, 2.0);
    const QSizeF natural = legend.size();
    ASSERT_GT(natural.width(), 400.0);
    legend.setMaxWidth(natural.width() / 2);
    EXPECT_NEAR(legend.size().width(), natural.width() / 2, 1e-6);
    EXPECT_NEAR(legend.size().height(), natural.height() / 2, 1e-6);
    EXPECT_EQ(legend.entries().size(), 4);
    legend.setMaxWidth(natural.width() * 2);
    EXPECT_EQ(legend.size(), natural);
}
