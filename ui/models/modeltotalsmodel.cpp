#include "ui/models/modeltotalsmodel.h"

#include "core/util/format.h"
#include "ui/document/gpucolor.h"
#include "ui/document/modelworkbench.h"
#include "ui/document/session.h"
#include "ui/style/chartstyle.h"
#include "ui/text/humanformat.h"

#include <QFont>
#include <QLocale>

#include <algorithm>

namespace roofscope {

namespace {

// A step on one accelerator, from whichever core evaluation the layout calls for.
struct StepRow {
    double timeS = 0.0;
    double tokensPerS = 0.0;
    double computeS = 0.0;
    double memoryS = 0.0;
    double communicationS = 0.0;
    double memoryBoundFraction = 0.0;
    double usedBytes = 0.0;     // weights + KV cache (+ workspace under a layout), per GPU
    double capacityBytes = 0.0; // 0 when the catalog lacks it
    std::optional<bool> fits;
    std::optional<long long> gpusNeeded;
    bool perGpu = false;
    std::string error;
};

std::optional<StepRow> stepRow(const ModelWorkbench& workbench, int hw)
{
    StepRow r;
    if (const Expected<ParallelTotals>* p = workbench.parallelTotals(hw)) {
        if (!*p) {
            r.error = p->error().message;
            return r;
        }
        const ParallelTotals& v = **p;
        r.timeS = v.timeS;
        r.tokensPerS = v.tokensPerS;
        for (const StageTotals& st : v.stages) {
            r.computeS += st.computeBoundTimeS;
            r.memoryS += st.memoryBoundTimeS;
            r.communicationS += st.communicationTimeS;
        }
        const double serial = r.computeS + r.memoryS + r.communicationS;
        r.memoryBoundFraction = serial > 0.0 ? r.memoryS / serial : 0.0;
        r.usedBytes = v.memoryBytesPerGpu;
        r.capacityBytes = v.capacityBytes;
        r.fits = v.fits;
        r.perGpu = true;
        return r;
    }
    const Expected<WorkloadTotals>* t = workbench.totals(hw);
    if (!t)
        return std::nullopt;
    if (!*t) {
        r.error = t->error().message;
        return r;
    }
    const WorkloadTotals& v = **t;
    r.timeS = v.timeS;
    r.tokensPerS = v.tokensPerS;
    for (const OperatorTiming& op : v.perOp)
        (op.estimate.bound == Bound::Compute ? r.computeS : r.memoryS) += op.stepTimeS;
    r.memoryBoundFraction = v.memoryBoundTimeFraction;
    r.usedBytes = v.weightsBytes + v.kvCacheBytes;
    r.capacityBytes = v.memoryBytes;
    r.fits = v.fits;
    r.gpusNeeded = v.gpusNeeded;
    return r;
}

QString durationWithShare(double s, double total)
{
    return QString::fromStdString(formatDuration(s)) +
           (total > 0.0 ? QStringLiteral(" (%1 %)").arg(QString::number(s / total * 100.0, 'f', 0))
                        : QString());
}

} // namespace

ModelTotalsModel::ModelTotalsModel(ModelWorkbench* workbench, QObject* parent)
    : QAbstractTableModel(parent), m_workbench(workbench),
      m_rows(workbench->session()->checkedHardware())
{
    connect(workbench, &ModelWorkbench::changed, this, &ModelTotalsModel::onChanged);
    connect(workbench->session(), &Session::colorsChanged, this, &ModelTotalsModel::onChanged);
}

const std::optional<PublishedBand>& ModelTotalsModel::publishedBand() const
{
    return m_workbench->publishedBand();
}

std::optional<RealRange> ModelTotalsModel::publishedRange(int hardware) const
{
    const std::optional<StepRow> row = stepRow(*m_workbench, hardware);
    const std::optional<PublishedBand>& band = publishedBand();
    if (!row || !row->error.empty() || !(row->tokensPerS > 0.0) || !band)
        return std::nullopt;
    return realRangeUnder(row->tokensPerS, band->spread);
}

QString ModelTotalsModel::publishedBandText() const
{
    const std::optional<PublishedBand>& band = publishedBand();
    if (!band)
        return {};
    return tr("Published measurements (%1 rows, %2 sources) reached %3–%4 of the bound (median %5)")
        .arg(HumanFormat::count(static_cast<double>(band->spread.count)),
             HumanFormat::count(static_cast<double>(band->sources)),
             QLocale().toString(band->spread.min, 'f', 2),
             QLocale().toString(band->spread.max, 'f', 2),
             QLocale().toString(band->spread.median, 'f', 2));
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
    const std::optional<StepRow> row = stepRow(*m_workbench, hw);
    const bool ok = row && row->error.empty();
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
    case Qt::ToolTipRole: {
        if (row && !ok)
            return QString::fromStdString(row->error);
        if (!ok)
            return {};
        const Expected<WorkloadTotals>* t = m_workbench->totals(hw);
        if (column == TimeColumn && !row->perGpu && t && *t)
            return tr("Σ over operators of count × max(compute time, memory time): %1, %2 moved")
                .arg(QString::fromStdString(formatFlops((*t)->flops)),
                     QString::fromStdString(formatBytes((*t)->bytes)));
        if (column == TimeColumn)
            return tr("%1: Σ over the pipeline's stages of one GPU's operators and collectives")
                .arg(QString::fromStdString(m_workbench->layout().name()));
        if (column == ComputeTimeColumn)
            return tr("Operators on the compute roof: count × FLOPs ÷ peak");
        if (column == MemoryTimeColumn)
            return tr("Operators on the memory slope: count × bytes ÷ memory bandwidth");
        if (column == CommunicationTimeColumn)
            return row->perGpu
                       ? tr("Collectives and pipeline sends; ring all-reduce: 2·(N−1)/N · bytes ÷ "
                            "per-direction link bandwidth + 2·(N−1) · hop latency")
                       : tr("One GPU: no communication (set TP or PP in the Model panel)");
        if (column == MemoryColumn && !row->perGpu && t && *t)
            return tr("Weights %1 + KV cache %2 of %3")
                .arg(QString::fromStdString(formatBytes((*t)->weightsBytes)),
                     QString::fromStdString(formatBytes((*t)->kvCacheBytes)),
                     QString::fromStdString(formatBytes((*t)->memoryBytes)));
        if (column == MemoryColumn)
            return tr("The fullest GPU: weights + KV cache + activation workspace");
        if (column == FitsColumn && row->fits == false && !row->perGpu)
            return tr("The times assume it fits: split over %1 GPUs it would (set TP in the "
                      "Model panel, or see the Plan tab)")
                .arg(row->gpusNeeded.value_or(0));
        if (column == SpeedupColumn)
            return tr("Step time on the baseline ÷ step time on this accelerator");
        if (column == PublishedRangeColumn) {
            const std::optional<RealRange> range = publishedRange(hw);
            if (!range)
                return {};
            return tr("%1. Held against this bound of %2 tokens/s: %3–%4 tokens/s, median %5. "
                      "Where real systems (llama.cpp, gpt-fast, vLLM, TensorRT-LLM) have landed "
                      "under such bounds, not a prediction of this set-up; Help ▸ Published "
                      "Measurements… lists them.")
                .arg(publishedBandText(), HumanFormat::count(row->tokensPerS, 4),
                     HumanFormat::count(range->low, 3), HumanFormat::count(range->high, 3),
                     HumanFormat::count(range->median, 3));
        }
        return {};
    }
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
    const StepRow& v = *row;
    const double serial = v.computeS + v.memoryS + v.communicationS;
    switch (column) {
    case TimeColumn:
        return sort ? QVariant(v.timeS) : QVariant(QString::fromStdString(formatDuration(v.timeS)));
    case TokensColumn:
        return sort ? QVariant(v.tokensPerS) : QVariant(HumanFormat::count(v.tokensPerS, 4));
    case PublishedRangeColumn: {
        const std::optional<RealRange> range = publishedRange(hw);
        if (!range)
            return sort ? QVariant() : QVariant(QStringLiteral("—"));
        if (sort)
            return range->low;
        return tr("%1–%2").arg(HumanFormat::count(range->low, 3),
                               HumanFormat::count(range->high, 3));
    }
    case MemoryBoundColumn:
        return sort ? QVariant(v.memoryBoundFraction)
                    : QVariant(QString::number(v.memoryBoundFraction * 100.0, 'f', 0) +
                               QStringLiteral(" %"));
    case ComputeTimeColumn:
        return sort ? QVariant(v.computeS) : QVariant(durationWithShare(v.computeS, serial));
    case MemoryTimeColumn:
        return sort ? QVariant(v.memoryS) : QVariant(durationWithShare(v.memoryS, serial));
    case CommunicationTimeColumn:
        if (sort)
            return v.communicationS;
        return v.perGpu ? durationWithShare(v.communicationS, serial) : QStringLiteral("—");
    case MemoryColumn: {
        if (sort)
            return v.usedBytes;
        const QString used = QString::fromStdString(formatBytes(v.usedBytes));
        const QString text =
            v.capacityBytes > 0.0
                ? tr("%1 of %2").arg(used, QString::fromStdString(formatBytes(v.capacityBytes)))
                : used;
        return v.perGpu ? tr("%1 per GPU").arg(text) : text;
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
        const std::optional<StepRow> b = stepRow(*m_workbench, session->baseline());
        if (!b || !b->error.empty() || !(v.timeS > 0.0))
            return sort ? QVariant() : QVariant(QStringLiteral("—"));
        const double s = b->timeS / v.timeS;
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
    case PublishedRangeColumn:
        return tr("Published range, tokens/s");
    case MemoryBoundColumn:
        return tr("Mem-bound");
    case ComputeTimeColumn:
        return tr("Compute-bound");
    case MemoryTimeColumn:
        return tr("Memory-bound");
    case CommunicationTimeColumn:
        return tr("Communication");
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
