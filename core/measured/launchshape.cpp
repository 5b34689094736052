#include "core/measured/launchshape.h"

#include <algorithm>
#include <cmath>

namespace roofscope {

namespace {

// Per launch: a row of an nvprof summary or a group already summed holds several.
std::optional<double> perLaunch(const std::optional<double>& total, long long launches)
{
    if (!total || !std::isfinite(*total))
        return std::nullopt;
    return *total / static_cast<double>(std::max(launches, 1LL));
}

} // namespace

LaunchShape launchShape(const MeasuredKernel& k)
{
    using Measure = LaunchShape::Measure;
    const std::optional<double> dram = perLaunch(k.bytesAt(MemLevel::Dram), k.launches);
    if (const std::optional<double> flops = perLaunch(k.flops, k.launches)) {
        const bool shared = k.flopsFormula.find(kSharedByTime) != std::string::npos;
        if (shared && dram && *dram > 0.0)
            return {Measure::Intensity, *flops / *dram};
        return {Measure::Flops, *flops};
    }
    if (dram)
        return {Measure::DramBytes, *dram};
    return {};
}

bool sameShape(const LaunchShape& a, const LaunchShape& b)
{
    if (a.measure != b.measure)
        return false;
    const double scale = std::max(std::abs(a.value), std::abs(b.value));
    return std::abs(a.value - b.value) <= kShapeTolerance * scale;
}

} // namespace roofscope
