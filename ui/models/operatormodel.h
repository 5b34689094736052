#pragma once

#include <QAbstractItemModel>

namespace roofscope {

class Session;

// The operators as a tree: one top-level row per operator (name, parameter summary and the
// core's verdict on the baseline accelerator), one child row per parameter (editable in place;
// the delegate picks a spin box or a combo box from the roles below).
class OperatorModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        ValueColumn,
        AiColumn,
        AttainableColumn,
        BoundColumn,
        TimeColumn,
        ColumnCount
    };
    enum Role {
        OperatorRowRole = Qt::UserRole + 1, // int: the operator's row (also on parameter rows)
        IsParamRole,                        // bool
        ParamNameRole,                      // QString
        ParamTypeRole,                      // int: roofscope::ParamType
        ParamMinRole,                       // double
        ParamMaxRole,                       // double
        ParamChoicesRole,                   // QStringList (choices or precision names)
        SortRole,                           // raw numbers
    };

    explicit OperatorModel(Session* session, QObject* parent = nullptr);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

signals:
    // An edit the core refused, with its reason ("matmul: m=0: expected a whole number >= 1").
    void editRejected(const QString& reason);

private:
    QVariant operatorData(int row, int column, int role) const;
    QVariant paramData(int opRow, int paramRow, int column, int role) const;
    void onOperatorsChanged(int first, int last);
    void onAllChanged();

    Session* m_session;
};

} // namespace roofscope
