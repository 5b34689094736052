#include "ui/chart/curvehittest.h"

#include <algorithm>
#include <cmath>

namespace roofscope {

std::optional<CurveHitTest::Hit> CurveHitTest::nearest(QPointF pos, double radius) const
{
    std::optional<Hit> best;
    double bestD = radius;
    for (std::size_t c = 0; c < m_curves.size(); ++c) {
        const QPolygonF& poly = m_curves[c];
        for (qsizetype s = 0; s + 1 < poly.size(); ++s) {
            const QPointF a = poly[s];
            const QPointF d = poly[s + 1] - a;
            const double len2 = d.x() * d.x() + d.y() * d.y();
            const double t =
                len2 > 0.0
                    ? std::clamp(((pos.x() - a.x()) * d.x() + (pos.y() - a.y()) * d.y()) / len2,
                                 0.0, 1.0)
                    : 0.0;
            const QPointF p = a + t * d;
            const double dist = std::hypot(p.x() - pos.x(), p.y() - pos.y());
            if (dist <= bestD) {
                bestD = dist;
                best = Hit{static_cast<int>(c), static_cast<int>(s), p, dist};
            }
        }
    }
    return best;
}

} // namespace roofscope
