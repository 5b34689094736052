#pragma once

#include "core/hardware/hardware.h"
#include "core/probe/proberesult.h"

#include <string>
#include <utility>
#include <vector>

namespace roofscope::test {

// The catalog entry `roofscope probe -o` writes, from docs/probe.md's run on this machine: FP64
// and FP32 FMA peaks on two threads and the triad bandwidth of L1, L2, L3 and DRAM (DRAM alone
// with `caches` false).
inline Hardware measuredCpu(bool caches = true)
{
    probe::ProbeResult r;
    r.machine.cpuModel = "AMD EPYC";
    r.threads = 2;
    r.fp64.allThreads.max = 57.42e9;
    r.fp32.allThreads.max = 110.5e9;
    std::vector<std::pair<std::string, double>> levels = {{"dram", 12.84e9}};
    if (caches)
        levels = {{"l1", 243.5e9}, {"l2", 93.14e9}, {"l3", 50.25e9}, {"dram", 12.84e9}};
    for (const auto& [level, bw] : levels) {
        probe::LevelResult l;
        l.triad.level = level;
        l.triad.bytesPerS = bw;
        r.levels.push_back(l);
    }
    return probe::probeResultToHardware(r);
}

} // namespace roofscope::test
