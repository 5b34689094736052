#pragma once

#include "core/probe/proberesult.h"

#include <functional>
#include <string>

namespace roofscope::probe {

struct ProbeOptions {
    int threads = 0;    // 0: one per CPU this process may use
    bool quick = false; // short samples and a small sweep, for tests and CI
    // Told what is being measured ("fp64 avx2+fma, 1 thread", "triad 64 KiB").
    std::function<void(const std::string&)> progress;
    // Told how far the probe is: measurements done of the total (FMA runs, then sweep sizes).
    std::function<void(int done, int total)> steps;
    // Asked between measurements: true stops the probe, whose result is then marked cancelled.
    std::function<bool()> cancelled;
};

// Measures this machine's CPU: FMA peaks per precision (every instruction set it has, the best
// kept) and bandwidth over a working-set sweep, with the memory levels read off the curve.
ProbeResult runCpuProbe(const ProbeOptions& options);

// The largest working set of the sweep: 4× the last cache the system reports, at least 256 MiB
// (DRAM, well past any cache), at most 1 GiB and a quarter of the memory; `quick`: 64 MiB.
double sweepCeilingBytes(const MachineInfo& machine, bool quick);

// The number of measurements runCpuProbe makes with `threads` threads: the total its `steps`
// counts up to.
int probeSteps(const MachineInfo& machine, int threads, bool quick);

} // namespace roofscope::probe
