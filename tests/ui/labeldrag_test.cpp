// Dragging chart labels (issue 10 item 18): the mouse moves a roof or operator label, a leader
// goes back to what it names, Edit ▸ Undo puts it back, the position is saved with the
// document and `roofscope plot` (FigureExporter) draws the label where the window showed it.
#include "core/labelkeys.h"
#include "core/scenario.h"
#include "ui/chart/chartdocument.h"
#include "ui/chart/roofchart.h"
#include "ui/chart/roofchartview.h"
#include "ui/export/figureexporter.h"
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
    ASSERT_EQ(w.session->labelPositions().count(kDecode.toStdString()), 1u);
    const LabelOffset pin = w.session->labelPositions().at(kDecode.toStdString());
    EXPECT_NEAR(pin.dx, after->box.center().x() - after->anchor.x(), 1e-9);
    EXPECT_NEAR(pin.dy, after->box.center().y() - after->anchor.y(), 1e-9);
    // One drag, one undo step, named for what it did.
    ASSERT_EQ(w.session->undoStack()->count(), undoBefore + 1);
    EXPECT_EQ(w.session->undoStack()->undoText(), QStringLiteral("Move Label"));

    w.session->undoStack()->undo();
    EXPECT_TRUE(w.session->labelPositions().empty());
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
    EXPECT_EQ(w.session->labelPositions().size(), 2u);

    QAction* reset = w.window->findChild<QAction*>(QStringLiteral("resetLabelPositionsAction"));
    ASSERT_TRUE(reset);
    ASSERT_TRUE(reset->isEnabled());
    reset->trigger();
    EXPECT_TRUE(w.session->labelPositions().empty());
    EXPECT_FALSE(reset->isEnabled());
    EXPECT_EQ(labelFor(*w.chart, ridge)->box, before->box);
    EXPECT_EQ(labelFor(*w.chart, kDecode)->box, decode->box);
    EXPECT_EQ(w.session->undoStack()->undoText(), QStringLiteral("Reset Label Positions"));
    w.session->undoStack()->undo();
    EXPECT_EQ(w.session->labelPositions().size(), 2u);
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
    EXPECT_TRUE(w.session->labelPositions().empty());
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
    EXPECT_EQ(parsed->labelPositions, w.session->labelPositions());
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
