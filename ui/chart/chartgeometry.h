#pragma once

#include "core/document/scenario.h"

#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QString>

#include <vector>

// Pure geometry of the log-log roofline chart: no widget, no chart, no state. The view and the
// chart call these, and the tests check them directly.
namespace roofscope::geometry {

// A log-log plot area: `plot` in pixels (y grows downwards), `range` in data units.
struct LogAxes {
    QRectF plot;
    ViewRange range;
};

QPointF valueToPixel(const LogAxes& axes, QPointF value);
QPointF pixelToValue(const LogAxes& axes, QPointF pixel);

// Limits every view keeps to: values a log axis can show and a span of at least a factor 2.
ViewRange clampView(ViewRange view);
// Zooms by `factor` (> 1 zooms in) keeping the data point `anchor` where it is on screen.
ViewRange zoomView(const ViewRange& view, QPointF anchor, double factor);
// Moves the view by a drag of `pixelDelta` (the content follows the mouse).
ViewRange panView(const LogAxes& axes, QPointF pixelDelta);
// The data range of a pixel rectangle (a rubber band).
ViewRange viewFromPixelRect(const LogAxes& axes, const QRectF& rect);
// A view that shows every value with some air, snapped outwards to half decades.
ViewRange fitView(const std::vector<QPointF>& values);

// Integer powers of ten within [min, max] (with a little tolerance at the ends).
std::vector<int> decadeExponents(double min, double max);
// "10³", "10⁻¹", "1" for 0, "10" for 1.
QString powerOfTenLabel(int exponent);

// Index of the pixel point nearest to `pos` within `radius`, or -1.
int hitTest(const std::vector<QPointF>& pixels, QPointF pos, double radius);

// Where to put text labels so that they overlap neither each other nor the obstacles (the
// points), staying inside `bounds`. Greedy over candidate positions around each anchor at
// growing distances; a label that fits nowhere takes its least-overlapping candidate.
struct LabelRequest {
    QPointF anchor;
    QSizeF size;
};
std::vector<QRectF> placeLabels(const std::vector<LabelRequest>& labels, const QRectF& bounds,
                                const std::vector<QRectF>& obstacles);

} // namespace roofscope::geometry
