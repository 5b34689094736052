#pragma once

#include "ui/chart/chartgeometry.h"

#include <QColor>
#include <QGraphicsItem>
#include <QHash>
#include <QImage>

#include <cstdint>
#include <vector>

namespace roofscope {

// Up to hundreds of thousands of measured points in one graphics item (instead of one Qt Charts
// item per marker). Values are in data units on the log-log axes it is given. On screen and on
// images each point is a stamp of a marker image rendered once per shape × colour × size ×
// device scale; a point whose device pixel already holds the same stamp is skipped (level of
// detail, lossless to the eye; given up for the frame when the first 4,096 points show it
// does not pay). On vector devices (SVG, PDF, printers) every point is a real
// vector marker. A spatial grid answers "which point is under the mouse" for hover and
// selection without walking all points.
class PointCloud : public QGraphicsItem {
public:
    enum class Shape : std::uint8_t {
        Circle,
        Square,
        Diamond,
        TriangleUp,
        TriangleDown,
        Cross,
        Pentagon,
        Star
    };
    struct Marker {
        Shape shape = Shape::Circle;
        QColor fill = Qt::black;
        QColor outline;   // invalid: none
        qreal size = 7.0; // logical pixels across
        qreal outlineWidth = 1.0;
        bool operator==(const Marker&) const = default;
    };
    struct Stats {
        int drawn = 0;
        int skipped = 0; // same stamp already on that pixel
        int outside = 0; // off the plot or not drawable (≤ 0, not finite)
        bool vector = false;
        bool cached = false;    // the points came from the layer cache (only a blit was drawn)
        bool lodGaveUp = false; // under 5 % of the first 4,096 stamps repeated: checks stopped
    };

    // Marker area by a share of a whole (a kernel's share of the run time) in a few quantised
    // diameters, so that every point still is a stamp from the cache: a marker table of base
    // styles expands to base × kSizeClasses entries, marker = base · kSizeClasses + class.
    // Classes step geometrically from `smallest` to `largest`; the area follows the share
    // (diameter ∝ √share) within those bounds, to the nearest class.
    static constexpr int kSizeClasses = 8;
    static int sizeClassFor(double share, qreal smallest, qreal largest);
    static qreal sizeOfClass(int sizeClass, qreal smallest, qreal largest);
    // `base` with one entry per size class, in the order above.
    static std::vector<Marker> withSizeClasses(const std::vector<Marker>& base, qreal smallest,
                                               qreal largest);

    explicit PointCloud(QGraphicsItem* parent = nullptr);

    // The marker table; points refer to it by index. Stamps of entries that stay the same are
    // kept (a table that only grows costs no re-rendering).
    void setMarkers(std::vector<Marker> markers);
    const std::vector<Marker>& markers() const { return m_markers; }
    // Points in data units (x: FLOP/byte, y: FLOP/s) and each one's marker (empty: marker 0).
    // Values ≤ 0 or not finite are kept (indices stay the caller's) but never drawn or hit.
    // Points are drawn in input order. (Drawing along a Z-order curve for cache locality was
    // tried: no speed-up measurable on the shared machine, and it striped dense clusters.)
    void setPoints(const std::vector<QPointF>& values, std::vector<std::uint16_t> markerOf = {});
    int count() const { return static_cast<int>(m_logX.size()); }
    // The plot area (item coordinates) and the data range it shows.
    void setAxes(const geometry::LogAxes& axes);
    const geometry::LogAxes& axes() const { return m_axes; }
    void setLevelOfDetail(bool on);
    // Keep the stamped points in an image of the plot (device pixels) and only blit it while
    // points, markers, axes and the device scale stay the same: a hover or a dragged label
    // repaints in a blit instead of 100,000 stamps. The layer is built on the second repaint
    // of an unchanged view (the first stamps straight onto the device, so pans and sliders pay
    // nothing for it). Costs one plot-sized image. On by default.
    void setLayerCache(bool on);
    // One point drawn on top with a ring (hover or selection); -1: none.
    void setHighlighted(int index);
    int highlighted() const { return m_highlighted; }

    // Where point `index` is, in item coordinates (NaN for a point that is not drawable).
    QPointF pixelOf(int index) const;
    // The point nearest to `pos` (item coordinates) within `radius`, or -1. On equal distance
    // the later point wins: it is the one drawn on top.
    int nearest(QPointF pos, qreal radius) const;
    // Every drawable point inside `rect` (item coordinates), in ascending index order.
    std::vector<int> pointsIn(const QRectF& rect) const;

    // Draws the points onto any painter: stamps on raster devices, vector markers on SVG, PDF
    // and printers. The item's paint() calls this; exports and benchmarks may call it directly.
    Stats render(QPainter* painter) const;
    static bool isVectorPainter(const QPainter* painter);
    // One marker as vector graphics centred on `centre` (stamps are rendered with this too).
    static void drawMarker(QPainter* painter, const Marker& marker, QPointF centre);

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option,
               QWidget* widget = nullptr) override;

private:
    struct Linear {
        double ax, bx, ay, by; // pixel = a * log10(value) + b
    };
    Linear linear(const QTransform& toDevice) const;
    Stats renderStamps(QPainter* painter, const QTransform& device) const;
    Stats renderCached(QPainter* painter, const QTransform& device) const;
    void invalidate();
    Stats renderVector(QPainter* painter) const;
    struct Stamp {
        QImage image; // premultiplied ARGB, odd side, marker centred on the middle pixel
    };
    const Stamp& stamp(std::uint16_t marker, qreal scale) const;
    void buildHitGrid() const;
    qreal maxMarkerSize() const;

    std::vector<Marker> m_markers;
    std::vector<double> m_logX; // log10 of the value, NaN when not drawable
    std::vector<double> m_logY;
    std::vector<std::uint16_t> m_markerOf;
    geometry::LogAxes m_axes;
    bool m_lod = true;
    int m_highlighted = -1;

    // Stamps by (marker index, device scale in 1/64 px).
    mutable QHash<quint64, Stamp> m_stamps;
    // Level of detail: per device pixel of the plot, 1 + the marker last stamped there.
    mutable std::vector<std::uint16_t> m_cells;
    // The layer cache and what it was drawn for.
    bool m_cacheOn = true;
    mutable QImage m_layer;
    mutable Stats m_layerStats;
    mutable bool m_layerValid = false;
    mutable bool m_stampedOnce = false; // the current state was stamped directly once
    mutable QTransform m_layerKey; // the device map with the translation's integer part removed
    // Hit testing: points bucketed by 16-px cells of the plot (counting sort), rebuilt lazily.
    mutable bool m_gridValid = false;
    mutable std::vector<int> m_gridStart;
    mutable std::vector<int> m_gridPoints;
    mutable int m_gridCols = 0;
    mutable int m_gridRows = 0;
};

} // namespace roofscope
