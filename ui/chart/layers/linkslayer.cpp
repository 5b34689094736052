#include "ui/chart/layers/linkslayer.h"

#include "ui/chart/layers/measuredlayer.h"
#include "ui/chart/layers/plotclip.h"

#include <QGraphicsPathItem>
#include <QGraphicsRectItem>
#include <QGraphicsWidget>
#include <QLineF>
#include <QPainterPath>
#include <QPen>

#include <optional>

namespace roofscope {

void LinksLayer::attach(const ChartHost& host)
{
    // Arrows leave the plot when one end is zoomed out of view: clipped to the plot area.
    m_clip = newPlotClip(host.item, 2.5);
    m_item = new QGraphicsPathItem(m_clip);
}

void LinksLayer::update(const ChartContext& context, ChartChanges changes)
{
    if (!(changes & (ChartChange::Style | ChartChange::Measured | ChartChange::Points |
                     ChartChange::Range | ChartChange::Gpus)))
        return;
    const Figure& figure = context.figure;
    const geometry::LogAxes& axes = context.axes;
    m_clip->setRect(axes.plot);
    QPainterPath path;
    m_arrows = 0;
    for (const MeasuredLink& link : figure.links) {
        if (link.measured < 0 || link.measured >= static_cast<int>(figure.measured.size()))
            continue;
        // A predicted tail follows its operator's point live (a slider step moves it); a
        // before/after tail is the core's.
        std::optional<DataPoint> tail;
        if (link.kind == MeasuredLinkKind::BeforeAfter) {
            tail = link.tail;
        } else {
            for (const FigurePoint& p : figure.points) {
                if (p.op == link.op && p.hardware == link.hardware)
                    tail = p.value();
            }
        }
        const MeasuredPoint& head = figure.measured[static_cast<std::size_t>(link.measured)];
        const DataPoint to = head.value;
        if (!tail || !(tail->ai > 0.0) || !(tail->flops > 0.0) || !(to.ai > 0.0) ||
            !(to.flops > 0.0))
            continue;
        const DataPoint from = *tail;
        QPointF a = geometry::valueToPixel(axes, QPointF(from.ai, from.flops));
        QPointF b = geometry::valueToPixel(axes, QPointF(to.ai, to.flops));
        const qreal length = QLineF(a, b).length();
        if (length < 1.0)
            continue;
        // From the tail marker's edge to the head marker's edge: a head inside a large kernel's
        // marker (area by share of time) would be hidden by it.
        const qreal headGap = MeasuredLayer::markerSizeFor(context.style, head.timeShare) / 2.0;
        qreal tailGap = context.style.markerSize / 2.0;
        if (link.kind == MeasuredLinkKind::BeforeAfter && link.from >= 0 &&
            link.from < static_cast<int>(figure.measured.size()))
            tailGap =
                MeasuredLayer::markerSizeFor(
                    context.style, figure.measured[static_cast<std::size_t>(link.from)].timeShare) /
                2.0;
        if (length > headGap + tailGap + 12.0) {
            const QPointF unit = (b - a) / length;
            a += unit * tailGap;
            b -= unit * (headGap + 1.0);
        }
        path.moveTo(a);
        path.lineTo(b);
        // An open head, 9 px long, ±25° about the line.
        const QLineF back(b, a);
        const QLineF left = QLineF::fromPolar(9.0, back.angle() + 25.0).translated(b);
        const QLineF right = QLineF::fromPolar(9.0, back.angle() - 25.0).translated(b);
        path.moveTo(left.p2());
        path.lineTo(b);
        path.lineTo(right.p2());
        ++m_arrows;
    }
    QPen pen(context.style.text, 1.3);
    pen.setCapStyle(Qt::RoundCap);
    pen.setJoinStyle(Qt::RoundJoin);
    m_item->setPen(pen);
    m_item->setPath(path);
}

} // namespace roofscope
