// Dragging chart labels: the mouse moves a roof or operator label, a leader goes back to what it
// names, Edit ▸ Undo puts it back, the position is saved with the document and `roofscope plot`
// (FigureExporter) draws the label where the window showed it.
#include "core/document/labelkeys.h"
#include "core/document/scenario.h"
#include "ui/chart/chartdocument.h"
#include "ui/chart/roofchart.h"
#include "ui/chart/roofchartview.h"
#include "ui/document/modelworkbench.h"
#include "ui/export/figureexporter.h"
#include "ui/models/operatormodel.h"
#include "uitestutil.h"

#include <QAction>
#include <QImage>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <cmath>

using namespace roofscope;
using roofscope::test::makeWindow;

namespace {

const QString kDecode = QStringLiteral("op:Decode matmul");

std::optional<RoofChart::Label> labelFor(const RoofChart& chart, const QString& key)
{
    for (const RoofChart::Label& l : chart.visibleLabels()) {
        if (l.key == key)
            return l;
    }
    return std::nullopt;
}

// Drags with the left button from `from` to `to` (viewport pixels) in ten steps, as a hand
// would.
void drag(QWidget* viewport, QPoint from, QPoint to)
{
    QTest::mousePress(viewport, Qt::LeftButton, Qt::NoModifier, from);
    for (int i = 1; i <= 10; ++i)
        QTest::mouseMove(viewport, from + (to - from) * i / 10);
    QTest::mouseRelease(viewport, Qt::LeftButton, Qt::NoModifier, to);
}

// A direction that keeps a label inside the plot: towards the plot's centre.
QPoint awayFromEdges(const QRectF& plot, const QRectF& box)
{
    return QPoint(box.center().x() < plot.center().x() ? 160 : -160,
                  box.center().y() < plot.center().y() ? 110 : -110);
}

struct Shown {
    std::unique_ptr<MainWindow> window;
    Session* session = nullptr;
    RoofChart* chart = nullptr;
    RoofChartView* view = nullptr;
};

Shown shownWindow()
{
    Shown s;
    s.window = makeWindow();
    s.window->resize(1600, 1000);
    s.window->show();
    EXPECT_TRUE(QTest::qWaitForWindowExposed(s.window.get()));
    s.session = s.window->session();
    s.chart = s.window->chart();
    s.view = s.window->chartView();
    return s;
}

} // namespace

TEST(LabelDrag, MouseMovesTheOperatorLabelWithALeaderAndUndoPutsItBack)
{
    Shown w = shownWindow();
    const auto before = labelFor(*w.chart, kDecode);
    ASSERT_TRUE(before) << "the decode matmul label is shown";
    EXPECT_FALSE(before->pinned);
    const int undoBefore = w.session->undoStack()->count();

    const QPoint from = w.view->toViewport(before->box.center()).toPoint();
    const QPoint by = awayFromEdges(w.chart->plotArea(), before->box);
    drag(w.view->viewport(), from, from + by);

    const auto after = labelFor(*w.chart, kDecode);
    ASSERT_TRUE(after);
    EXPECT_TRUE(after->pinned);
    // The box moved with the mouse, to the pixel, and a leader goes back to the point.
    EXPECT_NEAR(after->box.center().x(), before->box.center().x() + by.x(), 1.0);
    EXPECT_NEAR(after->box.center().y(), before->box.center().y() + by.y(), 1.0);
    EXPECT_TRUE(after->leader);
    EXPECT_EQ(after->anchor, before->anchor);
    // The document holds the centre's offset from the anchor.
    ASSERT_EQ(w.session->viewSettings()->labelPositions().count(kDecode.toStdString()), 1u);
    const LabelOffset pin = w.session->viewSettings()->labelPositions().at(kDecode.toStdString());
    EXPECT_NEAR(pin.dx, after->box.center().x() - after->anchor.x(), 1e-9);
    EXPECT_NEAR(pin.dy, after->box.center().y() - after->anchor.y(), 1e-9);
    // One drag, one undo step, named for what it did.
    ASSERT_EQ(w.session->undoStack()->count(), undoBefore + 1);
    EXPECT_EQ(w.session->undoStack()->undoText(), QStringLiteral("Move Label"));

    w.session->undoStack()->undo();
    EXPECT_TRUE(w.session->viewSettings()->labelPositions().empty());
    const auto undone = labelFor(*w.chart, kDecode);
    ASSERT_TRUE(undone);
    EXPECT_EQ(undone->box, before->box);
    EXPECT_FALSE(undone->pinned);

    w.session->undoStack()->redo();
    EXPECT_NEAR(labelFor(*w.chart, kDecode)->box.center().x(), after->box.center().x(), 1e-9);
}

