#include "core/roofline/sweep.h"

#include <algorithm>
#include <cmath>

namespace roofscope {

namespace {

Expected<const ParamDef*> numericParam(const Operator& op, std::string_view param)
{
    const ParamDef* def = op.definition().findParam(param);
    if (!def)
        return makeError(op.kind + ": unknown parameter \"" + std::string(param) + "\"");
    if (def->type != ParamType::Integer && def->type != ParamType::Real)
        return makeError(op.kind + ": parameter \"" + std::string(param) + "\" is not numeric");
    return def;
}

double intensityAt(const Operator& op, std::string_view param, double value)
{
    const Cost c = op.costWith(param, value);
    return c.flops / c.bytes;
}

} // namespace

Expected<std::vector<double>> sweepValues(double from, double to, int steps, bool wholeNumbers)
{
    if (!isPositiveFinite(from) || !isPositiveFinite(to))
        return makeError("sweep range must be finite numbers > 0");
    if (from > to)
        return makeError("sweep range must go from low to high");
    if (steps < 0 || steps > 100000)
        return makeError("sweep steps must be between 0 and 100000");
    std::vector<double> values;
    if (steps == 0) {
        for (double v = from; v < to; v *= 2.0)
            values.push_back(v);
        values.push_back(to);
    } else if (steps == 1 || from == to) {
        values.push_back(from);
    } else {
        const double ratio = std::log(to / from);
        for (int i = 0; i < steps; ++i)
            values.push_back(i + 1 == steps ? to : from * std::exp(ratio * i / (steps - 1)));
    }
    if (wholeNumbers) {
        for (double& v : values)
            v = std::max(1.0, std::round(v));
        values.erase(std::unique(values.begin(), values.end()), values.end());
    }
    return values;
}

Expected<std::vector<SweepPoint>> sweep(const Operator& op, std::string_view param,
                                        const std::vector<double>& values, const Hardware& hw)
{
    auto def = numericParam(op, param);
    if (!def)
        return def.error();
    std::vector<SweepPoint> points;
    points.reserve(values.size());
    for (double v : values) {
        auto e = estimate(op.costWith(param, v), hw);
        if (!e)
            return e.error();
        points.push_back(SweepPoint{v, *e});
    }
    return points;
}

Expected<std::optional<double>> solveForIntensity(const Operator& op, std::string_view param,
                                                  double targetAi, double lo, double hi)
{
    auto def = numericParam(op, param);
    if (!def)
        return def.error();
    if (!isPositiveFinite(targetAi))
        return makeError("target intensity must be a finite number > 0");
    if (!isPositiveFinite(lo) || !isPositiveFinite(hi) || lo > hi)
        return makeError("search range must be finite, > 0 and ordered");
    const double aiLo = intensityAt(op, param, lo);
    const double aiHi = intensityAt(op, param, hi);
    if (!std::isfinite(aiLo) || !std::isfinite(aiHi))
        return makeError(op.kind + ": intensity is undefined in the search range");
    const bool rising = aiHi >= aiLo;
    const double minAi = std::min(aiLo, aiHi);
    const double maxAi = std::max(aiLo, aiHi);
    if (targetAi < minAi || targetAi > maxAi)
        return std::optional<double>{};
    // Bisection in log space: parameters span decades (batch 1 … 4096) and AI is monotonic.
    double a = std::log(lo);
    double b = std::log(hi);
    for (int i = 0; i < 200 && b - a > 1e-13; ++i) {
        const double mid = 0.5 * (a + b);
        const bool below = intensityAt(op, param, std::exp(mid)) < targetAi;
        if (below == rising)
            a = mid;
        else
            b = mid;
    }
    return std::optional<double>{std::exp(0.5 * (a + b))};
}

Expected<std::optional<double>> ridgeCrossing(const Operator& op, std::string_view param,
                                              const Hardware& hw, double lo, double hi)
{
    auto e = estimate(op.cost(), hw);
    if (!e)
        return e.error();
    return solveForIntensity(op, param, e->ridgeAi, lo, hi);
}

} // namespace roofscope
