#include "core/figure/passpoints.h"

#include <limits>

namespace roofscope {

namespace {

bool positive(double v)
{
    return v > 0.0 && v < std::numeric_limits<double>::infinity();
}

} // namespace

std::vector<FigurePassPoint> passPointsFor(const JoinedPass& pass, int hardware)
{
    std::vector<FigurePassPoint> points;
    for (const JoinedOperator& o : pass.operators) {
        if (!positive(o.flops) || !positive(o.bytes) || !positive(o.measuredS))
            continue;
        FigurePassPoint p;
        p.name = o.name;
        p.hardware = hardware;
        p.measured = {o.flops / o.bytes, o.flops / o.measuredS};
        p.measuredS = o.measuredS;
        p.predictedS = o.predictedS;
        if (positive(o.predictedFlops) && positive(o.predictedBytes) && positive(o.predictedS))
            p.predicted =
                DataPoint{o.predictedFlops / o.predictedBytes, o.predictedFlops / o.predictedS};
        points.push_back(std::move(p));
    }
    return points;
}

} // namespace roofscope
