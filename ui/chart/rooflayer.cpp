#include "ui/chart/rooflayer.h"

#include <QPainter>
#include <QPainterPath>

#include <cmath>

namespace roofscope {

RoofLayer::RoofLayer(QGraphicsItem* parent) : QGraphicsItem(parent)
{
    setAcceptedMouseButtons(Qt::NoButton);
    setCacheMode(QGraphicsItem::DeviceCoordinateCache);
}

void RoofLayer::setAxes(const geometry::LogAxes& axes)
{
    if (axes.plot == m_axes.plot && axes.range == m_axes.range)
        return;
    if (axes.plot != m_axes.plot)
        prepareGeometryChange();
    m_axes = axes;
    update();
}

void RoofLayer::setContent(QList<Stroke> strokes, QList<Marker> markers)
{
    m_strokes = std::move(strokes);
    m_markers = std::move(markers);
    update();
}

void RoofLayer::setGrid(const QPen& major, const QPen& minor)
{
    m_major = major;
    m_minor = minor;
    update();
}

QRectF RoofLayer::boundingRect() const
{
    return m_axes.plot;
}

void RoofLayer::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    if (m_axes.plot.width() < 2 || m_axes.plot.height() < 2)
        return;
    painter->save();
    painter->setClipRect(m_axes.plot);
    painter->setBrush(Qt::NoBrush);
    // Grid: vertical lines at each decade of AI (and 2…9 × it), horizontal ones for FLOP/s.
    // Axis-parallel 1-px lines need no antialiasing.
    const QRectF& plot = m_axes.plot;
    auto grid = [&](double lo, double hi, bool vertical) {
        const int first = static_cast<int>(std::floor(std::log10(lo)));
        const int last = static_cast<int>(std::ceil(std::log10(hi)));
        for (int e = first; e <= last; ++e) {
            for (int m = 1; m <= 9; ++m) {
                const double v = m * std::pow(10.0, e);
                if (v < lo * (1 - 1e-9) || v > hi * (1 + 1e-9))
                    continue;
                painter->setPen(m == 1 ? m_major : m_minor);
                if (vertical) {
                    const qreal x =
                        std::round(geometry::valueToPixel(m_axes, {v, m_axes.range.flopsMin}).x());
                    painter->drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
                } else {
                    const qreal y =
                        std::round(geometry::valueToPixel(m_axes, {m_axes.range.aiMin, v}).y());
                    painter->drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
                }
            }
        }
    };
    if (m_minor.style() != Qt::NoPen || m_major.style() != Qt::NoPen) {
        grid(m_axes.range.aiMin, m_axes.range.aiMax, true);
        grid(m_axes.range.flopsMin, m_axes.range.flopsMax, false);
    }
    painter->setRenderHint(QPainter::Antialiasing);
    for (const Stroke& s : m_strokes) {
        if (s.values.size() < 2)
            continue;
        QPainterPath path;
        path.moveTo(geometry::valueToPixel(m_axes, s.values.front()));
        for (qsizetype i = 1; i < s.values.size(); ++i)
            path.lineTo(geometry::valueToPixel(m_axes, s.values[i]));
        painter->setPen(s.pen);
        painter->drawPath(path);
    }
    for (const Marker& m : m_markers) {
        const QPointF c = geometry::valueToPixel(m_axes, m.value);
        const qreal h = m.size / 2.0;
        painter->setPen(m.pen);
        painter->setBrush(m.brush);
        if (m.diamond) {
            const QPointF pts[] = {
                {c.x(), c.y() - h}, {c.x() + h, c.y()}, {c.x(), c.y() + h}, {c.x() - h, c.y()}};
            painter->drawPolygon(pts, 4);
        } else {
            painter->drawEllipse(c, h, h);
        }
    }
    painter->restore();
}

} // namespace roofscope
