// Everyday use: the operator list shrinks or empties under a held index — a selected operator, a
// hovered point, a point being dragged — when a document without operators is opened, when the last
// operator is deleted, or when undo/redo goes back to such a state. Nothing may crash, the
// selection is cleared or still names an operator, the read-out shows its empty text and the chart
// keeps drawing the roofs.
#include "ui/chart/roofchart.h"
#include "ui/chart/roofchartview.h"
#include "ui/document/modelworkbench.h"
#include "ui/text/datanames.h"
#include "ui/widgets/parameterpanel.h"
#include "ui/widgets/readoutpanel.h"
#include "uitestutil.h"

#include <QApplication>
#include <QImage>
#include <QLabel>
#include <QMouseEvent>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace roofscope;

namespace {

const QString kReadoutEmpty = QStringLiteral("Hover a point or select an operator.");
const QString kParametersEmpty = QStringLiteral("No operator selected");

// A shown window of the size of a small laptop screen, in the seed's story.
std::unique_ptr<MainWindow> shownWindow()
{
    auto w = test::makeWindow();
    w->resize(1298, 730);
    w->show();
    EXPECT_TRUE(QTest::qWaitForWindowExposed(w.get()));
    return w;
}

// How many pixels of the chart view show `color` (within a small tolerance per channel).
int pixelsOf(const QImage& image, QColor color)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (std::abs(c.red() - color.red()) <= 6 && std::abs(c.green() - color.green()) <= 6 &&
                std::abs(c.blue() - color.blue()) <= 6)
                ++n;
        }
    }
    return n;
}

bool parametersShowNoOperator(const MainWindow& w)
{
    for (const QLabel* l : w.parameterPanel()->findChildren<QLabel*>()) {
        if (l->text() == kParametersEmpty)
            return true;
    }
    return false;
}

// The state every step must leave: a selection that is -1 or names an operator, a hovered
// point that names an operator, every panel agreeing with it, and the roofs on the chart.
void expectConsistent(MainWindow& w, const char* step)
{
    SCOPED_TRACE(step);
    Session* s = w.session();
    const int n = static_cast<int>(s->operators().size());
    EXPECT_GE(s->selectedOperator(), -1);
    EXPECT_LT(s->selectedOperator(), n);
    EXPECT_LT(s->hovered().op, n);
    EXPECT_LT(s->focus().op, n);
    const int gpus = static_cast<int>(s->checkedHardware().size());
    EXPECT_EQ(static_cast<int>(w.chart()->points().size()), n * gpus);
    EXPECT_EQ(static_cast<int>(w.chart()->figure().operators.size()), n);
    EXPECT_LT(w.chart()->figure().selected, n);
    if (s->focus().isValid()) {
        EXPECT_EQ(w.readoutPanel()->field(QStringLiteral("operator")).isEmpty(), false);
        EXPECT_NE(w.readoutPanel()->field(QStringLiteral("operator")), kReadoutEmpty);
    } else {
        EXPECT_EQ(w.readoutPanel()->field(QStringLiteral("operator")), kReadoutEmpty);
        EXPECT_EQ(w.readoutPanel()->field(QStringLiteral("ai")), QString());
    }
    EXPECT_EQ(parametersShowNoOperator(w), s->selectedOperator() < 0);
    // Each checked GPU's roof is on the chart, in its colour.
    QTest::qWait(1);
    const QImage shot = w.chartView()->grab().toImage();
    for (int hw : s->checkedHardware()) {
        EXPECT_FALSE(w.chart()->roofPoints(hw).empty()) << hw;
        EXPECT_GT(pixelsOf(shot, w.chart()->colorOf(hw)), 150)
            << s->hardware()[static_cast<std::size_t>(hw)].id;
    }
}

Scenario withoutOperators()
{
    Scenario empty = defaultScenario();
    empty.operators.clear();
    empty.selected = -1;
    return empty;
}

} // namespace

TEST(StaleIndex, OpeningADocumentWithoutOperatorsWhileTheLastOneIsSelectedAndHovered)
{
    auto w = shownWindow();
    Session* s = w->session();
    const int last = static_cast<int>(s->operators().size()) - 1;
    s->setSelectedOperator(last);
    s->setHovered({last, s->baseline()});
    ASSERT_EQ(s->selectedOperator(), last);
    expectConsistent(*w, "last operator selected and hovered");

    ASSERT_FALSE(s->applyScenario(withoutOperators(), QStringLiteral("empty.json")));
    EXPECT_TRUE(s->operators().empty());
    EXPECT_EQ(s->selectedOperator(), -1);
    EXPECT_FALSE(s->hovered().isValid());
    expectConsistent(*w, "document without operators");

    // The mouse goes over the chart and clicks where the points were: nothing to hit.
    RoofChartView* view = w->chartView();
    const QPoint middle = view->viewport()->rect().center();
    QTest::mouseMove(view->viewport(), middle);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, middle);
    EXPECT_EQ(s->selectedOperator(), -1);
    expectConsistent(*w, "mouse over the empty chart");

    // And back: a document with operators selects again.
    ASSERT_FALSE(s->applyScenario(defaultScenario(), QStringLiteral("default")));
    EXPECT_GE(s->selectedOperator(), 0);
    expectConsistent(*w, "the seed's story again");
}

