#pragma once

#include "core/serving/publishedresult.h"

#include <QAbstractTableModel>

#include <optional>

namespace roofscope {

class ModelWorkbench;

// One row per checked accelerator: the model's step on it, from the core's
// evaluateWorkload() (one GPU) or evaluateParallel() (a layout over GPUs): time per token
// (decode) or per prefill, tokens/s, the share of time in memory-bound operators, the time split
// into compute-bound operators, memory-bound operators and communication (summed over the
// pipeline's stages), weights + KV cache against the GPU's memory (per GPU under a layout),
// whether it fits (and how many GPUs would hold it), and the speedup against the baseline.
class ModelTotalsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        HardwareColumn,
        TimeColumn,
        TokensColumn,
        // Tokens/s × the published measurements' ratio spread: where real systems have landed
        // under such a bound (core/publishedresult.h), never a prediction.
        PublishedRangeColumn,
        MemoryBoundColumn,
        ComputeTimeColumn,       // operators on the compute roof
        MemoryTimeColumn,        // operators on the memory slope
        CommunicationTimeColumn, // collectives and pipeline sends; 0 on one GPU
        MemoryColumn,
        FitsColumn,
        SpeedupColumn,
        ColumnCount
    };
    enum Role {
        HardwareIndexRole = Qt::UserRole + 1, // int: index into Session::hardware()
        SortRole,                             // raw numbers (seconds, tokens/s, fraction, ...)
    };

    explicit ModelTotalsModel(ModelWorkbench* workbench, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // The row of a checked accelerator, or -1.
    int rowOf(int hardware) const;

    // The bundled published measurements against the session's catalogs: their ratio spread,
    // rows and sources (computed once per catalog).
    const std::optional<PublishedBand>& publishedBand() const;
    // Tokens/s of a checked accelerator's step × the band: nullopt when the step or the band
    // is missing.
    std::optional<RealRange> publishedRange(int hardware) const;
    // "Published measurements (47 rows, 5 sources) reached 0.16–0.80 of the bound (median
    // 0.51)": the band's own words, for the panel's line and the column's tooltip.
    QString publishedBandText() const;

private:
    void onChanged();

    ModelWorkbench* m_workbench;
    std::vector<int> m_rows; // hardware indices, as last announced to views
};

} // namespace roofscope
