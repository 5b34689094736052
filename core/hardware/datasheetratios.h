#pragma once

#include "core/hardware/hardware.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace roofscope {

// `roofscope probe --measured-of ID` holds the entry it measured against the datasheet entry ID
// and prints the comparison beside the figures (table and JSON). The pairing itself is
// measuredRatios (hardware.h), the one the window's tooltip and comparison table use, so the CLI
// and the window can never pair roofs differently; this only names each pair for the output.

// One roof both entries have: `what` is "dram" (the measured level's name, the main memories
// paired even under different names) or "<precision> <unit>" ("fp32 vector").
struct DatasheetRatio {
    std::string what;
    bool compute = false;  // FLOP/s, else B/s
    double measured = 0.0; // FLOP/s or B/s
    double datasheet = 0.0;
    double ratio = 0.0; // measured / datasheet

    bool operator==(const DatasheetRatio&) const = default;
};

// measured / datasheet for every roof both entries have, compute ceilings first, in the measured
// entry's order; empty when they share none.
std::vector<DatasheetRatio> datasheetRatios(const Hardware& measured, const Hardware& datasheet);

// The ratios as the probe's JSON "datasheet_ratios": [{"what", "measured", "datasheet",
// "ratio"}, …].
nlohmann::json datasheetRatiosToJson(const std::vector<DatasheetRatio>& ratios);

// What a measured entry may name as its "measured_of": a datasheet entry, not another
// measurement (vendor "measured": a probe's or an ERT file's entry).
bool isDatasheetEntry(const Hardware& hw);

} // namespace roofscope
