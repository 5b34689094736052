#include "ui/chart/layers/communicationlayer.h"

#include "core/util/format.h"
#include "ui/chart/layers/plotclip.h"
#include "ui/chart/roofchart.h"

#include <QGraphicsPathItem>
#include <QGraphicsRectItem>
#include <QGraphicsWidget>
#include <QLineF>
#include <QPainterPath>
#include <QPen>

namespace roofscope {

namespace {
constexpr qreal kRadius = 5.0;
} // namespace

void CommunicationLayer::attach(const ChartHost& host)
{
    // Over the roofs, under the analytic points.
    m_clip = newPlotClip(host.item, 2.6);
}

void CommunicationLayer::update(const ChartContext& context, ChartChanges changes)
{
    if (!(changes & (ChartChange::Style | ChartChange::Gpus | ChartChange::Roofs |
                     ChartChange::Points | ChartChange::Range)))
        return;
    const Figure& figure = context.figure;
    m_clip->setRect(context.axes.plot);
    while (m_items.size() < figure.gpus.size())
        m_items.push_back(new QGraphicsPathItem(m_clip));
    m_markers = 0;
    for (std::size_t g = 0; g < m_items.size(); ++g) {
        QPainterPath path;
        if (g < figure.gpus.size()) {
            for (const FigureCommPoint& c : figure.communication) {
                if (c.hardware != figure.gpus[g].hardware || !(c.value.ai > 0.0) ||
                    !(c.value.flops > 0.0))
                    continue;
                const QPointF at =
                    geometry::valueToPixel(context.axes, QPointF(c.value.ai, c.value.flops));
                path.addEllipse(at, kRadius, kRadius);
                ++m_markers;
            }
            m_items[g]->setPen(QPen(QColor::fromRgb(figure.gpus[g].rgb(context.style.theme)), 1.6));
        }
        m_items[g]->setPath(path);
    }
}

std::optional<QString> CommunicationLayer::toolTipAt(const ChartContext& context,
                                                     QPointF chartPos) const
{
    for (const FigureCommPoint& c : context.figure.communication) {
        const QPointF at = geometry::valueToPixel(context.axes, QPointF(c.value.ai, c.value.flops));
        if (QLineF(at, chartPos).length() > kRadius + 2.0)
            continue;
        const FigureGpu* gpu = context.figure.gpu(c.hardware);
        return RoofChart::tr("%1 on %2\n%3 per call on the link, %4 per call, ×%5 per step")
            .arg(QString::fromStdString(c.name),
                 gpu ? QString::fromStdString(gpu->name) : QString(),
                 QString::fromStdString(formatBytes(c.linkBytes)),
                 QString::fromStdString(formatDuration(c.timeS)),
                 QString::fromStdString(formatNumber(c.count, 4)));
    }
    return std::nullopt;
}

} // namespace roofscope
