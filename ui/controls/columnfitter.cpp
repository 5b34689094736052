#include "ui/controls/columnfitter.h"

#include <QAbstractItemView>
#include <QGuiApplication>
#include <QHeaderView>
#include <QHelpEvent>
#include <QToolTip>

#include <algorithm>
#include <limits>
#include <vector>

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
    // A hidden table, or one on a dock page behind another (disabled), is fitted when it is
    // shown or enabled (eventFilter).
    if (!m_view->isVisible() || !m_view->isEnabled())
        return;
    m_fitting = true;
    // Every column gets its contents' width when they all fit (one may then take more than
    // half). When they do not, narrow columns keep theirs and the wide ones share what is
    // left, each at least half the view: their text elides in the middle, with the full value
    // in the tooltip.
    const int count = m_header->count();
    // The first shown column names the row (GPU, operator, kernel).
    int first = 0;
    while (first < count && m_header->isSectionHidden(m_header->logicalIndex(first)))
        ++first;
    const int firstColumn = first < count ? m_header->logicalIndex(first) : -1;
    std::vector<int> wanted(static_cast<std::size_t>(count), 0);
    std::vector<bool> numbers(static_cast<std::size_t>(count), false);
    int total = 0;
    int numbersWidth = 0;
    for (int c = 0; c < count; ++c) {
        if (m_header->isSectionHidden(c))
            continue;
        const int w = std::max(m_header->sectionSizeHint(c), m_view->sizeHintForColumn(c));
        wanted[static_cast<std::size_t>(c)] = w > 0 ? w + 8 : 0;
        numbers[static_cast<std::size_t>(c)] = c != firstColumn && showsNumbers(c);
        if (numbers[static_cast<std::size_t>(c)])
            numbersWidth += wanted[static_cast<std::size_t>(c)];
        else
            total += wanted[static_cast<std::size_t>(c)];
    }
    // Numbers are never cut ("65." for 65.1 ms reads as a value): their columns get their width,
    // and the columns of names share what is left (the table scrolls when that is too little).
    const int view = m_view->viewport()->width();
    const int room = std::max(0, view - numbersWidth);
    // However many columns compete, a wide one keeps half of the view (the rest scrolls).
    const int cap = std::max(120, room / 2);
    int share = std::numeric_limits<int>::max();
    if (total > room && room > 0) {
        // Water-filling: the largest share s with sum(min(wanted, s)) <= room.
        std::vector<int> sorted;
        for (int c = 0; c < count; ++c) {
            const int w = wanted[static_cast<std::size_t>(c)];
            if (w > 0 && !numbers[static_cast<std::size_t>(c)])
                sorted.push_back(w);
        }
        std::sort(sorted.begin(), sorted.end());
        int left = room;
        auto remaining = static_cast<int>(sorted.size());
        for (int w : sorted) {
            if (w * remaining <= left) {
                left -= w;
                --remaining;
                continue;
            }
            share = std::max(60, left / std::max(1, remaining));
            break;
        }
    }
    // The first shown column: cut to half of a narrow column it left rows that read alike
    // ("H100 …line)", "Decod…atmul"). It may take all of the view but a sliver (the edge of the
    // next column says there is more); the rest scrolls.
    for (int c = 0; c < count; ++c) {
        const int w = wanted[static_cast<std::size_t>(c)];
        if (w > 0 && numbers[static_cast<std::size_t>(c)]) {
            m_header->resizeSection(c, w);
            continue;
        }
        // The name takes what the numbers leave; in a narrow list at least a name's usual width
        // (260 px: the numbers then scroll, never cut), so a 156-character kernel name no longer
        // pushes every number out of a wide table.
        const int columnCap =
            c == firstColumn ? std::max({cap, view - numbersWidth, std::min(view - 24, 260)}) : cap;
        if (w > 0) // nothing known yet (hidden, no rows): leave the column alone
            m_header->resizeSection(c, std::min(w, std::max(share, columnCap)));
    }
    m_fitting = false;
}

bool ColumnFitter::showsNumbers(int column) const
{
    // A number starts with a digit, a sign or a decimal point ("65.1 ms", "−3 %", ".5"); a
    // column is one of numbers when its first rows are.
    const QAbstractItemModel* model = m_view->model();
    if (!model)
        return false;
    const int rows = std::min(model->rowCount(m_view->rootIndex()), 20);
    bool any = false;
    for (int r = 0; r < rows; ++r) {
        const QString text = model->index(r, column, m_view->rootIndex()).data().toString();
        if (text.isEmpty())
            continue;
        const QChar c = text.front();
        if (!(c.isDigit() || c == QLatin1Char('-') || c == QChar(0x2212) || c == QLatin1Char('.')))
            return false;
        any = true;
    }
    return any;
}

bool ColumnFitter::eventFilter(QObject* watched, QEvent* event)
{
    // Until the user sizes a column, the columns follow the view's size (the first show
    // included: at construction the view has no width yet).
    const bool shown = event->type() == QEvent::Show ||
                       (event->type() == QEvent::EnabledChange && m_view->isEnabled());
    if ((event->type() == QEvent::Resize || shown) && m_fit && !m_userSized)
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
    const QString tip =
        elided ? (own.isEmpty() || own == text ? text : text + QLatin1Char('\n') + own) : own;
    if (tip.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(help->globalPos(), tip, m_view->viewport(), cell);
    return true;
}

} // namespace roofscope