TEST(StaleIndex, ADocumentsSelectedIndexPastItsOperatorsIsDropped)
{
    // Files are checked by the parser; a scenario built in code (New, a restored session, the
    // model panel) is not. Its selection must not outlive its operators.
    auto w = shownWindow();
    Session* s = w->session();
    Scenario empty = withoutOperators();
    empty.selected = 6;
    ASSERT_FALSE(s->applyScenario(empty, QStringLiteral("empty.json")));
    EXPECT_EQ(s->selectedOperator(), -1);
    expectConsistent(*w, "selected 6 of no operators");

    Scenario two = defaultScenario();
    two.operators.resize(2);
    two.selected = 5;
    ASSERT_FALSE(s->applyScenario(two, QStringLiteral("two.json")));
    EXPECT_EQ(s->selectedOperator(), -1);
    expectConsistent(*w, "selected 5 of two operators");

    // The undo commands' path: the same number of operators with a selection past them.
    s->setSelectedOperator(1);
    s->setOperatorsInternal(s->operators(), 7);
    EXPECT_EQ(s->selectedOperator(), -1);
    expectConsistent(*w, "same operators, selection past them");
}

TEST(StaleIndex, DeletingEveryOperatorWhileTheLastIsSelectedThenUndoAndRedo)
{
    auto w = shownWindow();
    Session* s = w->session();
    const std::vector<Operator> story = s->operators();
    const int n = static_cast<int>(story.size());
    ASSERT_GT(n, 2);
    for (int left = n; left > 0; --left) {
        s->setSelectedOperator(left - 1);
        s->setHovered({left - 1, s->baseline()});
        EXPECT_EQ(w->readoutPanel()->field(QStringLiteral("operator")),
                  operatorDisplayName(s->operators().back()));
        s->removeOperator(left - 1);
        ASSERT_EQ(static_cast<int>(s->operators().size()), left - 1);
        // The row before it takes the selection; the last one gone leaves none.
        EXPECT_EQ(s->selectedOperator(), left - 2);
        expectConsistent(*w, "after removing the selected last operator");
    }
    EXPECT_EQ(w->readoutPanel()->field(QStringLiteral("operator")), kReadoutEmpty);
    EXPECT_TRUE(parametersShowNoOperator(*w));

    // Undo brings every operator back, each time with the one removed selected again.
    QUndoStack* undo = s->undoStack();
    for (int i = 1; i <= n; ++i) {
        undo->undo();
        ASSERT_EQ(static_cast<int>(s->operators().size()), i);
        EXPECT_EQ(s->selectedOperator(), i - 1);
        expectConsistent(*w, "undo");
    }
    EXPECT_EQ(s->operators(), story);
    // Redo empties the list again, with the selection on the last one at every step.
    for (int i = n - 1; i >= 0; --i) {
        undo->redo();
        ASSERT_EQ(static_cast<int>(s->operators().size()), i);
        EXPECT_EQ(s->selectedOperator(), i - 1);
        expectConsistent(*w, "redo");
    }
}

TEST(StaleIndex, UndoIntoAnEmptyListWhileAPointIsDragged)
{
    auto w = shownWindow();
    Session* s = w->session();
    RoofChart* chart = w->chart();
    RoofChartView* view = w->chartView();
    // Decode matmul (selected in the story) on the baseline: a point with a driving parameter.
    const PointRef target{s->selectedOperator(), s->baseline()};
    QPointF at;
    bool found = false;
    for (const RoofChart::PointInfo& p : chart->points()) {
        if (p.ref == target) {
            at = geometry::valueToPixel(chart->logAxes(), {p.value.ai, p.value.flops});
            found = true;
        }
    }
    ASSERT_TRUE(found);
    const QPoint press = view->toViewport(at).toPoint();
    ASSERT_EQ(view->pointAt(press), target);
    QTest::mousePress(view->viewport(), Qt::LeftButton, {}, press);
    ASSERT_EQ(s->hovered(), target);

    // While the button is held, the document is replaced by one without operators (a file
    // dropped on the window, a keyboard shortcut): the dragged point is gone.
    ASSERT_FALSE(s->applyScenario(withoutOperators(), QStringLiteral("empty.json")));
    QMouseEvent move(QEvent::MouseMove, QPointF(press + QPoint(40, 0)),
                     view->viewport()->mapToGlobal(QPointF(press + QPoint(40, 0))), Qt::NoButton,
                     Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(view->viewport(), &move);
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, press + QPoint(60, 0));
    EXPECT_TRUE(s->operators().empty());
    EXPECT_EQ(s->undoStack()->count(), 0); // the drag set nothing
    expectConsistent(*w, "drag over an emptied list");
    // The range is not left frozen at the drag's: a new document fits again.
    ASSERT_FALSE(s->applyScenario(defaultScenario(), QStringLiteral("default")));
    EXPECT_EQ(chart->effectiveRange(), chart->fitRange());
    expectConsistent(*w, "after the drag");
}

