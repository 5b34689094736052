// The serving chart beside the roofline: its curves are the core's, its rings follow the model's
// batch slider and the roofline moves with them, dragging a ring (or pressing a batch's dot, or
// a key) sets the batch in one undo step, hovering names a point, published measurements and
// their band are drawn, and exports write the figure and the data.
#include "core/serving/publishedresult.h"
#include "core/serving/serving.h"
#include "core/serving/servingreport.h"
#include "core/util/format.h"
#include "modelwindow.h"
#include "ui/chart/roofchart.h"
#include "ui/chart/roofchartview.h"
#include "ui/controls/logslider.h"
#include "ui/serving/servingchart.h"
#include "ui/serving/servingview.h"
#include "ui/style/chartstyle.h"
#include "ui/text/humanformat.h"

#include <QAction>
#include <QCheckBox>
#include <QFile>
#include <QImage>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cmath>

using namespace roofscope;

namespace {

struct Fixture : test::ModelWindow {
    ServingView* view = window->servingView();
    ServingChart* chart = view->chart();

    Fixture()
    {
        window->resize(1600, 1000);
        window->show();
        window->showServingChart(true);
        // The lengths are kept in the settings: every test starts from the defaults.
        view->promptBox()->setValue(1024);
        view->outputBox()->setValue(256);
        chooseModel("llama-2-7b");
        QCoreApplication::processEvents();
    }

    const Hardware& gpu(int hw) const { return session->hardware()[static_cast<std::size_t>(hw)]; }

    ServingSetup setup() const
    {
        ServingSetup s;
        s.precisions = workbench->scenario();
        s.promptTokens = view->promptBox()->value();
        s.outputTokens = view->outputBox()->value();
        return s;
    }

    // The core's point for `batch` on the H100 curve, computed here independently.
    ServingPoint corePoint(double batch) const
    {
        auto p = servingPoint(workbench->model(), setup(), workbench->layout(), gpu(h100()), batch);
        EXPECT_TRUE(p.ok());
        return p.ok() ? *p : ServingPoint{};
    }

    int h100Curve()
    {
        const auto& curves = view->curves();
        for (std::size_t c = 0; c < curves.size(); ++c)
            if (curves[c].gpu == "h100-sxm5")
                return static_cast<int>(c);
        ADD_FAILURE() << "no H100 curve";
        return 0;
    }

    QPointF ringOnScreen(int curve) const
    {
        const auto& current = chart->figure().curves.at(static_cast<std::size_t>(curve)).current;
        EXPECT_TRUE(current.has_value());
        return chart->screenPoint(current.value_or(QPointF(1, 1)));
    }

    // The batch of the decode matmuls the roofline shows: the model's "Q projection" row is a
    // decode matmul of the model's batch.
    double rooflineBatch() const
    {
        for (const Operator& op : session->operators())
            if (op.kind == "decode_matmul" && op.label.rfind("Q projection", 0) == 0)
                return op.params.number("batch");
        ADD_FAILURE() << "no Q projection row on the roofline";
        return 0.0;
    }

    void dragSlider(double value)
    {
        LogSlider* s = panel->batchSlider();
        emit s->gestureStarted();
        s->slider()->setSliderDown(true);
        s->slider()->setValue(s->positionOf(value));
        panel->flushPending();
        s->slider()->setSliderDown(false);
        emit s->gestureFinished();
        // The rings follow from a worker, a moment later.
        ASSERT_TRUE(view->waitForRings());
    }
};

bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b));
}

} // namespace

TEST(ServingView, HiddenUntilAskedThenBesideTheRoofline)
{
    test::ModelWindow w;
    w.window->show();
    ServingView* view = w.window->servingView();
    ASSERT_NE(view, nullptr);
    EXPECT_FALSE(view->isVisible());
    auto* action = w.window->findChild<QAction*>(QStringLiteral("servingChartAction"));
    ASSERT_NE(action, nullptr);
    EXPECT_EQ(action->shortcut(), QKeySequence(QStringLiteral("F8")));
    auto* exportAction = w.window->findChild<QAction*>(QStringLiteral("exportServingAction"));
    ASSERT_NE(exportAction, nullptr);
    EXPECT_FALSE(exportAction->isEnabled());
    action->trigger();
    EXPECT_TRUE(view->isVisible());
    EXPECT_TRUE(exportAction->isEnabled());
    auto* split = w.window->findChild<QSplitter*>(QStringLiteral("centralSplit"));
    ASSERT_NE(split, nullptr);
    EXPECT_EQ(split->indexOf(w.window->chartView()), 0);
    EXPECT_EQ(split->indexOf(view), 1);
    action->trigger();
    EXPECT_FALSE(view->isVisible());
}

