#pragma once

#include <QAbstractProxyModel>

#include <vector>

namespace roofscope {

class KernelModel;

// The Kernels table's sorted and filtered view of a KernelModel, fast at the scale of a serving
// run imported launch by launch (1,000,000 rows: sort and filter in tens of milliseconds, where
// QSortFilterProxyModel took seconds). Sorting compares plain numbers the model gives per
// column (KernelModel::sortKeys: text columns as ranks of their distinct values); the name
// filter is decided once per distinct kernel name, then applied to the rows by name id.
class KernelTableProxy : public QAbstractProxyModel {
    Q_OBJECT
public:
    explicit KernelTableProxy(QObject* parent = nullptr);

    void setSourceModel(QAbstractItemModel* source) override;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QModelIndex mapToSource(const QModelIndex& proxyIndex) const override;
    QModelIndex mapFromSource(const QModelIndex& sourceIndex) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    // Keeps the rows whose kernel name contains `text`, ignoring case ("" keeps every row).
    void setFilterFixedString(const QString& text);

private:
    KernelModel* kernels() const;
    void rebuildAll(); // after a reset of the source: names, order and filter anew
    void orderRows();  // m_sorted from the sort column and order
    std::vector<double> nameKeys() const; // per row: its name's rank among the distinct names
    void rebuildOrderAndFilter();
    void filterRows(); // m_visible from m_sorted and the filter
    void applyLayoutChange(void (KernelTableProxy::*change)());

    std::vector<int> m_nameId;        // per source row: its distinct kernel name
    std::vector<QString> m_names;     // the distinct names
    std::vector<int> m_sorted;        // every source row in display order
    std::vector<int> m_visible;       // the rows of m_sorted the filter keeps
    std::vector<int> m_sourceToProxy; // -1 for a row the filter hides
    int m_sortColumn = -1;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
    QString m_filter;
};

} // namespace roofscope
