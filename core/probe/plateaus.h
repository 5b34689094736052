#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace roofscope::probe {

// One point of a bandwidth sweep: the working set in bytes and the bandwidth measured on it.
struct CurvePoint {
    double bytes = 0.0;
    double bytesPerS = 0.0;
};

// A memory level read off a bandwidth curve: the working sets it covers and its bandwidth (the
// median of its points, so one noisy size does not move it).
struct Plateau {
    double firstBytes = 0.0;
    double lastBytes = 0.0;
    double bytesPerS = 0.0;
    std::size_t points = 0;
    std::string level; // "l1", "l2", "l3", "l4", "dram"
};

struct PlateauOptions {
    // A point belongs to the plateau being built while it is within this fraction of the
    // plateau's median (ERT clusters within ±5 %; a shared VM needs a little more).
    double tolerance = 0.10;
    // A plateau is a new, slower level only when it is at least this much slower than the
    // level before it (ERT's 1.15); otherwise it is the same level, seen through noise.
    double minStep = 1.15;
    // Runs shorter than this are transitions between levels (one size half in each cache),
    // except at the end of the curve.
    std::size_t minPoints = 2;
};

// The memory levels of a bandwidth-versus-working-set curve, fastest (smallest) first, named
// l1, l2, ... and the last one dram: the levels are what the curve shows, whatever the caches
// the system reports (which virtual machines get wrong). At most five levels (l1 to l4 and
// dram); more are merged where neighbours differ least. `curve` must be sorted by size.
std::vector<Plateau> detectPlateaus(const std::vector<CurvePoint>& curve,
                                    const PlateauOptions& options = {});

} // namespace roofscope::probe