TEST(ServingView, PromptAndOutputLengthsAreKeptForTheNextSession)
{
    {
        Fixture f;
        f.view->promptBox()->setValue(2000);
        f.view->outputBox()->setValue(500);
    }
    test::ModelWindow next;
    EXPECT_EQ(next.window->servingView()->promptBox()->value(), 2000);
    EXPECT_EQ(next.window->servingView()->outputBox()->value(), 500);
    next.window->servingView()->promptBox()->setValue(1024);
    next.window->servingView()->outputBox()->setValue(256);
}

TEST(ServingView, CurvesAreTheCoresOnEveryCheckedGpu)
{
    Fixture f;
    const auto& curves = f.view->curves();
    ASSERT_EQ(curves.size(), f.session->checkedHardware().size());
    for (std::size_t c = 0; c < curves.size(); ++c) {
        const int hw = f.session->checkedHardware()[c];
        auto expected =
            servingCurve(f.workbench->model(), f.setup(), f.workbench->layout(), f.gpu(hw));
        ASSERT_TRUE(expected.ok());
        EXPECT_EQ(curves[c].gpu, f.gpu(hw).id);
        EXPECT_EQ(curves[c].largestBatch, expected->largestBatch);
        ASSERT_EQ(curves[c].points.size(), expected->points.size());
        for (std::size_t i = 0; i < expected->points.size(); ++i) {
            EXPECT_DOUBLE_EQ(curves[c].points[i].tokensPerSPerUser,
                             expected->points[i].tokensPerSPerUser);
            EXPECT_DOUBLE_EQ(curves[c].points[i].tokensPerSPerGpu,
                             expected->points[i].tokensPerSPerGpu);
        }
        // What is drawn is what was computed.
        const ServingFigureCurve& drawn = f.chart->figure().curves.at(c);
        ASSERT_EQ(drawn.points.size(), expected->points.size());
        EXPECT_EQ(drawn.points.back().y(), expected->points.back().tokensPerSPerGpu);
        EXPECT_EQ(drawn.capacityEnd, expected->limit == ServingLimit::Memory);
    }
    // Llama-2-7B FP16 on one H100 at 1,024 + 256 tokens: weights 13.5 GB leave room for a
    // large batch, ended by memory.
    const ServingCurve& h100 = curves.at(static_cast<std::size_t>(f.h100Curve()));
    EXPECT_EQ(h100.limit, ServingLimit::Memory);
    EXPECT_GT(h100.largestBatch, 64.0);

    // A longer prompt: fewer requests fit.
    const double before = h100.largestBatch;
    f.view->promptBox()->setValue(4096);
    EXPECT_LT(f.view->curves().at(static_cast<std::size_t>(f.h100Curve())).largestBatch, before);
}

TEST(ServingView, TheBatchSliderMovesTheRingsAndTheRooflineTogether)
{
    Fixture f;
    const int c = f.h100Curve();
    for (double batch : {1.0, 8.0, 37.0, 64.0}) {
        f.dragSlider(batch);
        ASSERT_EQ(f.workbench->scenario().batch, batch);
        // The ring on the serving chart sits at the core's point for this batch...
        const ServingPoint expected = f.corePoint(batch);
        const auto& ring = f.chart->figure().curves.at(static_cast<std::size_t>(c)).current;
        ASSERT_TRUE(ring.has_value()) << batch;
        EXPECT_TRUE(near(ring->x(), expected.tokensPerSPerUser)) << batch;
        EXPECT_TRUE(near(ring->y(), expected.tokensPerSPerGpu)) << batch;
        EXPECT_TRUE(near(ring->y(), batch * ring->x())) << "per GPU = batch × per user on 1 GPU";
        // ...and the roofline's model rows are at the same batch.
        EXPECT_EQ(f.rooflineBatch(), batch);
        EXPECT_TRUE(f.chart->figure().curves.at(static_cast<std::size_t>(c)).currentFits);
    }
    // Past the capacity end (Llama-2-7B on one H100 holds fewer than 128 requests of 1,280
    // tokens) the ring waits at the end, dashed, while the roofline shows batch 128.
    const ServingCurve& curve = f.view->curves().at(static_cast<std::size_t>(c));
    ASSERT_LT(curve.largestBatch, 128.0);
    f.dragSlider(128.0);
    EXPECT_EQ(f.rooflineBatch(), 128.0);
    const ServingFigureCurve& drawn = f.chart->figure().curves.at(static_cast<std::size_t>(c));
    EXPECT_FALSE(drawn.currentFits);
    EXPECT_EQ(drawn.current, drawn.points.back());
}

