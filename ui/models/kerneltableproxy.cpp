#include "ui/models/kerneltableproxy.h"

#include "core/util/keyorder.h"
#include "ui/models/kernelmodel.h"

#include <algorithm>
#include <numeric>
#include <string>
#include <unordered_map>

namespace roofscope {

KernelTableProxy::KernelTableProxy(QObject* parent) : QAbstractProxyModel(parent) {}

KernelModel* KernelTableProxy::kernels() const
{
    return qobject_cast<KernelModel*>(sourceModel());
}

void KernelTableProxy::setSourceModel(QAbstractItemModel* source)
{
    beginResetModel();
    if (sourceModel())
        disconnect(sourceModel(), nullptr, this, nullptr);
    QAbstractProxyModel::setSourceModel(source);
    if (source) {
        // The Kernels model only ever resets (a new import, a removal) or changes the text of
        // whole columns (operator links, GPU names).
        connect(source, &QAbstractItemModel::modelAboutToBeReset, this,
                &KernelTableProxy::beginResetModel);
        connect(source, &QAbstractItemModel::modelReset, this, [this] {
            rebuildAll();
            endResetModel();
        });
        connect(source, &QAbstractItemModel::dataChanged, this,
                [this](const QModelIndex& from, const QModelIndex& to, const QList<int>& roles) {
                    if (m_visible.empty())
                        return;
                    emit dataChanged(index(0, from.column()),
                                     index(static_cast<int>(m_visible.size()) - 1, to.column()),
                                     roles);
                });
        connect(source, &QAbstractItemModel::headerDataChanged, this,
                &QAbstractItemModel::headerDataChanged);
    }
    rebuildAll();
    endResetModel();
}

void KernelTableProxy::rebuildAll()
{
    m_nameId.clear();
    m_names.clear();
    const KernelModel* model = kernels();
    const int n = model ? model->rowCount() : 0;
    m_nameId.resize(static_cast<std::size_t>(n));
    std::unordered_map<std::string_view, int> ids;
    for (int row = 0; row < n; ++row) {
        const std::string_view name = model->nameOf(row);
        const auto [it, inserted] = ids.try_emplace(name, static_cast<int>(m_names.size()));
        if (inserted)
            m_names.push_back(QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())));
        m_nameId[static_cast<std::size_t>(row)] = it->second;
    }
    orderRows();
    filterRows();
}

void KernelTableProxy::orderRows()
{
    const std::size_t n = m_nameId.size();
    m_sorted.resize(n);
    std::iota(m_sorted.begin(), m_sorted.end(), 0);
    if (m_sortColumn < 0 || !kernels())
        return;
    m_sorted = stableKeyOrder(
        m_sortColumn == KernelModel::NameColumn ? nameKeys() : kernels()->sortKeys(m_sortColumn),
        m_sortOrder == Qt::DescendingOrder);
}

std::vector<double> KernelTableProxy::nameKeys() const
{
    // The model would rank the names too, but it would hash every row's name again; the
    // proxy has each row's distinct name already (the names the Name column shows).
    std::vector<int> byName(m_names.size());
    std::iota(byName.begin(), byName.end(), 0);
    std::sort(byName.begin(), byName.end(), [&](int a, int b) {
        return m_names[static_cast<std::size_t>(a)].compare(m_names[static_cast<std::size_t>(b)],
                                                            Qt::CaseInsensitive) < 0;
    });
    std::vector<double> rank(m_names.size());
    for (std::size_t i = 0; i < byName.size(); ++i)
        rank[static_cast<std::size_t>(byName[i])] = static_cast<double>(i);
    std::vector<double> keys(m_nameId.size());
    for (std::size_t row = 0; row < keys.size(); ++row)
        keys[row] = rank[static_cast<std::size_t>(m_nameId[row])];
    return keys;
}

void KernelTableProxy::filterRows()
{
    std::vector<char> keep(m_names.size(), 1);
    if (!m_filter.isEmpty()) {
        for (std::size_t i = 0; i < m_names.size(); ++i)
            keep[i] = m_names[i].contains(m_filter, Qt::CaseInsensitive) ? 1 : 0;
    }
    m_visible.clear();
    m_visible.reserve(m_sorted.size());
    for (int row : m_sorted) {
        if (keep[static_cast<std::size_t>(m_nameId[static_cast<std::size_t>(row)])])
            m_visible.push_back(row);
    }
    m_sourceToProxy.assign(m_nameId.size(), -1);
    for (std::size_t i = 0; i < m_visible.size(); ++i)
        m_sourceToProxy[static_cast<std::size_t>(m_visible[i])] = static_cast<int>(i);
}

void KernelTableProxy::applyLayoutChange(void (KernelTableProxy::*change)())
{
    // The selection and current index (persistent indexes) follow their rows; a row the
    // filter hides loses them.
    emit layoutAboutToBeChanged();
    const QModelIndexList before = persistentIndexList();
    QModelIndexList sources;
    sources.reserve(before.size());
    for (const QModelIndex& i : before)
        sources << mapToSource(i);
    (this->*change)();
    QModelIndexList after;
    after.reserve(before.size());
    for (const QModelIndex& s : sources)
        after << mapFromSource(s);
    changePersistentIndexList(before, after);
    emit layoutChanged();
}

void KernelTableProxy::sort(int column, Qt::SortOrder order)
{
    m_sortColumn = column;
    m_sortOrder = order;
    applyLayoutChange(&KernelTableProxy::rebuildOrderAndFilter);
}

void KernelTableProxy::rebuildOrderAndFilter()
{
    orderRows();
    filterRows();
}

void KernelTableProxy::setFilterFixedString(const QString& text)
{
    if (text == m_filter)
        return;
    m_filter = text;
    applyLayoutChange(&KernelTableProxy::filterRows);
}

QModelIndex KernelTableProxy::index(int row, int column, const QModelIndex& parent) const
{
    if (parent.isValid() || row < 0 || row >= rowCount() || column < 0 || column >= columnCount())
        return {};
    return createIndex(row, column);
}

QModelIndex KernelTableProxy::parent(const QModelIndex&) const
{
    return {};
}

int KernelTableProxy::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_visible.size());
}

int KernelTableProxy::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() || !sourceModel() ? 0 : sourceModel()->columnCount();
}

QModelIndex KernelTableProxy::mapToSource(const QModelIndex& proxyIndex) const
{
    if (!proxyIndex.isValid() || !sourceModel() || proxyIndex.row() >= rowCount())
        return {};
    return sourceModel()->index(m_visible[static_cast<std::size_t>(proxyIndex.row())],
                                proxyIndex.column());
}

QModelIndex KernelTableProxy::mapFromSource(const QModelIndex& sourceIndex) const
{
    if (!sourceIndex.isValid() || sourceIndex.row() >= static_cast<int>(m_sourceToProxy.size()))
        return {};
    const int row = m_sourceToProxy[static_cast<std::size_t>(sourceIndex.row())];
    return row < 0 ? QModelIndex() : createIndex(row, sourceIndex.column());
}

} // namespace roofscope
