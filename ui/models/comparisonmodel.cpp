#include "ui/models/comparisonmodel.h"

#include "core/util/format.h"
#include "ui/document/gpucolor.h"
#include "ui/document/session.h"
#include "ui/style/chartstyle.h"
#include "ui/text/datanames.h"
#include "ui/text/humanformat.h"
#include "ui/text/measuredratiotext.h"

#include <QFont>

namespace roofscope {

ComparisonModel::ComparisonModel(Session* session, QObject* parent)
    : QAbstractTableModel(parent), m_session(session)
{
    connect(session, &Session::operatorsReset, this, &ComparisonModel::reset);
    connect(session, &Session::hardwareChanged, this, &ComparisonModel::reset);
    connect(session, &Session::operatorsChanged, this, &ComparisonModel::onOperatorsChanged);
    connect(session, &Session::selectionChanged, this, &ComparisonModel::onAllChanged);
    connect(session, &Session::colorsChanged, this, &ComparisonModel::onAllChanged);
}

int ComparisonModel::hardwareCount() const
{
    return static_cast<int>(m_session->checkedHardware().size());
}

int ComparisonModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid())
        return 0;
    return static_cast<int>(m_session->operators().size()) * hardwareCount();
}

int ComparisonModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

int ComparisonModel::rowOf(int op, int hardware) const
{
    const auto& checked = m_session->checkedHardware();
    for (std::size_t i = 0; i < checked.size(); ++i) {
        if (checked[i] == hardware)
            return op * hardwareCount() + static_cast<int>(i);
    }
    return -1;
}

QVariant ComparisonModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int n = hardwareCount();
    const int op = index.row() / n;
    const int hw = m_session->checkedHardware()[static_cast<std::size_t>(index.row() % n)];
    const auto& e = m_session->estimate(op, hw);
    const bool baseline = hw == m_session->baseline();
    const bool selected = op == m_session->selectedOperator();

    switch (role) {
    case OperatorRowRole:
        return op;
    case HardwareIndexRole:
        return hw;
    case AiRole:
        return e ? QVariant(e->ai) : QVariant();
    case AttainableRole:
        return e ? QVariant(e->attainable) : QVariant();
    case ColorRole:
        return gpuColor(*m_session, hw);
    case BaselineRole:
        return baseline;
    case SelectedRole:
        return selected;
    case Qt::FontRole:
        if (selected || baseline) {
            QFont f;
            f.setBold(selected);
            f.setItalic(baseline);
            return f;
        }
        return {};
    case Qt::DecorationRole:
        if (index.column() == HardwareColumn)
            return gpuColor(*m_session, hw);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() >= AiColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ToolTipRole:
        if (!e)
            return QString::fromStdString(e.error().message);
        if (index.column() == SpeedupColumn) {
            return tr("Time on the baseline ÷ time on this accelerator");
        }
        if (index.column() == MeasuredRatioColumn) {
            const QString summary = MeasuredRatioText::summary(
                m_session->catalog(), m_session->hardware()[static_cast<std::size_t>(hw)]);
            return summary.isEmpty() ? tr("Not a measured entry with a datasheet beside it")
                                     : summary;
        }
        return QString::fromStdString(std::string(precisionName(e->ceiling.precision)) + ' ' +
                                      std::string(computeUnitName(e->ceiling.unit)) + " roof " +
                                      formatFlopsRate(e->ceiling.flopsPerS) + ", " +
                                      e->memory.level + ' ' + formatBandwidth(e->memory.bytesPerS));
    case Qt::DisplayRole:
    case SortRole:
        break;
    default:
        return {};
    }

    const bool sort = role == SortRole;
    if (index.column() == OperatorColumn) {
        return sort ? QVariant(op)
                    : QVariant(operatorDisplayName(
                          m_session->operators()[static_cast<std::size_t>(op)]));
    }
    if (index.column() == HardwareColumn) {
        const QString name = m_session->shortName(hw);
        return baseline && !sort ? tr("%1 (baseline)").arg(name) : name;
    }
    if (!e)
        return sort ? QVariant(0.0) : QVariant(QStringLiteral("—"));
    switch (index.column()) {
    case AiColumn:
        return sort ? QVariant(e->ai) : QVariant(HumanFormat::count(e->ai, 3));
    case AttainableColumn:
        return sort ? QVariant(e->attainable)
                    : QVariant(QString::fromStdString(formatFlopsRate(e->attainable)));
    case PeakFractionColumn:
        return sort ? QVariant(e->peakFraction)
                    : QVariant(QString::number(e->peakFraction * 100.0, 'f',
                                               e->peakFraction < 0.1 ? 2 : 1) +
                               QStringLiteral(" %"));
    case BoundColumn:
        return e->bound == Bound::Memory ? tr("memory") : tr("compute");
    case TimeColumn:
        return sort ? QVariant(e->timeS)
                    : QVariant(QString::fromStdString(formatDuration(e->timeS)));
    case SpeedupColumn: {
        const auto s = m_session->speedup(op, hw);
        if (!s)
            return sort ? QVariant(0.0) : QVariant(QStringLiteral("—"));
        return sort ? QVariant(*s) : QVariant(QString::number(*s, 'f', 2) + QStringLiteral("×"));
    }
    case MeasuredRatioColumn: {
        // The two roofs this row's estimate runs on: its compute ceiling and its memory.
        const Hardware& entry = m_session->hardware()[static_cast<std::size_t>(hw)];
        const Hardware* datasheet = m_session->catalog().datasheetOf(entry);
        const std::vector<RoofRatio> ratios =
            datasheet ? measuredRatios(entry, *datasheet) : std::vector<RoofRatio>{};
        const RoofRatio* compute = MeasuredRatioText::find(ratios, e->ceiling);
        const RoofRatio* memory = MeasuredRatioText::find(ratios, e->memory.level);
        if (sort)
            return compute ? compute->ratio() : 0.0;
        QStringList parts;
        for (const RoofRatio* r : {compute, memory}) {
            if (r)
                parts << MeasuredRatioText::roof(*r);
        }
        return parts.isEmpty() ? QStringLiteral("—") : parts.join(QStringLiteral(" · "));
    }
    default:
        return {};
    }
}

QVariant ComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case OperatorColumn:
        return tr("Operator");
    case HardwareColumn:
        return tr("Accelerator");
    case AiColumn:
        return tr("AI (FLOP/B)");
    case AttainableColumn:
        return tr("Attainable");
    case PeakFractionColumn:
        return tr("% of peak");
    case BoundColumn:
        return tr("Bound");
    case TimeColumn:
        return tr("Time");
    case SpeedupColumn:
        return tr("Speedup vs baseline");
    case MeasuredRatioColumn:
        return tr("Measured ÷ datasheet");
    default:
        return {};
    }
}

void ComparisonModel::reset()
{
    beginResetModel();
    endResetModel();
}

void ComparisonModel::onOperatorsChanged(int first, int last)
{
    const int n = hardwareCount();
    if (n == 0)
        return;
    emit dataChanged(index(first * n, 0), index(last * n + n - 1, ColumnCount - 1));
}

void ComparisonModel::onAllChanged()
{
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

} // namespace roofscope
