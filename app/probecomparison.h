#pragma once

#include "core/hardware/hardware.h"

#include <string>
#include <vector>

namespace roofscope::cli {

// `roofscope probe --measured-of ID [--catalog FILE]`: the datasheet entry ID of the catalog
// (built-in, the user folder, then each --catalog FILE, as every command reads it), looked up
// before the probe runs: a typo found after a minute of measuring wastes the minute. A
// UsageError names an unknown id with the nearest datasheet id ("did you mean h200-sxm?"), and
// refuses a measured entry (a measurement of a measurement compares nothing published).
Hardware datasheetToMeasure(const std::string& id, const std::vector<std::string>& catalogFiles);

// The table after the measured figures: each roof both entries have, measured, datasheet and
// measured ÷ datasheet (core datasheetRatios, so the JSON and the window pair the same roofs).
std::string datasheetComparisonText(const Hardware& measured, const Hardware& datasheet);

} // namespace roofscope::cli
