#pragma once

#include "core/hardware/precision.h"

#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// A dense peak of one precision on one kind of unit, in FLOP/s (for integer formats: OP/s).
struct Ceiling {
    Precision precision = Precision::FP32;
    ComputeUnit unit = ComputeUnit::Vector;
    double flopsPerS = 0.0;
    std::string source;    // where the figure comes from (datasheet, whitepaper table)
    bool estimate = false; // true when the figure is derived rather than published
    // Tensor ceilings follow one convention: FP32 accumulate, what framework GEMMs use ("" or
    // "fp32"). GeForce cards also publish a faster FP16-accumulate rate; such a ceiling says
    // "fp16" here and lives in Hardware::alternateCeilings, never under an operator.
    std::string accumulate = {};

    bool operator==(const Ceiling&) const = default;
};

// Bandwidth of one level of the memory hierarchy, in bytes/s. Levels: "hbm", "dram", "l4",
// "l3", "l2", "sram", "l1" (catalog.cpp keeps the list).
struct MemoryLevel {
    std::string level;
    double bytesPerS = 0.0;
    std::string source;
    bool estimate = false;

    bool operator==(const MemoryLevel&) const = default;
};

// The scale-up link between GPUs of one node (NVLink, Infinity Fabric, PCIe), as collectives
// see it. Convention: bandwidth PER DIRECTION PER GPU, the figure a ring all-reduce step is
// limited by. Vendors quote bidirectional totals (H100's "900 GB/s" NVLink is 450 GB/s each
// way), so catalog entries halve them and say so in `source`.
struct Interconnect {
    std::string link;       // link type: "nvlink", "pcie", "infinity-fabric", "ici", "roce"
    std::string name;       // "NVLink 4 (18 links)"
    double bytesPerS = 0.0; // per direction per GPU
    std::string source;
    // Per-hop latency of one collective step. When the entry gives none, the link type's
    // default assumption is used (defaultHopLatency); `latencySource` says which.
    double latencyS = 0.0;
    std::string latencySource;
    bool latencyEstimate = true;

    bool present() const { return bytesPerS > 0.0; }
    bool operator==(const Interconnect&) const = default;
};

// The range every rate, capacity and latency of a catalog (FLOP/s, B/s, bytes, seconds) must lie
// in. It spans every real device by many orders of magnitude either way, and keeps each ratio or
// product of two such figures (a ridge point, a time) a finite, non-zero double: a figure read from
// a file never turns into an infinite ridge or a zero time on the way to the screen.
inline constexpr double kMinHardwareFigure = 1e-30;
inline constexpr double kMaxHardwareFigure = 1e30;
bool isHardwareFigure(double v);
// "a number from 1e-30 to 1e+30": the range, for error messages.
std::string hardwareFigureRange();

// The per-hop latency assumed for a link type when a catalog entry gives none, with its basis.
struct HopLatency {
    double seconds = 0.0;
    std::string basis;
};
HopLatency defaultHopLatency(std::string_view link);
// The link types a catalog entry may name.
const std::vector<std::string_view>& interconnectLinkTypes();

struct Hardware {
    std::string id;     // lowercase slug: "h100-sxm5"
    std::string name;   // "NVIDIA H100 SXM5 80GB"
    std::string vendor; // "NVIDIA", "AMD", "Intel", "Google"
    std::vector<Ceiling> ceilings;
    // Labelled extra ceilings under another convention (FP16 accumulate): shown, not used.
    std::vector<Ceiling> alternateCeilings;
    std::vector<MemoryLevel> memory;
    double memoryBytes = 0.0; // capacity of the main memory; 0 when unknown
    std::string memorySource;
    std::string notes;
    // A measured entry (vendor "measured": `roofscope probe -o`, an ERT file) names the
    // datasheet entry of the same device here ("measured_of"), so each roof can be held against
    // its published figure (measuredRatios); empty for a datasheet entry, or a measured device
    // without one (a CPU).
    std::string measuredOf;
    // What the device is: "cpu" for a CPU (`roofscope probe -o`), "" for an accelerator (a GPU,
    // a TPU …). Says which reasons a sentence about the entry may give (no tensor cores on a CPU).
    std::string kind;
    Interconnect interconnect; // absent (bytesPerS == 0) when no vetted figure exists
    // What a profiler states of the device even when it does not name it (ncu's "CC" column and
    // "# SMs"): the CUDA compute capability ("9.0") and the number of SMs, "" and 0 when the
    // entry does not say. The GPU question offers the entries that fit first
    // (gpusFittingDevice). deviceSource says where both come from.
    std::string computeCapability;
    int smCount = 0;
    std::string deviceSource;

    // The ceiling of exactly this precision and unit, or nullptr.
    const Ceiling* findCeiling(Precision precision, ComputeUnit unit) const;
    // The ceiling an operator of this precision and unit runs against. Tensor work needs the
    // exact tensor ceiling (on a CPU, which has none, it runs on the vector ceilings). Vector work
    // without its own published figure falls back to the next wider vector precision (an FP16
    // LayerNorm on a card that only publishes FP32 vector peaks is held to the FP32 vector peak):
    // conservative, and the caller sees which was used. A device that publishes no vector peak at
    // all (TPUs) holds vector work to its tensor peak of the same precision.
    const Ceiling* ceilingFor(Precision precision, ComputeUnit unit) const;

    // A CPU: kind "cpu", or a measured CPU written before the field existed (vendor "measured",
    // id "this-machine-cpu").
    bool isCpu() const;

    const MemoryLevel* findMemory(std::string_view level) const;
    // The off-chip memory every roofline is drawn against by default: "hbm", else "dram",
    // else the first level listed.
    const MemoryLevel* mainMemory() const;

    // Every field, so a round-trip test compares all of them, new ones included.
    bool operator==(const Hardware&) const = default;
};

// One roof of a measured entry held against the same roof of its datasheet entry.
struct RoofRatio {
    bool compute = false;  // a compute ceiling, else a memory level
    Ceiling ceiling;       // compute: the measured ceiling (precision, unit)
    std::string level;     // memory: the measured level ("l2", "dram")
    double measured = 0.0; // FLOP/s or B/s
    double datasheet = 0.0;
    double ratio() const { return measured / datasheet; }
    bool operator==(const RoofRatio&) const = default;
};
// measured / datasheet for every roof both entries have: each compute ceiling of one precision
// and unit, then each memory level of one name, in the measured entry's order (outermost first);
// the two main memories are paired even when their names differ (a Vulkan probe's
// "dram" against a datasheet's "hbm"). Empty when they share no roof.
std::vector<RoofRatio> measuredRatios(const Hardware& measured, const Hardware& datasheet);

} // namespace roofscope
