#pragma once

#include "core/measured/measuredkernel.h"

#include <span>
#include <string>
#include <vector>

namespace roofscope {

// How far two runs are one program: the distinct kernel names (short names, as the comparison
// pairs them) they share. Two runs are compared as "before" and "after" on their own only when
// they are one program; an unrelated file imported second must not become the first one's
// "after" ("0 of 27 kernels paired · whole run 351× faster").
struct ProgramOverlap {
    std::size_t shared = 0; // distinct names found in both runs
    std::size_t first = 0;  // distinct names of each run
    std::size_t second = 0;

    // Most of the smaller run's kernels are also the other's: an optimisation changes a few
    // kernels of a program, not most of them.
    bool sameProgram() const;
    // "3 of 27 kernel names in common"
    std::string text() const;
};

ProgramOverlap programOverlap(std::span<const MeasuredKernel> first,
                              std::span<const MeasuredKernel> second);

} // namespace roofscope
