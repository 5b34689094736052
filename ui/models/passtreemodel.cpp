#include "ui/models/passtreemodel.h"

#include "core/util/format.h"
#include "ui/text/coretext.h"
#include "ui/text/humanformat.h"
#include "ui/text/modelrownames.h"

#include <QLocale>

namespace roofscope {

namespace {

QString duration(double s)
{
    return QString::fromStdString(formatDuration(s));
}

// "2.37×"; empty where nothing is predicted (0 s) to divide by.
QString ratioText(double measured, double predicted)
{
    if (!(predicted > 0.0))
        return {};
    return HumanFormat::count(measured / predicted) + QStringLiteral("×");
}

QVariant ratioValue(double measured, double predicted)
{
    return predicted > 0.0 ? QVariant(measured / predicted) : QVariant(-1.0);
}

} // namespace

PassTreeModel::PassTreeModel(QObject* parent) : QAbstractItemModel(parent)
{
    build();
}

void PassTreeModel::setJoin(ModelJoin join)
{
    beginResetModel();
    m_join = std::move(join);
    build();
    endResetModel();
}

int PassTreeModel::add(Kind kind, int parent, int pass, int item)
{
    const int id = static_cast<int>(m_nodes.size());
    Node n;
    n.kind = kind;
    n.parent = parent;
    n.pass = pass;
    n.item = item;
    if (parent >= 0) {
        n.row = static_cast<int>(m_nodes[static_cast<std::size_t>(parent)].children.size());
        m_nodes[static_cast<std::size_t>(parent)].children.push_back(id);
    }
    m_nodes.push_back(std::move(n));
    return id;
}

void PassTreeModel::build()
{
    m_nodes.clear();
    add(Kind::Root, -1, -1, -1);
    for (std::size_t p = 0; p < m_join.passes.size(); ++p) {
        const JoinedPass& pass = m_join.passes[p];
        const int passNode = add(Kind::Pass, 0, static_cast<int>(p), -1);
        for (std::size_t o = 0; o < pass.operators.size(); ++o)
            add(Kind::Operator, passNode, static_cast<int>(p), static_cast<int>(o));
        if (!pass.layerTimes.empty()) {
            const int layers = add(Kind::LayersGroup, passNode, static_cast<int>(p), -1);
            for (std::size_t l = 0; l < pass.layerTimes.size(); ++l)
                add(Kind::Layer, layers, static_cast<int>(p), static_cast<int>(l));
        }
        if (!pass.notInModel.empty()) {
            const int others = add(Kind::NotInModelGroup, passNode, static_cast<int>(p), -1);
            for (std::size_t k = 0; k < pass.notInModel.size(); ++k)
                add(Kind::NotInModel, others, static_cast<int>(p), static_cast<int>(k));
        }
    }
}

QModelIndex PassTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (column < 0 || column >= ColumnCount || row < 0)
        return {};
    const std::size_t p = parent.isValid() ? static_cast<std::size_t>(parent.internalId()) : 0;
    if (parent.isValid() && parent.column() != 0)
        return {};
    const Node& node = m_nodes[p];
    if (row >= static_cast<int>(node.children.size()))
        return {};
    return createIndex(row, column,
                       static_cast<quintptr>(node.children[static_cast<std::size_t>(row)]));
}

QModelIndex PassTreeModel::parent(const QModelIndex& child) const
{
    if (!child.isValid())
        return {};
    const Node& n = m_nodes[static_cast<std::size_t>(child.internalId())];
    if (n.parent <= 0)
        return {};
    return createIndex(m_nodes[static_cast<std::size_t>(n.parent)].row, 0,
                       static_cast<quintptr>(n.parent));
}

int PassTreeModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return 0;
    const std::size_t p = parent.isValid() ? static_cast<std::size_t>(parent.internalId()) : 0;
    return static_cast<int>(m_nodes[p].children.size());
}

int PassTreeModel::columnCount(const QModelIndex&) const
{
    return ColumnCount;
}

QVariant PassTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole && section == RatioColumn)
        return tr("Measured ÷ predicted: how many times its bound the operator or pass took");
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Pass / operator");
    case KernelsColumn:
        return tr("Kernels");
    case MeasuredColumn:
        return tr("Measured");
    case PredictedColumn:
        return tr("Predicted");
    case RatioColumn:
        // Short: the column a narrow dock keeps in view beside the names (the tooltip says it).
        return tr("Ratio", "measured ÷ predicted");
    case WallColumn:
        return tr("Wall");
    default:
        return {};
    }
}

