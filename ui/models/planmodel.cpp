#include "ui/models/planmodel.h"

#include "core/util/format.h"
#include "ui/document/modelworkbench.h"
#include "ui/document/session.h"
#include "ui/text/humanformat.h"

#include <QFont>

namespace roofscope {

namespace {

QString text(const std::string& s)
{
    return QString::fromStdString(s);
}

double computeBound(const ParallelTotals& t)
{
    double sum = 0.0;
    for (const StageTotals& st : t.stages)
        sum += st.computeBoundTimeS;
    return sum;
}

double memoryBound(const ParallelTotals& t)
{
    double sum = 0.0;
    for (const StageTotals& st : t.stages)
        sum += st.memoryBoundTimeS;
    return sum;
}

} // namespace

PlanModel::PlanModel(ModelWorkbench* workbench, QObject* parent)
    : QAbstractTableModel(parent), m_workbench(workbench)
{
    connect(workbench, &ModelWorkbench::changed, this, &PlanModel::refresh);
    connect(workbench->session(), &Session::hardwareChanged, this, &PlanModel::refresh);
    refresh();
}

void PlanModel::setActive(bool active)
{
    m_active = active;
    if (m_active && m_dirty)
        refresh();
}

void PlanModel::refresh()
{
    if (!m_active) {
        m_dirty = true;
        return;
    }
    m_dirty = false;
    const Session* session = m_workbench->session();
    beginResetModel();
    m_rows.clear();
    m_problem.clear();
    m_hardware = session->baseline();
    if (m_hardware < 0) {
        m_problem = tr("Check an accelerator to plan for it.");
    } else {
        const Hardware& hw = session->hardware()[static_cast<std::size_t>(m_hardware)];
        auto rows = planDeployments(m_workbench->model(), m_workbench->scenario(), hw, 8);
        if (rows)
            m_rows = std::move(rows).value();
        else
            m_problem = text(rows.error().message);
    }
    endResetModel();
}

int PlanModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int PlanModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PlanModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ParallelTotals& t = m_rows[static_cast<std::size_t>(index.row())];
    const int column = index.column();
    const bool fits = t.fits.value_or(false);
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case LayoutColumn:
            return text(t.layout.name());
        case GpusColumn:
            return t.layout.gpus();
        case TimeColumn:
            return text(formatDuration(t.timeS));
        case TokensColumn:
            return HumanFormat::count(t.tokensPerS, 4);
        case TokensPerGpuColumn:
            return HumanFormat::count(t.tokensPerSPerGpu, 4);
        case ComputeBoundColumn:
            return text(formatDuration(computeBound(t)));
        case MemoryBoundColumn:
            return text(formatDuration(memoryBound(t)));
        case CommunicationColumn:
            return tr("%1 (%2 %)")
                .arg(text(formatDuration(t.communicationTimeS)),
                     text(formatNumber(t.communicationFraction * 100.0, 3)));
        case MemoryColumn:
            return text(formatBytes(t.memoryBytesPerGpu));
        case FitsColumn:
            return t.fits ? (fits ? tr("yes") : tr("no")) : tr("unknown");
        }
        return {};
    case SortRole:
        switch (column) {
        case LayoutColumn:
            return index.row();
        case GpusColumn:
            return t.layout.gpus();
        case TimeColumn:
            return t.timeS;
        case TokensColumn:
            return t.tokensPerS;
        case TokensPerGpuColumn:
            return t.tokensPerSPerGpu;
        case ComputeBoundColumn:
            return computeBound(t);
        case MemoryBoundColumn:
            return memoryBound(t);
        case CommunicationColumn:
            return t.communicationTimeS;
        case MemoryColumn:
            return t.memoryBytesPerGpu;
        case FitsColumn:
            return fits;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (column != LayoutColumn && column != FitsColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::FontRole: {
        // The fastest fitting layout in bold; the model panel's own in italics.
        const bool best = index.row() == 0 && fits;
        const bool current = t.layout == m_workbench->layout();
        if (!best && !current)
            return {};
        QFont f;
        f.setBold(best);
        f.setItalic(current);
        return f;
    }
    case Qt::ToolTipRole:
        if (column == CommunicationColumn)
            return tr("Ring all-reduce: 2·(N−1)/N · bytes ÷ per-direction link bandwidth + "
                      "2·(N−1) · hop latency");
        if (column == MemoryColumn && !t.stages.empty())
            return tr("Fullest GPU: weights %1 + KV cache %2 + workspace %3; fits with %4 % "
                      "kept free")
                .arg(text(formatBytes(t.stages.front().weightsBytes)),
                     text(formatBytes(t.stages.front().kvCacheBytes)),
                     text(formatBytes(t.stages.front().workspaceBytes)),
                     text(formatNumber(t.headroom * 100.0, 3)));
        return {};
    default:
        return {};
    }
}

QVariant PlanModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    const bool perToken =
        m_workbench->scenario().phase == Phase::Decode && m_workbench->scenario().batch == 1.0;
    switch (section) {
    case LayoutColumn:
        return tr("Layout");
    case GpusColumn:
        return tr("GPUs");
    case TimeColumn:
        return perToken ? tr("Time/token") : tr("Time/step");
    case TokensColumn:
        return tr("Tokens/s");
    case TokensPerGpuColumn:
        return tr("Tokens/s per GPU");
    case ComputeBoundColumn:
        return tr("Compute-bound");
    case MemoryBoundColumn:
        return tr("Memory-bound");
    case CommunicationColumn:
        return tr("Communication");
    case MemoryColumn:
        return tr("Memory/GPU");
    case FitsColumn:
        return tr("Fits");
    }
    return {};
}

} // namespace roofscope
