#include "ui/chart/layers/measuredlevelslayer.h"

#include "ui/chart/layers/plotclip.h"

#include <QGraphicsPathItem>
#include <QGraphicsRectItem>
#include <QGraphicsWidget>
#include <QPainterPath>
#include <QPen>

namespace roofscope {

void MeasuredLevelsLayer::attach(const ChartHost& host)
{
    // Over the roofs, under the measured markers (2).
    m_clip = newPlotClip(host.item, 1.9);
}

void MeasuredLevelsLayer::update(const ChartContext& context, ChartChanges changes)
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
        // 100,000 kernels are 200,000 segments: a hover repaints a pixmap, not the path.
        item->setCacheMode(QGraphicsItem::DeviceCoordinateCache);
        m_items.push_back(item);
    }
    std::vector<QPainterPath> paths(m_items.size());
    m_segments = 0;
    if (figure.measuredHierarchical) {
        auto slotOf = [&](int hardware) {
            for (std::size_t g = 0; g < figure.gpus.size(); ++g) {
                if (figure.gpus[g].hardware == hardware)
                    return g;
            }
            return figure.gpus.size();
        };
        // The core lists a kernel's points one after another, innermost level first.
        for (std::size_t i = 1; i < figure.measured.size(); ++i) {
            const MeasuredPoint& a = figure.measured[i - 1];
            const MeasuredPoint& b = figure.measured[i];
            if (a.set != b.set || a.kernel != b.kernel)
                continue;
            QPainterPath& path = paths[slotOf(b.hardware)];
            path.moveTo(geometry::valueToPixel(axes, QPointF(a.value.ai, a.value.flops)));
            path.lineTo(geometry::valueToPixel(axes, QPointF(b.value.ai, b.value.flops)));
            ++m_segments;
        }
    }
    for (std::size_t g = 0; g < m_items.size(); ++g) {
        QColor color = g < figure.gpus.size()
                           ? QColor::fromRgb(figure.gpus[g].rgb(context.style.theme))
                           : context.style.mutedText;
        color.setAlphaF(0.75);
        QPen pen(color, 1.0);
        pen.setCapStyle(Qt::FlatCap);
        m_items[g]->setPen(pen);
        m_items[g]->setPath(paths[g]);
        m_items[g]->setVisible(!paths[g].isEmpty());
    }
}

} // namespace roofscope
