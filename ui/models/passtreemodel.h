#pragma once

#include "core/measured/modeljoin.h"

#include <QAbstractItemModel>

#include <vector>

namespace roofscope {

// A trace joined to its model (joinTraceToModel) as a tree: each forward pass, under it the
// model's operators it ran, then its decoder layers and what the model does not have. Each row
// has its kernels, measured time, predicted time and measured ÷ predicted; SortRole gives the
// raw numbers, so a proxy sorts the worst (highest ratio) first. Read-only.
class PassTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    // The ratio first after the name: the column the tree is sorted by, and the one a narrow
    // dock (1366×768) must keep in view.
    enum Column {
        NameColumn,
        RatioColumn,
        MeasuredColumn,
        PredictedColumn,
        KernelsColumn,
        WallColumn,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole;
    // The pass an index belongs to (its own row's for a pass), -1 for an invalid index.
    static constexpr int PassRole = Qt::UserRole + 1;
    // The model row key of an operator's row ("q_proj"), an empty string for any other row.
    static constexpr int OperatorRole = Qt::UserRole + 2;

    explicit PassTreeModel(QObject* parent = nullptr);

    void setJoin(ModelJoin join);
    const ModelJoin& join() const { return m_join; }
    // "Prefill", "Decode step 3"
    QString passName(int pass) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    enum class Kind { Root, Pass, Operator, LayersGroup, Layer, NotInModelGroup, NotInModel };
    struct Node {
        Kind kind = Kind::Root;
        int parent = -1;
        int row = 0;   // among the parent's children
        int pass = -1; // index into m_join.passes
        int item = -1; // the operator, layer or not-in-model entry within the pass
        std::vector<int> children;
    };
    int add(Kind kind, int parent, int pass, int item);
    void build();
    QVariant display(const Node& n, int column) const;
    QVariant sortValue(const Node& n, int column) const;

    ModelJoin m_join;
    std::vector<Node> m_nodes; // m_nodes[0] is the root
};

} // namespace roofscope
