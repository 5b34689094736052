// The chart facade and its layers: the interface speaks data values, the building blocks (ticks,
// legend layout, label placer, keyboard, curve hit test, point cloud) are wired in and do what they
// are for, and no Qt Charts type leaks out of the chart's implementation files.
#include "core/util/format.h"
#include "tests/generated/testpaths.h"
#include "ui/chart/chartdocument.h"
#include "ui/chart/chartkeyboard.h"
#include "ui/chart/layers/roofslayer.h"
#include "ui/chart/roofchart.h"
#include "ui/chart/roofchartview.h"
#include "uitestutil.h"

#include <QDirIterator>
#include <QFile>
#include <QFontMetricsF>
#include <QKeyEvent>
#include <QRegularExpression>
#include <QTest>

#include <gtest/gtest.h>

#include <cmath>
#include <set>

using namespace roofscope;
using roofscope::test::makeWindow;
using roofscope::test::operatorIndex;

namespace {

std::unique_ptr<ChartDocument> document(const Scenario& scenario = defaultScenario())
{
    auto doc =
        ChartDocument::fromScenario(scenario, HardwareCatalog::builtin(), QStringLiteral("test"));
    EXPECT_TRUE(doc.ok());
    return std::move(*doc);
}

std::vector<RoofChart::Tick> ticksOn(const RoofChart& chart, Qt::Orientation axis)
{
    std::vector<RoofChart::Tick> out;
    for (const auto& t : chart.tickLabels()) {
        if (t.axis == axis)
            out.push_back(t);
    }
    return out;
}

double decades(double lo, double hi)
{
    return std::log10(hi / lo);
}

void pressKey(QWidget* w, int key, Qt::KeyboardModifiers mods = Qt::NoModifier)
{
    QKeyEvent e(QEvent::KeyPress, key, mods);
    QCoreApplication::sendEvent(w, &e);
}

} // namespace

// Zoomed to less than a decade, both axes keep at least two numbers, on 1-2-5 steps inside the
// decade.
TEST(ChartFacade, TickLabelsStayAfterZoomingInsideADecade)
{
    auto doc = document();
    doc->resize(QSize(1280, 720));
    // Wide view: powers of ten.
    for (Qt::Orientation axis : {Qt::Horizontal, Qt::Vertical})
        EXPECT_GE(ticksOn(*doc->chart(), axis).size(), 3u);
    const ViewRange narrow{20.0, 60.0, 2.2e14, 6.5e14};
    doc->session()->viewSettings()->setView(narrow);
    ASSERT_LT(decades(narrow.aiMin, narrow.aiMax), 1.0);
    const auto x = ticksOn(*doc->chart(), Qt::Horizontal);
    const auto y = ticksOn(*doc->chart(), Qt::Vertical);
    ASSERT_GE(x.size(), 2u);
    ASSERT_GE(y.size(), 2u);
    for (const auto& t : x) {
        EXPECT_GE(t.value, narrow.aiMin * 0.999);
        EXPECT_LE(t.value, narrow.aiMax * 1.001);
        EXPECT_FALSE(t.label.isEmpty());
        // A round step of the decade (1-2-5, or finer on a long axis): 20, 50 or 20, 25, 30.
        const double mantissa = t.value / std::pow(10.0, std::floor(std::log10(t.value)));
        EXPECT_NEAR(mantissa * 2, std::round(mantissa * 2), 1e-9) << t.label.toStdString();
    }
    std::set<double> values;
    for (const auto& t : y) {
        EXPECT_GE(t.value, narrow.flopsMin * 0.999);
        EXPECT_LE(t.value, narrow.flopsMax * 1.001);
        EXPECT_TRUE(t.label.endsWith(QStringLiteral("FLOP/s"))) << t.label.toStdString();
        values.insert(t.value);
    }
    EXPECT_TRUE(values.count(3e14) || values.count(5e14)) << "a 1-2-5 value in 2.2–6.5e14";
}

