// The keyboard alone: the chart shows where the focus is (a frame round the plot, a ring round
// the selected operator's points) and walks the operators with Page Up / Page Down; Tab in the
// operator list's name editor commits the name and leaves the list; one Tab order runs through
// every panel, a tab group as its strip and the page in front.
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
#include <QTabBar>
#include <QTest>
#include <QTreeView>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

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

namespace {

// Where a widget Tab stopped at is: its dock's name, "chart", or "strip" for a tab group's tab
// strip.
std::string placeOf(const MainWindow& w, QWidget* widget)
{
    if (qobject_cast<QTabBar*>(widget) && widget->parentWidget() == &w)
        return "strip";
    if (widget == w.chartView() || w.chartView()->isAncestorOf(widget))
        return "chart";
    for (QWidget* p = widget; p; p = p->parentWidget()) {
        if (auto* d = qobject_cast<QDockWidget*>(p))
            return d->objectName().toStdString();
    }
    return widget->metaObject()->className();
}

// What real Tab presses from `start` stop at, once round the window.
QList<QWidget*> tabPresses(QWidget* start)
{
    QList<QWidget*> stops;
    start->setFocus(Qt::TabFocusReason);
    settle();
    for (int i = 0; i < 200; ++i) {
        QWidget* focus = QApplication::focusWidget();
        if (!focus)
            break;
        QTest::keyClick(focus, Qt::Key_Tab);
        settle();
        QWidget* next = QApplication::focusWidget();
        if (!next || next == start)
            break;
        stops << next;
    }
    return stops;
}

// The page `strip` has in front: the dock titled as its current tab.
QDockWidget* frontPage(const MainWindow& w, const QTabBar* strip)
{
    for (QDockWidget* d : w.findChildren<QDockWidget*>()) {
        if (d->windowTitle() == strip->tabText(strip->currentIndex()))
            return d;
    }
    return nullptr;
}

class KeyboardWalk : public ::testing::TestWithParam<QSize> {};

} // namespace

// Tab, pressed as a keyboard user does, goes once round every panel in the documented order
// (docs/window.md, "Keyboard"), each panel in one piece; a tab group is its strip and then the
// page in front, and the arrow keys on a strip (Up and Down on a strip down the window's side)
// bring another page forward, which the next Tab goes into.
TEST_P(KeyboardWalk, TabGoesRoundThePanelsInOrderAndIntoThePageInFront)
{
    auto w = makeWindow();
    w->applyDefaultLayout(GetParam());
    w->resize(GetParam());
    w->show();
    QApplication::setActiveWindow(w.get());
    settle();
    const QList<QWidget*> stops = tabPresses(w->hardwarePanel()->searchBox());
    ASSERT_GT(stops.size(), 10);
    std::vector<std::string> places = {"hardwareDock"};
    QList<QTabBar*> strips;
    for (qsizetype i = 0; i < stops.size(); ++i) {
        const std::string place = placeOf(*w, stops[i]);
        if (place == "strip") {
            auto* strip = qobject_cast<QTabBar*>(stops[i]);
            strips << strip;
            // The next stop is in the page in front (the read-out has nothing to focus).
            QDockWidget* front = frontPage(*w, strip);
            ASSERT_NE(front, nullptr);
            if (i + 1 < stops.size() && front->objectName() != QStringLiteral("readoutDock")) {
                EXPECT_EQ(placeOf(*w, stops[i + 1]), front->objectName().toStdString())
                    << "after the strip in front of " << front->objectName().toStdString();
            }
        }
        if (place != places.back())
            places.push_back(place);
    }
    ASSERT_FALSE(strips.empty()) << "the docks share tab groups at every size";
    const std::vector<std::string> documented = {"hardwareDock",   "operatorDock",    "modelDock",
                                                 "chart",          "parameterDock",   "readoutDock",
                                                 "comparisonDock", "modelTotalsDock", "planDock",
                                                 "kernelsDock",    "passesDock"};
    std::string walked;
    for (const std::string& p : places)
        walked += p + " ";
    qsizetype last = -1;
    for (const std::string& place : places) {
        if (place == "strip")
            continue;
        const auto at = std::find(documented.begin(), documented.end(), place);
        ASSERT_NE(at, documented.end()) << place << " in " << walked;
        EXPECT_GT(at - documented.begin(), last) << place << " out of order in " << walked;
        last = at - documented.begin();
    }
    // Every page of every strip, brought forward from the keyboard, is where the next Tab goes.
    for (QTabBar* strip : strips) {
        const QTabBar::Shape shape = strip->shape();
        const bool vertical = shape == QTabBar::RoundedWest || shape == QTabBar::RoundedEast;
        strip->setFocus(Qt::TabFocusReason);
        settle();
        for (int i = 0; i < strip->count(); ++i)
            QTest::keyClick(strip, vertical ? Qt::Key_Up : Qt::Key_Left);
        settle();
        EXPECT_EQ(strip->currentIndex(), 0);
        for (int page = 0; page < strip->count(); ++page) {
            if (page > 0) {
                QTest::keyClick(strip, vertical ? Qt::Key_Down : Qt::Key_Right);
                settle();
            }
            ASSERT_EQ(strip->currentIndex(), page) << strip->tabText(page).toStdString();
            QDockWidget* front = frontPage(*w, strip);
            ASSERT_NE(front, nullptr);
            if (front->objectName() == QStringLiteral("readoutDock"))
                continue;
            ASSERT_EQ(QApplication::focusWidget(), strip);
            QTest::keyClick(strip, Qt::Key_Tab);
            settle();
            QWidget* in = QApplication::focusWidget();
            ASSERT_NE(in, nullptr);
            EXPECT_EQ(placeOf(*w, in), front->objectName().toStdString())
                << "Tab from the strip with " << strip->tabText(page).toStdString() << " in front";
            strip->setFocus(Qt::TabFocusReason);
            settle();
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Sizes, KeyboardWalk,
                         ::testing::Values(QSize(1920, 1080), QSize(1366, 768)),
                         [](const ::testing::TestParamInfo<QSize>& info) {
                             return std::to_string(info.param.width()) + "x" +
                                    std::to_string(info.param.height());
                         });
