#pragma once

#include "core/models/parallel.h"

#include <QAbstractTableModel>

#include <vector>

namespace roofscope {

class ModelWorkbench;

// The deployment planner for the model panel's model and scenario on the baseline accelerator:
// every layout up to eight GPUs (TP × PP, EP for MoE) from the core's planDeployments(), the
// fastest fitting first, each GPU's time split into compute-bound, memory-bound and
// communication.
class PlanModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        LayoutColumn,
        GpusColumn,
        TimeColumn,
        TokensColumn,
        TokensPerGpuColumn,
        ComputeBoundColumn,
        MemoryBoundColumn,
        CommunicationColumn,
        MemoryColumn,
        FitsColumn,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // raw numbers (seconds, tokens/s, bytes, ...)
    };

    explicit PlanModel(ModelWorkbench* workbench, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    const std::vector<ParallelTotals>& rows() const { return m_rows; }
    // The accelerator planned for (index into Session::hardware(); -1: none checked).
    int hardware() const { return m_hardware; }
    // Why there are no rows (the core's message), or empty.
    const QString& problem() const { return m_problem; }
    // Recomputes from the workbench on every change of model, scenario or baseline — while
    // active (the Plan tab is shown): a plan evaluates dozens of layouts, too many for every
    // slider step of a hidden tab. Becoming active catches up.
    void refresh();
    void setActive(bool active);
    bool isActive() const { return m_active; }

private:
    ModelWorkbench* m_workbench;
    std::vector<ParallelTotals> m_rows;
    int m_hardware = -1;
    QString m_problem;
    bool m_active = false;
    bool m_dirty = true;
};

} // namespace roofscope
