// The keyboard alone: the chart shows where the focus is (a frame round the plot, a ring round
// the selected operator's points) and walks the operators with Page Up / Page Down; Tab in the
// operator list's name editor commits the name and leaves the list; one Tab order runs through
// every panel, the bottom strip's pages included.
#include "ui/chart/chartgeometry.h"
#include "ui/chart/roofchart.h"
#include "ui/chart/roofchartview.h"
#include "ui/document/session.h"
#include "ui/models/operatormodel.h"
#include "ui/widgets/hardwarepanel.h"
#include "ui/widgets/kernelspanel.h"
#include "ui/widgets/mainwindow.h"
#include "ui/widgets/operatorpanel.h"
#include "uitestutil.h"

#include <QApplication>
#include <QDockWidget>
#include <QGraphicsWidget>
#include <QLineEdit>
#include <QTest>
#include <QTreeView>

#include <gtest/gtest.h>

using namespace roofscope;
using namespace roofscope::test;

namespace {

void settle()
{
    for (int i = 0; i < 6; ++i)
        QCoreApplication::processEvents();
}

// Pixels of `image` inside `box` within a small distance of `color`.
int pixelsNear(const QImage& image, const QRect& box, const QColor& color)
{
    int n = 0;
    const QRect r = box.intersected(image.rect());
    for (int y = r.top(); y <= r.bottom(); ++y) {
        for (int x = r.left(); x <= r.right(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (std::abs(c.red() - color.red()) + std::abs(c.green() - color.green()) +
                    std::abs(c.blue() - color.blue()) <
                30)
                ++n;
        }
    }
    return n;
}

std::unique_ptr<MainWindow> shownWindow()
{
    auto w = makeWindow();
    w->resize(1400, 900);
    w->show();
    QApplication::setActiveWindow(w.get());
    settle();
    return w;
}

} // namespace

TEST(KeyboardFocus, ChartDrawsAFocusFrameAndARingOnlyWithTheFocus)
{
    auto w = shownWindow();
    Session* s = w->session();
    const int op = operatorIndex(*s, "decode_matmul");
    s->setSelectedOperator(op);
    RoofChartView* view = w->chartView();
    RoofChart* chart = w->chart();
    const QColor ring = view->palette().color(QPalette::Highlight);

    // The frame's top edge, a pixel above the plot area, and a box round the selected point.
    const QRect plot =
        view->mapFromScene(chart->graphicsItem()->mapRectToScene(chart->plotArea())).boundingRect();
    const QRect frameEdge(plot.left() + 20, plot.top() - 3, plot.width() - 40, 5);
    const auto points = chart->operatorPoints(op);
    ASSERT_FALSE(points.empty());
    const QPointF at = view->toViewport(
        geometry::valueToPixel(chart->logAxes(), QPointF(points.front().ai, points.front().flops)));
    const QRect ringBox(at.toPoint() - QPoint(20, 20), QSize(41, 41));

    w->hardwarePanel()->searchBox()->setFocus(Qt::TabFocusReason);
    settle();
    ASSERT_FALSE(view->hasFocus());
    const QImage without = view->viewport()->grab().toImage();
    view->setFocus(Qt::TabFocusReason);
    settle();
    ASSERT_TRUE(view->hasFocus());
    const QImage with = view->viewport()->grab().toImage();

    EXPECT_GT(pixelsNear(with, frameEdge, ring), plot.width() / 2) << "focus frame";
    EXPECT_LT(pixelsNear(without, frameEdge, ring), 10);
    EXPECT_GT(pixelsNear(with, ringBox, ring), pixelsNear(without, ringBox, ring) + 30)
        << "focus ring round the selected point";
    // An exported figure never carries the focus marks.
    const QImage exported = chart->renderImage(view->viewport()->size());
    EXPECT_LT(pixelsNear(exported, frameEdge, ring), 10);
}

TEST(KeyboardFocus, PageDownAndPageUpWalkTheOperatorsFromTheChart)
{
    auto w = shownWindow();
    Session* s = w->session();
    const int count = static_cast<int>(s->operators().size());
    ASSERT_GE(count, 3);
    s->setSelectedOperator(0);
    RoofChartView* view = w->chartView();
    view->setFocus(Qt::TabFocusReason);
    settle();
    const ViewRange range = w->chart()->effectiveRange();
    QTest::keyClick(view, Qt::Key_PageDown);
    EXPECT_EQ(s->selectedOperator(), 1);
    QTest::keyClick(view, Qt::Key_PageUp);
    QTest::keyClick(view, Qt::Key_PageUp);
    EXPECT_EQ(s->selectedOperator(), count - 1) << "wraps round";
    QTest::keyClick(view, Qt::Key_PageDown);
    EXPECT_EQ(s->selectedOperator(), 0);
    EXPECT_EQ(w->chart()->effectiveRange(), range) << "selection does not move the view";
    EXPECT_TRUE(view->hasFocus());
}

TEST(KeyboardFocus, TabInTheNameEditorCommitsAndLeavesTheList)
{
    auto w = shownWindow();
    Session* s = w->session();
    QTreeView* list = w->operatorPanel()->view();
    const int row = 1;
    const QModelIndex name = w->operatorModel()->index(row, OperatorModel::NameColumn);
    const std::string nextLabel = s->operators()[row + 1].label;
    list->setFocus(Qt::TabFocusReason);
    list->setCurrentIndex(name);
    list->edit(name);
    settle();
    auto* editor = qobject_cast<QLineEdit*>(QApplication::focusWidget());
    ASSERT_NE(editor, nullptr);
    editor->selectAll();
    QTest::keyClicks(editor, QStringLiteral("Renamed row"));
    QTest::keyClick(editor, Qt::Key_Tab);
    settle();
    EXPECT_EQ(s->operators()[row].label, "Renamed row");
    int openEditors = 0;
    for (QLineEdit* e : list->findChildren<QLineEdit*>())
        openEditors += e->isVisible() ? 1 : 0;
    EXPECT_EQ(openEditors, 0) << "no editor opened on the next row";
    QWidget* focus = QApplication::focusWidget();
    ASSERT_NE(focus, nullptr);
    EXPECT_NE(focus, list);
    EXPECT_FALSE(list->isAncestorOf(focus)) << focus->metaObject()->className();
    EXPECT_EQ(s->operators()[row + 1].label, nextLabel);
}

// Every panel is on the one walk in the documented order (the read-out has nothing to focus)
// (docs/window.md, "Keyboard"), the Model page and the bottom strip's pages included (they came
// wherever Qt's creation order put them).
TEST(KeyboardFocus, OneTabOrderThroughEveryPanel)
{
    auto w = shownWindow();
    // Position of each widget on the focus chain, starting at the accelerators' filter.
    QList<QWidget*> chain;
    QWidget* start = w->hardwarePanel()->searchBox();
    QWidget* y = start;
    do {
        chain << y;
        y = y->nextInFocusChain();
    } while (y && y != start && chain.size() < 2000);
    auto firstOf = [&](const char* dockName) {
        auto* dock = w->findChild<QDockWidget*>(QLatin1String(dockName));
        EXPECT_NE(dock, nullptr) << dockName;
        for (qsizetype i = 0; dock && i < chain.size(); ++i) {
            if ((chain[i]->focusPolicy() & Qt::TabFocus) && dock->widget()->isAncestorOf(chain[i]))
                return i;
        }
        ADD_FAILURE() << dockName << " has no widget on the walk";
        return qsizetype(-1);
    };
    const qsizetype chart = chain.indexOf(w->chartView());
    std::vector<std::pair<const char*, qsizetype>> order = {
        {"hardwareDock", firstOf("hardwareDock")},
        {"operatorDock", firstOf("operatorDock")},
        {"modelDock", firstOf("modelDock")},
        {"chart", chart},
        {"parameterDock", firstOf("parameterDock")},

        {"comparisonDock", firstOf("comparisonDock")},
        {"modelTotalsDock", firstOf("modelTotalsDock")},
        {"planDock", firstOf("planDock")},
        {"kernelsDock", firstOf("kernelsDock")}};
    for (std::size_t i = 1; i < order.size(); ++i)
        EXPECT_LT(order[i - 1].second, order[i].second)
            << order[i - 1].first << " before " << order[i].first;
}
