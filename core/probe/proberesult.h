#pragma once

#include "core/hardware/hardware.h"
#include "core/probe/bandwidthsweep.h"
#include "core/probe/isa.h"
#include "core/probe/machineinfo.h"
#include "core/probe/plateaus.h"
#include "core/probe/sampler.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace roofscope::probe {

// The FMA peak of one precision: the best instruction set on one thread, then that set on all.
struct PeakResult {
    Isa isa = Isa::Scalar;
    SampleStats allThreads;
    SampleStats oneThread;
    // The one-thread maximum of every instruction set tried, in the order tried.
    std::vector<std::pair<Isa, double>> perIsa;
};

// A memory level: its plateau on the triad curve, and the read kernel's bandwidth over the
// same working sets (0 when the read sweep had no point there).
struct LevelResult {
    Plateau triad;
    double readBytesPerS = 0.0;
};

struct ProbeResult {
    MachineInfo machine;
    int threads = 1;
    bool quick = false;
    SamplePlan computePlan;
    SamplePlan sweepPlan;
    double sweepMaxBytes = 0.0;
    Isa memoryIsa = Isa::Scalar;
    PeakResult fp64;
    PeakResult fp32;
    // BF16 dot products into FP32 (AVX512-BF16), where the CPU has them: isa Avx512, zero
    // (bf16Measured() false) elsewhere.
    PeakResult bf16;
    bool bf16Measured() const { return bf16.allThreads.max > 0.0; }
    std::vector<SweepPoint> triadCurve;
    std::vector<SweepPoint> readCurve;
    std::vector<LevelResult> levels;
    // The measurements whose max exceeded 1.1× their median ("fp64 1 thread", "triad 64 KiB").
    std::vector<std::string> noisy;
    // Stopped by ProbeOptions::cancelled before it finished: nothing in it is to be kept.
    bool cancelled = false;
};

// What the numbers count, for the JSON, the table and the catalog entry's sources.
inline constexpr const char* kTriadConvention =
    "STREAM triad a = b + s*c: 24 bytes per element (two loads, one store), write-allocate "
    "traffic not counted";
inline constexpr const char* kReadConvention = "read (sum of an array): 8 bytes per element";
// What the probe did not measure on this CPU: "fp16 and bf16 are not measured (no AVX512-BF16)",
// "fp16 is not measured" once BF16 was.
std::string notMeasuredText(const ProbeResult& result);

// One measurement's samples as JSON: max, median, samples, noisy (the CPU and Vulkan probes').
nlohmann::json sampleStatsJson(const SampleStats& s);

// The probe as JSON: device, peaks_flops_per_s, bandwidth_bytes_per_s, samples, noisy, curve…
nlohmann::json probeResultToJson(const ProbeResult& result);

// The probe as a catalog entry, id "this-machine-cpu", vendor "measured" (as an ERT file is):
// FP64 and FP32 (and BF16, where measured) vector ceilings from all threads, the triad bandwidth of
// every level (the last one as dram), and where, when and how it was measured in the sources and
// notes.
Hardware probeResultToHardware(const ProbeResult& result);

} // namespace roofscope::probe
