#pragma once

#include "ui/chart/chartgeometry.h"

#include <QBrush>
#include <QGraphicsItem>
#include <QList>
#include <QPen>
#include <QPointF>

#include <map>

namespace roofscope {

// The chart's still line art in one item: roofs, extra ceilings, sweep paths, ridge and
// crossing markers, all in data coordinates. It is painted once into a device pixmap and
// blitted on every later frame: a slider step moves points and labels, never a roof, and
// antialiased roofs cost more than everything else on the chart together.
class RoofLayer : public QGraphicsItem {
public:
    struct Stroke {
        QList<QPointF> values; // (AI, FLOP/s), > 0
        QPen pen;
    };
    struct Marker {
        QPointF value;
        qreal size = 8.0;
        bool diamond = false;
        QPen pen;
        QBrush brush;
    };

    explicit RoofLayer(QGraphicsItem* parent = nullptr);

    void setAxes(const geometry::LogAxes& axes);
    void setContent(QList<Stroke> strokes, QList<Marker> markers);
    // Several chart layers share this one cached pixmap, each in its own slot, drawn in slot
    // order (markers after every stroke): one plot-sized blit per frame instead of one per layer.
    void setSlot(int slot, QList<Stroke> strokes, QList<Marker> markers);
    // Decade and 2…9 grid lines, drawn here (into the cache) rather than by the axes.
    void setGrid(const QPen& major, const QPen& minor);
    const QList<Stroke>& strokes() const { return m_strokes; }
    const QList<Marker>& markers() const { return m_markers; }

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option,
               QWidget* widget = nullptr) override;

private:
    geometry::LogAxes m_axes;
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
