#pragma once

#include "core/serving/publishedresult.h"

#include <QAbstractTableModel>

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace roofscope {

// Help ▸ Published Measurements…: every bundled published measurement beside RoofScope's bound
// for its set-up (core evaluatePublished against the session's catalogs, the user's included)
// and the ratio. A row that cannot be evaluated says why in its Bound and Ratio cells.
class PublishedModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        SourceColumn, // the document's name; its URL in UrlRole, the full locator in the tooltip
        FrameworkColumn,
        ModelColumn,
        GpuColumn, // "H100 SXM5 × 2 (TP=2)"
        BatchColumn,
        TokensColumn, // input / output tokens
        MetricColumn,
        MeasuredColumn,
        BoundColumn,
        RatioColumn,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // raw numbers for the numeric columns, text otherwise
        UrlRole,                     // SourceColumn: the source's URL
    };

    explicit PublishedModel(QObject* parent = nullptr);

    // Replaces the rows (a reset).
    void setRows(std::vector<PublishedRowBound> rows);
    // The bundled rows evaluated against these catalogs (the GPUs shown by their names).
    void evaluate(const ModelCatalog& models, const HardwareCatalog& hardware);
    const std::vector<PublishedRowBound>& rows() const { return m_rows; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // The name a GPU id is shown by: the catalog's name without its vendor ("A100 SXM4 80GB"),
    // the id itself when the catalog evaluate() read has no such entry.
    QString gpuName(const std::string& id) const;

private:
    QVariant cell(const PublishedRowBound& row, int column, int role) const;

    std::vector<PublishedRowBound> m_rows;
    std::map<std::string, QString, std::less<>> m_gpuNames; // id -> shown name
};

} // namespace roofscope