QVariant PassTreeModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid())
        return {};
    const Node& n = m_nodes[static_cast<std::size_t>(index.internalId())];
    switch (role) {
    case Qt::DisplayRole:
        return display(n, index.column());
    case SortRole:
        return sortValue(n, index.column());
    case PassRole:
        return n.pass;
    case OperatorRole:
        return n.kind == Kind::Operator
                   ? QString::fromStdString(m_join.passes[static_cast<std::size_t>(n.pass)]
                                                .operators[static_cast<std::size_t>(n.item)]
                                                .name)
                   : QString();
    case Qt::ToolTipRole:
        // The whole name too: a narrow dock elides it.
        if (n.kind == Kind::Pass)
            return display(n, NameColumn).toString() + QLatin1Char('\n') +
                   coreTextListDisplay(m_join.passes[static_cast<std::size_t>(n.pass)].sentence);
        if (n.kind == Kind::NotInModelGroup)
            return tr("Kernels the model has no operator for (sampling, masks, cache "
                      "bookkeeping): measured, never dropped");
        if (index.column() == PredictedColumn && n.kind == Kind::Operator)
            return tr("The model view's time for this operator at the pass's batch and context, "
                      "every layer");
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == NameColumn ? QVariant()
                                            : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QString PassTreeModel::passName(int pass) const
{
    if (m_join.passes[static_cast<std::size_t>(pass)].phase == Phase::Prefill)
        return tr("Prefill");
    // Decode steps counted from 1, as generate() runs them.
    int step = 0;
    for (int p = 0; p <= pass; ++p)
        step += m_join.passes[static_cast<std::size_t>(p)].phase == Phase::Decode ? 1 : 0;
    return tr("Decode step %1").arg(step);
}

QVariant PassTreeModel::display(const Node& n, int column) const
{
    const JoinedPass& pass = m_join.passes[static_cast<std::size_t>(n.pass)];
    switch (n.kind) {
    case Kind::Pass:
        switch (column) {
        case NameColumn:
            return tr("%1 · batch %2 · context %3")
                .arg(passName(n.pass), HumanFormat::count(pass.batch),
                     HumanFormat::count(pass.context));
        case KernelsColumn:
            return QLocale().toString(pass.kernels);
        case MeasuredColumn:
            return duration(pass.measuredS);
        case PredictedColumn:
            return duration(pass.predictedS);
        case RatioColumn:
            return ratioText(pass.measuredS, pass.predictedS);
        case WallColumn:
            return duration(pass.wallS);
        default:
            return {};
        }
    case Kind::Operator: {
        const JoinedOperator& o = pass.operators[static_cast<std::size_t>(n.item)];
        switch (column) {
        case NameColumn:
            return ModelRowNames::name(o.name);
        case KernelsColumn:
            return QLocale().toString(o.kernels);
        case MeasuredColumn:
            return duration(o.measuredS);
        case PredictedColumn:
            return o.predictedS > 0.0 ? duration(o.predictedS) : QString();
        case RatioColumn:
            return ratioText(o.measuredS, o.predictedS);
        default:
            return {};
        }
    }
    case Kind::LayersGroup:
        return column == NameColumn
                   ? QVariant(tr("Decoder layers (%1)").arg(pass.layerTimes.size()))
                   : QVariant();
    case Kind::Layer: {
        const JoinedLayer& l = pass.layerTimes[static_cast<std::size_t>(n.item)];
        switch (column) {
        case NameColumn:
            return tr("Layer %1").arg(l.layer);
        case KernelsColumn:
            return QLocale().toString(l.kernels);
        case MeasuredColumn:
            return duration(l.measuredS);
        default:
            return {};
        }
    }
    case Kind::NotInModelGroup: {
        double s = 0.0;
        long long kernels = 0;
        for (const NotInModel& x : pass.notInModel) {
            s += x.measuredS;
            kernels += x.kernels;
        }
        switch (column) {
        case NameColumn:
            return tr("Not in the model");
        case KernelsColumn:
            return QLocale().toString(kernels);
        case MeasuredColumn:
            return duration(s);
        default:
            return {};
        }
    }
    case Kind::NotInModel: {
        const NotInModel& x = pass.notInModel[static_cast<std::size_t>(n.item)];
        switch (column) {
        case NameColumn:
            return QString::fromStdString(x.op);
        case KernelsColumn:
            return QLocale().toString(x.kernels);
        case MeasuredColumn:
            return duration(x.measuredS);
        default:
            return {};
        }
    }
    case Kind::Root:
        break;
    }
    return {};
}

QVariant PassTreeModel::sortValue(const Node& n, int column) const
{
    const JoinedPass& pass = m_join.passes[static_cast<std::size_t>(n.pass)];
    double kernels = 0.0;
    double measured = 0.0;
    double predicted = 0.0;
    switch (n.kind) {
    case Kind::Pass:
        kernels = static_cast<double>(pass.kernels);
        measured = pass.measuredS;
        predicted = pass.predictedS;
        break;
    case Kind::Operator: {
        const JoinedOperator& o = pass.operators[static_cast<std::size_t>(n.item)];
        kernels = static_cast<double>(o.kernels);
        measured = o.measuredS;
        predicted = o.predictedS;
        break;
    }
    case Kind::Layer: {
        const JoinedLayer& l = pass.layerTimes[static_cast<std::size_t>(n.item)];
        kernels = static_cast<double>(l.kernels);
        measured = l.measuredS;
        break;
    }
    case Kind::NotInModel: {
        const NotInModel& x = pass.notInModel[static_cast<std::size_t>(n.item)];
        kernels = static_cast<double>(x.kernels);
        measured = x.measuredS;
        break;
    }
    case Kind::LayersGroup:
    case Kind::NotInModelGroup:
    case Kind::Root:
        // Groups keep their place under the operators: below any ratio, in either order.
        return column == NameColumn ? QVariant(QString()) : QVariant(-2.0);
    }
    switch (column) {
    case NameColumn:
        // Passes in the order they ran; the rest by name.
        return n.kind == Kind::Pass ? QVariant(n.row) : display(n, column);
    case KernelsColumn:
        return kernels;
    case MeasuredColumn:
        return measured;
    case PredictedColumn:
        return predicted;
    case RatioColumn:
        return ratioValue(measured, predicted);
    case WallColumn:
        return n.kind == Kind::Pass ? pass.wallS : 0.0;
    default:
        return {};
    }
}

} // namespace roofscope
