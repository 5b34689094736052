#include "ui/chart/pointcloud.h"

#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace roofscope {

namespace {

constexpr qreal kGridCell = 16.0; // hit-test buckets, item pixels
constexpr int kLodProbe = 4096;   // points drawn before level of detail is judged
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool drawable(double v)
{
    return v > 0.0 && std::isfinite(v);
}

} // namespace

int PointCloud::sizeClassFor(double share, qreal smallest, qreal largest)
{
    if (!(share > 0.0) || !(largest > smallest) || !(smallest > 0.0))
        return 0;
    const double diameter = largest * std::sqrt(std::min(share, 1.0));
    if (diameter <= smallest)
        return 0;
    // Nearest class on the log scale the classes are spaced on.
    const double step = std::log(largest / smallest) / (kSizeClasses - 1);
    const auto c = static_cast<int>(std::lround(std::log(diameter / smallest) / step));
    return std::clamp(c, 0, kSizeClasses - 1);
}

qreal PointCloud::sizeOfClass(int sizeClass, qreal smallest, qreal largest)
{
    if (!(largest > smallest))
        return smallest;
    const double t =
        static_cast<double>(std::clamp(sizeClass, 0, kSizeClasses - 1)) / (kSizeClasses - 1);
    return smallest * std::pow(largest / smallest, t);
}

std::vector<PointCloud::Marker> PointCloud::withSizeClasses(const std::vector<Marker>& base,
                                                            qreal smallest, qreal largest)
{
    std::vector<Marker> out;
    out.reserve(base.size() * kSizeClasses);
    for (const Marker& m : base) {
        for (int c = 0; c < kSizeClasses; ++c) {
            Marker sized = m;
            sized.size = sizeOfClass(c, smallest, largest);
            out.push_back(sized);
        }
    }
    return out;
}

PointCloud::PointCloud(QGraphicsItem* parent) : QGraphicsItem(parent)
{
    // Hover and clicks are answered by nearest() from the view; the item itself takes none.
    setAcceptedMouseButtons(Qt::NoButton);
    setFlag(QGraphicsItem::ItemUsesExtendedStyleOption, false);
    m_markers.push_back(Marker{});
}

void PointCloud::setMarkers(std::vector<Marker> markers)
{
    if (markers.empty())
        markers.push_back(Marker{});
    prepareGeometryChange();
    // Stamps are keyed (scale << 16 | marker): drop those of entries that changed or went.
    for (auto it = m_stamps.begin(); it != m_stamps.end();) {
        const auto index = static_cast<std::size_t>(it.key() & 0xffffu);
        if (index < markers.size() && index < m_markers.size() &&
            markers[index] == m_markers[index])
            ++it;
        else
            it = m_stamps.erase(it);
    }
    m_markers = std::move(markers);
    const auto last = static_cast<std::uint16_t>(m_markers.size() - 1);
    for (std::uint16_t& m : m_markerOf)
        m = std::min(m, last); // points keep a valid marker when the table shrinks
    invalidate();
    update();
}

void PointCloud::setPoints(const std::vector<QPointF>& values, std::vector<std::uint16_t> markerOf)
{
    m_logX.resize(values.size());
    m_logY.resize(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        const QPointF v = values[i];
        const bool ok = drawable(v.x()) && drawable(v.y());
        m_logX[i] = ok ? std::log10(v.x()) : kNaN;
        m_logY[i] = ok ? std::log10(v.y()) : kNaN;
    }
    markerOf.resize(values.size(), 0);
    m_markerOf = std::move(markerOf);
    const auto last = static_cast<std::uint16_t>(m_markers.size() - 1);
    for (std::uint16_t& m : m_markerOf)
        m = std::min(m, last);
    if (m_highlighted >= count())
        m_highlighted = -1;
    m_gridValid = false;
    invalidate();
    update();
}

void PointCloud::setAxes(const geometry::LogAxes& axes)
{
    if (axes.plot == m_axes.plot && axes.range == m_axes.range)
        return;
    prepareGeometryChange();
    m_axes = axes;
    m_gridValid = false;
    invalidate();
    update();
}

void PointCloud::setLevelOfDetail(bool on)
{
    if (on == m_lod)
        return;
    m_lod = on;
    invalidate();
    update();
}

void PointCloud::setLayerCache(bool on)
{
    m_cacheOn = on;
    invalidate();
    update();
}

void PointCloud::invalidate()
{
    m_layerValid = false;
    m_stampedOnce = false;
}

void PointCloud::setHighlighted(int index)
{
    index = index >= 0 && index < count() ? index : -1;
    if (index == m_highlighted)
        return;
    m_highlighted = index;
    update();
}

