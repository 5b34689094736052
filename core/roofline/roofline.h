#pragma once

#include "core/hardware/hardware.h"
#include "core/util/expected.h"

namespace roofscope {

// What an operator costs, independent of the hardware it runs on: FLOPs, bytes moved to and
// from main memory, and which ceiling (precision on a unit) applies.
struct Cost {
    double flops = 0.0;
    double bytes = 0.0;
    Precision precision = Precision::FP16;
    ComputeUnit unit = ComputeUnit::Tensor;

    // FLOP per byte. Defined only when bytes > 0; callers go through estimate().
    double arithmeticIntensity() const { return flops / bytes; }
};

enum class Bound { Memory, Compute };
std::string_view boundName(Bound b);

// The roofline verdict for one cost on one roof.
struct Estimate {
    double flops = 0.0;
    double bytes = 0.0;
    double ai = 0.0;         // FLOP/byte
    Ceiling ceiling;         // the roof used (copied: estimates outlive catalogs)
    MemoryLevel memory;      // the slope used
    double ridgeAi = 0.0;    // peak / bandwidth
    double attainable = 0.0; // FLOP/s = min(peak, bandwidth × AI)
    Bound bound = Bound::Memory;
    double timeS = 0.0;         // max(flops / peak, bytes / bandwidth)
    double peakFraction = 0.0;  // attainable / peak, in [0, 1]
    double ridgeDistance = 0.0; // ridgeAi / ai: > 1 means "needs this many × more intensity"
};

// Plain roofline arithmetic. Every input must be finite and > 0: anything else is an Error
// naming the input, so NaN or infinity never reaches a chart or a table.
Expected<double> attainableFlops(double peakFlopsPerS, double bytesPerS, double ai);
Expected<double> ridgeIntensity(double peakFlopsPerS, double bytesPerS);
Expected<double> executionTime(double flops, double bytes, double peakFlopsPerS, double bytesPerS);

// The full verdict for a cost on given roofs.
Expected<Estimate> estimate(const Cost& cost, const Ceiling& ceiling, const MemoryLevel& memory);

// The verdict on a piece of hardware: picks Hardware::ceilingFor(cost) and the memory level
// (empty = main memory). An Error names the hardware and what it lacks.
Expected<Estimate> estimate(const Cost& cost, const Hardware& hw,
                            std::string_view memoryLevel = {});

// True when a finite positive number; the one check every entry point uses.
bool isPositiveFinite(double v);

} // namespace roofscope
