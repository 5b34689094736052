#pragma once

namespace roofscope::logscale {

// Where `v` sits between `lo` and `hi` on a log scale (0 at lo, 1 at hi; outside: beyond), and
// back. The chart's axes and the log slider share them.
double fractionOf(double v, double lo, double hi);
double valueAtFraction(double f, double lo, double hi);

// A log-scaled slider: position in [0, steps] ↔ value in [lo, hi] (lo > 0). Positions outside
// the range clamp to its ends; invalid ranges give lo (or position 0).
double sliderToValue(int position, int steps, double lo, double hi);
int valueToSlider(double value, int steps, double lo, double hi);

} // namespace roofscope::logscale
