#include "core/figure/logscale.h"

#include <algorithm>
#include <cmath>

namespace roofscope::logscale {

double fractionOf(double v, double lo, double hi)
{
    return (std::log10(v) - std::log10(lo)) / (std::log10(hi) - std::log10(lo));
}

double valueAtFraction(double f, double lo, double hi)
{
    return std::pow(10.0, std::log10(lo) + f * (std::log10(hi) - std::log10(lo)));
}

double sliderToValue(int position, int steps, double lo, double hi)
{
    if (steps <= 0 || !(lo > 0.0) || !(hi > lo))
        return lo;
    return valueAtFraction(std::clamp(static_cast<double>(position) / steps, 0.0, 1.0), lo, hi);
}

int valueToSlider(double value, int steps, double lo, double hi)
{
    if (steps <= 0 || !(lo > 0.0) || !(hi > lo) || !(value > 0.0))
        return 0;
    return static_cast<int>(std::lround(std::clamp(fractionOf(value, lo, hi), 0.0, 1.0) * steps));
}

} // namespace roofscope::logscale
