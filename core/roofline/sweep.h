#pragma once

#include "core/roofline/operators.h"
#include "core/util/expected.h"

#include <optional>
#include <vector>

namespace roofscope {

// The values a sweep visits from `from` to `to` (inclusive): `steps` points spaced evenly on a
// log scale; for whole-number parameters rounded and de-duplicated. steps = 0 means doubling
// from `from` (1, 2, 4, ...) with `to` appended, the natural series for batch sizes.
Expected<std::vector<double>> sweepValues(double from, double to, int steps, bool wholeNumbers);

struct SweepPoint {
    double value = 0.0;
    Estimate estimate;
};

// The operator re-costed at each value of `param` and estimated on `hw`.
Expected<std::vector<SweepPoint>> sweep(const Operator& op, std::string_view param,
                                        const std::vector<double>& values, const Hardware& hw);

// The real value of `param` in [lo, hi] at which the operator's AI equals `targetAi`, assuming
// AI is monotonic in the parameter over the range (true of every driving parameter). nullopt
// when the range never reaches the target. Errors for an unknown or non-numeric parameter.
Expected<std::optional<double>> solveForIntensity(const Operator& op, std::string_view param,
                                                  double targetAi, double lo, double hi);

// The value of `param` at which the operator reaches the ridge of `hw` (turns compute-bound):
// the seed's crossing batch B*. nullopt when it never crosses within [lo, hi].
Expected<std::optional<double>> ridgeCrossing(const Operator& op, std::string_view param,
                                              const Hardware& hw, double lo, double hi);

} // namespace roofscope
