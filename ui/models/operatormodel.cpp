#include "ui/models/operatormodel.h"

#include "core/util/format.h"
#include "ui/document/session.h"
#include "ui/text/datanames.h"
#include "ui/text/humanformat.h"

#include <QFont>
#include <QStringList>

namespace roofscope {

namespace {

QString paramValueText(const Operator& op, const ParamDef& def)
{
    if (!op.params.has(def.name))
        return {};
    if (def.type == ParamType::Integer || def.type == ParamType::Real)
        return HumanFormat::count(op.params.number(def.name), 4);
    return QString::fromStdString(op.params.text(def.name));
}

QString summary(const Operator& op)
{
    QStringList parts;
    for (const ParamDef& def : op.definition().params) {
        const QString v = paramValueText(op, def);
        if (def.type == ParamType::Precision || def.type == ParamType::Choice) {
            // Inherited precisions repeat the dtype: show them only when they differ.
            if (!def.inheritsFrom.empty() && op.params.has(def.inheritsFrom) &&
                op.params.text(def.inheritsFrom) == op.params.text(def.name))
                continue;
            parts << (def.type == ParamType::Precision ? precisionDisplayName(v.toStdString()) : v);
        } else {
            // 0 means "none" or "not set" for the optional numbers (quantization group,
            // FLOPs per element): listing it only crowds the column.
            if (op.params.number(def.name) == 0.0 && def.min <= 0.0)
                continue;
            // Formula letters (m, n, k) stay short; other names as the parameter panel says them.
            const QString name = def.name.size() == 1
                                     ? QString::fromStdString(def.name)
                                     : paramDisplayName(op.kind, def.name).toLower();
            parts << name + QLatin1Char('=') + v;
        }
    }
    return parts.join(QLatin1Char(' '));
}

} // namespace

OperatorModel::OperatorModel(Session* session, QObject* parent)
    : QAbstractItemModel(parent), m_session(session)
{
    connect(session, &Session::operatorsReset, this, [this] {
        beginResetModel();
        endResetModel();
    });
    connect(session, &Session::operatorsChanged, this, &OperatorModel::onOperatorsChanged);
    connect(session, &Session::hardwareChanged, this, &OperatorModel::onAllChanged);
    connect(session, &Session::selectionChanged, this, &OperatorModel::onAllChanged);
    connect(session, &Session::editedModelRowsChanged, this, &OperatorModel::onAllChanged);
}

QModelIndex OperatorModel::index(int row, int column, const QModelIndex& parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, quintptr(0));
    return createIndex(row, column, static_cast<quintptr>(parent.row()) + 1);
}

QModelIndex OperatorModel::parent(const QModelIndex& child) const
{
    if (!child.isValid() || child.internalId() == 0)
        return {};
    return createIndex(static_cast<int>(child.internalId() - 1), 0, quintptr(0));
}

int OperatorModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return static_cast<int>(m_session->operators().size());
    if (parent.internalId() != 0 || parent.column() != 0)
        return 0;
    const auto& ops = m_session->operators();
    if (parent.row() < 0 || parent.row() >= static_cast<int>(ops.size()))
        return 0;
    return static_cast<int>(ops[static_cast<std::size_t>(parent.row())].definition().params.size());
}

int OperatorModel::columnCount(const QModelIndex&) const
{
    return ColumnCount;
}

QVariant OperatorModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    if (index.internalId() == 0)
        return operatorData(index.row(), index.column(), role);
    return paramData(static_cast<int>(index.internalId() - 1), index.row(), index.column(), role);
}

QVariant OperatorModel::operatorData(int row, int column, int role) const
{
    const Operator& op = m_session->operators()[static_cast<std::size_t>(row)];
    if (role == OperatorRowRole)
        return row;
    if (role == IsParamRole)
        return false;
    const bool edited = m_session->isEditedModelRow(row);
    if (role == Qt::FontRole && (row == m_session->selectedOperator() || edited)) {
        // Bold: the selected row; italic: a model's row edited by hand (its edit is kept).
        QFont f;
        f.setBold(row == m_session->selectedOperator());
        f.setItalic(edited);
        return f;
    }
    if (role == Qt::ToolTipRole) {
        const OperatorKind& kind = op.definition();
        // Its parameters in words, never the spec's ids ("weight_dtype=int4").
        const QString tip = kindDisplayName(op.kind) + QLatin1Char('\n') + operatorParamsText(op) +
                            QLatin1Char('\n') +
                            QString::fromStdString("FLOP = " + kind.flopsFormula +
                                                   "\nbytes = " + kind.bytesFormula);
        // A model row's name is short ("Q projection ×80"): its description comes first.
        const QString note = m_session->operatorNote(row);
        return note.isEmpty() ? tip : note + QLatin1Char('\n') + tip;
    }
    if (role == Qt::TextAlignmentRole && column >= AiColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::EditRole && role != SortRole)
        return {};

    if (column == NameColumn) {
        if (role == Qt::EditRole)
            return QString::fromStdString(op.label);
        return edited && role == Qt::DisplayRole ? operatorDisplayName(op) + QStringLiteral(" ✎")
                                                 : operatorDisplayName(op);
    }
    if (column == ValueColumn)
        return summary(op);

    const auto& e = m_session->estimate(row, m_session->baseline());
    if (!e)
        return role == SortRole ? QVariant(0.0) : QVariant(QStringLiteral("—"));
    const bool sort = role == SortRole;
    switch (column) {
    case AiColumn:
        return sort ? QVariant(e->ai) : QVariant(HumanFormat::count(e->ai, 3));
    case AttainableColumn:
        return sort ? QVariant(e->attainable)
                    : QVariant(QString::fromStdString(formatFlopsRate(e->attainable)));
    case BoundColumn:
        return e->bound == Bound::Memory ? tr("memory") : tr("compute");
    case TimeColumn:
        return sort ? QVariant(e->timeS)
                    : QVariant(QString::fromStdString(formatDuration(e->timeS)));
    default:
        return {};
    }
}

