#pragma once

#include "core/measured/measuredkernel.h"

#include <array>
#include <cstddef>
#include <string_view>
#include <vector>

namespace roofscope {

// The reasons notPlacedReason gives, in the order a summary names them.
inline constexpr std::array<std::string_view, 4> kNotPlacedReasons = {"no FLOPs", "zero FLOPs",
                                                                      "no time", "no DRAM bytes"};

// The kernels of an import the chart cannot place, counted once: the window's status line, its
// warning and the CLI's warning all read this tally instead of asking each kernel again.
struct NotPlacedTally {
    std::size_t kernels = 0;   // every kernel walked
    std::size_t notPlaced = 0; // of them, those without a point
    // notPlaced by reason, in the order of kNotPlacedReasons.
    std::array<std::size_t, kNotPlacedReasons.size()> byReason = {};
    double timeS = 0.0;          // time of every kernel (a kernel of rates only adds none)
    double notPlacedTimeS = 0.0; // of it, the time of the kernels without a point

    std::size_t count(std::string_view reason) const;
    // notPlaced ÷ kernels and notPlacedTimeS ÷ timeS, 0 when there is nothing to divide by.
    double kernelShare() const;
    double timeShare() const;
};

// One walk over `kernels`, one notPlacedReason per kernel.
NotPlacedTally tallyNotPlaced(const std::vector<MeasuredKernel>& kernels);

} // namespace roofscope