TEST(ServingView, DraggingARingSetsTheBatchInOneUndoStep)
{
    Fixture f;
    f.dragSlider(2.0);
    const int c = f.h100Curve();
    const ServingCurve& curve = f.view->curves().at(static_cast<std::size_t>(c));
    // The curve's point for batch 16 is where the drag ends.
    const auto it = std::find_if(curve.points.begin(), curve.points.end(),
                                 [](const ServingPoint& p) { return p.batch == 16.0; });
    ASSERT_NE(it, curve.points.end());
    const QPointF target = f.chart->screenPoint({it->tokensPerSPerUser, it->tokensPerSPerGpu});
    const QPointF start = f.ringOnScreen(c);
    QUndoStack* undo = f.session->undoStack();
    const int steps = undo->count();

    QTest::mousePress(f.chart, Qt::LeftButton, Qt::NoModifier, start.toPoint());
    for (int i = 1; i <= 10; ++i) {
        const QPointF at = start + (target - start) * (i / 10.0);
        QMouseEvent move(QEvent::MouseMove, at, f.chart->mapToGlobal(at), Qt::NoButton,
                         Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(f.chart, &move);
        // Both charts in step at every step of the drag.
        EXPECT_EQ(f.rooflineBatch(), f.workbench->scenario().batch);
        EXPECT_EQ(f.panel->batchSlider()->value(), f.workbench->scenario().batch);
    }
    QTest::mouseRelease(f.chart, Qt::LeftButton, Qt::NoModifier, target.toPoint());
    ASSERT_TRUE(f.view->waitForRings());
    EXPECT_EQ(f.workbench->scenario().batch, 16.0);
    EXPECT_EQ(f.rooflineBatch(), 16.0);
    const ServingPoint expected = f.corePoint(16.0);
    const auto& ring = f.chart->figure().curves.at(static_cast<std::size_t>(c)).current;
    ASSERT_TRUE(ring.has_value());
    EXPECT_TRUE(near(ring->x(), expected.tokensPerSPerUser));
    // The whole drag is one undo step, back to batch 2.
    EXPECT_EQ(undo->count(), steps + 1);
    undo->undo();
    EXPECT_EQ(f.workbench->scenario().batch, 2.0);
    EXPECT_EQ(f.rooflineBatch(), 2.0);
}

// A ring drag whose release never arrives (a modal dialog took the mouse, the chart was
// hidden) still ends the session's gesture.
TEST(ServingView, ARingDragThatLosesFocusOrIsHiddenEndsTheGesture)
{
    Fixture f;
    f.dragSlider(2.0);
    const QPointF ring = f.ringOnScreen(f.h100Curve());
    QTest::mousePress(f.chart, Qt::LeftButton, Qt::NoModifier, ring.toPoint());
    EXPECT_TRUE(f.session->inGesture());
    QFocusEvent focusOut(QEvent::FocusOut, Qt::ActiveWindowFocusReason);
    QCoreApplication::sendEvent(f.chart, &focusOut);
    EXPECT_FALSE(f.session->inGesture());

    QTest::mousePress(f.chart, Qt::LeftButton, Qt::NoModifier, ring.toPoint());
    EXPECT_TRUE(f.session->inGesture());
    f.chart->hide();
    EXPECT_FALSE(f.session->inGesture());
}

TEST(ServingView, PressingADotAndKeysPickBatches)
{
    Fixture f;
    const int c = f.h100Curve();
    const ServingCurve& curve = f.view->curves().at(static_cast<std::size_t>(c));
    const ServingPoint& fourth = curve.points.at(3); // batch 8
    ASSERT_EQ(fourth.batch, 8.0);
    QTest::mouseClick(
        f.chart, Qt::LeftButton, Qt::NoModifier,
        f.chart->screenPoint({fourth.tokensPerSPerUser, fourth.tokensPerSPerGpu}).toPoint());
    EXPECT_EQ(f.workbench->scenario().batch, 8.0);
    f.chart->setFocus();
    QTest::keyClick(f.chart, Qt::Key_PageUp);
    EXPECT_EQ(f.workbench->scenario().batch, 16.0);
    QTest::keyClick(f.chart, Qt::Key_Right);
    EXPECT_EQ(f.workbench->scenario().batch, 17.0);
    QTest::keyClick(f.chart, Qt::Key_Home);
    EXPECT_EQ(f.workbench->scenario().batch, 1.0);
    QTest::keyClick(f.chart, Qt::Key_End);
    double largest = 0.0;
    for (const ServingCurve& each : f.view->curves())
        largest = std::max(largest, each.largestBatch);
    EXPECT_EQ(f.workbench->scenario().batch, largest);
}

TEST(ServingView, HoverNamesTheBatchThroughputsTtftAndMemory)
{
    Fixture f;
    f.dragSlider(4.0);
    const int c = f.h100Curve();
    const ServingPoint p = f.corePoint(4.0);
    const QString text = f.chart->toolTipAt(f.ringOnScreen(c));
    EXPECT_TRUE(text.contains(QStringLiteral("batch 4"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Tokens/s per user: ") +
                              HumanFormat::count(p.tokensPerSPerUser)))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Tokens/s per GPU: ") +
                              HumanFormat::count(p.tokensPerSPerGpu)))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Time to first token: ") +
                              QString::fromStdString(formatDuration(p.ttftS))))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QString::fromStdString(formatBytes(p.memoryBytesPerGpu))))
        << text.toStdString();
    // The capacity end says so.
    const ServingCurve& curve = f.view->curves().at(static_cast<std::size_t>(c));
    const ServingPoint& end = curve.points.back();
    const QString endText =
        f.chart->toolTipAt(f.chart->screenPoint({end.tokensPerSPerUser, end.tokensPerSPerGpu}));
    EXPECT_TRUE(endText.contains(QStringLiteral("capacity end"))) << endText.toStdString();
    EXPECT_TRUE(f.chart->toolTipAt(QPointF(2, 2)).isEmpty());
}

