#pragma once

#include "core/figure/figure.h"
#include "ui/chart/chartgeometry.h"
#include "ui/document/session.h"
#include "ui/style/chartstyle.h"

#include <QFlags>
#include <QHash>
#include <QPointF>
#include <QRectF>
#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QGraphicsWidget;

namespace roofscope {

class LineArtCanvas;

// Where layers put their items: the host item (chart coordinates) and the still line art's
// shared cached canvas (grid, sweeps and roofs draw into slots of it).
struct ChartHost {
    QGraphicsWidget* item = nullptr;
    LineArtCanvas* lineArt = nullptr;
};

// What changed since a layer last drew: each layer redoes only what its part reads.
enum class ChartChange : unsigned {
    Style = 1u << 0,     // theme, fonts, toggles: everything is restyled
    Gpus = 1u << 1,      // the shown accelerators (and their colours)
    Roofs = 1u << 2,     // Figure::roofs
    Sweeps = 1u << 3,    // Figure::sweeps
    Points = 1u << 4,    // Figure::points moved
    Selection = 1u << 5, // the selected operator
    Range = 1u << 6,     // the view range or the plot area
    Measured = 1u << 7,  // Figure::measured and Figure::links
    Sizes = 1u << 8,     // marker sizes (point shares)
};
Q_DECLARE_FLAGS(ChartChanges, ChartChange)
Q_DECLARE_OPERATORS_FOR_FLAGS(ChartChanges)

// Marker area per point as a share (0…1) of a whole, e.g. of a model's step time.
using PointShare = std::function<std::optional<double>(PointRef)>;

// What every layer reads: the core figure (the one source of truth for what is drawn), the
// theme's style, the axes in chart coordinates and the session for names and the selection.
struct ChartContext {
    const Figure& figure;
    const ChartStyle& style;
    geometry::LogAxes axes;
    const Session& session;
    const PointShare& share;
    // Boxes (chart coordinates) that labels must not cover: the layers drawn before the
    // labels add theirs.
    std::vector<QRectF>& obstacles;
    // The one operator whose points moved (a slider step), or -1 for any.
    int changedOperator = -1;
    // A point is being dragged: labels keep their places beside their anchors (a label placed
    // afresh each frame jumped from side to side and pushed others around); placement runs again
    // at release.
    bool holdLabels = false;
    // Label offsets by key to try first (RoofChart::preferLabelOffsets); may be null.
    const QHash<QString, QPointF>* preferredLabels = nullptr;
    // A slider or ring is being dragged (Session::inGesture): each label first tries its last
    // place beside its point, so labels do not jump from side to side on every step; they are
    // placed afresh when the drag ends.
    bool followLabels = false;
};

// One part of the chart (grid and axes, roofs, points, labels …): it owns its graphics items,
// parented to the chart's host item, and redraws them from the context when told what changed.
// Layers never talk to each other; adding one means writing it and adding it to
// createChartLayers() (chartlayers.cpp).
class ChartLayer {
public:
    ChartLayer() = default;
    ChartLayer(const ChartLayer&) = delete;
    ChartLayer& operator=(const ChartLayer&) = delete;
    virtual ~ChartLayer() = default;

    // Creates the layer's items under `host` (called once, before the first update).
    virtual void attach(const ChartHost& host) = 0;
    virtual void update(const ChartContext& context, ChartChanges changes) = 0;
    // Text for a hover tooltip at `chartPos` (chart coordinates), if the layer has something
    // there; layers are asked top (last registered) first.
    virtual std::optional<QString> toolTipAt(const ChartContext& context, QPointF chartPos) const
    {
        (void)context;
        (void)chartPos;
        return std::nullopt;
    }
    // Space the layer takes above the plot (the legend), for a plot `width` wide.
    virtual qreal heightAbovePlot(const ChartContext& context, qreal width) const
    {
        (void)context;
        (void)width;
        return 0.0;
    }
};

// The chart's layers, bottom to top: the one registration list.
std::vector<std::unique_ptr<ChartLayer>> createChartLayers();

} // namespace roofscope