TEST(LabelDrag, RidgeLabelsDragTooAndResetPutsEveryLabelBack)
{
    Shown w = shownWindow();
    const QString ridge = QString::fromStdString(ridgeLabelKey("h100-sxm5"));
    const auto decode = labelFor(*w.chart, kDecode);
    const auto before = labelFor(*w.chart, ridge);
    ASSERT_TRUE(decode);
    ASSERT_TRUE(before) << "the H100 ridge is labelled";

    QPoint from = w.view->toViewport(decode->box.center()).toPoint();
    drag(w.view->viewport(), from, from + awayFromEdges(w.chart->plotArea(), decode->box));
    from = w.view->toViewport(before->box.center()).toPoint();
    const QPoint by = awayFromEdges(w.chart->plotArea(), before->box);
    drag(w.view->viewport(), from, from + by);
    EXPECT_NEAR(labelFor(*w.chart, ridge)->box.center().x(), before->box.center().x() + by.x(),
                1.0);
    EXPECT_EQ(w.session->viewSettings()->labelPositions().size(), 2u);

    QAction* reset = w.window->findChild<QAction*>(QStringLiteral("resetLabelPositionsAction"));
    ASSERT_TRUE(reset);
    ASSERT_TRUE(reset->isEnabled());
    reset->trigger();
    EXPECT_TRUE(w.session->viewSettings()->labelPositions().empty());
    EXPECT_FALSE(reset->isEnabled());
    EXPECT_EQ(labelFor(*w.chart, ridge)->box, before->box);
    EXPECT_EQ(labelFor(*w.chart, kDecode)->box, decode->box);
    EXPECT_EQ(w.session->undoStack()->undoText(), QStringLiteral("Reset Label Positions"));
    w.session->undoStack()->undo();
    EXPECT_EQ(w.session->viewSettings()->labelPositions().size(), 2u);
    EXPECT_TRUE(reset->isEnabled());
}

TEST(LabelDrag, AClickOnALabelDoesNotPinIt)
{
    Shown w = shownWindow();
    const auto before = labelFor(*w.chart, kDecode);
    ASSERT_TRUE(before);
    const int undoBefore = w.session->undoStack()->count();
    const QPoint at = w.view->toViewport(before->box.center()).toPoint();
    QTest::mouseClick(w.view->viewport(), Qt::LeftButton, Qt::NoModifier, at);
    EXPECT_TRUE(w.session->viewSettings()->labelPositions().empty());
    EXPECT_EQ(w.session->undoStack()->count(), undoBefore);
    EXPECT_EQ(labelFor(*w.chart, kDecode)->box, before->box);
}

TEST(LabelDrag, SavedPositionComesBackWhenTheDocumentIsOpened)
{
    Shown w = shownWindow();
    const auto before = labelFor(*w.chart, kDecode);
    ASSERT_TRUE(before);
    const QPoint from = w.view->toViewport(before->box.center()).toPoint();
    drag(w.view->viewport(), from, from + awayFromEdges(w.chart->plotArea(), before->box));
    const auto moved = labelFor(*w.chart, kDecode);

    // Save → text → open in a second window of the same size.
    const std::string text = scenarioToJson(w.session->toScenario());
    auto parsed = parseScenario(text, "pins.roofscope.json");
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    EXPECT_EQ(parsed->labelPositions, w.session->viewSettings()->labelPositions());
    Shown other = shownWindow();
    ASSERT_FALSE(other.session->applyScenario(*parsed, QStringLiteral("pins.roofscope.json")));
    const auto reopened = labelFor(*other.chart, kDecode);
    ASSERT_TRUE(reopened);
    EXPECT_TRUE(reopened->pinned);
    EXPECT_NEAR(reopened->box.center().x() - reopened->anchor.x(),
                moved->box.center().x() - moved->anchor.x(), 1e-6);
    EXPECT_NEAR(reopened->box.center().y() - reopened->anchor.y(),
                moved->box.center().y() - moved->anchor.y(), 1e-6);
    // Opening is not an edit: nothing to undo, and the pin is not lost by one.
    EXPECT_EQ(other.session->undoStack()->count(), 0);
}