// Six GPUs at 1366×768 wrap the legend instead of shrinking the font.
TEST(ChartFacade, LegendWithSixGpusAt1366x768KeepsTheMinimumFont)
{
    auto w = makeWindow();
    w->resize(1366, 768);
    w->show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(w.get()));
    Session* s = w->session();
    for (int hw = 0; hw < static_cast<int>(s->hardware().size()) && s->checkedHardware().size() < 6;
         ++hw)
        s->setChecked(hw, true);
    ASSERT_EQ(s->checkedHardware().size(), 6u);
    QCoreApplication::processEvents();
    const RoofChart::Legend legend = w->chart()->legend();
    ASSERT_EQ(legend.names.size(), 6);
    EXPECT_GE(legend.font.pointSizeF(), 9.0);
    EXPECT_GE(legend.font.pointSizeF(), w->chart()->style().tickFont.pointSizeF());
    // Every name fits the plot's width, above the plot.
    const QRectF plot = w->chart()->plotArea();
    EXPECT_LE(legend.box.width(), plot.width() + 1.0);
    EXPECT_LE(legend.box.bottom(), plot.top());
    EXPECT_GE(legend.box.top(), 0.0);
    // At 1920×1080 too (a taller, differently wide plot), the wrapped legend stays inside.
    w->resize(1920, 1080);
    QCoreApplication::processEvents();
    const RoofChart::Legend wide = w->chart()->legend();
    EXPECT_GE(wide.box.top(), 0.0);
    EXPECT_LE(wide.box.bottom(), w->chart()->plotArea().top());
    EXPECT_LE(wide.box.width(), w->chart()->plotArea().width() + 1.0);
    // The names need more than a row at that width.
    const QFontMetricsF fm(legend.font);
    qreal natural = 0;
    for (const QString& n : legend.names)
        natural += fm.horizontalAdvance(n) + 40;
    if (natural > plot.width()) {
        EXPECT_GE(legend.rows, 2);
    }
}

// One label per distinct roof value, no overlaps, leaders for moved labels, and an honest count of
// the labels left out.
TEST(ChartFacade, LabelsOnePerDistinctRoofValueWithoutOverlap)
{
    auto doc = document();
    ChartToggles all;
    all.fp8 = all.fp32Vector = all.fp64 = all.l2 = all.sweep = all.labels = true;
    doc->session()->viewSettings()->setToggles(all);
    for (QSize size : {QSize(1600, 900), QSize(700, 420), QSize(480, 300)}) {
        doc->resize(size);
        RoofChart* chart = doc->chart();
        const auto labels = chart->visibleLabels();
        ASSERT_FALSE(labels.empty());
        for (std::size_t i = 0; i < labels.size(); ++i) {
            EXPECT_TRUE(chart->plotArea().adjusted(-1, -1, 1, 1).contains(labels[i].box));
            for (std::size_t j = i + 1; j < labels.size(); ++j)
                EXPECT_FALSE(labels[i].box.intersects(labels[j].box))
                    << labels[i].text.toStdString() << " / " << labels[j].text.toStdString();
        }
        // Per flat extra-roof name: no more labels than distinct peaks with that name.
        std::map<QString, std::set<double>> peaks;
        for (const FigureRoof& r : chart->roofs()) {
            if (r.role != RoofRole::Primary && r.flat)
                peaks[QString::fromStdString(r.label)].insert(r.peak);
        }
        ASSERT_FALSE(peaks.empty());
        for (const auto& [name, values] : peaks) {
            const auto n = std::count_if(labels.begin(), labels.end(),
                                         [&](const auto& l) { return l.text == name; });
            EXPECT_LE(static_cast<std::size_t>(n), values.size()) << name.toStdString();
        }
        if (size.width() < 600) {
            // A small chart cannot hold every label: the rest are counted, not piled up.
            EXPECT_GT(chart->hiddenLabelCount(), 0);
        }
    }
}

