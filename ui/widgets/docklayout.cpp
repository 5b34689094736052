#include "ui/widgets/docklayout.h"

#include <QAction>
#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>
#include <QResizeEvent>
#include <QScopedValueRollback>
#include <QTimer>

#include <algorithm>
#include <vector>

namespace roofscope {

DockLayout::DockLayout(QMainWindow* window)
    : QObject(window), m_window(window), m_roomyState(window->saveState()),
      m_follow(new QTimer(this))
{
    // A resize by dragging sends dozens of events: the docks move once it has settled.
    m_follow->setSingleShot(true);
    m_follow->setInterval(150);
    connect(m_follow, &QTimer::timeout, this, [this] {
        const int h = m_window->height();
        const bool compact = m_compact ? h < kCompactBelow + kMargin : h < kCompactBelow - kMargin;
        if (m_follows && compact != m_compact)
            arrange(m_window->size());
    });
    for (QDockWidget* d : window->findChildren<QDockWidget*>()) {
        connect(d, &QDockWidget::dockLocationChanged, this, &DockLayout::dockMoved);
        connect(d, &QDockWidget::topLevelChanged, this, &DockLayout::dockMoved);
    }
    window->installEventFilter(this);
}

void DockLayout::arrange(QSize size)
{
    const QScopedValueRollback guard(m_arranging, true);
    if (size.height() < kCompactBelow)
        arrangeCompact(size);
    else
        arrangeRoomy(size);
}

void DockLayout::restore(const QByteArray& geometry, const QByteArray& state, bool compact,
                         bool follows)
{
    const QScopedValueRollback guard(m_arranging, true);
    m_window->restoreGeometry(geometry);
    if (m_window->restoreState(state)) {
        m_restored = true;
        m_compact = compact;
        m_follows = follows;
        m_window->setTabPosition(Qt::LeftDockWidgetArea,
                                 compact ? QTabWidget::West : QTabWidget::North);
    }
}

bool DockLayout::eventFilter(QObject* watched, QEvent* event)
{
    // Dock sizes set before the window is first laid out are squeezed into the size it had
    // then: the side columns opened at two thirds of their width. Set once more when it shows.
    if (watched == m_window && event->type() == QEvent::Show && !m_shown) {
        m_shown = true;
        if (!m_restored && !m_compact) {
            const QScopedValueRollback guard(m_arranging, true);
            setRoomySizes(m_window->size());
            m_roomyState = m_window->saveState();
        }
    }
    if (watched == m_window && event->type() == QEvent::Resize && m_follows && !m_arranging) {
        const int h = static_cast<QResizeEvent*>(event)->size().height();
        const bool compact = m_compact ? h < kCompactBelow + kMargin : h < kCompactBelow - kMargin;
        if (compact != m_compact)
            m_follow->start();
    }
    return QObject::eventFilter(watched, event);
}

void DockLayout::dockMoved()
{
    // Only the user moves docks of a window on screen outside arrange(): their arrangement wins.
    if (!m_arranging && m_window->isVisible())
        m_follows = false;
}

QDockWidget* DockLayout::dockNamed(const char* name) const
{
    return m_window->findChild<QDockWidget*>(QLatin1String(name));
}

void DockLayout::arrangeCompact(QSize size)
{
    QDockWidget* hwDock = dockNamed("hardwareDock");
    QDockWidget* opDock = dockNamed("operatorDock");
    QDockWidget* paramDock = dockNamed("parameterDock");
    QDockWidget* readDock = dockNamed("readoutDock");
    if (!hwDock || !opDock || !paramDock || !readDock)
        return;
    if (!m_compact)
        m_roomyState = m_window->saveState();
    m_compact = true;
    // The chart gets at least half of the window. Comparison, model totals and plan join the
    // operators' tabs on the left instead of taking the bottom strip; the read-out shares the
    // parameters' column as a tab; the side columns are narrower.
    for (const char* name : {"comparisonDock", "modelTotalsDock", "planDock"}) {
        if (QDockWidget* d = dockNamed(name)) {
            m_window->addDockWidget(Qt::LeftDockWidgetArea, d);
            m_window->tabifyDockWidget(opDock, d);
        }
    }
    m_window->tabifyDockWidget(paramDock, readDock);
    // Six tabs down the left edge would cut every name short: the kernels join the right column.
    if (QDockWidget* kernels = dockNamed("kernelsDock")) {
        m_window->addDockWidget(Qt::RightDockWidgetArea, kernels);
        m_window->tabifyDockWidget(readDock, kernels);
        if (QDockWidget* passes = dockNamed("passesDock")) {
            m_window->addDockWidget(Qt::RightDockWidgetArea, passes);
            m_window->tabifyDockWidget(kernels, passes);
        }
    }
    // Five tabs do not fit side by side in a narrow column ("O…", "Co…"): on the left edge,
    // running down, every name shows in full.
    m_window->setTabPosition(Qt::LeftDockWidgetArea, QTabWidget::West);
    opDock->raise();
    paramDock->raise();
    m_window->resizeDocks({hwDock, paramDock}, {size.width() * 21 / 100, size.width() * 18 / 100},
                          Qt::Horizontal);
    m_window->resizeDocks({hwDock, opDock}, {size.height() / 3, size.height() * 2 / 3},
                          Qt::Vertical);
}

void DockLayout::arrangeRoomy(QSize size)
{
    if (m_compact) {
        // Back to the arrangement the window was built with; a dock the user closed stays
        // closed (the saved state would show it again).
        std::vector<std::pair<QDockWidget*, bool>> shown;
        for (QDockWidget* d : m_window->findChildren<QDockWidget*>())
            shown.emplace_back(d, d->toggleViewAction()->isChecked());
        m_window->setTabPosition(Qt::LeftDockWidgetArea, QTabWidget::North);
        m_window->restoreState(m_roomyState);
        for (const auto& dockShown : shown) {
            if (dockShown.first->toggleViewAction()->isChecked() != dockShown.second)
                dockShown.first->setVisible(dockShown.second);
        }
        m_compact = false;
        // The comparison's height is reset by tabifying the bottom docks.
        if (auto* cmp = m_window->findChild<QDockWidget*>(QStringLiteral("comparisonDock")))
            m_window->resizeDocks({cmp}, {size.height() * 3 / 10}, Qt::Vertical);
        return; // the columns as the user last had them in this layout
    }
    setRoomySizes(size);
}

void DockLayout::setRoomySizes(QSize size)
{
    QDockWidget* hwDock = dockNamed("hardwareDock");
    QDockWidget* opDock = dockNamed("operatorDock");
    QDockWidget* paramDock = dockNamed("parameterDock");
    QDockWidget* readDock = dockNamed("readoutDock");
    if (hwDock && paramDock) {
        // The accelerator table's names and peaks, the read-out's values on a line or two,
        // and the middle wide enough for every column of the comparison table.
        m_window->resizeDocks(
            {hwDock, paramDock},
            {std::min(310, size.width() * 19 / 100), std::min(320, size.width() * 20 / 100)},
            Qt::Horizontal);
    }
    if (hwDock && opDock)
        m_window->resizeDocks({hwDock, opDock},
                              {size.height() * 26 / 100, size.height() * 42 / 100}, Qt::Vertical);
    if (paramDock && readDock)
        m_window->resizeDocks({paramDock, readDock},
                              {size.height() * 30 / 100, size.height() * 38 / 100}, Qt::Vertical);
    // Room for the comparison's sentences and at least four rows of its table (set last:
    // tabifying the bottom docks resets their height).
    if (auto* cmp = dockNamed("comparisonDock"))
        m_window->resizeDocks({cmp}, {size.height() * 3 / 10}, Qt::Vertical);
}

} // namespace roofscope
