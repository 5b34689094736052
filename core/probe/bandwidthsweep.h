#pragma once

#include "core/probe/isa.h"
#include "core/probe/pinnedteam.h"
#include "core/probe/sampler.h"

#include <functional>
#include <string>
#include <vector>

namespace roofscope::probe {

enum class MemoryKernel { Read, Triad };

std::string_view memoryKernelName(MemoryKernel kernel); // "read", "triad"
// Bytes counted per element: read 8, triad 24 (STREAM's counting, write-allocate not counted).
double bytesPerElement(MemoryKernel kernel);

struct SweepOptions {
    double minBytes = 4096.0;
    double maxBytes = 256.0 * 1024 * 1024;
    double factor = 1.41421356237;
    Isa isa = Isa::Scalar;
    SamplePlan plan;
};

// One working set of a sweep: its size over all threads and arrays, and the bandwidth samples.
struct SweepPoint {
    double bytes = 0.0;
    SampleStats stats;
};

// The working sets of a geometric sweep from `minBytes` up to and including the first size
// ≥ `maxBytes`, each `factor` times the one before.
std::vector<double> sweepSizes(double minBytes, double maxBytes, double factor);

// Measures `kernel` on every size of the sweep. Each thread of `team` works on its own arrays
// (1/N of the working set), allocated and first touched by that thread so they sit in its
// caches and its NUMA node. `progress(size)` is called before each size.
std::vector<SweepPoint> sweepBandwidth(const PinnedTeam& team, MemoryKernel kernel,
                                       const SweepOptions& options,
                                       const std::function<void(double bytes)>& progress = {});

} // namespace roofscope::probe
