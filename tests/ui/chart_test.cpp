// The chart against the core: every point where the core puts it, a slider step moving
// exactly the affected points, a drag on the viewport solving back to the parameter, and the
// pure mapping agreeing with Qt's own.
#include "core/figure/logscale.h"
#include "ui/chart/chartdocument.h"
#include "ui/chart/chartgeometry.h"
#include "ui/chart/chartlabel.h"
#include "ui/chart/chartlegend.h"
#include "ui/chart/roofchart.h"
#include "ui/chart/roofchartview.h"
#include "ui/controls/logslider.h"
#include "ui/models/operatormodel.h"
#include "ui/widgets/parameterpanel.h"
#include "ui/widgets/readoutpanel.h"
#include "uitestutil.h"

#include <QMouseEvent>
#include <QRegularExpression>
#include <QSignalSpy>
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

// Every point of every operator must be the core's (AI, attainable) on some checked
// accelerator, in the checked order.
void expectSeriesMatchCore(RoofChart* chart, Session* s)
{
    for (int op = 0; op < static_cast<int>(s->operators().size()); ++op) {
        const std::vector<DataPoint> series = chart->operatorPoints(op);
        ASSERT_EQ(series.size(), s->checkedHardware().size());
        for (std::size_t i = 0; i < series.size(); ++i) {
            const int hw = s->checkedHardware()[i];
            const Estimate e = coreEstimate(s->operators()[static_cast<std::size_t>(op)],
                                            s->hardware()[static_cast<std::size_t>(hw)]);
            EXPECT_DOUBLE_EQ(series[i].ai, e.ai) << "op " << op << " hw " << hw;
            EXPECT_DOUBLE_EQ(series[i].flops, e.attainable) << "op " << op << " hw " << hw;
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
        const std::vector<DataPoint> roof = doc->chart()->roofPoints(hw);
        const auto& e = s->estimate(s->selectedOperator(), hw);
        ASSERT_TRUE(e.ok());
        ASSERT_EQ(roof.size(), 3u);
        EXPECT_DOUBLE_EQ(roof[1].ai, e->ridgeAi);
        EXPECT_DOUBLE_EQ(roof[1].flops, e->ceiling.flopsPerS);
        EXPECT_DOUBLE_EQ(roof[2].flops, e->ceiling.flopsPerS);
        // The slope: bandwidth × AI.
        EXPECT_NEAR(roof[0].flops / (roof[0].ai * e->memory.bytesPerS), 1.0, 1e-12);
        // Nothing ≤ 0 ever reaches a log axis.
        for (const DataPoint& p : roof)
            EXPECT_GT(std::min(p.ai, p.flops), 0.0);
    }
    // An image comes out without any window.
    const QImage img = doc->renderImage(QSize(800, 450), 2.0);
    EXPECT_EQ(img.size(), QSize(1600, 900));
}

TEST(RoofChart, PureMappingAgreesWithTheDrawnPicture)
{
    auto doc = defaultDocument();
    const QImage img = doc->renderImage(QSize(1280, 720));
    RoofChart* chart = doc->chart();
    const geometry::LogAxes axes = chart->logAxes();
    // The axis ranges are the view, and the plot area is where the picture draws: every solid
    // marker shows its GPU's colour where the pure mapping puts it.
    EXPECT_NEAR(axes.range.aiMin / chart->effectiveRange().aiMin, 1.0, 1e-6);
    EXPECT_NEAR(axes.range.flopsMax / chart->effectiveRange().flopsMax, 1.0, 1e-6);
    int solid = 0;
    int found = 0;
    for (const RoofChart::PointInfo& p : chart->points()) {
        if (markerForOperator(p.ref.op).hollow)
            continue;
        ++solid;
        const QPoint px =
            geometry::valueToPixel(axes, QPointF(p.value.ai, p.value.flops)).toPoint();
        int near = 0;
        for (int dy = -3; dy <= 3; ++dy) {
            for (int dx = -3; dx <= 3; ++dx) {
                const QColor c = img.pixelColor(px + QPoint(dx, dy));
                near += std::abs(c.red() - p.color.red()) + std::abs(c.green() - p.color.green()) +
                            std::abs(c.blue() - p.color.blue()) <
                        40;
            }
        }
        found += near >= 3;
        // And back: the pixel maps to the value.
        const DataPoint back =
            chart->valueAt(geometry::valueToPixel(axes, {p.value.ai, p.value.flops}));
        EXPECT_NEAR(back.ai / p.value.ai, 1.0, 1e-9);
    }
    ASSERT_GT(solid, 10);
    // Coinciding markers hide each other: most, not all, show their own colour.
    EXPECT_GE(found, solid * 3 / 4) << found << " of " << solid;
}

// Past the shape set an operator's markers are hollow: a ring in the GPU's colour (not a dark
// ring that leaves the GPU to be guessed from the line beneath), on the light and dark themes.
TEST(RoofChart, HollowMarkersAreRingsInTheirGpusColour)
{
    for (const Theme theme : {Theme::Light, Theme::Dark}) {
        auto doc = defaultDocument();
        doc->session()->viewSettings()->setTheme(theme);
        const QImage img = doc->renderImage(QSize(1280, 720));
        RoofChart* chart = doc->chart();
        const geometry::LogAxes axes = chart->logAxes();
        int hollow = 0;
        int ringed = 0;
        std::vector<QPoint> drawn; // H100's and H200's peaks coincide: one covers the other
        const auto points = chart->points();
        for (auto it = points.rbegin(); it != points.rend(); ++it) {
            const RoofChart::PointInfo& p = *it;
            if (!markerForOperator(p.ref.op).hollow ||
                p.ref.op == doc->session()->selectedOperator())
                continue;
            const QPoint px =
                geometry::valueToPixel(axes, QPointF(p.value.ai, p.value.flops)).toPoint();
            const bool covered = std::any_of(drawn.begin(), drawn.end(), [&](QPoint q) {
                return (q - px).manhattanLength() < 6;
            });
            drawn.push_back(px);
            if (covered)
                continue;
            ++hollow;
            // Above and below the centre, off the (horizontal) roof the point sits on.
            int matches = 0;
            for (int dy = 3; dy <= 10; ++dy) {
                for (const int sign : {-1, 1}) {
                    const QColor c = img.pixelColor(px + QPoint(0, sign * dy));
                    matches += std::abs(c.red() - p.color.red()) +
                                   std::abs(c.green() - p.color.green()) +
                                   std::abs(c.blue() - p.color.blue()) <
                               60;
                }
            }
            ringed += matches >= 2;
        }
        ASSERT_GE(hollow, 3) << "the default story has a seventh operator";
        EXPECT_EQ(ringed, hollow) << (theme == Theme::Dark ? "dark" : "light");
    }
}

TEST(RoofChart, SweepAndCrossingFromCore)
{
    auto doc = defaultDocument();
    Session* s = doc->session();
    const int h100 = s->hardwareIndex("h100-sxm5");
    const std::vector<DataPoint> sweep = doc->chart()->sweepPoints(h100);
    // Batch 1, the crossing, batch 4096: the path lies on the roof, straight in log-log
    // space on either side of the ridge.
    ASSERT_EQ(sweep.size(), 3u);
    // From batch 1 (AI ≈ 1, 3.35 TFLOP/s) to batch 4096 (AI = 4096·8192/(8192+8192) = 2048).
    EXPECT_NEAR(sweep[0].ai, 0.9998, 1e-3);
    EXPECT_NEAR(sweep[0].flops, 3.349e12, 1e9);
    EXPECT_NEAR(sweep[2].ai, 2048.0, 1.0);
    EXPECT_NEAR(sweep[2].flops, 989.4e12, 1e10);
    const auto crossing = doc->chart()->crossingPoint(h100);
    ASSERT_TRUE(crossing.has_value());
    // The crossing sits on the ridge: AI = 295, 989.4 TFLOP/s.
    EXPECT_NEAR(crossing->ai, 295.3, 0.5);
    EXPECT_NEAR(crossing->flops, 989.4e12, 1e10);
    // One sweep per checked GPU, and every roof the figure holds is stroked.
    EXPECT_EQ(doc->chart()->figure().sweeps.size(), 4u);
    EXPECT_EQ(doc->chart()->drawnRoofs().size(), doc->chart()->roofs().size());
}

TEST(RoofChart, LabelsDoNotOverlap)
{
    auto doc = defaultDocument();
    doc->resize(QSize(1600, 900));
    const auto labels = doc->chart()->visibleLabels();
    // Seven operators and four ridges at least.
    ASSERT_GE(labels.size(), 11u);
    for (std::size_t i = 0; i < labels.size(); ++i) {
        EXPECT_TRUE(doc->chart()->plotArea().contains(labels[i].box))
            << labels[i].text.toStdString();
        for (std::size_t j = i + 1; j < labels.size(); ++j)
            EXPECT_FALSE(labels[i].box.intersects(labels[j].box))
                << labels[i].text.toStdString() << " / " << labels[j].text.toStdString();
    }
}

TEST(RoofChart, SliderMovesExactlyTheAffectedPoints)
{
    auto w = makeWindow();
    Session* s = w->session();
    RoofChart* chart = w->chart();
    const int decode = operatorIndex(*s, "decode_matmul");
    std::vector<std::vector<DataPoint>> before;
    for (int op = 0; op < static_cast<int>(s->operators().size()); ++op)
        before.push_back(chart->operatorPoints(op));
    std::vector<std::vector<DataPoint>> roofsBefore;
    for (int hw : s->checkedHardware())
        roofsBefore.push_back(chart->roofPoints(hw));

    LogSlider* slider = w->parameterPanel()->slider("batch");
    ASSERT_NE(slider, nullptr);
    slider->slider()->setValue(500); // log scale 1…4096: the middle is batch 64
    w->parameterPanel()->flushPending();
    ASSERT_EQ(s->operators()[static_cast<std::size_t>(decode)].params.number("batch"), 64.0);
    EXPECT_EQ(slider->spinBox()->value(), 64);

    for (int op = 0; op < static_cast<int>(s->operators().size()); ++op) {
        const std::vector<DataPoint> now = chart->operatorPoints(op);
        if (op != decode) {
            EXPECT_EQ(now, before[static_cast<std::size_t>(op)]) << "op " << op << " moved";
            continue;
        }
        ASSERT_EQ(now.size(), 4u);
        for (std::size_t i = 0; i < 4; ++i) {
            const int hw = s->checkedHardware()[i];
            Operator op64 = s->operators()[static_cast<std::size_t>(decode)];
            const Estimate e = coreEstimate(op64, s->hardware()[static_cast<std::size_t>(hw)]);
            // AI = 64·8192/(8192 + 128) ≈ 63.0
            EXPECT_NEAR(e.ai, 64.0 * 8192 / (8192 + 128), 1e-9);
            EXPECT_DOUBLE_EQ(now[i].ai, e.ai);
            EXPECT_DOUBLE_EQ(now[i].flops, e.attainable);
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
    QObject::connect(s, &Session::operatorsChanged,
                     [&](int first, int last) { updates += first <= decode && decode <= last; });
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
              logscale::valueToSlider(batch, LogSlider::kSteps, 1, 4096));
    EXPECT_NE(w->readoutPanel()->field(QStringLiteral("ai")), aiBefore);
    EXPECT_TRUE(w->readoutPanel()->field(QStringLiteral("ai")).startsWith(QStringLiteral("9")) ||
                w->readoutPanel()->field(QStringLiteral("ai")).startsWith(QStringLiteral("10")))
        << w->readoutPanel()->field(QStringLiteral("ai")).toStdString();
    // One drag, one undo step.
    EXPECT_EQ(s->undoStack()->count(), undoBefore + 1);
    // The dragged point is where the core says.
    const Estimate now = coreEstimate(s->operators()[static_cast<std::size_t>(decode)],
                                      s->hardware()[static_cast<std::size_t>(h100)]);
    const auto i = static_cast<std::size_t>(
        std::find(s->checkedHardware().begin(), s->checkedHardware().end(), h100) -
        s->checkedHardware().begin());
    EXPECT_DOUBLE_EQ(chart->operatorPoints(decode).at(i).ai, now.ai);
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
        EXPECT_GT(std::min(p.value.ai, p.value.flops), 0.0);
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
    ASSERT_FALSE(s->viewSettings()->view().has_value());

    // Wheel up zooms in around the cursor.
    const QPointF centre = view->toViewport(w->chart()->plotArea().center());
    QWheelEvent wheel(centre, view->viewport()->mapToGlobal(centre), QPoint(), QPoint(0, 120),
                      Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(view->viewport(), &wheel);
    ASSERT_TRUE(s->viewSettings()->view().has_value());
    EXPECT_LT(std::log10(s->viewSettings()->view()->aiMax / s->viewSettings()->view()->aiMin),
              std::log10(fit.aiMax / fit.aiMin));
    EXPECT_NEAR(w->chart()->logAxes().range.aiMin, s->viewSettings()->view()->aiMin,
                s->viewSettings()->view()->aiMin * 1e-6);

    // A rubber band on empty space zooms into it.
    const QRectF plot = w->chart()->plotArea();
    const QPointF a = view->toViewport(plot.topLeft() + QPointF(20, 20));
    const QPointF b = view->toViewport(plot.topLeft() + QPointF(220, 120));
    ASSERT_FALSE(view->pointAt(a).isValid());
    sendMouse(view->viewport(), QEvent::MouseButtonPress, a, Qt::LeftButton, Qt::LeftButton);
    sendMouse(view->viewport(), QEvent::MouseMove, b, Qt::NoButton, Qt::LeftButton);
    sendMouse(view->viewport(), QEvent::MouseButtonRelease, b, Qt::LeftButton, Qt::NoButton);
    const geometry::LogAxes axes = w->chart()->logAxes();
    EXPECT_NEAR(geometry::valueToPixel(
                    axes, {s->viewSettings()->view()->aiMin, s->viewSettings()->view()->flopsMax})
                    .x(),
                plot.left(), 1.0);

    // Reset view: back to the fit.
    s->viewSettings()->setView(std::nullopt);
    EXPECT_EQ(w->chart()->effectiveRange(), fit);
}

TEST(RoofChart, ThemesRestyleAndKeepTheData)
{
    auto doc = defaultDocument();
    Session* s = doc->session();
    for (Theme t : {Theme::Dark, Theme::Slide, Theme::Light}) {
        s->viewSettings()->setTheme(t);
        expectSeriesMatchCore(doc->chart(), s);
        EXPECT_EQ(doc->chart()->style().theme, t);
    }
    s->viewSettings()->setTheme(Theme::Dark);
    EXPECT_LT(doc->renderImage(QSize(400, 300)).pixelColor(2, 2).lightness(), 80);
    s->viewSettings()->setTheme(Theme::Slide);
    EXPECT_GE(doc->chart()->style().roofWidth, 4.0);
    EXPECT_GE(doc->chart()->style().tickFont.pointSizeF(), 14.0);
}

// A narrow chart (a small window with docks) must still name every accelerator, in a font that can
// be read: more rows, never a smaller font.
TEST(ChartLegend, WrapsToTheWidthItIsGivenInsteadOfShrinking)
{
    ChartLegend legend;
    QFont font;
    font.setPointSizeF(10.0);
    legend.setEntries({{Qt::red, QStringLiteral("A100 SXM4 80GB")},
                       {Qt::blue, QStringLiteral("H100 SXM5 80GB (baseline)")},
                       {Qt::green, QStringLiteral("H200 SXM 141GB")},
                       {Qt::magenta, QStringLiteral("B200 SXM 180GB")}},
                      font, Qt::black, 2.0);
    const QSizeF natural = legend.size();
    ASSERT_GT(natural.width(), 400.0);
    EXPECT_EQ(legend.layout().rows, 1);
    legend.setMaxWidth(natural.width() / 2);
    EXPECT_LE(legend.size().width(), natural.width() / 2 + 1e-6);
    EXPECT_GE(legend.layout().rows, 2);
    EXPECT_GT(legend.size().height(), natural.height() * 1.5);
    EXPECT_DOUBLE_EQ(legend.layout().font.pointSizeF(), 10.0);
    EXPECT_EQ(legend.layout().entries.size(), 4u);
    legend.setMaxWidth(natural.width() * 2);
    EXPECT_EQ(legend.size(), natural);
}

// While a point is dragged its label keeps its side and every other label stays where it was
// (placed afresh each frame, the H100 decode matmul's label went left → above → right and
// LayerNorm, Softmax and GELU swapped places); at release the labels are placed again.
TEST(RoofChartView, LabelsHoldTheirPlacesWhileAPointIsDragged)
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
    s->setBaseline(h100);
    const auto& e = s->estimate(decode, h100);
    ASSERT_TRUE(e.ok());
    const geometry::LogAxes axes = chart->logAxes();
    const QPointF start = view->toViewport(geometry::valueToPixel(axes, {e->ai, e->attainable}));
    const QPointF target = view->toViewport(geometry::valueToPixel(axes, {60.0, e->attainable}));
    // Offsets of every label from the spot it names, by key.
    auto offsets = [&] {
        std::map<QString, QPointF> out;
        for (const RoofChart::Label& l : chart->visibleLabels()) {
            if (!l.key.isEmpty())
                out[l.key] = l.box.topLeft() - l.anchor;
        }
        return out;
    };
    auto boxes = [&] {
        std::map<QString, QRectF> out;
        for (const RoofChart::Label& l : chart->visibleLabels()) {
            if (!l.key.isEmpty())
                out[l.key] = l.box;
        }
        return out;
    };
    QWidget* vp = view->viewport();
    sendMouse(vp, QEvent::MouseButtonPress, start, Qt::LeftButton, Qt::LeftButton);
    const std::map<QString, QPointF> before = offsets();
    const std::map<QString, QRectF> beforeBoxes = boxes();
    const QString key = QStringLiteral("op:Decode matmul");
    ASSERT_TRUE(before.count(key));
    ASSERT_GE(before.size(), 6u);
    for (int i = 1; i <= 12; ++i) {
        const QPointF p = start + (target - start) * (i / 12.0);
        sendMouse(vp, QEvent::MouseMove, p, Qt::NoButton, Qt::LeftButton);
        const std::map<QString, QPointF> now = offsets();
        const std::map<QString, QRectF> nowBoxes = boxes();
        ASSERT_TRUE(now.count(key)) << "step " << i;
        EXPECT_EQ(now.at(key), before.at(key)) << "step " << i;
        for (const auto& [k, box] : beforeBoxes) {
            // Operator labels other than the dragged one name points that did not move.
            if (k.startsWith(QStringLiteral("op:")) && k != key && nowBoxes.count(k)) {
                EXPECT_EQ(nowBoxes.at(k), box) << k.toStdString() << " moved at step " << i;
            }
        }
    }
    const double during = s->operators()[static_cast<std::size_t>(decode)].params.number("batch");
    EXPECT_GT(during, 30.0); // the point really moved
    sendMouse(vp, QEvent::MouseButtonRelease, target, Qt::LeftButton, Qt::NoButton);
    // Released: placed again, and none of them is the user's pin.
    for (const RoofChart::Label& l : chart->visibleLabels())
        EXPECT_FALSE(l.pinned) << l.key.toStdString();
}

// While a slider is dragged each label first tries its last place beside its point (placed
// afresh on every step, the decode matmul's label jumped from side to side as its point moved);
// released, the labels are placed afresh, as any other update places them.
TEST(RoofChartView, LabelsFollowTheirPlacesWhileASliderIsDragged)
{
    auto w = makeWindow();
    w->resize(1600, 1000);
    w->show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(w.get()));
    Session* s = w->session();
    RoofChart* chart = w->chart();
    auto boxes = [&] {
        std::map<QString, std::pair<QRectF, QPointF>> out; // box, anchor
        for (const RoofChart::Label& l : chart->visibleLabels()) {
            if (!l.key.isEmpty())
                out[l.key] = {l.box, l.anchor};
        }
        return out;
    };
    LogSlider* slider = w->parameterPanel()->slider("batch");
    ASSERT_NE(slider, nullptr);
    // Each shown text's item: a text shown in two frames keeps its item (and its cached picture).
    auto items = [&] {
        std::map<QString, const ChartLabel*> out;
        for (const QGraphicsItem* item : w->chartView()->scene()->items()) {
            const auto* label = dynamic_cast<const ChartLabel*>(item);
            if (label && label->isVisible())
                out[label->text()] = label;
        }
        return out;
    };
    const QString key = QStringLiteral("op:Decode matmul");
    emit slider->slider()->sliderPressed();
    EXPECT_TRUE(s->inGesture());
    auto last = boxes();
    auto lastItems = items();
    ASSERT_TRUE(last.count(key));
    int kept = 0;
    int moved = 0;
    for (int step = 1; step <= 12; ++step) {
        slider->slider()->setValue(300 + 40 * step);
        w->parameterPanel()->flushPending();
        const auto now = boxes();
        ASSERT_TRUE(now.count(key)) << "step " << step;
        const auto& [box, anchor] = now.at(key);
        const auto& [lastBox, lastAnchor] = last.at(key);
        moved += anchor != lastAnchor;
        kept += anchor != lastAnchor && box.topLeft() - anchor == lastBox.topLeft() - lastAnchor;
        last = now;
        const auto nowItems = items();
        for (const auto& [text, item] : nowItems) {
            if (lastItems.count(text)) {
                EXPECT_EQ(item, lastItems.at(text)) << text.toStdString() << " at step " << step;
            }
        }
        lastItems = nowItems;
    }
    EXPECT_GE(moved, 11); // the point really moved on (almost) every step
    // Placed afresh on every step it kept its place 3 times in 12; where its last place is taken
    // by another label it moves.
    EXPECT_GE(kept, moved - 3) << "kept " << kept << " of " << moved;
    emit slider->slider()->sliderReleased();
    EXPECT_FALSE(s->inGesture());
    const auto released = boxes();
    chart->preferLabelOffsets({}); // the same state placed afresh
    EXPECT_EQ(boxes(), released);
}

// A modal dialog that opens mid-drag takes the mouse: the slider's release never arrives. The
// gesture ends when the held slider loses focus or is hidden, or the labels would keep
// following their old places (and edits keep merging) until some later drag ended.
TEST(LogSlider, AHeldSliderThatLosesFocusOrIsHiddenEndsTheGesture)
{
    auto w = makeWindow();
    w->show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(w.get()));
    Session* s = w->session();
    LogSlider* slider = w->parameterPanel()->slider("batch");
    ASSERT_NE(slider, nullptr);
    QSignalSpy ended(s, &Session::gestureEnded);

    slider->slider()->setSliderDown(true); // what a press on the handle does
    EXPECT_TRUE(s->inGesture());
    QFocusEvent focusOut(QEvent::FocusOut, Qt::ActiveWindowFocusReason);
    QCoreApplication::sendEvent(slider->slider(), &focusOut);
    EXPECT_FALSE(s->inGesture());
    EXPECT_FALSE(slider->slider()->isSliderDown());
    EXPECT_EQ(ended.count(), 1);

    slider->slider()->setSliderDown(true);
    EXPECT_TRUE(s->inGesture());
    slider->hide();
    EXPECT_FALSE(s->inGesture());
    EXPECT_EQ(ended.count(), 2);

    // Focus lost with nothing held ends nothing.
    slider->show();
    QCoreApplication::sendEvent(slider->slider(), &focusOut);
    EXPECT_EQ(ended.count(), 2);
}

