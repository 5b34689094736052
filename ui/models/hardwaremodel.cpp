#include "ui/models/hardwaremodel.h"

#include "core/figure/figure.h"
#include "core/util/format.h"
#include "ui/document/gpucolor.h"
#include "ui/document/session.h"
#include "ui/style/chartstyle.h"
#include "ui/text/humanformat.h"
#include "ui/text/measuredratiotext.h"

#include <QFont>

namespace roofscope {

HardwareModel::HardwareModel(Session* session, QObject* parent)
    : QAbstractTableModel(parent), m_session(session)
{
    connect(session, &Session::hardwareChanged, this, &HardwareModel::refreshAll);
    connect(session, &Session::colorsChanged, this, &HardwareModel::refreshAll);
    // Rows come and go with the catalog (File ▸ Add Hardware Catalog…, the editor).
    connect(session, &Session::catalogAboutToChange, this, &HardwareModel::beginResetModel);
    connect(session, &Session::catalogChanged, this, &HardwareModel::endResetModel);
}

int HardwareModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_session->hardware().size());
}

int HardwareModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HardwareModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int row = index.row();
    const Hardware& hw = m_session->hardware()[static_cast<std::size_t>(row)];
    const bool checked = m_session->isChecked(row);
    const bool baseline = m_session->baseline() == row;
    // The BF16 column shows BF16 or says there is none (core headlineCeiling).
    const Ceiling* peak = headlineCeiling(hw, Precision::BF16);
    const MemoryLevel* memory = hw.mainMemory();

    switch (role) {
    case IdRole:
        return QString::fromStdString(hw.id);
    case HardwareIndexRole:
        return row;
    case ColorRole:
        return gpuColor(*m_session, row);
    case BaselineRole:
        return baseline;
    case FilterRole:
        return QString::fromStdString(hw.name + ' ' + hw.vendor + ' ' + hw.id);
    case Qt::CheckStateRole:
        if (index.column() == NameColumn)
            return checked ? Qt::Checked : Qt::Unchecked;
        return {};
    case Qt::FontRole:
        if (baseline) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::DecorationRole:
        if (index.column() == NameColumn && checked)
            return gpuColor(*m_session, row);
        return {};
    case Qt::ToolTipRole: {
        QString tip = QString::fromStdString(hw.name);
        if (baseline)
            tip += QLatin1Char('\n') + tr("Baseline: speedups are measured against it");
        const QString ratios = MeasuredRatioText::summary(m_session->catalog(), hw);
        if (!ratios.isEmpty())
            tip += QLatin1Char('\n') + ratios;
        if (!hw.notes.empty())
            tip += QLatin1Char('\n') + QString::fromStdString(hw.notes);
        return tip;
    }
    case Qt::TextAlignmentRole:
        if (index.column() >= PeakColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case SortRole:
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }

    const bool sort = role == SortRole;
    switch (index.column()) {
    case NameColumn: {
        const QString name = m_session->shortName(row);
        if (sort)
            return name;
        return baseline ? tr("%1 (baseline)").arg(name) : name;
    }
    case VendorColumn:
        return QString::fromStdString(hw.vendor);
    case PeakColumn:
        if (!peak)
            return sort ? QVariant(0.0) : QVariant(tr("no BF16"));
        return sort ? QVariant(peak->flopsPerS)
                    : QVariant(QString::fromStdString(formatFlopsRate(peak->flopsPerS)));
    case BandwidthColumn:
        if (!memory)
            return sort ? QVariant(0.0) : QVariant(QStringLiteral("—"));
        return sort ? QVariant(memory->bytesPerS)
                    : QVariant(QString::fromStdString(formatBandwidth(memory->bytesPerS)));
    case RidgeColumn: {
        if (!peak || !memory)
            return sort ? QVariant(0.0) : QVariant(QStringLiteral("—"));
        auto ridge = ridgeIntensity(peak->flopsPerS, memory->bytesPerS);
        if (!ridge)
            return sort ? QVariant(0.0) : QVariant(QStringLiteral("—"));
        return sort ? QVariant(*ridge) : QVariant(HumanFormat::count(*ridge, 3));
    }
    default:
        return {};
    }
}

bool HardwareModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    if (role == Qt::CheckStateRole && index.column() == NameColumn) {
        const bool checked = value.toInt() == Qt::Checked;
        m_session->setChecked(index.row(), checked);
        return true;
    }
    if (role == BaselineRole && value.toBool()) {
        m_session->setBaseline(index.row());
        return true;
    }
    return false;
}

QVariant HardwareModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case PeakColumn:
            return tr("Dense BF16 tensor peak (\"no BF16\" when the accelerator has none)");
        case BandwidthColumn:
            return tr("Main memory (HBM/DRAM) bandwidth");
        case RidgeColumn:
            return tr("Ridge point: peak / bandwidth, in FLOP/byte");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Accelerator");
    case VendorColumn:
        return tr("Vendor");
    case PeakColumn:
        return tr("BF16 peak");
    case BandwidthColumn:
        return tr("Bandwidth");
    case RidgeColumn:
        return tr("Ridge");
    default:
        return {};
    }
}

Qt::ItemFlags HardwareModel::flags(const QModelIndex& index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
    if (index.column() == NameColumn)
        f |= Qt::ItemIsUserCheckable;
    return f;
}

void HardwareModel::refreshAll()
{
    if (rowCount() == 0)
        return;
    emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

} // namespace roofscope
