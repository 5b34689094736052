#include "ui/chart/lineartcanvas.h"

#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>

#include <cmath>

namespace roofscope {

namespace {

// The parts of a polyline inside `rect` (Liang–Barsky per segment). The painter's clip rect
// does this on screen, but SVG output (QSvgGenerator in Qt 6.4) ignores clipping, and a
// figure's roofs must not run past the axes.
QList<QPolygonF> clipPolyline(const QPolygonF& line, const QRectF& rect)
{
    QList<QPolygonF> parts;
    QPolygonF current;
    for (qsizetype i = 0; i + 1 < line.size(); ++i) {
        const QPointF a = line[i];
        const QPointF d = line[i + 1] - a;
        double t0 = 0.0;
        double t1 = 1.0;
        const double p[] = {-d.x(), d.x(), -d.y(), d.y()};
        const double q[] = {a.x() - rect.left(), rect.right() - a.x(), a.y() - rect.top(),
                            rect.bottom() - a.y()};
        bool visible = true;
        for (int k = 0; k < 4 && visible; ++k) {
            if (p[k] == 0.0) {
                visible = q[k] >= 0.0;
            } else {
                const double t = q[k] / p[k];
                if (p[k] < 0.0)
                    t0 = std::max(t0, t);
                else
                    t1 = std::min(t1, t);
                visible = t0 <= t1;
            }
        }
        if (!visible) {
            if (current.size() >= 2)
                parts << current;
            current.clear();
            continue;
        }
        const QPointF from = a + d * t0;
        const QPointF to = a + d * t1;
        if (current.isEmpty() || current.back() != from) {
            if (current.size() >= 2)
                parts << current;
            current = QPolygonF{from};
        }
        current << to;
    }
    if (current.size() >= 2)
        parts << current;
    return parts;
}

} // namespace

LineArtCanvas::LineArtCanvas(QGraphicsItem* parent) : QGraphicsItem(parent)
{
    setAcceptedMouseButtons(Qt::NoButton);
    // Our own cache (see paint): Qt's device-coordinate cache is always a transparent pixmap,
    // blended on every frame.
    setCacheMode(QGraphicsItem::NoCache);
}

void LineArtCanvas::invalidate()
{
    m_cacheValid = false;
    update();
}

void LineArtCanvas::setAxes(const geometry::LogAxes& axes)
{
    if (axes.plot == m_axes.plot && axes.range == m_axes.range)
        return;
    if (axes.plot != m_axes.plot)
        prepareGeometryChange();
    m_axes = axes;
    invalidate();
}

void LineArtCanvas::setBackgrounds(const QRectF& chart, const QBrush& chartBrush,
                                   const QBrush& plotBrush)
{
    if (chart == m_chartRect && chartBrush == m_chartBrush && plotBrush == m_plotBrush)
        return;
    if (chart != m_chartRect)
        prepareGeometryChange();
    m_chartRect = chart;
    m_chartBrush = chartBrush;
    m_plotBrush = plotBrush;
    invalidate();
}

void LineArtCanvas::setCaching(bool on)
{
    if (on == m_caching)
        return;
    m_caching = on;
    m_cache = QImage();
    invalidate();
}

void LineArtCanvas::setContent(QList<Stroke> strokes, QList<Marker> markers)
{
    setSlot(0, std::move(strokes), std::move(markers));
}

void LineArtCanvas::setSlot(int slot, QList<Stroke> strokes, QList<Marker> markers)
{
    // A model's slider step sets every slot again with what it holds: painting the canvas again
    // for it was a third of the step.
    const auto it = m_slots.find(slot);
    if (it != m_slots.end() && it->second.strokes == strokes && it->second.markers == markers)
        return;
    m_slots[slot] = {std::move(strokes), std::move(markers)};
    m_strokes.clear();
    m_markers.clear();
    for (const auto& [index, content] : m_slots) {
        m_strokes += content.strokes;
        m_markers += content.markers;
    }
    invalidate();
}

void LineArtCanvas::setGrid(const QPen& major, const QPen& minor)
{
    m_major = major;
    m_minor = minor;
    invalidate();
}

QRectF LineArtCanvas::boundingRect() const
{
    return m_chartBrush.style() != Qt::NoBrush ? m_chartRect.united(m_axes.plot) : m_axes.plot;
}

void LineArtCanvas::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const QTransform device = painter->deviceTransform();
    const bool upright =
        device.type() <= QTransform::TxScale && device.m11() > 0 && device.m22() > 0;
    if (!m_caching || !upright || painter->paintEngine()->type() != QPaintEngine::Raster) {
        paintContent(painter);
        return;
    }
    // Whole device pixels: a move by whole pixels keeps the cache.
    const QTransform key(device.m11(), 0, 0, device.m22(), device.dx() - std::floor(device.dx()),
                         device.dy() - std::floor(device.dy()));
    const QRectF mapped = device.mapRect(boundingRect());
    const QRect target = mapped.toAlignedRect();
    if (target.isEmpty())
        return;
    if (!m_cacheValid || key != m_cacheKey || m_cache.size() != target.size()) {
        // Opaque when the chart background covers every pixel of it: then the frame's blit is
        // a plain copy.
        const bool opaque = m_chartBrush.style() != Qt::NoBrush && m_chartBrush.isOpaque() &&
                            QRectF(target) == mapped;
        m_cache = QImage(target.size(),
                         opaque ? QImage::Format_RGB32 : QImage::Format_ARGB32_Premultiplied);
        m_cache.fill(Qt::transparent);
        QPainter p(&m_cache);
        p.setRenderHints(painter->renderHints());
        p.setTransform(device * QTransform::fromTranslate(-target.left(), -target.top()));
        paintContent(&p);
        m_cacheKey = key;
        m_cacheValid = true;
    }
    painter->save();
    painter->setWorldTransform(device.inverted() * painter->worldTransform());
    painter->drawImage(target.topLeft(), m_cache);
    painter->restore();
}

void LineArtCanvas::paintContent(QPainter* painter) const
{
    // Fills of whole-pixel rectangles: the same pixels as the chart's own background items.
    if (m_chartBrush.style() != Qt::NoBrush)
        painter->fillRect(m_chartRect, m_chartBrush);
    if (m_plotBrush.style() != Qt::NoBrush)
        painter->fillRect(m_axes.plot, m_plotBrush);
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
        QPolygonF pixels;
        for (const QPointF& v : s.values)
            pixels << geometry::valueToPixel(m_axes, v);
        painter->setPen(s.pen);
        for (const QPolygonF& part : clipPolyline(pixels, plot)) {
            QPainterPath path;
            path.addPolygon(part);
            painter->drawPath(path);
        }
    }
    for (const Marker& m : m_markers) {
        const QPointF c = geometry::valueToPixel(m_axes, m.value);
        if (!plot.contains(c))
            continue; // off the axes (zoomed in): nothing to mark
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
