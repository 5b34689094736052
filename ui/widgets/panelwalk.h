#pragma once

#include <QList>
#include <QObject>

class QDockWidget;
class QEvent;
class QMainWindow;
class QTabBar;
class QWidget;

namespace roofscope {

// The order Tab walks the window's panels in (docs/window.md, "Keyboard"). Panels are walked in
// the order given; where docks share a tab group, the group's tab strip comes first and then the
// page in front: the arrow keys on the strip bring another page forward, and the next Tab goes
// into it. Pages behind their tab are disabled (they take no focus), so the walk is rebuilt
// whenever a page comes forward or the docks are rearranged. On a strip down the window's side
// (the small screen's left column) Up and Down choose the page too.
class PanelWalk : public QObject {
    Q_OBJECT
public:
    // `panels`: the docks and other widgets (the chart) in the order Tab visits them.
    PanelWalk(QMainWindow* window, QList<QWidget*> panels);

    // Rebuilds the walk now (the parameter panel builds new fields for each operator).
    void update();
    // Rebuilds it once the events in hand are handled (many docks change at once).
    void updateLater();

    // The tab strip of the group `dock` is a page of, or null when it is on its own.
    QTabBar* tabStripOf(const QDockWidget* dock) const;
    // The page `strip` has in front.
    QDockWidget* frontPage(const QTabBar* strip) const;

protected:
    // Up and Down choose the page on a strip down the window's side (Qt's own strip takes only
    // Left and Right whatever its direction).
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QMainWindow* m_window;
    QList<QWidget*> m_panels;
    bool m_pending = false;
};

} // namespace roofscope