TEST(LabelDrag, PlotDrawsThePinnedLabelWhereTheDocumentSays)
{
    // What `roofscope plot --scenario` runs: a FigureExporter over the parsed document.
    Scenario pinned = defaultScenario();
    pinned.labelPositions[kDecode.toStdString()] = {-180.0, -120.0};
    FigureOptions options;
    options.size = QSize(1280, 720);
    auto withPin = FigureExporter::create(pinned, HardwareCatalog::builtin(), options);
    auto without = FigureExporter::create(defaultScenario(), HardwareCatalog::builtin(), options);
    ASSERT_TRUE(withPin.ok() && without.ok());

    const RoofChart& chart = *(*withPin)->document()->chart();
    const auto label = labelFor(chart, kDecode);
    ASSERT_TRUE(label);
    EXPECT_TRUE(label->pinned);
    EXPECT_TRUE(label->leader);
    EXPECT_NEAR(label->box.center().x() - label->anchor.x(), -180.0, 1e-6);
    EXPECT_NEAR(label->box.center().y() - label->anchor.y(), -120.0, 1e-6);
    const auto free = labelFor(*(*without)->document()->chart(), kDecode);
    ASSERT_TRUE(free);
    EXPECT_FALSE(free->pinned);

    // In the pixels: the two figures differ where the label went and where it was, and the
    // leader's midpoint is drawn.
    const QImage a = (*withPin)->renderImage();
    const QImage b = (*without)->renderImage();
    ASSERT_EQ(a.size(), b.size());
    const QTransform toFigure = (*withPin)->chartToFigure();
    auto differing = [&](const QRectF& chartBox) {
        const QRect r = toFigure.mapRect(chartBox).toAlignedRect().intersected(a.rect());
        int n = 0;
        for (int y = r.top(); y <= r.bottom(); ++y) {
            for (int x = r.left(); x <= r.right(); ++x)
                n += a.pixel(x, y) != b.pixel(x, y) ? 1 : 0;
        }
        return n;
    };
    const int atNewPlace = differing(label->box);
    const int atOldPlace = differing(free->box);
    EXPECT_GT(atNewPlace, static_cast<int>(label->box.width() * label->box.height() / 4));
    EXPECT_GT(atOldPlace, 20);
}

// A pin is keyed by the operator's shown name: renaming the operator (F2, or the name cell of
// the operator table) carries the pin to the new name in the same undo step.
TEST(LabelPinRename, RenameCarriesThePinAndUndoPutsBothBack)
{
    auto s = test::makeSession();
    const int decode = test::operatorIndex(*s, "decode_matmul");
    ASSERT_EQ(s->operators()[static_cast<std::size_t>(decode)].displayName(), "Decode matmul");
    s->viewSettings()->moveLabel(kDecode.toStdString(), {40.0, -30.0});
    s->viewSettings()->moveLabel(ridgeLabelKey("h100-sxm5"), {5.0, 6.0});
    const int steps = s->undoStack()->count();

    s->renameOperator(decode, QStringLiteral("Decode GEMV"));
    const LabelPositions renamed{{"op:Decode GEMV", {40.0, -30.0}},
                                 {ridgeLabelKey("h100-sxm5"), {5.0, 6.0}}};
    EXPECT_EQ(s->viewSettings()->labelPositions(), renamed);
    EXPECT_EQ(s->undoStack()->count(), steps + 1);
    EXPECT_EQ(s->undoStack()->undoText(), QStringLiteral("Rename to Decode GEMV"));

    s->undoStack()->undo();
    EXPECT_EQ(s->operators()[static_cast<std::size_t>(decode)].label, "Decode matmul");
    EXPECT_EQ(s->viewSettings()->labelPositions(),
              (LabelPositions{{kDecode.toStdString(), {40.0, -30.0}},
                              {ridgeLabelKey("h100-sxm5"), {5.0, 6.0}}}));
    s->undoStack()->redo();
    EXPECT_EQ(s->operators()[static_cast<std::size_t>(decode)].label, "Decode GEMV");
    EXPECT_EQ(s->viewSettings()->labelPositions(), renamed);

    // The operator table's name cell goes the same way.
    OperatorModel model(s.get());
    ASSERT_TRUE(model.setData(model.index(decode, OperatorModel::NameColumn),
                              QStringLiteral("Weights read")));
    EXPECT_EQ(s->viewSettings()->labelPositions().count("op:Decode GEMV"), 0u);
    EXPECT_EQ(s->viewSettings()->labelPositions().at("op:Weights read"),
              (LabelOffset{40.0, -30.0}));
}

