#include "ui/chart/layers/sweepslayer.h"

#include "ui/chart/lineartcanvas.h"

#include <QGraphicsWidget>

namespace roofscope {

void SweepsLayer::attach(const ChartHost& host)
{
    m_item = host.lineArt;
}

void SweepsLayer::update(const ChartContext& context, ChartChanges changes)
{
    m_item->setAxes(context.axes);
    if (!(changes & (ChartChange::Style | ChartChange::Gpus | ChartChange::Sweeps)))
        return;
    const ChartStyle& style = context.style;
    QList<LineArtCanvas::Stroke> strokes;
    QList<LineArtCanvas::Marker> markers;
    for (const FigureSweep& s : context.figure.sweeps) {
        const FigureGpu* gpu = context.figure.gpu(s.hardware);
        const QColor color = gpu ? QColor::fromRgb(gpu->rgb(style.theme)) : style.mutedText;
        if (s.points.size() >= 2) {
            QColor faint = color;
            faint.setAlphaF(style.theme == Theme::Dark ? 0.28 : 0.2);
            QPen pen(faint, style.sweepWidth);
            pen.setCapStyle(Qt::RoundCap);
            pen.setJoinStyle(Qt::RoundJoin);
            QList<QPointF> values;
            for (const DataPoint& p : s.points)
                values << QPointF(p.ai, p.flops);
            strokes.append({values, pen});
        }
        if (s.crossing)
            markers.append({QPointF(s.crossingPoint.ai, s.crossingPoint.flops),
                            style.markerSize * 1.5, true, QPen(color, style.ceilingWidth * 1.5),
                            Qt::NoBrush});
    }
    m_item->setSlot(kLineArtSlot, std::move(strokes), std::move(markers));
}

} // namespace roofscope
