#pragma once

#include "core/measured/kernelanalysis.h"
#include "ui/document/session.h"

#include <QAbstractTableModel>

#include <string_view>
#include <vector>

namespace roofscope {

// Every imported kernel, one row per kernel of every measurement set, with the core's analysis
// (core/measured/kernelanalysis.h): where it sits under its GPU's roofs. Display texts are
// human; SortRole gives raw numbers for sorting.
class KernelModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        SetColumn,
        GpuColumn,
        LaunchesColumn,
        TimeColumn,
        ShareColumn,
        FlopsRateColumn,
        AiDramColumn,
        AiL2Column,
        AiL1Column,
        PercentColumn,
        BoundColumn,
        SpeedupColumn,
        OperatorColumn,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // double or QString
        SetRole,                     // int
        KernelRole,                  // int
    };

    explicit KernelModel(Session* session, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    KernelRef kernelAt(int row) const;
    int rowOf(KernelRef kernel) const; // -1 when absent

    // One number per row that orders the rows as `column` is read: the SortRole value of a
    // numeric column, the rank of the shown text among the column's distinct texts otherwise
    // (each distinct value formatted once, so a million rows sort in milliseconds).
    std::vector<double> sortKeys(int column) const;
    // The name the Kernel column shows, as the session holds it (the filter reads it).
    std::string_view nameOf(int row) const;

private:
    struct Row {
        KernelRef ref;
        KernelAnalysis analysis;
        double share = 0.0;
        std::optional<double> speedup;
    };
    void rebuild();
    // The GPU's human name from the catalog ("A100 SXM4 80GB"), "unknown" without one.
    QString gpuName(const MeasuredKernel& k) const;
    QVariant display(const Row& row, const MeasuredKernel& k, int column) const;
    QVariant sortValue(const Row& row, const MeasuredKernel& k, int column) const;

    Session* m_session;
    std::vector<Row> m_rows;
    std::vector<int> m_firstRowOfSet;
    int m_beforeSet = -1; // the compared runs, -1 without a comparison
    int m_afterSet = -1;
};

} // namespace roofscope
