#include "ui/chart/layers/analyticpointslayer.h"

#include "core/format.h"
#include "ui/chart/roofchart.h"

#include <QChart>
#include <QScatterSeries>

#include <algorithm>

namespace roofscope {

namespace {

QScatterSeries::MarkerShape seriesShape(MarkerShape shape)
{
    switch (shape) {
    case MarkerShape::Circle:
        return QScatterSeries::MarkerShapeCircle;
    case MarkerShape::Square:
        return QScatterSeries::MarkerShapeRectangle;
    case MarkerShape::Triangle:
        return QScatterSeries::MarkerShapeTriangle;
    case MarkerShape::Diamond:
        return QScatterSeries::MarkerShapeRotatedRectangle;
    case MarkerShape::Pentagon:
        return QScatterSeries::MarkerShapePentagon;
    case MarkerShape::Star:
        return QScatterSeries::MarkerShapeStar;
    }
    return QScatterSeries::MarkerShapeCircle;
}

QString elided(const QString& s, int max)
{
    return s.size() <= max ? s : s.left(max - 1) + QChar(u'…');
}

} // namespace

struct AnalyticPointsLayer::Series {
    QChart* host = nullptr;
    std::vector<QScatterSeries*> series;
};

AnalyticPointsLayer::AnalyticPointsLayer() : m_qt(std::make_unique<Series>()) {}

AnalyticPointsLayer::~AnalyticPointsLayer() = default;

void AnalyticPointsLayer::attach(const ChartHost& chart)
{
    QGraphicsWidget* host = chart.item;
    m_qt->host = qobject_cast<QChart*>(host);
}

void AnalyticPointsLayer::recreate(const ChartContext& context)
{
    const ChartStyle& style = context.style;
    for (QScatterSeries* s : m_qt->series) {
        m_qt->host->removeSeries(s);
        delete s;
    }
    m_qt->series.clear();
    const auto& ops = context.figure.operators;
    m_shown.assign(ops.size(), {});
    const auto axesX = m_qt->host->axes(Qt::Horizontal);
    const auto axesY = m_qt->host->axes(Qt::Vertical);
    for (std::size_t op = 0; op < ops.size(); ++op) {
        auto* s = new QScatterSeries(m_qt->host);
        s->setName(elided(QString::fromStdString(ops[op].name), 28));
        s->setMarkerShape(seriesShape(ops[op].marker.shape));
        s->setColor(style.mutedText);
        s->setBorderColor(style.theme == Theme::Dark ? QColor(0x101010) : QColor(0x202020));
        m_qt->host->addSeries(s);
        if (!axesX.isEmpty())
            s->attachAxis(axesX.first());
        if (!axesY.isEmpty())
            s->attachAxis(axesY.first());
        m_qt->series.push_back(s);
    }
}

void AnalyticPointsLayer::updateOperator(const ChartContext& context, int op)
{
    const ChartStyle& style = context.style;
    const Figure& figure = context.figure;
    QScatterSeries* series = m_qt->series[static_cast<std::size_t>(op)];
    auto& shown = m_shown[static_cast<std::size_t>(op)];
    shown.clear();
    QList<QPointF> pts;
    const bool selected = op == figure.selected;
    const bool hollow = figure.operators[static_cast<std::size_t>(op)].marker.hollow;
    for (const FigurePoint& p : figure.points) {
        if (p.op != op)
            continue;
        const DataPoint v = p.value();
        pts << QPointF(v.ai, v.flops);
        const FigureGpu* gpu = figure.gpu(p.hardware);
        QColor c = gpu ? QColor::fromRgb(gpu->rgb(style.theme)) : style.mutedText;
        // Past the shape set the second cue is a see-through ("hollow") fill.
        if (hollow)
            c.setAlphaF(0.25);
        const PointRef ref{op, p.hardware};
        const auto share = context.share ? context.share(ref) : std::nullopt;
        qreal size = selected ? style.selectedMarkerSize : style.markerSize;
        if (share) {
            size = markerSizeForShare(style, *share);
            // Large markers of one operator stack on the GPUs' columns: see-through fill keeps
            // the ones behind readable.
            c.setAlphaF(std::min(static_cast<double>(c.alphaF()),
                                 size > 2.0 * style.markerSize ? 0.6 : 1.0));
        }
        shown.push_back({ref, v, size, c});
    }
    series->replace(pts);
    for (std::size_t i = 0; i < shown.size(); ++i) {
        QHash<QXYSeries::PointConfiguration, QVariant> config;
        config[QXYSeries::PointConfiguration::Color] = shown[i].color;
        const qreal base = selected ? style.selectedMarkerSize : style.markerSize;
        if (shown[i].size != base)
            config[QXYSeries::PointConfiguration::Size] = shown[i].size;
        if (series->pointConfiguration(static_cast<int>(i)) != config)
            series->setPointConfiguration(static_cast<int>(i), config);
    }
}

void AnalyticPointsLayer::updateMarkers(const ChartContext& context)
{
    const ChartStyle& style = context.style;
    for (std::size_t op = 0; op < m_qt->series.size(); ++op) {
        QScatterSeries* s = m_qt->series[op];
        const bool sel = static_cast<int>(op) == context.figure.selected;
        s->setMarkerSize(sel ? style.selectedMarkerSize : style.markerSize);
        QPen border(sel ? style.text
                        : (style.theme == Theme::Dark ? QColor(0x101010) : QColor(0x303030)));
        border.setWidthF(sel ? 2.5 : context.figure.operators[op].marker.hollow ? 2.0 : 1.0);
        s->setPen(border);
    }
}

void AnalyticPointsLayer::update(const ChartContext& context, ChartChanges changes)
{
    if (!m_qt->host)
        return;
    const int nOps = static_cast<int>(context.figure.operators.size());
    const bool all = (changes & (ChartChange::Style | ChartChange::Gpus)) ||
                     static_cast<int>(m_qt->series.size()) != nOps;
    if (all)
        recreate(context);
    if (all || (changes & ChartChange::Selection))
        updateMarkers(context);
    if (all || (changes & (ChartChange::Selection | ChartChange::Sizes))) {
        for (int op = 0; op < nOps; ++op)
            updateOperator(context, op);
    } else if (changes & ChartChange::Points) {
        if (context.changedOperator >= 0 && context.changedOperator < nOps) {
            updateOperator(context, context.changedOperator);
        } else {
            for (int op = 0; op < nOps; ++op)
                updateOperator(context, op);
        }
    }
    // Labels keep off every marker (as large as a selected one).
    const qreal half = context.style.selectedMarkerSize / 2.0;
    for (const auto& op : m_shown) {
        for (const Shown& p : op) {
            const QPointF px =
                geometry::valueToPixel(context.axes, QPointF(p.value.ai, p.value.flops));
            const qreal h = std::max(half, p.size / 2.0);
            context.obstacles.emplace_back(px.x() - h, px.y() - h, 2 * h, 2 * h);
        }
    }
}

std::vector<AnalyticPointsLayer::Shown> AnalyticPointsLayer::shown() const
{
    std::vector<Shown> out;
    for (const auto& op : m_shown)
        out.insert(out.end(), op.begin(), op.end());
    return out;
}

std::optional<QString> AnalyticPointsLayer::toolTipAt(const ChartContext& context,
                                                      QPointF chartPos) const
{
    const Shown* best = nullptr;
    qreal bestDistance = 0.0;
    for (const auto& op : m_shown) {
        for (const Shown& p : op) {
            const QPointF px =
                geometry::valueToPixel(context.axes, QPointF(p.value.ai, p.value.flops));
            const qreal d = QLineF(px, chartPos).length();
            // The later point is drawn on top: it wins a tie.
            if (d <= std::max<qreal>(p.size / 2.0, 6.0) && (!best || d <= bestDistance)) {
                best = &p;
                bestDistance = d;
            }
        }
    }
    if (!best)
        return std::nullopt;
    const Figure& figure = context.figure;
    for (const FigurePoint& p : figure.points) {
        if (p.op != best->ref.op || p.hardware != best->ref.hardware)
            continue;
        const FigureGpu* gpu = figure.gpu(p.hardware);
        const Estimate& e = p.estimate;
        const QString bound = e.bound == Bound::Memory ? RoofChart::tr("memory-bound")
                                                       : RoofChart::tr("compute-bound");
        return RoofChart::tr("%1 on %2\nAI %3 FLOP/byte, %4 attainable (%5, %6 % of peak)")
            .arg(QString::fromStdString(figure.operators[static_cast<std::size_t>(p.op)].name),
                 gpu ? QString::fromStdString(gpu->name) : QString(),
                 QString::fromStdString(formatNumber(e.ai, 4)),
                 QString::fromStdString(formatFlopsRate(e.attainable)), bound,
                 QString::number(e.peakFraction * 100.0, 'f', 0));
    }
    return std::nullopt;
}

} // namespace roofscope
