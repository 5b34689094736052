#pragma once

#include "core/hardware/hardware.h"

#include <string>
#include <vector>

namespace roofscope {

// One run of ceilings at a roof's height that share a compute unit: "FP16/BF16" on tensor.
struct RoofLabelPart {
    std::string precisions; // upper-case precision names joined by "/"
    ComputeUnit unit = ComputeUnit::Vector;

    bool operator==(const RoofLabelPart&) const = default;
};

// The parts a roof's label is made of, in the ceilings' order: neighbouring ceilings of one unit
// share a part. The core's label and the window's translated one are both joined from these,
// so the two cannot disagree on which precisions a roof carries.
std::vector<RoofLabelPart> roofLabelParts(const std::vector<Ceiling>& ceilings);

// "BF16 tensor"; "FP16/BF16 tensor, FP32 vector": each part's precisions and its unit's name,
// parts joined by ", ".
std::string roofLabel(const std::vector<Ceiling>& ceilings);

} // namespace roofscope
