#include "ui/widgets/columnfitter.h"

#include <QAbstractItemView>
#include <QGuiApplication>
#include <QHeaderView>
#include <QHelpEvent>
#include <QToolTip>

#include <algorithm>

namespace roofscope {

void ColumnFitter::install(QAbstractItemView* view, QHeaderView* header, bool fit)
{
    // One fitter per view: installing again (a panel, then the window for every table) only
    // turns fitting on, never stacks a second tooltip filter.
    if (auto* existing = view->findChild<ColumnFitter*>(QString(), Qt::FindDirectChildrenOnly)) {
        if (fit && !existing->m_fit)
            existing->startFitting();
        return;
    }
    new ColumnFitter(view, header, fit);
}

ColumnFitter::ColumnFitter(QAbstractItemView* view, QHeaderView* header, bool fitColumns)
    : QObject(view), m_view(view), m_header(header), m_fit(false)
{
    view->setTextElideMode(Qt::ElideMiddle);
    view->viewport()->installEventFilter(this);
    if (fitColumns)
        startFitting();
}

void ColumnFitter::startFitting()
{
    m_fit = true;
    QHeaderView* header = m_header;
    // ResizeToContents would take the columns away from the user: sized once per change of
    // rows or width instead, and the user's drag wins from then on.
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSectionsMovable(false);
    if (QAbstractItemModel* model = m_view->model()) {
        connect(model, &QAbstractItemModel::modelReset, this, &ColumnFitter::fit,
                Qt::QueuedConnection);
        connect(model, &QAbstractItemModel::rowsInserted, this, &ColumnFitter::fit,
                Qt::QueuedConnection);
        connect(model, &QAbstractItemModel::layoutChanged, this, &ColumnFitter::fit,
                Qt::QueuedConnection);
    }
    connect(header, &QHeaderView::sectionResized, this, [this] {
        // Only a drag on the header is the user's choice; layout passes resize sections too.
        if (!m_fitting && QGuiApplication::mouseButtons() != Qt::NoButton)
            m_userSized = true;
    });
    fit();
}

void ColumnFitter::fit()
{
    m_fitting = true;
    // Contents first, but no column wider than half the view: the rest elides in the middle.
    const int cap = std::max(120, m_view->viewport()->width() / 2);
    for (int c = 0; c < m_header->count(); ++c) {
        const int wanted = std::max(m_header->sectionSizeHint(c), m_view->sizeHintForColumn(c));
        if (wanted > 0) // nothing known yet (hidden, no rows): leave the column alone
            m_header->resizeSection(c, std::min(wanted + 8, cap));
    }
    m_fitting = false;
}

bool ColumnFitter::eventFilter(QObject* watched, QEvent* event)
{
    // Until the user sizes a column, the columns follow the view's size (the first show
    // included: at construction the view has no width yet).
    if ((event->type() == QEvent::Resize || event->type() == QEvent::Show) && m_fit &&
        !m_userSized)
        QMetaObject::invokeMethod(this, &ColumnFitter::fit, Qt::QueuedConnection);
    if (event->type() != QEvent::ToolTip)
        return QObject::eventFilter(watched, event);
    auto* help = static_cast<QHelpEvent*>(event);
    const QModelIndex index = m_view->indexAt(help->pos());
    if (!index.isValid())
        return QObject::eventFilter(watched, event);
    const QString text = index.data(Qt::DisplayRole).toString();
    const QString own = index.data(Qt::ToolTipRole).toString();
    const QRect cell = m_view->visualRect(index);
    const bool elided = m_view->fontMetrics().horizontalAdvance(text) > cell.width() - 8;
    const QString tip = elided ? (own.isEmpty() || own == text ? text : text + QLatin1Char('\n') + own)
                               : own;
    if (tip.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(help->globalPos(), tip, m_view->viewport(), cell);
    return true;
}

} // namespace roofscope
