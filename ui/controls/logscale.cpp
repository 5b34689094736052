#include "ui/controls/logscale.h"

#include <algorithm>
#include <cmath>

namespace roofscope::logscale {

double sliderToValue(int position, int steps, double lo, double hi)
{
    if (steps <= 0 || !(lo > 0.0) || !(hi > lo))
        return lo;
    const double f = std::clamp(static_cast<double>(position) / steps, 0.0, 1.0);
    return std::pow(10.0, std::log10(lo) + f * (std::log10(hi) - std::log10(lo)));
}

int valueToSlider(double value, int steps, double lo, double hi)
{
    if (steps <= 0 || !(lo > 0.0) || !(hi > lo) || !(value > 0.0))
        return 0;
    const double f = (std::log10(value) - std::log10(lo)) / (std::log10(hi) - std::log10(lo));
    return static_cast<int>(std::lround(std::clamp(f, 0.0, 1.0) * steps));
}

} // namespace roofscope::logscale