TEST(StaleIndex, RemovingTheDraggedOperatorMidDragLeavesTheOthersAlone)
{
    // The dragged operator last (its index then points past the end) and in the middle (its
    // index then names the next operator, which the rest of the drag must not move).
    for (const bool last : {true, false}) {
        SCOPED_TRACE(last ? "dragged operator last" : "dragged operator in the middle");
        auto w = shownWindow();
        Session* s = w->session();
        RoofChart* chart = w->chart();
        RoofChartView* view = w->chartView();
        int dragged = s->selectedOperator(); // decode matmul: it has a driving parameter
        if (last) {
            const Operator op = s->operators()[static_cast<std::size_t>(dragged)];
            s->removeOperator(dragged);
            s->insertOperator(static_cast<int>(s->operators().size()), op);
            dragged = static_cast<int>(s->operators().size()) - 1;
            s->setSelectedOperator(dragged);
        }
        ASSERT_LT(dragged + (last ? 0 : 1), static_cast<int>(s->operators().size()));
        QPointF at;
        for (const RoofChart::PointInfo& p : chart->points()) {
            if (p.ref == PointRef{dragged, s->baseline()})
                at = geometry::valueToPixel(chart->logAxes(), {p.value.ai, p.value.flops});
        }
        const QPoint press = view->toViewport(at).toPoint();
        ASSERT_EQ(view->pointAt(press).op, dragged);
        QTest::mousePress(view->viewport(), Qt::LeftButton, {}, press);
        s->removeOperator(dragged);
        const std::vector<Operator> after = s->operators();
        const int undoSteps = s->undoStack()->count();
        for (int dx : {-80, -40, 40, 80}) {
            QMouseEvent move(QEvent::MouseMove, QPointF(press + QPoint(dx, 0)),
                             view->viewport()->mapToGlobal(QPointF(press + QPoint(dx, 0))),
                             Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
            QApplication::sendEvent(view->viewport(), &move);
        }
        QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, press + QPoint(80, 0));
        // The rest of the drag moved nothing: the other operators keep their parameters.
        EXPECT_EQ(s->undoStack()->count(), undoSteps);
        EXPECT_EQ(s->operators(), after);
        EXPECT_EQ(chart->effectiveRange(), chart->fitRange()); // not left frozen
        expectConsistent(*w, "dragged operator removed mid-drag");
    }
}

TEST(StaleIndex, ALabelDragEndsWhenAnotherDocumentComes)
{
    auto w = shownWindow();
    Session* s = w->session();
    RoofChartView* view = w->chartView();
    std::optional<RoofChart::Label> label;
    for (const RoofChart::Label& l : w->chart()->visibleLabels()) {
        if (!l.key.isEmpty() && w->chart()->draggableLabelAt(l.box.center())->key == l.key)
            label = l;
    }
    ASSERT_TRUE(label);
    const QPoint press = view->toViewport(label->box.center()).toPoint();
    QTest::mousePress(view->viewport(), Qt::LeftButton, {}, press);
    ASSERT_FALSE(s->applyScenario(withoutOperators(), QStringLiteral("empty.json")));
    for (int dx : {20, 40, 60}) {
        QMouseEvent move(QEvent::MouseMove, QPointF(press + QPoint(dx, dx)),
                         view->viewport()->mapToGlobal(QPointF(press + QPoint(dx, dx))),
                         Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(view->viewport(), &move);
    }
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, press + QPoint(60, 60));
    // The new document got no "Move Label" of the old one's label.
    EXPECT_TRUE(s->viewSettings()->labelPositions().empty());
    EXPECT_EQ(s->undoStack()->count(), 0);
    expectConsistent(*w, "label drag across documents");
}

TEST(StaleIndex, AModelOperatorSelectedWhenAnEmptyDocumentOpens)
{
    auto w = shownWindow();
    Session* s = w->session();
    auto* wb = w->findChild<ModelWorkbench*>();
    ASSERT_TRUE(wb);
    wb->showOnChart();
    ASSERT_TRUE(wb->isShown());
    const int last = static_cast<int>(s->operators().size()) - 1;
    s->setSelectedOperator(last);
    s->setHovered({last, s->baseline()});
    expectConsistent(*w, "model operator selected");

    // Undo takes the model's rows away while its last one is selected.
    s->undoStack()->undo();
    expectConsistent(*w, "undo Show on Chart");
    s->undoStack()->redo();
    s->setSelectedOperator(static_cast<int>(s->operators().size()) - 1);
    expectConsistent(*w, "redo Show on Chart");

    ASSERT_FALSE(s->applyScenario(withoutOperators(), QStringLiteral("empty.json")));
    EXPECT_TRUE(s->operators().empty());
    EXPECT_FALSE(wb->isShown());
    expectConsistent(*w, "document without operators after a model");
}
