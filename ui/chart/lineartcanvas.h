#pragma once

#include "ui/chart/chartgeometry.h"

#include <QBrush>
#include <QGraphicsItem>
#include <QImage>
#include <QList>
#include <QPen>
#include <QPointF>
#include <QTransform>

#include <map>

namespace roofscope {

// The chart's still line art in one item: the chart and plot backgrounds, the grid, roofs,
// extra ceilings, sweep paths, ridge and crossing markers, all in data coordinates. It is
// painted once into a device image and copied on every later frame: a slider step moves
// points and labels, never a roof. With the backgrounds in it the image is opaque, so a frame
// costs one copy instead of two fills and a blended blit (slider step −1 ms, measured).
class LineArtCanvas : public QGraphicsItem {
public:
    struct Stroke {
        QList<QPointF> values; // (AI, FLOP/s), > 0
        QPen pen;
        bool operator==(const Stroke&) const = default;
    };
    struct Marker {
        QPointF value;
        qreal size = 8.0;
        bool diamond = false;
        QPen pen;
        QBrush brush;
        bool operator==(const Marker&) const = default;
    };

    explicit LineArtCanvas(QGraphicsItem* parent = nullptr);

    void setAxes(const geometry::LogAxes& axes);
    void setContent(QList<Stroke> strokes, QList<Marker> markers);
    // Several chart layers share this one cached pixmap, each in its own slot, drawn in slot
    // order (markers after every stroke): one plot-sized blit per frame instead of one per layer.
    void setSlot(int slot, QList<Stroke> strokes, QList<Marker> markers);
    // Decade and 2…9 grid lines, drawn here (into the cache) rather than by the axes.
    void setGrid(const QPen& major, const QPen& minor);
    // The chart's background (filling `chart`, item coordinates) and the plot's, under
    // everything else; Qt::NoBrush for none (a transparent export).
    void setBackgrounds(const QRectF& chart, const QBrush& chartBrush, const QBrush& plotBrush);
    // Keep the painted layer in an image of device pixels while nothing changes (on by
    // default; exports paint straight onto their device, vectors stay vectors).
    void setCaching(bool on);
    const QList<Stroke>& strokes() const { return m_strokes; }
    const QList<Marker>& markers() const { return m_markers; }

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option,
               QWidget* widget = nullptr) override;

private:
    void paintContent(QPainter* painter) const;
    void invalidate();

    geometry::LogAxes m_axes;
    QRectF m_chartRect;
    QBrush m_chartBrush;
    QBrush m_plotBrush;
    bool m_caching = true;
    QImage m_cache;
    QTransform m_cacheKey; // the device map, translation's integer part removed
    bool m_cacheValid = false;
    struct Slot {
        QList<Stroke> strokes;
        QList<Marker> markers;
    };
    std::map<int, Slot> m_slots;
    QList<Stroke> m_strokes; // every slot's, in slot order
    QList<Marker> m_markers;
    QPen m_major;
    QPen m_minor;
};

} // namespace roofscope
