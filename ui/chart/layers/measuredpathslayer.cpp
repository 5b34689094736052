#include "ui/chart/layers/measuredpathslayer.h"

#include "ui/chart/layers/plotclip.h"

#include <QGraphicsPathItem>
#include <QGraphicsRectItem>
#include <QGraphicsWidget>
#include <QPainterPath>
#include <QPen>

namespace roofscope {

namespace {

// The slot of a GPU among the shown ones; the last slot holds kernels of no shown GPU.
std::size_t slotOf(const Figure& figure, int hardware)
{
    for (std::size_t g = 0; g < figure.gpus.size(); ++g) {
        if (figure.gpus[g].hardware == hardware)
            return g;
    }
    return figure.gpus.size();
}

} // namespace

void MeasuredPathsLayer::attach(const ChartHost& host)
{
    // Over the roofs, under the level lines (1.9) and the measured markers (2).
    m_clip = newPlotClip(host.item, 1.85);
}

void MeasuredPathsLayer::update(const ChartContext& context, ChartChanges changes)
{
    if (!(changes &
          (ChartChange::Style | ChartChange::Gpus | ChartChange::Measured | ChartChange::Range)))
        return;
    const Figure& figure = context.figure;
    const geometry::LogAxes& axes = context.axes;
    m_clip->setRect(axes.plot);
    const std::size_t slotCount = figure.gpus.size() + 1;
    while (m_items.size() < slotCount) {
        auto* item = new QGraphicsPathItem(m_clip);
        item->setCacheMode(QGraphicsItem::DeviceCoordinateCache);
        m_items.push_back(item);
    }
    std::vector<QPainterPath> paths(m_items.size());
    m_segments = 0;
    for (const FigureMeasuredPath& sweep : figure.measuredPaths) {
        QPainterPath& path = paths[slotOf(figure, sweep.hardware)];
        for (std::size_t i = 0; i < sweep.points.size(); ++i) {
            const MeasuredPoint& p = figure.measured[static_cast<std::size_t>(sweep.points[i])];
            const QPointF at = geometry::valueToPixel(axes, QPointF(p.value.ai, p.value.flops));
            if (i == 0) {
                path.moveTo(at);
            } else {
                path.lineTo(at);
                ++m_segments;
            }
        }
    }
    for (std::size_t g = 0; g < m_items.size(); ++g) {
        QColor color = g < figure.gpus.size()
                           ? QColor::fromRgb(figure.gpus[g].rgb(context.style.theme))
                           : context.style.mutedText;
        color.setAlphaF(0.6);
        QPen pen(color, 1.25);
        pen.setJoinStyle(Qt::RoundJoin);
        pen.setCapStyle(Qt::RoundCap);
        m_items[g]->setPen(pen);
        m_items[g]->setPath(paths[g]);
        m_items[g]->setVisible(!paths[g].isEmpty());
    }
}

} // namespace roofscope