TEST(LabelPinRename, RepeatedNamesKeepTheirOwnPins)
{
    auto s = test::makeSession();
    const int decode = test::operatorIndex(*s, "decode_matmul");
    const int prefill = test::operatorIndex(*s, "prefill_matmul");
    ASSERT_LT(decode, prefill);
    s->viewSettings()->moveLabel(kDecode.toStdString(), {10.0, 10.0});
    s->viewSettings()->moveLabel("op:Prefill matmul", {-20.0, 20.0});

    // The later one takes the earlier's name: it is that name's "#2", with its own pin.
    s->renameOperator(prefill, QStringLiteral("Decode matmul"));
    EXPECT_EQ(s->viewSettings()->labelPositions(),
              (LabelPositions{{"op:Decode matmul", {10.0, 10.0}},
                              {"op:Decode matmul#2", {-20.0, 20.0}}}));
    // Removing the first: the second is the plain name now and keeps its pin, not the
    // removed one's.
    s->removeOperator(decode);
    EXPECT_EQ(s->viewSettings()->labelPositions(),
              (LabelPositions{{"op:Decode matmul", {-20.0, 20.0}}}));
    s->undoStack()->undo();
    EXPECT_EQ(s->viewSettings()->labelPositions(),
              (LabelPositions{{"op:Decode matmul", {10.0, 10.0}},
                              {"op:Decode matmul#2", {-20.0, 20.0}}}));
    s->undoStack()->undo();
    EXPECT_EQ(
        s->viewSettings()->labelPositions(),
        (LabelPositions{{"op:Decode matmul", {10.0, 10.0}}, {"op:Prefill matmul", {-20.0, 20.0}}}));
    // Renaming the first away does not hand its pin to a namesake that had none.
    s->viewSettings()->resetLabelPositions();
    s->viewSettings()->moveLabel(kDecode.toStdString(), {10.0, 10.0});
    s->renameOperator(prefill, QStringLiteral("Decode matmul"));
    s->renameOperator(decode, QStringLiteral("GEMV"));
    EXPECT_EQ(s->viewSettings()->labelPositions(), (LabelPositions{{"op:GEMV", {10.0, 10.0}}}));
}

// An operator without a name of its own is shown by its parameters: a slider drag that changes
// them keeps its pin too, and the drag stays one undo step.
TEST(LabelPinRename, UnnamedOperatorKeepsItsPinThroughAParameterDrag)
{
    auto s = test::makeSession();
    const int decode = test::operatorIndex(*s, "decode_matmul");
    s->renameOperator(decode, QString());
    const auto key = [&] {
        return operatorLabelKey(s->operators()[static_cast<std::size_t>(decode)].displayName(), 0);
    };
    const std::string before = key();
    s->viewSettings()->moveLabel(before, {12.0, 34.0});
    const int steps = s->undoStack()->count();
    const int g = s->newGesture();
    for (double b : {2.0, 16.0, 96.0})
        s->setNumber(decode, "batch", b, g);
    EXPECT_EQ(s->undoStack()->count(), steps + 1);
    ASSERT_NE(key(), before);
    EXPECT_EQ(s->viewSettings()->labelPositions(), (LabelPositions{{key(), {12.0, 34.0}}}));
    s->undoStack()->undo();
    EXPECT_EQ(key(), before);
    EXPECT_EQ(s->viewSettings()->labelPositions(), (LabelPositions{{before, {12.0, 34.0}}}));
}

