#pragma once

#include <QAbstractTableModel>

namespace roofscope {

class Session;

// Operators × checked accelerators, one row per pair (grouped by operator): the core's
// attainable performance, time, bound and the speedup against the baseline. The chart reads
// its points from this model (AiRole, AttainableRole), so table and chart cannot disagree.
class ComparisonModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        OperatorColumn,
        HardwareColumn,
        AiColumn,
        AttainableColumn,
        PeakFractionColumn,
        BoundColumn,
        TimeColumn,
        SpeedupColumn,
        MeasuredRatioColumn, // a measured entry's roofs ÷ its datasheet's ("measured_of")
        ColumnCount
    };
    enum Role {
        OperatorRowRole = Qt::UserRole + 1, // int: row in Session::operators()
        HardwareIndexRole,                  // int: index into Session::hardware()
        AiRole,                             // double FLOP/byte (invalid QVariant on error)
        AttainableRole,                     // double FLOP/s
        ColorRole,                          // QColor of the accelerator
        BaselineRole,                       // bool
        SelectedRole,                       // bool: the selected operator
        SortRole,                           // raw numbers
    };

    explicit ComparisonModel(Session* session, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // The row of one (operator, accelerator) pair, or -1.
    int rowOf(int op, int hardware) const;
    int hardwareCount() const;

private:
    void reset();
    void onOperatorsChanged(int first, int last);
    void onAllChanged();

    Session* m_session;
};

} // namespace roofscope
