#include "ui/models/kernelmodel.h"

#include "core/measured/kernelanalysis.h"
#include "core/measured/runcomparison.h"
#include "core/util/format.h"
#include "ui/document/kernelsentence.h"
#include "ui/text/coretext.h"
#include "ui/text/datanames.h"
#include "ui/text/humanformat.h"

#include <QApplication>
#include <QStyle>

#include <algorithm>
#include <string>
#include <unordered_map>

namespace roofscope {

namespace {

QString orDash(const std::optional<double>& v, QString (*format)(double))
{
    return v ? format(*v) : QStringLiteral("–");
}

QString aiText(double v)
{
    return HumanFormat::count(v, 3);
}

QString rateText(double v)
{
    return QString::fromStdString(formatFlopsRate(v));
}

QString percentText(double v)
{
    return HumanFormat::count(v, 3) + QStringLiteral(" %");
}

QVariant sortNumber(const std::optional<double>& v)
{
    // Kernels without a value sort below every number.
    return v ? QVariant(*v) : QVariant(-1.0);
}

} // namespace

KernelModel::KernelModel(Session* session, QObject* parent)
    : QAbstractTableModel(parent), m_session(session)
{
    rebuild();
    connect(session->measurementStore(), &MeasurementStore::measurementsChanged, this, [this] {
        beginResetModel();
        rebuild();
        endResetModel();
    });
    // Operator names and the catalog's GPUs show in the rows.
    connect(session, &Session::operatorsReset, this, [this] {
        if (!m_rows.empty())
            emit dataChanged(index(0, OperatorColumn), index(rowCount() - 1, OperatorColumn));
    });
    connect(session, &Session::catalogChanged, this, [this] {
        if (!m_rows.empty())
            emit dataChanged(index(0, GpuColumn), index(rowCount() - 1, GpuColumn));
    });
}

QString KernelModel::gpuName(const MeasuredKernel& k) const
{
    if (k.gpu.empty())
        return tr("unknown");
    // The name people know the GPU by, as the accelerator list shows it ("A100 SXM4 80GB");
    // the id is the tooltip. An id the catalog no longer has is all there is to show.
    const int hw = m_session->hardwareIndex(k.gpu);
    return hw >= 0 ? m_session->shortName(hw) : QString::fromStdString(k.gpu);
}

void KernelModel::rebuild()
{
    m_rows.clear();
    m_firstRowOfSet.clear();
    const Measurements& m = m_session->measurements();
    // Both runs of the comparison show the speedup of their kernel's pair (which may have
    // paired by short name, under another full name).
    const std::optional<RunComparison> comparison = compareMeasurements(m);
    m_beforeSet = comparison ? comparison->beforeSet : -1;
    m_afterSet = comparison ? comparison->afterSet : -1;
    auto pairOf = [&](std::size_t set, std::size_t kernel) -> const KernelSpeedup* {
        if (!comparison)
            return nullptr;
        int index = -1;
        if (static_cast<int>(set) == comparison->beforeSet)
            index = comparison->beforePair[kernel];
        else if (static_cast<int>(set) == comparison->afterSet)
            index = comparison->afterPair[kernel];
        return index < 0 ? nullptr : &comparison->pairs[static_cast<std::size_t>(index)];
    };
    m_rows.reserve(m.kernelCount());
    for (std::size_t si = 0; si < m.sets.size(); ++si) {
        const MeasurementSet& set = m.sets[si];
        m_firstRowOfSet.push_back(static_cast<int>(m_rows.size()));
        double total = 0.0;
        for (const MeasuredKernel& k : set.kernels)
            total += k.timeS;
        for (std::size_t ki = 0; ki < set.kernels.size(); ++ki) {
            const MeasuredKernel& k = set.kernels[ki];
            Row row;
            row.ref = {static_cast<int>(si), static_cast<int>(ki)};
            row.analysis =
                analyseKernel(k, k.gpu.empty() ? nullptr : m_session->catalog().find(k.gpu));
            row.share = total > 0.0 ? k.timeS / total : 0.0;
            if (const KernelSpeedup* speedup = pairOf(si, ki))
                row.speedup = speedup->speedup;
            m_rows.push_back(std::move(row));
        }
    }
}

int KernelModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int KernelModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

KernelRef KernelModel::kernelAt(int row) const
{
    return row >= 0 && row < static_cast<int>(m_rows.size())
               ? m_rows[static_cast<std::size_t>(row)].ref
               : KernelRef{};
}

int KernelModel::rowOf(KernelRef kernel) const
{
    if (kernel.set < 0 || kernel.set >= static_cast<int>(m_firstRowOfSet.size()))
        return -1;
    const int row = m_firstRowOfSet[static_cast<std::size_t>(kernel.set)] + kernel.kernel;
    return kernelAt(row) == kernel ? row : -1;
}

std::string_view KernelModel::nameOf(int row) const
{
    const Row& r = m_rows[static_cast<std::size_t>(row)];
    const MeasuredKernel* k = m_session->measurements().kernel(r.ref.set, r.ref.kernel);
    if (!k)
        return {};
    return k->shortName.empty() ? std::string_view(k->name) : std::string_view(k->shortName);
}

std::vector<double> KernelModel::sortKeys(int column) const
{
    const std::size_t n = m_rows.size();
    std::vector<double> keys(n, 0.0);
    const Measurements& m = m_session->measurements();
    auto kernelOf = [&](std::size_t i) {
        return m.kernel(m_rows[i].ref.set, m_rows[i].ref.kernel);
    };
    auto numeric = [&](auto value) {
        for (std::size_t i = 0; i < n; ++i) {
            if (const MeasuredKernel* k = kernelOf(i))
                keys[i] = value(m_rows[i], *k);
        }
        return keys;
    };
    auto orMinus = [](const std::optional<double>& v) { return v.value_or(-1.0); };
    switch (column) {
    case LaunchesColumn:
        return numeric([](const Row&, const MeasuredKernel& k) { return double(k.launches); });
    case TimeColumn:
        return numeric([](const Row&, const MeasuredKernel& k) { return k.timeS; });
    case ShareColumn:
        return numeric([](const Row& r, const MeasuredKernel&) { return r.share; });
    case FlopsRateColumn:
        return numeric([&](const Row& r, const MeasuredKernel&) {
            return orMinus(r.analysis.achievedFlopsPerS);
        });
    case AiDramColumn:
    case AiL2Column:
    case AiL1Column: {
        const MemLevel level = column == AiDramColumn ? MemLevel::Dram
                               : column == AiL2Column ? MemLevel::L2
                                                      : MemLevel::L1;
        return numeric(
            [&](const Row& r, const MeasuredKernel&) { return orMinus(r.analysis.aiAt(level)); });
    }
    case PercentColumn:
        return numeric(
            [&](const Row& r, const MeasuredKernel&) { return orMinus(r.analysis.percentOfRoof); });
    case SpeedupColumn:
        return numeric([&](const Row& r, const MeasuredKernel&) { return orMinus(r.speedup); });
    default:
        break;
    }
    // A text column: rows with the same underlying value (name, run, GPU, bound, operator)
    // show the same text, which is formatted once and ranked among the distinct texts.
    std::unordered_map<std::string, int> distinct;
    std::vector<int> distinctOf(n, 0);
    std::vector<std::size_t> representative;
    std::string key;
    for (std::size_t i = 0; i < n; ++i) {
        const MeasuredKernel* k = kernelOf(i);
        const Row& r = m_rows[i];
        key.clear();
        if (k) {
            switch (column) {
            case NameColumn:
                key = nameOf(static_cast<int>(i));
                break;
            case SetColumn:
                key = std::to_string(r.ref.set);
                break;
            case GpuColumn:
                key = k->gpu;
                break;
            case BoundColumn:
                key = r.analysis.bound ? std::to_string(static_cast<int>(*r.analysis.bound)) : "-";
                break;
            case OperatorColumn:
                key = std::to_string(m_session->measurementStore()->linkedOperator(r.ref));
                break;
            default:
                break;
            }
        }
        const auto [it, inserted] =
            distinct.try_emplace(key, static_cast<int>(representative.size()));
        if (inserted)
            representative.push_back(i);
        distinctOf[i] = it->second;
    }
    std::vector<QString> texts;
    texts.reserve(representative.size());
    for (std::size_t i : representative) {
        const MeasuredKernel* k = kernelOf(i);
        texts.push_back(k ? display(m_rows[i], *k, column).toString() : QString());
    }
    std::vector<int> byText(texts.size());
    for (std::size_t i = 0; i < byText.size(); ++i)
        byText[i] = static_cast<int>(i);
    std::sort(byText.begin(), byText.end(), [&](int a, int b) {
        return texts[static_cast<std::size_t>(a)].compare(texts[static_cast<std::size_t>(b)],
                                                          Qt::CaseInsensitive) < 0;
    });
    std::vector<double> rank(texts.size(), 0.0);
    for (std::size_t i = 0; i < byText.size(); ++i)
        rank[static_cast<std::size_t>(byText[i])] = static_cast<double>(i);
    for (std::size_t i = 0; i < n; ++i)
        keys[i] = rank[static_cast<std::size_t>(distinctOf[i])];
    return keys;
}

QVariant KernelModel::display(const Row& row, const MeasuredKernel& k, int column) const
{
    const KernelAnalysis& a = row.analysis;
    const Measurements& m = m_session->measurements();
    switch (column) {
    case NameColumn:
        return QString::fromStdString(k.shortName.empty() ? k.name : k.shortName);
    case SetColumn: {
        // The file names the run; which side of the comparison it is marks it, so that with
        // several runs (or two of one name) each is still told apart.
        const QString file =
            QString::fromStdString(m.sets[static_cast<std::size_t>(row.ref.set)].file);
        if (row.ref.set == m_beforeSet)
            return tr("before · %1").arg(file);
        if (row.ref.set == m_afterSet)
            return tr("after · %1").arg(file);
        return file;
    }
    case GpuColumn:
        return gpuName(k);
    case LaunchesColumn:
        return HumanFormat::count(static_cast<double>(k.launches));
    case TimeColumn:
        // A file of rates (an ncu roofline-chart section) holds no time: said, not "0 s".
        return k.timeKnown ? QString::fromStdString(formatDuration(k.timeS))
                           : tr("not in this file");
    case ShareColumn:
        return k.timeKnown ? percentText(row.share * 100.0) : QStringLiteral("–");
    case FlopsRateColumn:
        return orDash(a.achievedFlopsPerS, rateText);
    case AiDramColumn:
        return orDash(a.aiAt(MemLevel::Dram), aiText);
    case AiL2Column:
        return orDash(a.aiAt(MemLevel::L2), aiText);
    case AiL1Column:
        return orDash(a.aiAt(MemLevel::L1), aiText);
    case PercentColumn:
        return orDash(a.percentOfRoof, percentText);
    case BoundColumn:
        return a.bound ? QString::fromStdString(std::string(boundName(*a.bound)))
                       : QStringLiteral("–");
    case SpeedupColumn:
        return row.speedup ? HumanFormat::count(*row.speedup, 3) + QStringLiteral("×") : QString();
    case OperatorColumn: {
        const int op = m_session->measurementStore()->linkedOperator(row.ref);
        return op >= 0 && op < static_cast<int>(m_session->operators().size())
                   ? QString::fromStdString(
                         m_session->operators()[static_cast<std::size_t>(op)].displayName())
                   : QString();
    }
    default:
        return {};
    }
}

QVariant KernelModel::sortValue(const Row& row, const MeasuredKernel& k, int column) const
{
    const KernelAnalysis& a = row.analysis;
    switch (column) {
    case LaunchesColumn:
        return static_cast<double>(k.launches);
    case TimeColumn:
        return k.timeS;
    case ShareColumn:
        return row.share;
    case FlopsRateColumn:
        return sortNumber(a.achievedFlopsPerS);
    case AiDramColumn:
        return sortNumber(a.aiAt(MemLevel::Dram));
    case AiL2Column:
        return sortNumber(a.aiAt(MemLevel::L2));
    case AiL1Column:
        return sortNumber(a.aiAt(MemLevel::L1));
    case PercentColumn:
        return sortNumber(a.percentOfRoof);
    case SpeedupColumn:
        return sortNumber(row.speedup);
    default:
        return display(row, k, column);
    }
}

QVariant KernelModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= static_cast<int>(m_rows.size()) ||
        index.column() >= ColumnCount)
        return {};
    const Row& row = m_rows[static_cast<std::size_t>(index.row())];
    const MeasuredKernel* k = m_session->measurements().kernel(row.ref.set, row.ref.kernel);
    if (!k)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        return display(row, *k, index.column());
    case Qt::DecorationRole:
        // A share above 100 % is a measurement to check, marked where it is read.
        if (index.column() == PercentColumn && row.analysis.aboveRoof)
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        return {};
    case SortRole:
        return sortValue(row, *k, index.column());
    case SetRole:
        return row.ref.set;
    case KernelRole:
        return row.ref.kernel;
    case Qt::TextAlignmentRole:
        return index.column() == NameColumn || index.column() == SetColumn ||
                       index.column() == GpuColumn || index.column() == BoundColumn ||
                       index.column() == OperatorColumn
                   ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                   : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (index.column() == NameColumn) {
            QString tip = QString::fromStdString(k->name);
            for (const std::string& w : row.analysis.warnings)
                tip += QStringLiteral("\n• ") + coreTextDisplay(w);
            return tip;
        }
        if (index.column() == GpuColumn && !k->gpu.empty())
            return QString::fromStdString(k->gpu);
        if (index.column() == PercentColumn && !row.analysis.ceiling.empty()) {
            // The roof by its shown name ("FP32 vector"), as the chart's key and read-out say.
            const int hw = k->gpu.empty() ? -1 : m_session->hardwareIndex(k->gpu);
            const Hardware* hardware =
                hw >= 0 ? &m_session->hardware()[static_cast<std::size_t>(hw)] : nullptr;
            const Ceiling* roof = hardware ? kernelCeiling(*k, *hardware) : nullptr;
            // The roof it is bound by: the memory level when memory-bound.
            const QString roofName = !roof ? QString::fromStdString(row.analysis.ceiling)
                                     : row.analysis.bound
                                         ? boundRoofName(*hardware, *roof, *row.analysis.bound)
                                         : ceilingDisplayName(*roof);
            const QString against = tr("Against the %1 roof of %2").arg(roofName, gpuName(*k));
            // Rich text, so that the long explanation wraps.
            return row.analysis.aboveRoof
                       ? QStringLiteral("<p>%1</p><p>%2</p>")
                             .arg(against.toHtmlEscaped(),
                                  aboveRoofText(hardware, roof ? roof->precision : Precision::FP32)
                                      .toHtmlEscaped())
                       : against;
        }
        if (index.column() == SetColumn)
            return QString::fromStdString(
                m_session->measurements().sets[static_cast<std::size_t>(row.ref.set)].file);
        return {};
    default:
        return {};
    }
}

