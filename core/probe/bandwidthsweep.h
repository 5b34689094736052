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
    // Asked before each size: true ends the sweep with the sizes measured so far.
    std::function<bool()> cancelled;
};

// One working set of a sweep: its size over all threads and arrays, and the bandwidth samples.
struct SweepPoint {
    double bytes = 0.0;
    SampleStats stats;
};

// The working sets of a geometric sweep from `minBytes` up to and including the first size
// ≥ `maxBytes`, each `factor` times the one before.
std::vector<double> sweepSizes(double minBytes, double maxBytes, double factor);

// Elements per thread and array for a working set of `bytes`: a whole number of kernel steps.
std::size_t elementsPerThread(double bytes, int threads, MemoryKernel kernel);
// The sizes of the sweep that sweepBandwidth measures with `threads` threads (sizes whose
// arrays round to the same length are measured once).
std::vector<double> measuredSizes(int threads, MemoryKernel kernel, const SweepOptions& options);

// Measures `kernel` on every size of the sweep. Each thread of `team` works on its own arrays
// (1/N of the working set), allocated and first touched by that thread so they sit in its
// caches and its NUMA node. `progress(size)` is called before each size.
std::vector<SweepPoint> sweepBandwidth(const PinnedTeam& team, MemoryKernel kernel,
                                       const SweepOptions& options,
                                       const std::function<void(double bytes)>& progress = {});

} // namespace roofscope::probe