PointCloud::Linear PointCloud::linear(const QTransform& t) const
{
    // Item x = left + (lx − log xmin) / decades × width, then the (scale + translate) device map.
    const QRectF& p = m_axes.plot;
    const double x0 = std::log10(m_axes.range.aiMin);
    const double x1 = std::log10(m_axes.range.aiMax);
    const double y0 = std::log10(m_axes.range.flopsMin);
    const double y1 = std::log10(m_axes.range.flopsMax);
    const double sx = p.width() / (x1 - x0);
    const double sy = -p.height() / (y1 - y0);
    const double ix = p.left() - x0 * sx;
    const double iy = p.bottom() - y0 * sy;
    return {t.m11() * sx, t.m11() * ix + t.dx(), t.m22() * sy, t.m22() * iy + t.dy()};
}

QPointF PointCloud::pixelOf(int index) const
{
    if (index < 0 || index >= count())
        return {kNaN, kNaN};
    const Linear l = linear(QTransform());
    const auto i = static_cast<std::size_t>(index);
    return {l.ax * m_logX[i] + l.bx, l.ay * m_logY[i] + l.by};
}

qreal PointCloud::maxMarkerSize() const
{
    qreal s = 0.0;
    for (const Marker& m : m_markers)
        s = std::max(s, m.size + (m.outline.isValid() ? m.outlineWidth : 0.0));
    return s;
}

QRectF PointCloud::boundingRect() const
{
    const qreal m = maxMarkerSize() * 1.5 + 4.0; // the highlight ring is larger
    return m_axes.plot.adjusted(-m, -m, m, m);
}

void PointCloud::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    render(painter);
}

bool PointCloud::isVectorPainter(const QPainter* painter)
{
    const QPaintEngine* engine = painter->paintEngine();
    if (!engine)
        return false;
    switch (engine->type()) {
    case QPaintEngine::SVG:
    case QPaintEngine::Pdf:
    case QPaintEngine::Picture:
    case QPaintEngine::MacPrinter:
    case QPaintEngine::Windows:
        return true;
    default:
        return false;
    }
}

void PointCloud::drawMarker(QPainter* painter, const Marker& m, QPointF c)
{
    const qreal r = m.size / 2.0;
    if (m.outline.isValid() && m.outlineWidth > 0.0)
        painter->setPen(QPen(m.outline, m.outlineWidth));
    else
        painter->setPen(Qt::NoPen);
    painter->setBrush(m.fill);
    switch (m.shape) {
    case Shape::Circle:
        painter->drawEllipse(c, r, r);
        break;
    case Shape::Square:
        painter->drawRect(QRectF(c.x() - r * 0.85, c.y() - r * 0.85, r * 1.7, r * 1.7));
        break;
    case Shape::Diamond: {
        const QPointF pts[] = {
            {c.x(), c.y() - r}, {c.x() + r, c.y()}, {c.x(), c.y() + r}, {c.x() - r, c.y()}};
        painter->drawPolygon(pts, 4);
        break;
    }
    case Shape::TriangleUp:
    case Shape::TriangleDown: {
        const qreal s = m.shape == Shape::TriangleUp ? 1.0 : -1.0;
        const QPointF pts[] = {{c.x(), c.y() - s * r},
                               {c.x() + r * 0.94, c.y() + s * r * 0.7},
                               {c.x() - r * 0.94, c.y() + s * r * 0.7}};
        painter->drawPolygon(pts, 3);
        break;
    }
    case Shape::Pentagon:
    case Shape::Star: {
        // Point up; a star alternates the outer radius with an inner one.
        const bool star = m.shape == Shape::Star;
        const int n = star ? 10 : 5;
        QPointF pts[10];
        for (int k = 0; k < n; ++k) {
            const double a = -std::numbers::pi / 2.0 + 2.0 * std::numbers::pi * k / n;
            const qreal rk = star && k % 2 == 1 ? r * 0.45 : r;
            pts[k] = QPointF(c.x() + rk * std::cos(a), c.y() + rk * std::sin(a));
        }
        painter->drawPolygon(pts, n);
        break;
    }
    case Shape::Cross: {
        // Drawn in the fill colour: a cross has no inside.
        QPen pen(m.fill, std::max<qreal>(1.0, m.size / 4.5));
        pen.setCapStyle(Qt::RoundCap);
        painter->setPen(pen);
        const qreal d = r * 0.75;
        painter->drawLine(QPointF(c.x() - d, c.y() - d), QPointF(c.x() + d, c.y() + d));
        painter->drawLine(QPointF(c.x() - d, c.y() + d), QPointF(c.x() + d, c.y() - d));
        break;
    }
    }
}

