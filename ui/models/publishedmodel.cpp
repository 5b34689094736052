#include "ui/models/publishedmodel.h"

#include "core/util/format.h"
#include "ui/text/humanformat.h"

#include <QFont>
#include <QLocale>
#include <QUrl>

namespace roofscope {

namespace {

// "https://…/README.md, table 2, row 3" -> the URL.
QString sourceUrl(const PublishedResult& r)
{
    const std::size_t end = r.source.find_first_of(" ,");
    return QString::fromStdString(r.source.substr(0, end));
}

// The document a URL names, short enough for a column: "gpt-fast README.md", "llama.cpp #4766",
// "blogs.oracle.com".
QString sourceName(const PublishedResult& r)
{
    const QUrl url(sourceUrl(r));
    if (!url.isValid() || url.host().isEmpty())
        return QString::fromStdString(r.source);
    const QStringList parts = url.path().split(QLatin1Char('/'), Qt::SkipEmptyParts);
    if (url.host() == QLatin1String("github.com") && parts.size() >= 4 &&
        parts.at(2) == QLatin1String("pull"))
        return parts.at(1) + QStringLiteral(" #") + parts.at(3);
    if (url.host() == QLatin1String("github.com") && parts.size() >= 2)
        return parts.at(1) + QLatin1Char(' ') + parts.last();
    return url.host(); // the page's title is in the tooltip
}

QString metricText(PublishedMetric m)
{
    switch (m) {
    case PublishedMetric::TokensPerSPerUser:
        return PublishedModel::tr("tokens/s per user");
    case PublishedMetric::OutputTokensPerS:
        return PublishedModel::tr("output tokens/s");
    case PublishedMetric::OutputTokensPerSPerGpu:
        return PublishedModel::tr("output tokens/s per GPU");
    case PublishedMetric::TimeToFirstTokenS:
        return PublishedModel::tr("time to first token");
    }
    return {};
}

QString valueText(PublishedMetric m, double v)
{
    if (isTimeMetric(m))
        return QString::fromStdString(formatDuration(v));
    return HumanFormat::count(v, 4);
}

} // namespace

PublishedModel::PublishedModel(QObject* parent) : QAbstractTableModel(parent) {}

void PublishedModel::setRows(std::vector<PublishedRowBound> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

void PublishedModel::evaluate(const ModelCatalog& models, const HardwareCatalog& hardware)
{
    m_gpuNames.clear();
    for (const Hardware& h : hardware.all()) {
        std::string name = h.name;
        if (!h.vendor.empty() && name.rfind(h.vendor + ' ', 0) == 0)
            name = name.substr(h.vendor.size() + 1);
        m_gpuNames[h.id] = QString::fromStdString(name);
    }
    auto rows = builtinPublishedResults();
    setRows(rows ? evaluatePublished(*rows, models, hardware) : std::vector<PublishedRowBound>{});
}

int PublishedModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int PublishedModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PublishedModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    return cell(m_rows[static_cast<std::size_t>(index.row())], index.column(), role);
}

QVariant PublishedModel::cell(const PublishedRowBound& row, int column, int role) const
{
    const PublishedResult& r = row.result;
    const bool sort = role == SortRole;
    switch (role) {
    case UrlRole:
        return column == SourceColumn ? QVariant(sourceUrl(r)) : QVariant();
    case Qt::ToolTipRole:
        if (column == SourceColumn)
            return QString::fromStdString(r.source) + QStringLiteral("\n\n") +
                   QString::fromStdString(r.note);
        if ((column == BoundColumn || column == RatioColumn) && !row.bound)
            return QString::fromStdString(row.problem);
        if (column == BoundColumn)
            return isTimeMetric(r.metric)
                       ? tr("The least a time to first token can be: the prefill of the batch's "
                            "prompts")
                       : tr("The best the rate can be: one decode step of the batch at the mean "
                            "context (input + output ÷ 2), %1")
                             .arg(QString::fromStdString(formatDuration(row.bound->stepTimeS)));
        if (column == RatioColumn)
            return isTimeMetric(r.metric) ? tr("Bound ÷ measured time") : tr("Measured ÷ bound");
        if (column == ModelColumn && !r.publishedModel.empty())
            return tr("Published as %1").arg(QString::fromStdString(r.publishedModel));
        return {};
    case Qt::TextAlignmentRole:
        if (column == BatchColumn || column == TokensColumn || column == MeasuredColumn ||
            column == BoundColumn || column == RatioColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::FontRole:
        if (column == SourceColumn) {
            QFont f;
            f.setUnderline(true); // a link: activating the cell opens it
            return f;
        }
        return {};
    case Qt::DisplayRole:
    case SortRole:
        break;
    default:
        return {};
    }

    switch (column) {
    case SourceColumn:
        return sourceName(r);
    case FrameworkColumn:
        return QString::fromStdString(r.framework);
    case ModelColumn: {
        const QString precisions =
            tr("%1 weights, %2 activations, %3 KV")
                .arg(QString::fromUtf8(precisionName(r.weights)).toUpper(),
                     QString::fromUtf8(precisionName(r.activations)).toUpper(),
                     QString::fromUtf8(precisionName(r.kvCache)).toUpper());
        return sort ? QVariant(QString::fromStdString(r.model))
                    : QVariant(QString::fromStdString(r.model) + QStringLiteral(" (") + precisions +
                               QLatin1Char(')'));
    }
    case GpuColumn: {
        // By its name, as the rest of the window names it; sorted as shown.
        const QString gpu = gpuName(r.gpu);
        if (sort)
            return gpu;
        if (r.layout.gpus() == 1)
            return gpu;
        return tr("%1 × %2 (%3)")
            .arg(gpu)
            .arg(r.layout.gpus())
            .arg(QString::fromStdString(r.layout.name()));
    }
    case BatchColumn:
        return sort ? QVariant(r.batch) : QVariant(HumanFormat::count(r.batch));
    case TokensColumn:
        if (sort)
            return r.inputTokens + r.outputTokens;
        return tr("%1 / %2").arg(HumanFormat::count(r.inputTokens),
                                 HumanFormat::count(r.outputTokens));
    case MetricColumn:
        return metricText(r.metric);
    case MeasuredColumn:
        return sort ? QVariant(r.value) : QVariant(valueText(r.metric, r.value));
    case BoundColumn:
        if (!row.bound)
            return sort ? QVariant() : QVariant(QStringLiteral("—"));
        return sort ? QVariant(row.bound->bound) : QVariant(valueText(r.metric, row.bound->bound));
    case RatioColumn:
        if (!row.bound)
            return sort
                       ? QVariant()
                       : QVariant(tr("not evaluated: %1").arg(QString::fromStdString(row.problem)));
        return sort ? QVariant(row.bound->ratio)
                    : QVariant(QLocale().toString(row.bound->ratio, 'f', 2));
    default:
        return {};
    }
}

QVariant PublishedModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SourceColumn:
        return tr("Source");
    case FrameworkColumn:
        return tr("Framework");
    case ModelColumn:
        return tr("Model");
    case GpuColumn:
        return tr("GPU");
    case BatchColumn:
        return tr("Batch");
    case TokensColumn:
        return tr("Input / output");
    case MetricColumn:
        return tr("Metric");
    case MeasuredColumn:
        return tr("Measured");
    case BoundColumn:
        return tr("RoofScope's bound");
    case RatioColumn:
        return tr("Ratio");
    default:
        return {};
    }
}

QString PublishedModel::gpuName(const std::string& id) const
{
    const auto it = m_gpuNames.find(id);
    return it != m_gpuNames.end() ? it->second : QString::fromStdString(id);
}

} // namespace roofscope
