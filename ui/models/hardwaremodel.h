#pragma once

#include <QAbstractTableModel>

namespace roofscope {

class Session;

// Every accelerator of the catalog: checkable (shown on the chart), one of the checked ones
// the baseline. Sort and filter through a QSortFilterProxyModel (SortRole, vendor column).
class HardwareModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { NameColumn, VendorColumn, PeakColumn, BandwidthColumn, RidgeColumn, ColumnCount };
    enum Role {
        IdRole = Qt::UserRole + 1, // QString hardware id
        HardwareIndexRole,         // int index into Session::hardware()
        ColorRole,                 // QColor of the accelerator in the current theme
        BaselineRole,              // bool; setData(true) makes it the baseline
        SortRole,                  // raw numbers for the numeric columns
        FilterRole,                // name, vendor and id, for the search box
    };

    explicit HardwareModel(Session* session, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

private:
    void refreshAll();

    Session* m_session;
};

} // namespace roofscope