const PointCloud::Stamp& PointCloud::stamp(std::uint16_t marker, qreal scale) const
{
    const auto scaleKey = static_cast<quint64>(std::lround(scale * 64.0));
    const quint64 key = (scaleKey << 16) | marker;
    auto it = m_stamps.find(key);
    if (it != m_stamps.end())
        return *it;
    const Marker& m = m_markers[marker];
    // An odd side puts the marker's centre on a pixel centre; one pixel of margin for the
    // antialiased edge, no more (every pixel is blended 100,000 times).
    int side = static_cast<int>(std::ceil((m.size + m.outlineWidth) * scale + 1.0));
    side += side % 2 == 0 ? 1 : 0;
    Stamp st;
    st.image = QImage(side, side, QImage::Format_ARGB32_Premultiplied);
    st.image.fill(Qt::transparent);
    {
        QPainter p(&st.image);
        p.setRenderHint(QPainter::Antialiasing);
        p.translate(side / 2.0, side / 2.0);
        p.scale(scale, scale);
        drawMarker(&p, m, QPointF(0, 0));
    }
    // emplace, not insert: QHash::insert takes the value by const reference (a copy).
    return *m_stamps.emplace(key, std::move(st));
}

PointCloud::Stats PointCloud::render(QPainter* painter) const
{
    if (m_logX.empty() || !(m_axes.plot.width() > 0) || !(m_axes.plot.height() > 0))
        return {};
    const QTransform device = painter->deviceTransform();
    // Stamps need an upright, unsheared map; anything else (and vector devices) draws paths.
    const bool upright = device.type() <= QTransform::TxScale && device.m11() > 0 &&
                         std::abs(device.m11() - device.m22()) < 1e-9;
    Stats stats = isVectorPainter(painter) || !upright ? renderVector(painter)
                  : m_cacheOn                          ? renderCached(painter, device)
                                                       : renderStamps(painter, device);
    if (m_highlighted >= 0) {
        const QPointF c = pixelOf(m_highlighted);
        if (m_axes.plot.contains(c)) {
            painter->save();
            painter->setRenderHint(QPainter::Antialiasing);
            Marker m = m_markers[m_markerOf[static_cast<std::size_t>(m_highlighted)]];
            drawMarker(painter, m, c);
            const qreal r = m.size * 0.5 + 3.5;
            painter->setBrush(Qt::NoBrush);
            painter->setPen(QPen(QColor(255, 255, 255, 220), 3.0));
            painter->drawEllipse(c, r, r);
            painter->setPen(QPen(m.fill.darker(130), 1.6));
            painter->drawEllipse(c, r, r);
            painter->restore();
        }
    }
    return stats;
}

PointCloud::Stats PointCloud::renderCached(QPainter* painter, const QTransform& device) const
{
    // Stamps land on whole device pixels, so a move by whole pixels keeps the layer valid.
    const QTransform key(device.m11(), 0, 0, device.m22(), device.dx() - std::floor(device.dx()),
                         device.dy() - std::floor(device.dy()));
    const QRect plot = device.mapRect(m_axes.plot).toAlignedRect();
    const bool reuse = m_layerValid && key == m_layerKey && m_layer.size() == plot.size();
    if (!reuse) {
        // The first repaint of a new view stamps straight onto the device: while the view keeps
        // changing (a pan, a slider) the layer would only add a fill and a blit. A second
        // repaint of the same view (a hover, a tooltip, a label drag) builds the layer.
        if (!m_stampedOnce || key != m_layerKey) {
            m_stampedOnce = true;
            m_layerKey = key;
            return renderStamps(painter, device);
        }
        m_layer = QImage(plot.size(), QImage::Format_ARGB32_Premultiplied);
        m_layer.fill(Qt::transparent);
        QPainter layer(&m_layer);
        layer.setTransform(device * QTransform::fromTranslate(-plot.left(), -plot.top()));
        m_layerStats = renderStamps(&layer, layer.deviceTransform());
        m_layerValid = true;
    }
    painter->save();
    painter->setWorldTransform(device.inverted() * painter->worldTransform());
    painter->drawImage(plot.topLeft(), m_layer);
    painter->restore();
    Stats stats = m_layerStats;
    stats.cached = reuse;
    return stats;
}