// Keyboard: +/−/arrows zoom and pan by the keyboard's factors, 0 resets.
TEST(ChartFacade, KeyboardZoomsAndPansByTheExpectedFactor)
{
    auto w = makeWindow();
    w->resize(1600, 1000);
    w->show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(w.get()));
    Session* s = w->session();
    RoofChartView* view = w->chartView();
    const ViewRange fit = w->chart()->effectiveRange();

    pressKey(view, Qt::Key_Plus);
    ASSERT_TRUE(s->viewSettings()->view().has_value());
    ViewRange v = *s->viewSettings()->view();
    EXPECT_NEAR(decades(v.aiMin, v.aiMax), decades(fit.aiMin, fit.aiMax) / ChartKeyboard::kZoomStep,
                1e-9);
    EXPECT_NEAR(decades(v.flopsMin, v.flopsMax),
                decades(fit.flopsMin, fit.flopsMax) / ChartKeyboard::kZoomStep, 1e-9);
    // About the centre: the log-centre stays.
    EXPECT_NEAR(std::log10(v.aiMin * v.aiMax), std::log10(fit.aiMin * fit.aiMax), 1e-9);
    EXPECT_NEAR(w->chart()->logAxes().range.aiMin / v.aiMin, 1.0, 1e-6);

    const ViewRange zoomed = v;
    pressKey(view, Qt::Key_Right);
    v = *s->viewSettings()->view();
    const double span = decades(zoomed.aiMin, zoomed.aiMax);
    EXPECT_NEAR(std::log10(v.aiMin / zoomed.aiMin), span * ChartKeyboard::kPanFraction, 1e-9);
    EXPECT_DOUBLE_EQ(v.flopsMin, zoomed.flopsMin);

    pressKey(view, Qt::Key_Minus);
    v = *s->viewSettings()->view();
    EXPECT_NEAR(decades(v.aiMin, v.aiMax), span * ChartKeyboard::kZoomStep, 1e-9);

    pressKey(view, Qt::Key_0);
    EXPECT_FALSE(s->viewSettings()->view().has_value());
    EXPECT_EQ(w->chart()->effectiveRange(), fit);
    // Tab is not the chart's: focus moves on.
    QKeyEvent tab(QEvent::KeyPress, Qt::Key_Tab, Qt::NoModifier);
    tab.ignore();
    EXPECT_FALSE(ChartKeyboard::apply(fit, fit, tab).has_value());
}

// Hovering a point or a roof names it.
TEST(ChartFacade, TooltipsNamePointsAndRoofs)
{
    auto doc = document();
    doc->resize(QSize(1600, 900));
    Session* s = doc->session();
    RoofChart* chart = doc->chart();
    const int decode = operatorIndex(*s, "decode_matmul");
    const int h100 = s->hardwareIndex("h100-sxm5");
    const auto& e = s->estimate(decode, h100);
    ASSERT_TRUE(e.ok());
    const geometry::LogAxes axes = chart->logAxes();
    const QPointF at = geometry::valueToPixel(axes, {e->ai, e->attainable});
    const PointRef hit = chart->pointAt(at, 3.0);
    ASSERT_EQ(hit.op, decode);
    const QString tip = chart->toolTipAt(at);
    const QString name = QString::fromStdString(s->operators()[std::size_t(decode)].displayName());
    EXPECT_TRUE(tip.contains(name)) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("memory-bound"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QString::fromStdString(formatNumber(e->ai, 4)))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QString::fromStdString(formatFlopsRate(e->attainable))))
        << tip.toStdString();

    // The H100's primary roof, halfway along its flat part between ridge and right edge.
    const FigureRoof* roof = nullptr;
    for (const FigureRoof& r : chart->roofs()) {
        if (r.hardware == h100 && r.role == RoofRole::Primary)
            roof = &r;
    }
    ASSERT_NE(roof, nullptr);
    const double ai = std::sqrt(roof->ridgeAi * axes.range.aiMax);
    const QString roofTip =
        chart->toolTipAt(geometry::valueToPixel(axes, {ai, roof->peak}) + QPointF(0, 2));
    // H100 and H200 share this peak: the roof drawn on top names itself.
    EXPECT_TRUE(std::any_of(chart->roofs().begin(), chart->roofs().end(), [&](const auto& r) {
        return r.peak == roof->peak && roofTip.contains(QString::fromStdString(r.label)) &&
               roofTip.contains(s->shortName(r.hardware));
    })) << roofTip.toStdString();
    EXPECT_TRUE(roofTip.contains(QString::fromStdString(formatFlopsRate(roof->peak))))
        << roofTip.toStdString();
    // Empty space says nothing.
    EXPECT_TRUE(chart->toolTipAt(axes.plot.topLeft() + QPointF(3, 3)).isEmpty());
}