TEST(ServingView, PublishedMeasurementsAndTheirBandAreDrawnUnderTheCurves)
{
    Fixture f;
    // Llama-2-7B on the A100 and H100 of the default selection: rows with per-user or per-GPU
    // rates (a time to first token has no place on these axes).
    const ServingFigure& figure = f.chart->figure();
    auto rows = builtinPublishedResults();
    ASSERT_TRUE(rows.ok());
    std::size_t drawable = 0;
    for (const PublishedResult& r : *rows)
        if (r.model == "llama-2-7b" && r.metric != PublishedMetric::TimeToFirstTokenS &&
            (r.gpu == "h100-sxm5" || r.gpu == "a100-sxm4-80gb" || r.gpu == "h200-sxm" ||
             r.gpu == "b200-sxm"))
            ++drawable;
    EXPECT_GE(drawable, 10u);
    EXPECT_EQ(figure.references.size(), drawable);
    // The band is the published ratios' spread over every bundled row, as Model Totals gives
    // it (one core function): 16 %–80 %.
    const auto band =
        publishedBand(evaluatePublished(*rows, f.workbench->catalog(), f.session->catalog()));
    ASSERT_TRUE(band.has_value());
    const RatioSpread* spread = &band->spread;
    auto compared = comparePublished(*rows, f.workbench->catalog(), HardwareCatalog::builtin());
    ASSERT_TRUE(compared.ok());
    EXPECT_EQ(spread->count, compared->size()); // every bundled row can be evaluated
    EXPECT_NEAR(spread->min, 0.16, 0.01);
    EXPECT_NEAR(spread->max, 0.80, 0.01);
    // One band, under the baseline's curve (the H100 in the default selection).
    for (std::size_t c = 0; c < figure.curves.size(); ++c) {
        const bool baseline = static_cast<int>(c) == f.h100Curve();
        EXPECT_EQ(figure.curves[c].bandLow, baseline ? spread->min : 0.0) << c;
        EXPECT_EQ(figure.curves[c].bandHigh, baseline ? spread->max : 0.0) << c;
    }
    EXPECT_TRUE(figure.bandText.contains(QStringLiteral("not a prediction")));
    // Every published point is under its GPU's curve: at its per-user rate, the curve gives
    // more per GPU (the bound holds on the chart too).
    // Hover on one names its source.
    const QString text = f.chart->toolTipAt(f.chart->screenPoint(figure.references.front().point));
    EXPECT_TRUE(text.contains(QStringLiteral("Source: https://"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("bound"))) << text.toStdString();

    f.view->publishedBox()->setChecked(false);
    EXPECT_TRUE(f.chart->figure().references.empty());
    for (const ServingFigureCurve& c : f.chart->figure().curves)
        EXPECT_EQ(c.bandLow, 0.0);
}

TEST(ServingView, ExportsTheFigureAndTheData)
{
    Fixture f;
    f.dragSlider(8.0);
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("serving.png"));
    ASSERT_EQ(f.view->exportTo(png), std::nullopt);
    QImage image(png);
    ASSERT_EQ(image.size(), QSize(1920, 1080));
    // A white slide with the H100's curve in its light-theme colour somewhere on it.
    EXPECT_EQ(image.pixelColor(5, 5), QColor(Qt::white));
    const QColor h100 = hardwareColor(f.session->colorSlot(f.h100()), Theme::Light);
    int h100Pixels = 0;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2)
            if (image.pixelColor(x, y) == h100)
                ++h100Pixels;
    EXPECT_GT(h100Pixels, 200);
    // Exporting twice to the same name replaces the file.
    ASSERT_EQ(f.view->exportTo(png), std::nullopt);

    const QString svg = dir.filePath(QStringLiteral("serving.svg"));
    ASSERT_EQ(f.view->exportTo(svg), std::nullopt);
    QFile svgFile(svg);
    ASSERT_TRUE(svgFile.open(QIODevice::ReadOnly));
    const QByteArray svgText = svgFile.readAll();
    EXPECT_TRUE(svgText.contains("Serving Llama 2 7B")) << svgText.left(400).toStdString();
    EXPECT_TRUE(svgText.contains("batch 8"));

    const QString pdf = dir.filePath(QStringLiteral("serving.pdf"));
    ASSERT_EQ(f.view->exportTo(pdf), std::nullopt);
    QFile pdfFile(pdf);
    ASSERT_TRUE(pdfFile.open(QIODevice::ReadOnly));
    EXPECT_TRUE(pdfFile.read(5) == "%PDF-");

    // The data: the same writer as `roofscope serve`.
    const QString csv = dir.filePath(QStringLiteral("serving.csv"));
    ASSERT_EQ(f.view->exportTo(csv), std::nullopt);
    QFile csvFile(csv);
    ASSERT_TRUE(csvFile.open(QIODevice::ReadOnly));
    const ServingReport report{"llama-2-7b", f.setup(), f.view->curves(),
                               servingFrontFlags(f.view->curves())};
    EXPECT_EQ(csvFile.readAll().toStdString(), servingReportCsv(report));

    const QString json = dir.filePath(QStringLiteral("serving.json"));
    ASSERT_EQ(f.view->exportTo(json), std::nullopt);
    QFile jsonFile(json);
    ASSERT_TRUE(jsonFile.open(QIODevice::ReadOnly));
    const auto parsed = nlohmann::json::parse(jsonFile.readAll().toStdString());
    EXPECT_EQ(parsed["model"], "llama-2-7b");
    EXPECT_EQ(parsed["curves"].size(), f.view->curves().size());
    EXPECT_EQ(parsed["prompt"], 1024.0);

    // Bad paths name themselves and write nothing.
    const QString bad = dir.filePath(QStringLiteral("serving.bmp"));
    const auto refused = f.view->exportTo(bad);
    ASSERT_TRUE(refused.has_value());
    EXPECT_TRUE(refused->contains(bad)) << refused->toStdString();
    EXPECT_FALSE(QFile::exists(bad));
    const QString unwritable = dir.filePath(QStringLiteral("no/such/folder/serving.png"));
    const auto failed = f.view->exportTo(unwritable);
    ASSERT_TRUE(failed.has_value());
    EXPECT_TRUE(failed->contains(QStringLiteral("serving.png"))) << failed->toStdString();
}

// An export while the chart is hidden computes the curves it writes, and the chart shown again
// afterwards still draws what changed while it was hidden (the theme, the batch).
TEST(ServingView, ShownAgainAfterAnExportWhileHiddenItDrawsTheCurrentThemeAndBatch)
{
    Fixture f;
    f.window->showServingChart(false);
    f.session->viewSettings()->setTheme(Theme::Dark);
    f.dragSlider(16);
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    EXPECT_FALSE(f.view->exportTo(dir.filePath(QStringLiteral("hidden.csv"))).has_value());
    f.window->showServingChart(true);
    QCoreApplication::processEvents();
    f.view->waitForRings();
    EXPECT_EQ(f.chart->figure().colors.background, chartStyle(Theme::Dark).background);
    const int c = f.h100Curve();
    ASSERT_TRUE(f.chart->figure().curves[static_cast<std::size_t>(c)].current.has_value());
    const ServingPoint p = f.corePoint(16);
    EXPECT_NEAR(f.chart->figure().curves[static_cast<std::size_t>(c)].current->x(),
                p.tokensPerSPerUser, 1e-9 * p.tokensPerSPerUser);
}