PointCloud::Stats PointCloud::renderStamps(QPainter* painter, const QTransform& device) const
{
    Stats stats;
    const qreal scale = device.m11();
    const Linear l = linear(device);
    const QRect plot = device.mapRect(m_axes.plot).toAlignedRect();
    const qreal half = maxMarkerSize() * scale;

    std::vector<const QImage*> stamps(m_markers.size());
    std::vector<int> offset(m_markers.size());
    // Every stamp first, then pointers to them: an insertion may rehash the stamp table.
    for (std::size_t k = 0; k < m_markers.size(); ++k)
        stamp(static_cast<std::uint16_t>(k), scale);
    for (std::size_t k = 0; k < m_markers.size(); ++k) {
        stamps[k] = &stamp(static_cast<std::uint16_t>(k), scale).image;
        offset[k] = stamps[k]->width() / 2;
    }
    // Draw in device pixels: undo whatever maps the item to the device so that stamps are
    // blitted 1:1 at integer positions, the raster engine's fastest (SIMD) path. A blend loop
    // of our own was measured 1.5× slower than QPainter::drawImage.
    painter->save();
    painter->setWorldTransform(device.inverted() * painter->worldTransform());
    painter->setClipRect(plot, Qt::IntersectClip);

    // Level-of-detail cells are device pixels, coarser only where that grid would pass 4M
    // cells (a 3× export of a 4K figure: 3-px cells, still finer than a marker).
    int cellSize = 1;
    while (static_cast<qint64>(plot.width() / cellSize + 1) * (plot.height() / cellSize + 1) >
           (qint64(1) << 22))
        ++cellSize;
    const int w = plot.width() / cellSize + 1;
    const int h = plot.height() / cellSize + 1;
    bool lod = m_lod;
    if (lod)
        m_cells.assign(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), 0);
    const double left = plot.left() - half;
    const double right = plot.right() + half;
    const double top = plot.top() - half;
    const double bottom = plot.bottom() + half;
    const std::size_t n = m_logX.size();
    for (std::size_t i = 0; i < n; ++i) {
        const double x = l.ax * m_logX[i] + l.bx;
        const double y = l.ay * m_logY[i] + l.by;
        if (!(x >= left && x <= right && y >= top && y <= bottom)) { // NaN fails too
            ++stats.outside;
            continue;
        }
        const int px = static_cast<int>(std::floor(x));
        const int py = static_cast<int>(std::floor(y));
        const std::uint16_t mk = m_markerOf[i];
        const int cx = (px - plot.left()) / cellSize;
        const int cy = (py - plot.top()) / cellSize;
        if (lod && cx >= 0 && cy >= 0 && cx < w && cy < h) {
            std::uint16_t& cell =
                m_cells[static_cast<std::size_t>(cy) * static_cast<std::size_t>(w) +
                        static_cast<std::size_t>(cx)];
            if (cell == mk + 1) {
                ++stats.skipped;
                continue;
            }
            cell = static_cast<std::uint16_t>(mk + 1);
        }
        painter->drawImage(QPoint(px - offset[mk], py - offset[mk]), *stamps[mk]);
        ++stats.drawn;
        // Scattered distinct points: the checks cost more than the few stamps they save
        // (measured: +20 % time for 7 % skipped). Judge on the first points, then stop.
        if (lod && stats.drawn + stats.skipped == kLodProbe && stats.skipped * 20 < kLodProbe) {
            lod = false;
            stats.lodGaveUp = true;
        }
    }
    painter->restore();
    return stats;
}

PointCloud::Stats PointCloud::renderVector(QPainter* painter) const
{
    Stats stats;
    stats.vector = true;
    const Linear l = linear(QTransform());
    const QRectF plot = m_axes.plot;
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setClipRect(plot, Qt::IntersectClip);
    // Level of detail at whole item pixels: an identical marker on the same pixel adds
    // nothing but file size.
    const int w = static_cast<int>(std::ceil(plot.width())) + 1;
    const int h = static_cast<int>(std::ceil(plot.height())) + 1;
    std::vector<std::uint16_t> cells(m_lod ? static_cast<std::size_t>(w) * h : 0, 0);
    const qreal half = maxMarkerSize();
    const QRectF keep = plot.adjusted(-half, -half, half, half);
    for (std::size_t i = 0; i < m_logX.size(); ++i) {
        const QPointF c(l.ax * m_logX[i] + l.bx, l.ay * m_logY[i] + l.by);
        if (!keep.contains(c)) {
            ++stats.outside;
            continue;
        }
        const std::uint16_t mk = m_markerOf[i];
        const int cx = static_cast<int>(std::floor(c.x() - plot.left()));
        const int cy = static_cast<int>(std::floor(c.y() - plot.top()));
        if (m_lod && cx >= 0 && cy >= 0 && cx < w && cy < h) {
            std::uint16_t& cell = cells[static_cast<std::size_t>(cy) * w + cx];
            if (cell == mk + 1) {
                ++stats.skipped;
                continue;
            }
            cell = static_cast<std::uint16_t>(mk + 1);
        }
        drawMarker(painter, m_markers[mk], c);
        ++stats.drawn;
    }
    painter->restore();
    return stats;
}

