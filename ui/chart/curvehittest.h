#pragma once

#include <QPointF>
#include <QPolygonF>

#include <optional>
#include <vector>

namespace roofscope {

// Which line is under the mouse: the roofs (and sweeps) as polylines in pixels — a roof is straight
// on log-log axes, so its corners mapped to pixels describe it exactly. For hover tooltips on
// roofs; points have PointCloud::nearest.
class CurveHitTest {
public:
    struct Hit {
        int curve = -1;   // index into the curves given
        int segment = -1; // segment i runs from vertex i to i + 1
        QPointF point;    // the nearest point on the curve, pixels
        double distance = 0.0;
    };

    void setCurves(std::vector<QPolygonF> curves) { m_curves = std::move(curves); }
    // The curve nearest to `pos` within `radius`; on a tie the later curve (drawn on top).
    std::optional<Hit> nearest(QPointF pos, double radius) const;

private:
    std::vector<QPolygonF> m_curves;
};

} // namespace roofscope
