#pragma once

namespace roofscope::logscale {

// A log-scaled slider: position in [0, steps] ↔ value in [lo, hi] (lo > 0). Positions outside
// the range clamp to its ends; invalid ranges give lo (or position 0).
double sliderToValue(int position, int steps, double lo, double hi);
int valueToSlider(double value, int steps, double lo, double hi);

} // namespace roofscope::logscale
