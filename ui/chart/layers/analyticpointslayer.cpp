#include "ui/chart/layers/analyticpointslayer.h"

#include "core/util/format.h"
#include "ui/chart/roofchart.h"

#include <QGraphicsWidget>

#include <algorithm>

namespace roofscope {

namespace {

PointCloud::Shape cloudShape(MarkerShape shape)
{
    switch (shape) {
    case MarkerShape::Circle:
        return PointCloud::Shape::Circle;
    case MarkerShape::Square:
        return PointCloud::Shape::Square;
    case MarkerShape::Triangle:
        return PointCloud::Shape::TriangleUp;
    case MarkerShape::Diamond:
        return PointCloud::Shape::Diamond;
    case MarkerShape::Pentagon:
        return PointCloud::Shape::Pentagon;
    case MarkerShape::Star:
        return PointCloud::Shape::Star;
    }
    return PointCloud::Shape::Circle;
}

} // namespace

AnalyticPointsLayer::AnalyticPointsLayer() = default;

AnalyticPointsLayer::~AnalyticPointsLayer() = default;

void AnalyticPointsLayer::attach(const ChartHost& host)
{
    m_cloud = new PointCloud(host.item);
    // Over the roofs, the axes, measured kernels, links and collectives; under the labels.
    m_cloud->setZValue(4);
    // A few hundred stamps cost less than a plot-sized layer's blit, and they move with
    // every slider step anyway.
    m_cloud->setLayerCache(false);
    // Every operator's marker on every GPU stays visible, however close they sit.
    m_cloud->setLevelOfDetail(false);
}

std::uint16_t AnalyticPointsLayer::markerIndex(const PointCloud::Marker& m)
{
    const MarkerKey key{static_cast<int>(m.shape), m.fill.rgba(), m.outline.isValid(),
                        m.outline.rgba(),          m.size,        m.outlineWidth};
    const auto it = m_markerIndex.find(key);
    if (it != m_markerIndex.end())
        return it->second;
    // Marker indices are 16-bit: past that (never seen: sizes by share are the only
    // continuous part) the last entry is reused rather than wrapping.
    if (m_markers.size() >= 0xffff)
        return static_cast<std::uint16_t>(m_markers.size() - 1);
    const auto index = static_cast<std::uint16_t>(m_markers.size());
    m_markers.push_back(m);
    m_markerIndex.emplace(key, index);
    return index;
}

void AnalyticPointsLayer::updateOperator(const ChartContext& context, int op,
                                         const std::vector<std::size_t>& pointsOf)
{
    const ChartStyle& style = context.style;
    const Figure& figure = context.figure;
    auto& shown = m_shown[static_cast<std::size_t>(op)];
    auto& markerOf = m_markerOf[static_cast<std::size_t>(op)];
    shown.clear();
    markerOf.clear();
    const bool selected = op == figure.selected;
    const FigureOperator& info = figure.operators[static_cast<std::size_t>(op)];
    const bool hollow = info.marker.hollow;
    PointCloud::Marker marker;
    marker.shape = cloudShape(info.marker.shape);
    const QColor outline =
        selected ? style.text : (style.theme == Theme::Dark ? QColor(0x101010) : QColor(0x303030));
    marker.outlineWidth = selected ? 2.5 : hollow ? 2.0 : 1.0;
    for (const std::size_t index : pointsOf) {
        const FigurePoint& p = figure.points[index];
        const DataPoint v = p.value();
        const FigureGpu* gpu = figure.gpu(p.hardware);
        QColor c = gpu ? QColor::fromRgb(gpu->rgb(style.theme)) : style.mutedText;
        // Past the shape set the second cue is a see-through ("hollow") fill inside a ring of
        // the GPU's colour: with a dark ring the GPU could only be told by the line beneath.
        marker.outline = hollow ? c : outline;
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
        marker.fill = c;
        // A square as wide as the size (the cloud's squares are drawn 0.85 of it, to match a
        // circle's area; the analytic markers keep the chart's long-standing look).
        marker.size = marker.shape == PointCloud::Shape::Square ? size / 0.85 : size;
        markerOf.push_back(markerIndex(marker));
    }
}

// The cloud gets every operator's points in operator order (later ones on top) and only the
// markers it does not have yet.
void AnalyticPointsLayer::push()
{
    if (m_markers.size() != m_markersPushed || m_markers.empty()) {
        m_cloud->setMarkers(m_markers);
        m_markersPushed = m_markers.size();
    }
    std::vector<QPointF> values;
    std::vector<std::uint16_t> markerOf;
    for (std::size_t op = 0; op < m_shown.size(); ++op) {
        for (std::size_t i = 0; i < m_shown[op].size(); ++i) {
            values.emplace_back(m_shown[op][i].value.ai, m_shown[op][i].value.flops);
            markerOf.push_back(m_markerOf[op][i]);
        }
    }
    m_cloud->setPoints(values, std::move(markerOf));
}

void AnalyticPointsLayer::update(const ChartContext& context, ChartChanges changes)
{
    if (!m_cloud)
        return;
    const int nOps = static_cast<int>(context.figure.operators.size());
    const bool all = (changes & (ChartChange::Style | ChartChange::Gpus)) ||
                     static_cast<int>(m_shown.size()) != nOps;
    if (all) {
        // Colours, outlines or the operators changed: a fresh marker table.
        m_markers.clear();
        m_markerIndex.clear();
        m_markersPushed = 0;
        m_shown.assign(static_cast<std::size_t>(nOps), {});
        m_markerOf.assign(static_cast<std::size_t>(nOps), {});
    }
    // Each operator's points in one pass (1,000 operators × 22 GPUs: a scan of every point
    // per operator was most of a plot's time).
    auto updateAll = [&] {
        std::vector<std::vector<std::size_t>> pointsOf(static_cast<std::size_t>(nOps));
        const auto& points = context.figure.points;
        for (std::size_t i = 0; i < points.size(); ++i) {
            if (points[i].op >= 0 && points[i].op < nOps)
                pointsOf[static_cast<std::size_t>(points[i].op)].push_back(i);
        }
        for (int op = 0; op < nOps; ++op)
            updateOperator(context, op, pointsOf[static_cast<std::size_t>(op)]);
    };
    bool changed = all;
    if (all || (changes & (ChartChange::Selection | ChartChange::Sizes))) {
        updateAll();
        changed = true;
    } else if (changes & ChartChange::Points) {
        const int op = context.changedOperator;
        if (op >= 0 && op < nOps) {
            std::vector<std::size_t> pointsOf;
            for (std::size_t i = 0; i < context.figure.points.size(); ++i) {
                if (context.figure.points[i].op == op)
                    pointsOf.push_back(i);
            }
            updateOperator(context, op, pointsOf);
        } else {
            updateAll();
        }
        changed = true;
    }
    if (changed)
        push();
    m_cloud->setAxes(context.axes);
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