// Words, not ids: a matmul's ridge label says what m counts ("tokens (m) ≥ N", never "m ≥ N"),
// and an operator row's tooltip gives its parameters by name ("Weight precision: INT4", never
// "weight_dtype=int4").
TEST(RoofChart, RidgeLabelsAndRowTooltipsUseWords)
{
    Scenario scenario;
    scenario.gpus = {"h100-sxm5"};
    auto matmul = parseOperatorSpec("matmul:m=1,n=8192,k=8192,weight_dtype=int4");
    ASSERT_TRUE(matmul.ok()) << matmul.error().message;
    scenario.operators = {*matmul};
    scenario.selected = 0;
    auto made =
        ChartDocument::fromScenario(scenario, HardwareCatalog::builtin(), QStringLiteral("words"));
    ASSERT_TRUE(made.ok());
    auto& doc = *made;
    doc->resize(QSize(1600, 900));

    QStringList ridges;
    for (const RoofChart::Label& l : doc->chart()->visibleLabels()) {
        if (l.text.startsWith(QStringLiteral("ridge ")))
            ridges << l.text;
    }
    ASSERT_EQ(ridges.size(), 1) << ridges.join(QStringLiteral(" | ")).toStdString();
    const QRegularExpression words(QStringLiteral("^ridge [0-9.,]+ · tokens \\(m\\) ≥ [0-9,]+$"));
    EXPECT_TRUE(words.match(ridges[0]).hasMatch()) << ridges[0].toStdString();

    OperatorModel model(doc->session());
    const QString tip = model.index(0, OperatorModel::NameColumn).data(Qt::ToolTipRole).toString();
    EXPECT_TRUE(tip.startsWith(QStringLiteral("Matmul\n"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("\nWeight precision: INT4\n"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("\nTokens (m): 1\n"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("\nOutput features (n): 8,192\n")))
        << tip.toStdString();
    // The spec's "key=value" ids are gone (the formulas below keep their symbols).
    EXPECT_FALSE(tip.contains(QStringLiteral("weight_dtype="))) << tip.toStdString();
    EXPECT_FALSE(tip.section(QStringLiteral("\nFLOP = "), 0, 0).contains(QLatin1Char('=')))
        << tip.toStdString();
    EXPECT_FALSE(tip.contains(QStringLiteral("matmul:"))) << tip.toStdString();
}
