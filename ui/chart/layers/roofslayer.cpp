#include "ui/chart/layers/roofslayer.h"

#include "core/util/format.h"
#include "ui/chart/curvehittest.h"
#include "ui/chart/lineartcanvas.h"
#include "ui/chart/roofchart.h"
#include "ui/text/datanames.h"

#include <QGraphicsWidget>

namespace roofscope {

Qt::PenStyle RoofsLayer::penStyle(RoofRole role)
{
    switch (role) {
    case RoofRole::Primary:
        return Qt::SolidLine;
    case RoofRole::Used:
        return Qt::DashLine;
    case RoofRole::Toggled:
        return Qt::DotLine;
    case RoofRole::Cache:
        return Qt::DashDotLine;
    default:
        // A role added to the core later (an interconnect roof …) is told apart, not merged.
        return Qt::DashDotDotLine;
    }
}

void RoofsLayer::attach(const ChartHost& host)
{
    m_item = host.lineArt;
}

void RoofsLayer::update(const ChartContext& context, ChartChanges changes)
{
    m_item->setAxes(context.axes);
    if (!(changes &
          (ChartChange::Style | ChartChange::Gpus | ChartChange::Roofs | ChartChange::Range)))
        return;
    const ChartStyle& style = context.style;
    const Figure& figure = context.figure;
    m_drawn.clear();
    QList<LineArtCanvas::Stroke> strokes;
    QList<LineArtCanvas::Marker> markers;
    // Extra roofs first, the primary ones (solid) over them.
    for (int pass = 0; pass < 2; ++pass) {
        for (const FigureRoof& roof : figure.roofs) {
            const bool primary = roof.role == RoofRole::Primary;
            if (primary != (pass == 1))
                continue;
            const FigureGpu* gpu = figure.gpu(roof.hardware);
            const QColor color = gpu ? QColor::fromRgb(gpu->rgb(style.theme)) : style.mutedText;
            QPen pen;
            if (primary) {
                pen = QPen(color, style.roofWidth);
                pen.setCapStyle(Qt::RoundCap);
                pen.setJoinStyle(Qt::RoundJoin);
            } else {
                QColor c = color;
                c.setAlphaF(0.85);
                pen = QPen(c, style.ceilingWidth);
                pen.setStyle(penStyle(roof.role));
            }
            // Clipped to a little more than the view: antialiased stroking of lines far off
            // screen costs more than the whole rest of the chart.
            Drawn d{roof, color, pen.style(), roofPath(roof, context.axes.range, 2.0)};
            QList<QPointF> values;
            for (const DataPoint& p : d.path)
                values << QPointF(p.ai, p.flops);
            strokes.append({values, pen});
            if (primary)
                markers.append({QPointF(roof.ridgeAi, roof.peak), style.markerSize * 0.7, false,
                                QPen(color, style.roofWidth), QBrush(style.plotBackground)});
            m_drawn.push_back(std::move(d));
        }
    }
    m_item->setSlot(kLineArtSlot, std::move(strokes), std::move(markers));
}

std::optional<QString> RoofsLayer::toolTipAt(const ChartContext& context, QPointF chartPos) const
{
    if (!context.axes.plot.contains(chartPos))
        return std::nullopt;
    std::vector<QPolygonF> curves;
    for (const Drawn& d : m_drawn) {
        QPolygonF poly;
        for (const DataPoint& p : d.path)
            poly << geometry::valueToPixel(context.axes, QPointF(p.ai, p.flops));
        curves.push_back(poly);
    }
    CurveHitTest hit;
    hit.setCurves(std::move(curves));
    const auto h = hit.nearest(chartPos, 5.0);
    if (!h)
        return std::nullopt;
    const Drawn& d = m_drawn[static_cast<std::size_t>(h->curve)];
    const FigureGpu* gpu = context.figure.gpu(d.roof.hardware);
    const QString name = gpu ? QString::fromStdString(gpu->name) : QString();
    return RoofChart::tr("%1 · %2: %3, memory %4, ridge at %5 FLOP/byte")
        .arg(name, roofDisplayName(d.roof), QString::fromStdString(formatFlopsRate(d.roof.peak)),
             QString::fromStdString(formatBandwidth(d.roof.memory.bytesPerS)),
             QString::fromStdString(formatNumber(d.roof.ridgeAi, 3)));
}

} // namespace roofscope