// Measured kernels (Figure::measured) in the point-cloud layer and links as arrows from the
// predicted point to the measured one.
TEST(ChartFacade, MeasuredPointsAndLinksAreDrawn)
{
    auto doc = document();
    doc->resize(QSize(1280, 720));
    Session* s = doc->session();
    RoofChart* chart = doc->chart();
    const int decode = operatorIndex(*s, "decode_matmul");
    const int h100 = s->hardwareIndex("h100-sxm5");
    const auto& e = s->estimate(decode, h100);
    ASSERT_TRUE(e.ok());
    auto point = [h100](std::string name, DataPoint value) {
        MeasuredPoint p;
        p.name = std::move(name);
        p.hardware = h100;
        p.value = value;
        return p;
    };
    std::vector<MeasuredPoint> measured;
    for (int i = 0; i < 100000; ++i)
        measured.push_back(
            point("k" + std::to_string(i), {0.5 + (i % 1000) * 0.1, 1e12 + (i / 1000) * 1e12}));
    // The last one: a kernel at 40 % of the prediction, linked to the decode matmul.
    measured.push_back(point("gemm_v0", {e->ai * 0.8, e->attainable * 0.4}));
    const int last = static_cast<int>(measured.size()) - 1;
    MeasuredLink link;
    link.measured = last;
    link.op = decode;
    link.hardware = h100;
    chart->setMeasured(measured, {link});
    EXPECT_EQ(chart->measuredPoints().size(), 100001u);
    EXPECT_EQ(chart->linkCount(), 1);
    const geometry::LogAxes axes = chart->logAxes();
    const QString tip =
        chart->toolTipAt(geometry::valueToPixel(axes, {e->ai * 0.8, e->attainable * 0.4}));
    EXPECT_TRUE(tip.contains(QStringLiteral("gemm_v0"))) << tip.toStdString();
    // The arrow is drawn: text-coloured ink halfway between the two points.
    const QImage img = doc->chart()->renderImage(QSize(1280, 720));
    const QPointF a = geometry::valueToPixel(axes, {e->ai, e->attainable});
    const QPointF b = geometry::valueToPixel(axes, {e->ai * 0.8, e->attainable * 0.4});
    const QPoint mid = ((a + b) / 2).toPoint();
    int dark = 0;
    for (int dy = -2; dy <= 2; ++dy) {
        for (int dx = -2; dx <= 2; ++dx)
            dark += img.pixelColor(mid + QPoint(dx, dy)).lightness() < 120;
    }
    EXPECT_GE(dark, 2);
    // A link to a kernel that does not exist draws nothing.
    link.measured = static_cast<int>(measured.size());
    chart->setMeasured(measured, {link});
    EXPECT_EQ(chart->linkCount(), 0);
}

// A roof role the chart does not know (a new one, e.g. an interconnect roof) gets a pen of its
// own rather than one of another role's.
TEST(ChartFacade, UnknownRoofRoleGetsItsOwnPen)
{
    const auto unknown = RoofsLayer::penStyle(static_cast<RoofRole>(100));
    for (RoofRole r : {RoofRole::Primary, RoofRole::Used, RoofRole::Toggled, RoofRole::Cache})
        EXPECT_NE(RoofsLayer::penStyle(r), unknown);
}

// Qt Charts types appear only in the chart's implementation files, never in a header.
TEST(ChartFacade, QtChartsStaysInsideTheChartImplementation)
{
    const QRegularExpression chartsType(QStringLiteral(
        R"(QtCharts|#include\s*<Q(Chart|ScatterSeries|LineSeries|LogValueAxis|ValueAxis|XYSeries|Legend)|QChartView)"));
    // No header names a Qt Charts type at all, not even forward-declared.
    const QRegularExpression chartsName(QStringLiteral(
        R"(\bQ(Chart|ScatterSeries|LineSeries|LogValueAxis|ValueAxis|XYSeries|ChartView|AbstractSeries)\b)"));
    int headers = 0;
    for (const QString& dir : {QStringLiteral("ui"), QStringLiteral("app"), QStringLiteral("core"),
                               QStringLiteral("tests")}) {
        QDirIterator it(QString::fromUtf8(ROOFSCOPE_SOURCE_DIR) + QStringLiteral("/") + dir,
                        {QStringLiteral("*.h"), QStringLiteral("*.cpp")}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            QFile f(path);
            ASSERT_TRUE(f.open(QIODevice::ReadOnly)) << path.toStdString();
            const QString text = QString::fromUtf8(f.readAll());
            headers += path.endsWith(QStringLiteral(".h"));
            if (path.endsWith(QStringLiteral(".h"))) {
                EXPECT_FALSE(text.contains(chartsName)) << path.toStdString();
            }
            if (!text.contains(chartsType))
                continue;
            const bool inChart = path.contains(QStringLiteral("/ui/chart/")) &&
                                 path.endsWith(QStringLiteral(".cpp"));
            const bool thisTest = path.endsWith(QStringLiteral("chartfacade_test.cpp"));
            EXPECT_TRUE(inChart || thisTest) << path.toStdString();
        }
    }
    EXPECT_GT(headers, 50);
}