QVariant OperatorModel::paramData(int opRow, int paramRow, int column, int role) const
{
    const Operator& op = m_session->operators()[static_cast<std::size_t>(opRow)];
    const ParamDef& def = op.definition().params[static_cast<std::size_t>(paramRow)];
    switch (role) {
    case OperatorRowRole:
        return opRow;
    case IsParamRole:
        return true;
    case ParamNameRole:
        return QString::fromStdString(def.name);
    case ParamTypeRole:
        return static_cast<int>(def.type);
    case ParamMinRole:
        return def.min;
    case ParamMaxRole:
        return def.max;
    case ParamChoicesRole: {
        QStringList out;
        if (def.type == ParamType::Precision) {
            for (Precision p : kAllPrecisions)
                out << QString::fromUtf8(precisionName(p));
        } else {
            for (const std::string& c : def.choices)
                out << QString::fromStdString(c);
        }
        return out;
    }
    case Qt::ToolTipRole:
        return QString::fromStdString(def.help);
    case Qt::DisplayRole:
    case Qt::EditRole:
    case SortRole:
        break;
    default:
        return {};
    }
    if (column == NameColumn)
        return role == Qt::DisplayRole ? paramDisplayName(op.kind, def.name)
                                       : QString::fromStdString(def.name);
    if (column != ValueColumn)
        return {};
    if ((role == Qt::EditRole || role == SortRole) &&
        (def.type == ParamType::Integer || def.type == ParamType::Real))
        return op.params.number(def.name);
    return paramValueText(op, def);
}

bool OperatorModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return false;
    if (index.internalId() == 0) {
        if (index.column() != NameColumn)
            return false;
        m_session->renameOperator(index.row(), value.toString());
        return true;
    }
    if (index.column() != ValueColumn)
        return false;
    const int opRow = static_cast<int>(index.internalId() - 1);
    const Operator& op = m_session->operators()[static_cast<std::size_t>(opRow)];
    const ParamDef& def = op.definition().params[static_cast<std::size_t>(index.row())];
    std::optional<QString> error;
    if ((def.type == ParamType::Integer || def.type == ParamType::Real) &&
        value.metaType().id() != QMetaType::QString) {
        error = m_session->setNumber(opRow, def.name, value.toDouble());
    } else {
        error = m_session->setParam(opRow, def.name, value.toString().trimmed().toStdString());
    }
    if (error) {
        emit editRejected(*error);
        return false;
    }
    return true;
}

QVariant OperatorModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole && section >= AiColumn)
        return tr("On the baseline accelerator");
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Operator");
    case ValueColumn:
        return tr("Parameters");
    case AiColumn:
        return tr("AI (FLOP/B)");
    case AttainableColumn:
        return tr("Attainable");
    case BoundColumn:
        return tr("Bound");
    case TimeColumn:
        return tr("Time");
    default:
        return {};
    }
}

Qt::ItemFlags OperatorModel::flags(const QModelIndex& index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (index.internalId() == 0) {
        if (index.column() == NameColumn)
            f |= Qt::ItemIsEditable;
        if (index.column() != NameColumn)
            f |= Qt::ItemNeverHasChildren;
    } else {
        f |= Qt::ItemNeverHasChildren;
        if (index.column() == ValueColumn)
            f |= Qt::ItemIsEditable;
    }
    return f;
}

void OperatorModel::onOperatorsChanged(int first, int last)
{
    emit dataChanged(index(first, 0), index(last, ColumnCount - 1));
    for (int row = first; row <= last; ++row) {
        const QModelIndex top = index(row, 0);
        const int children = rowCount(top);
        if (children > 0)
            emit dataChanged(index(0, 0, top), index(children - 1, ColumnCount - 1, top));
    }
}

void OperatorModel::onAllChanged()
{
    const int n = rowCount();
    if (n > 0)
        emit dataChanged(index(0, 0), index(n - 1, ColumnCount - 1));
}

} // namespace roofscope