TEST(LabelPinRename, TheChartDrawsTheRenamedOperatorsLabelWhereItWasPinned)
{
    Shown w = shownWindow();
    const auto before = labelFor(*w.chart, kDecode);
    ASSERT_TRUE(before);
    const QPoint from = w.view->toViewport(before->box.center()).toPoint();
    drag(w.view->viewport(), from, from + awayFromEdges(w.chart->plotArea(), before->box));
    const auto pinned = labelFor(*w.chart, kDecode);
    ASSERT_TRUE(pinned && pinned->pinned);

    w.session->renameOperator(test::operatorIndex(*w.session, "decode_matmul"),
                              QStringLiteral("GEMV"));
    const QString gemv = QStringLiteral("op:GEMV");
    const auto renamed = labelFor(*w.chart, gemv);
    ASSERT_TRUE(renamed);
    EXPECT_TRUE(renamed->pinned);
    EXPECT_NEAR(renamed->box.center().x() - renamed->anchor.x(),
                pinned->box.center().x() - pinned->anchor.x(), 1e-6);
    EXPECT_NEAR(renamed->box.center().y() - renamed->anchor.y(),
                pinned->box.center().y() - pinned->anchor.y(), 1e-6);

    w.session->undoStack()->undo();
    const auto back = labelFor(*w.chart, kDecode);
    ASSERT_TRUE(back);
    EXPECT_TRUE(back->pinned);
    EXPECT_EQ(back->box, pinned->box);
    EXPECT_FALSE(labelFor(*w.chart, gemv));
}

// A model row's name carries its count ("QKᵀ scores ×640"): the batch slider changes the name,
// and the pin follows the row (by its key) in the slider's one undo step.
TEST(LabelPinRename, ModelRowsKeepTheirPinsWhenTheirCountsChange)
{
    auto s = test::makeSession();
    ModelWorkbench wb(s.get());
    ASSERT_FALSE(wb.setModel("llama-2-70b").has_value());
    ASSERT_TRUE(wb.isShown());
    ASSERT_EQ(wb.scenario().batch, 1.0);
    // Unfused decode attention: one QKᵀ per sequence and KV head, 1 · 8 · 80 = 640.
    s->viewSettings()->moveLabel("op:QKᵀ scores ×640", {15.0, -25.0});
    s->viewSettings()->moveLabel("op:Q projection ×80", {-5.0, 5.0});
    const int steps = s->undoStack()->count();

    InferenceScenario step = wb.scenario();
    const int g = s->newGesture();
    for (double b : {2.0, 4.0, 8.0}) {
        step.batch = b;
        ASSERT_FALSE(wb.setScenario(step, g).has_value());
    }
    EXPECT_EQ(s->undoStack()->count(), steps + 1);
    const LabelPositions after{{"op:QKᵀ scores ×5,120", {15.0, -25.0}},
                               {"op:Q projection ×80", {-5.0, 5.0}}};
    EXPECT_EQ(s->viewSettings()->labelPositions(), after);
    s->undoStack()->undo();
    EXPECT_EQ(wb.scenario().batch, 1.0);
    EXPECT_EQ(s->viewSettings()->labelPositions(),
              (LabelPositions{{"op:QKᵀ scores ×640", {15.0, -25.0}},
                              {"op:Q projection ×80", {-5.0, 5.0}}}));
    s->undoStack()->redo();
    EXPECT_EQ(s->viewSettings()->labelPositions(), after);
}

// A document saved before the rows had names pinned "op:q_proj ×80": it still opens, the pin
// is kept in the document (it names no label now), and a pin on the new name is drawn.
TEST(LabelPinRename, ADocumentWithAnOldModelRowPinStillOpens)
{
    const ModelCatalog catalog = ModelCatalog::builtin();
    InferenceScenario step;
    step.context = 2048;
    Scenario doc = defaultScenario();
    doc.model = makeScenarioModel(*catalog.find("llama-2-70b"), step);
    doc.model->onChart = true;
    doc.labelPositions = {{"op:q_proj ×80", {1.0, 2.0}}, {"op:Q projection ×80", {-90.0, 40.0}}};
    auto parsed = parseScenario(scenarioToJson(doc), "old.roofscope.json");
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;

    Shown w = shownWindow();
    ASSERT_FALSE(w.session->applyScenario(*parsed, QStringLiteral("old.roofscope.json")));
    EXPECT_EQ(w.session->viewSettings()->labelPositions(), doc.labelPositions);
    const auto q = labelFor(*w.chart, QStringLiteral("op:Q projection ×80"));
    ASSERT_TRUE(q);
    EXPECT_TRUE(q->pinned);
    EXPECT_EQ(q->text, QStringLiteral("Q projection ×80"));
    EXPECT_NEAR(q->box.center().x() - q->anchor.x(), -90.0, 1e-6);
    EXPECT_FALSE(labelFor(*w.chart, QStringLiteral("op:q_proj ×80")));
}