void PointCloud::buildHitGrid() const
{
    if (m_gridValid)
        return;
    const QRectF plot = m_axes.plot;
    m_gridCols = std::max(1, static_cast<int>(std::ceil(plot.width() / kGridCell)));
    m_gridRows = std::max(1, static_cast<int>(std::ceil(plot.height() / kGridCell)));
    const std::size_t cellCount = static_cast<std::size_t>(m_gridCols) * m_gridRows;
    std::vector<int> cellOf(m_logX.size(), -1);
    m_gridStart.assign(cellCount + 1, 0);
    const Linear l = linear(QTransform());
    for (std::size_t i = 0; i < m_logX.size(); ++i) {
        const double x = l.ax * m_logX[i] + l.bx;
        const double y = l.ay * m_logY[i] + l.by;
        if (!(x >= plot.left() && x <= plot.right() && y >= plot.top() && y <= plot.bottom()))
            continue;
        const int cx = std::min(m_gridCols - 1, static_cast<int>((x - plot.left()) / kGridCell));
        const int cy = std::min(m_gridRows - 1, static_cast<int>((y - plot.top()) / kGridCell));
        cellOf[i] = cy * m_gridCols + cx;
        ++m_gridStart[static_cast<std::size_t>(cellOf[i]) + 1];
    }
    for (std::size_t c = 0; c < cellCount; ++c)
        m_gridStart[c + 1] += m_gridStart[c];
    m_gridPoints.assign(static_cast<std::size_t>(m_gridStart[cellCount]), 0);
    std::vector<int> fill(m_gridStart.begin(), m_gridStart.end() - 1);
    for (std::size_t i = 0; i < cellOf.size(); ++i) {
        if (cellOf[i] >= 0)
            m_gridPoints[static_cast<std::size_t>(fill[static_cast<std::size_t>(cellOf[i])]++)] =
                static_cast<int>(i);
    }
    m_gridValid = true;
}

int PointCloud::nearest(QPointF pos, qreal radius) const
{
    if (m_logX.empty() || !(radius >= 0.0))
        return -1;
    buildHitGrid();
    const QRectF plot = m_axes.plot;
    const int c0 =
        std::max(0, static_cast<int>(std::floor((pos.x() - radius - plot.left()) / kGridCell)));
    const int c1 = std::min(
        m_gridCols - 1, static_cast<int>(std::floor((pos.x() + radius - plot.left()) / kGridCell)));
    const int r0 =
        std::max(0, static_cast<int>(std::floor((pos.y() - radius - plot.top()) / kGridCell)));
    const int r1 = std::min(
        m_gridRows - 1, static_cast<int>(std::floor((pos.y() + radius - plot.top()) / kGridCell)));
    const Linear l = linear(QTransform());
    int best = -1;
    double bestD = radius * radius;
    for (int r = r0; r <= r1; ++r) {
        for (int c = c0; c <= c1; ++c) {
            const std::size_t cell = static_cast<std::size_t>(r) * m_gridCols + c;
            for (int k = m_gridStart[cell]; k < m_gridStart[cell + 1]; ++k) {
                const int i = m_gridPoints[static_cast<std::size_t>(k)];
                const auto ui = static_cast<std::size_t>(i);
                const double dx = l.ax * m_logX[ui] + l.bx - pos.x();
                const double dy = l.ay * m_logY[ui] + l.by - pos.y();
                const double d = dx * dx + dy * dy;
                if (d < bestD || (d == bestD && i > best)) {
                    bestD = d;
                    best = i;
                }
            }
        }
    }
    return best;
}

std::vector<int> PointCloud::pointsIn(const QRectF& rect) const
{
    std::vector<int> out;
    const QRectF r = rect.normalized();
    const Linear l = linear(QTransform());
    for (std::size_t i = 0; i < m_logX.size(); ++i) {
        const double x = l.ax * m_logX[i] + l.bx;
        const double y = l.ay * m_logY[i] + l.by;
        if (x >= r.left() && x <= r.right() && y >= r.top() && y <= r.bottom() &&
            m_axes.plot.contains(QPointF(x, y)))
            out.push_back(static_cast<int>(i));
    }
    return out;
}

} // namespace roofscope
