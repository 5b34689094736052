// Pages of a tabbed dock area behind the raised one: Qt keeps them "visible" (moved off the
// window), so Tab reached their widgets and keys edited the document unseen (Page Up on the
// Parameters page behind the Read-out set the batch; Space behind the Model page removed an
// operator). They are disabled while their tab is not raised.
#include "ui/chart/roofchartview.h"
#include "ui/document/session.h"
#include "ui/widgets/mainwindow.h"
#include "uitestutil.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QKeyEvent>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace roofscope;
using namespace roofscope::test;

namespace {

void settle()
{
    for (int i = 0; i < 4; ++i)
        QCoreApplication::processEvents();
}

// The docks that share a tab group with `dock`, without it.
std::vector<QDockWidget*> tabMates(QMainWindow* window, QDockWidget* dock)
{
    std::vector<QDockWidget*> out;
    // A closed dock (the Passes panel before a trace is imported) is no page of the group: it
    // is hidden whole, so neither Tab nor a key reaches it.
    for (QDockWidget* d : window->tabifiedDockWidgets(dock))
        if (d->toggleViewAction()->isChecked())
            out.push_back(d);
    return out;
}

bool inside(const QWidget* w, const QWidget* ancestor)
{
    for (; w; w = w->parentWidget()) {
        if (w == ancestor)
            return true;
    }
    return false;
}

class HiddenPages : public ::testing::TestWithParam<QSize> {};

} // namespace

// For every tab group, every page behind the raised one: none of its widgets takes focus, a
// walk of Tab through the window never lands on it, and keys sent while walking (Page Up, Up,
// Space, as a keyboard user does) leave the document unchanged.
TEST_P(HiddenPages, TakeNoFocusAndNoKeys)
{
    auto w = makeWindow();
    w->applyDefaultLayout(GetParam());
    w->resize(GetParam());
    w->show();
    settle();
    int groups = 0;
    for (QDockWidget* raised : w->findChildren<QDockWidget*>()) {
        const std::vector<QDockWidget*> mates = tabMates(w.get(), raised);
        if (mates.empty() || !raised->isVisible())
            continue;
        raised->raise();
        settle();
        ++groups;
        for (QDockWidget* hidden : mates) {
            SCOPED_TRACE(hidden->objectName().toStdString() + " behind " +
                         raised->objectName().toStdString());
            EXPECT_FALSE(hidden->widget()->isEnabled());
            for (QWidget* child : hidden->widget()->findChildren<QWidget*>()) {
                if (child->focusPolicy() & Qt::TabFocus) {
                    EXPECT_FALSE(child->isEnabled()) << child->metaObject()->className();
                }
            }
        }
        EXPECT_TRUE(raised->widget()->isEnabled()) << raised->objectName().toStdString();
        // The walk: Tab through the window twice over, with only keys that move (Page Up, Up)
        // after each stop; any change to the document is one of them acting unseen.
        w->activateWindow();
        w->chartView()->setFocus();
        const int undoSteps = w->session()->undoStack()->count();
        for (int i = 0; i < 120; ++i) {
            QWidget* focus = QApplication::focusWidget();
            if (!focus)
                break;
            for (QDockWidget* hidden : mates)
                ASSERT_FALSE(inside(focus, hidden->widget()))
                    << focus->metaObject()->className() << " of "
                    << hidden->objectName().toStdString() << " took focus at stop " << i;
            QTest::keyClick(focus, Qt::Key_Tab);
        }
        for (QDockWidget* hidden : mates) {
            // Straight to each widget, as if it had focus: a disabled widget drops them.
            for (QWidget* child : hidden->widget()->findChildren<QWidget*>()) {
                for (int key : {Qt::Key_PageUp, Qt::Key_Up, Qt::Key_Space}) {
                    QKeyEvent press(QEvent::KeyPress, key, Qt::NoModifier);
                    QApplication::sendEvent(child, &press);
                    QKeyEvent release(QEvent::KeyRelease, key, Qt::NoModifier);
                    QApplication::sendEvent(child, &release);
                }
            }
        }
        EXPECT_EQ(w->session()->undoStack()->count(), undoSteps)
            << w->session()
                   ->undoStack()
                   ->text(w->session()->undoStack()->count() - 1)
                   .toStdString();
    }
    EXPECT_GE(groups, 2); // the bottom and side groups at least
}

// Raised again, a page takes focus and keys as before.
TEST(HiddenPages, RaisedAgainTheyAreEnabled)
{
    auto w = makeWindow();
    w->applyDefaultLayout(QSize(1366, 768));
    w->show();
    settle();
    auto* plan = w->findChild<QDockWidget*>(QStringLiteral("planDock"));
    auto* cmp = w->findChild<QDockWidget*>(QStringLiteral("comparisonDock"));
    ASSERT_NE(plan, nullptr);
    ASSERT_NE(cmp, nullptr);
    cmp->raise();
    settle();
    EXPECT_FALSE(plan->widget()->isEnabled());
    EXPECT_TRUE(cmp->widget()->isEnabled());
    plan->raise();
    settle();
    EXPECT_TRUE(plan->widget()->isEnabled());
    EXPECT_FALSE(cmp->widget()->isEnabled());
}

INSTANTIATE_TEST_SUITE_P(WindowSizes, HiddenPages,
                         ::testing::Values(QSize(1366, 768), QSize(1920, 1080)),
                         [](const ::testing::TestParamInfo<QSize>& info) {
                             return std::to_string(info.param.width()) + "x" +
                                    std::to_string(info.param.height());
                         });
