#pragma once

#include "core/precision.h"

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
};

// Bandwidth of one level of the memory hierarchy, in bytes/s. Levels: "hbm", "dram", "l2", ...
struct MemoryLevel {
    std::string level;
    double bytesPerS = 0.0;
    std::string source;
    bool estimate = false;
};

struct Hardware {
    std::string id;     // lowercase slug: "h100-sxm5"
    std::string name;   // "NVIDIA H100 SXM5 80GB"
    std::string vendor; // "NVIDIA", "AMD", "Intel", "Google"
    std::vector<Ceiling> ceilings;
    std::vector<MemoryLevel> memory;
    double memoryBytes = 0.0; // capacity of the main memory; 0 when unknown
    std::string memorySource;
    std::string notes;

    // The ceiling of exactly this precision and unit, or nullptr.
    const Ceiling* findCeiling(Precision precision, ComputeUnit unit) const;
    // The ceiling an operator of this precision and unit runs against. Tensor work needs the
    // exact tensor ceiling. Vector work without its own published figure falls back to the
    // next wider vector precision (an FP16 LayerNorm on a card that only publishes FP32 vector
    // peaks is held to the FP32 vector peak): conservative, and the caller sees which was used.
    // A device that publishes no vector peak at all (TPUs) holds vector work to its tensor peak
    // of the same precision.
    const Ceiling* ceilingFor(Precision precision, ComputeUnit unit) const;

    const MemoryLevel* findMemory(std::string_view level) const;
    // The off-chip memory every roofline is drawn against by default: "hbm", else "dram",
    // else the first level listed.
    const MemoryLevel* mainMemory() const;
};

} // namespace roofscope
