#include "ui/widgets/panelwalk.h"

#include <QAbstractItemView>
#include <QDockWidget>
#include <QKeyEvent>
#include <QMainWindow>
#include <QSet>
#include <QTabBar>
#include <QTimer>

#include <utility>

namespace roofscope {

namespace {

// The widgets under `root` that Tab stops at, in their own (the panel's) order.
QList<QWidget*> tabStops(QWidget* root)
{
    QList<QWidget*> out;
    for (QWidget* w = root->nextInFocusChain(); w && w != root; w = w->nextInFocusChain()) {
        if (!root->isAncestorOf(w))
            continue;
        if ((w->focusPolicy() & Qt::TabFocus) && !out.contains(w))
            out << w;
    }
    if ((root->focusPolicy() & Qt::TabFocus) && !out.contains(root))
        out.prepend(root);
    return out;
}

} // namespace

PanelWalk::PanelWalk(QMainWindow* window, QList<QWidget*> panels)
    : QObject(window), m_window(window), m_panels(std::move(panels))
{
    for (QWidget* panel : std::as_const(m_panels)) {
        if (auto* dock = qobject_cast<QDockWidget*>(panel)) {
            // A page brought forward (a tab chosen, the docks rearranged, a dock shown).
            connect(dock, &QDockWidget::visibilityChanged, this, &PanelWalk::updateLater);
            connect(dock, &QDockWidget::dockLocationChanged, this, &PanelWalk::updateLater);
        }
    }
}

QTabBar* PanelWalk::tabStripOf(const QDockWidget* dock) const
{
    if (dock->isFloating() || dock->isHidden())
        return nullptr;
    // QMainWindow's tab strips are its own children, one per group, titled by their pages.
    for (QTabBar* strip : m_window->findChildren<QTabBar*>(Qt::FindDirectChildrenOnly)) {
        if (strip->isHidden())
            continue;
        for (int i = 0; i < strip->count(); ++i) {
            if (strip->tabText(i) == dock->windowTitle())
                return strip;
        }
    }
    return nullptr;
}

QDockWidget* PanelWalk::frontPage(const QTabBar* strip) const
{
    const QString title = strip->tabText(strip->currentIndex());
    for (QWidget* panel : m_panels) {
        auto* dock = qobject_cast<QDockWidget*>(panel);
        if (dock && dock->windowTitle() == title && tabStripOf(dock) == strip)
            return dock;
    }
    return nullptr;
}

bool PanelWalk::eventFilter(QObject* watched, QEvent* event)
{
    auto* strip = qobject_cast<QTabBar*>(watched);
    if (!strip || event->type() != QEvent::KeyPress)
        return false;
    const auto* key = static_cast<QKeyEvent*>(event);
    const QTabBar::Shape shape = strip->shape();
    const bool vertical = shape == QTabBar::RoundedWest || shape == QTabBar::RoundedEast ||
                          shape == QTabBar::TriangularWest || shape == QTabBar::TriangularEast;
    if (!vertical || key->modifiers() != Qt::NoModifier ||
        (key->key() != Qt::Key_Up && key->key() != Qt::Key_Down))
        return false;
    const int step = key->key() == Qt::Key_Up ? -1 : 1;
    for (int i = strip->currentIndex() + step; i >= 0 && i < strip->count(); i += step) {
        if (strip->isTabEnabled(i) && strip->isTabVisible(i)) {
            strip->setCurrentIndex(i);
            break;
        }
    }
    return true;
}

void PanelWalk::updateLater()
{
    if (m_pending)
        return;
    m_pending = true;
    QTimer::singleShot(0, this, [this] {
        m_pending = false;
        update();
    });
}

void PanelWalk::update()
{
    // Tab walks from panel to panel: it never moves from cell to cell inside a table (arrow
    // keys do that), so no list or table keeps the focus to itself.
    for (QAbstractItemView* view : m_window->findChildren<QAbstractItemView*>())
        view->setTabKeyNavigation(false);
    QList<QWidget*> chain;
    QSet<const QTabBar*> walked;
    for (QWidget* panel : std::as_const(m_panels)) {
        auto* dock = qobject_cast<QDockWidget*>(panel);
        if (!dock) {
            chain << tabStops(panel);
            continue;
        }
        if (!dock->widget())
            continue;
        QTabBar* strip = tabStripOf(dock);
        if (!strip) {
            chain << tabStops(dock->widget());
            continue;
        }
        // The group is walked where its first page in the order is: the strip, then the page
        // in front. The pages behind it are disabled and stay wherever they are in the chain.
        if (walked.contains(strip))
            continue;
        walked.insert(strip);
        strip->installEventFilter(this); // once: a second install replaces the first
        chain << strip;
        if (QDockWidget* front = frontPage(strip); front && front->widget())
            chain << tabStops(front->widget());
    }
    for (qsizetype i = 1; i < chain.size(); ++i)
        QWidget::setTabOrder(chain[i - 1], chain[i]);
}

} // namespace roofscope