QVariant KernelModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case AiDramColumn:
            return tr("Arithmetic intensity at DRAM (HBM): FLOPs ÷ DRAM bytes");
        case AiL2Column:
            return tr("Arithmetic intensity at L2: FLOPs ÷ L2 bytes");
        case AiL1Column:
            return tr("Arithmetic intensity at L1: FLOPs ÷ L1 bytes");
        case PercentColumn:
            return tr("Achieved FLOP/s as a share of the roof at the kernel's DRAM intensity");
        case SpeedupColumn:
            return tr("Before time ÷ after time of the kernel and its partner in the other run "
                      "(paired by name or by hand)");
        case OperatorColumn:
            return tr("The analytic operator this kernel is linked to");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Kernel");
    case SetColumn:
        return tr("Run");
    case GpuColumn:
        return tr("GPU");
    case LaunchesColumn:
        return tr("Launches");
    case TimeColumn:
        return tr("Time");
    case ShareColumn:
        return tr("Share");
    case FlopsRateColumn:
        return tr("FLOP/s");
    case AiDramColumn:
        return tr("AI DRAM");
    case AiL2Column:
        return tr("AI L2");
    case AiL1Column:
        return tr("AI L1");
    case PercentColumn:
        return tr("% of roof");
    case BoundColumn:
        return tr("Bound");
    case SpeedupColumn:
        return tr("Speedup");
    case OperatorColumn:
        return tr("Operator");
    default:
        return {};
    }
}

} // namespace roofscope
