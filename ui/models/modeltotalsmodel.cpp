#include "ui/models/modeltotalsmodel.h"

#include "core/format.h"
#include "ui/chart/chartstyle.h"
#include "ui/humanformat.h"
#include "ui/modelworkbench.h"
#include "ui/session.h"

#include <QFont>

#include <algorithm>

namespace roofscope {

ModelTotalsModel::ModelTotalsModel(ModelWorkbench* workbench, QObject* parent)
    : QAbstractTableModel(parent), m_workbench(workbench),
      m_rows(workbench->session()->checkedHardware())
{
    connect(workbench, &ModelWorkbench::changed, this, &ModelTotalsModel::onChanged);
    connect(workbench->session(), &Session::themeChanged, this, &ModelTotalsModel::onChanged);
}

int ModelTotalsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int ModelTotalsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

int ModelTotalsModel::rowOf(int hardware) const
{
    const auto it = std::find(m_rows.begin(), m_rows.end(), hardware);
    return it == m_rows.end() ? -1 : static_cast<int>(it - m_rows.begin());
}

QVariant ModelTotalsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Session* session = m_workbench->session();
    const int hw = m_rows[static_cast<std::size_t>(index.row())];
    const bool baseline = hw == session->baseline();
    const Expected<WorkloadTotals>* t = m_workbench->totals(hw);
    const bool ok = t && *t;
    const int column = index.column();

    switch (role) {
    case HardwareIndexRole:
        return hw;
    case Qt::DecorationRole:
        if (column == HardwareColumn)
            return gpuColor(*session, hw);
        return {};
    case Qt::FontRole:
        if (baseline) {
            QFont f;
            f.setItalic(true);
            return f;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (column != HardwareColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ToolTipRole:
        if (t && !*t)
            return QString::fromStdString(t->error().message);
        if (!ok)
            return {};
        if (column == TimeColumn)
            return tr("Σ over operators of count × max(compute time, memory time): %1, %2 moved")
                .arg(QString::fromStdString(formatFlops((*t)->flops)),
                     QString::fromStdString(formatBytes((*t)->bytes)));
        if (column == MemoryColumn)
            return tr("Weights %1 + KV cache %2 of %3")
                .arg(QString::fromStdString(formatBytes((*t)->weightsBytes)),
                     QString::fromStdString(formatBytes((*t)->kvCacheBytes)),
                     QString::fromStdString(formatBytes((*t)->memoryBytes)));
        if (column == FitsColumn && (*t)->fits == false)
            return tr("The times assume it fits: split over %1 GPUs it would (tensor-parallel "
                      "communication not modelled)")
                .arg((*t)->gpusNeeded.value_or(0));
        if (column == SpeedupColumn)
            return tr("Step time on the baseline ÷ step time on this accelerator");
        return {};
    case Qt::DisplayRole:
    case SortRole:
        break;
    default:
        return {};
    }

    const bool sort = role == SortRole;
    if (column == HardwareColumn) {
        const QString name = session->shortName(hw);
        return baseline && !sort ? tr("%1 (baseline)").arg(name) : name;
    }
    if (!ok)
        return sort ? QVariant() : QVariant(QStringLiteral("—"));
    const WorkloadTotals& v = **t;
    switch (column) {
    case TimeColumn:
        return sort ? QVariant(v.timeS) : QVariant(QString::fromStdString(formatDuration(v.timeS)));
    case TokensColumn:
        return sort ? QVariant(v.tokensPerS) : QVariant(HumanFormat::count(v.tokensPerS, 4));
    case MemoryBoundColumn:
        return sort ? QVariant(v.memoryBoundTimeFraction)
                    : QVariant(QString::number(v.memoryBoundTimeFraction * 100.0, 'f', 0) +
                               QStringLiteral(" %"));
    case MemoryColumn: {
        const double used = v.weightsBytes + v.kvCacheBytes;
        if (sort)
            return used;
        return v.memoryBytes > 0.0 ? tr("%1 of %2")
                                         .arg(QString::fromStdString(formatBytes(used)),
                                              QString::fromStdString(formatBytes(v.memoryBytes)))
                                   : QString::fromStdString(formatBytes(used));
    }
    case FitsColumn:
        if (sort)
            return v.fits ? QVariant(*v.fits ? 1 : 0) : QVariant();
        if (!v.fits)
            return tr("unknown");
        if (*v.fits)
            return tr("fits");
        return v.gpusNeeded ? tr("no: needs %1 GPUs").arg(*v.gpusNeeded) : tr("no");
    case SpeedupColumn: {
        const Expected<WorkloadTotals>* b = m_workbench->totals(session->baseline());
        if (!b || !*b || !(v.timeS > 0.0))
            return sort ? QVariant() : QVariant(QStringLiteral("—"));
        const double s = (*b)->timeS / v.timeS;
        return sort ? QVariant(s) : QVariant(QString::number(s, 'f', 2) + QStringLiteral("×"));
    }
    default:
        return {};
    }
}

QVariant ModelTotalsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    const bool decode = m_workbench->scenario().phase == Phase::Decode;
    switch (section) {
    case HardwareColumn:
        return tr("Accelerator");
    case TimeColumn:
        // A decode step makes one token per sequence: per token only at batch 1.
        if (!decode)
            return tr("Prefill time");
        return m_workbench->scenario().batch == 1.0 ? tr("Time/token") : tr("Time/step");
    case TokensColumn:
        return tr("Tokens/s");
    case MemoryBoundColumn:
        return tr("Mem-bound");
    case MemoryColumn:
        return tr("Weights + KV");
    case FitsColumn:
        return tr("Fits");
    case SpeedupColumn:
        return tr("Speedup");
    default:
        return {};
    }
}

void ModelTotalsModel::onChanged()
{
    const std::vector<int>& now = m_workbench->session()->checkedHardware();
    if (now != m_rows) {
        beginResetModel();
        m_rows = now;
        endResetModel();
        return;
    }
    if (!m_rows.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    emit headerDataChanged(Qt::Horizontal, TimeColumn, TimeColumn);
}

} // namespace roofscope
