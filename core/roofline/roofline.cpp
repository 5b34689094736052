#include "core/roofline/roofline.h"

#include "core/util/numbers.h"

#include <algorithm>
#include <cmath>

namespace roofscope {

namespace {

std::string describe(double v)
{
    if (std::isnan(v))
        return "NaN";
    if (std::isinf(v))
        return v > 0 ? "infinity" : "-infinity";
    return shortestNumber(v);
}

Expected<double> requirePositive(double v, std::string_view what)
{
    if (!isPositiveFinite(v))
        return makeError(std::string(what) + " must be a finite number > 0, got " + describe(v));
    return v;
}

} // namespace

bool isPositiveFinite(double v)
{
    return std::isfinite(v) && v > 0.0;
}

std::string_view boundName(Bound b)
{
    return b == Bound::Memory ? "memory" : "compute";
}

Expected<double> attainableFlops(double peakFlopsPerS, double bytesPerS, double ai)
{
    for (auto [v, what] :
         {std::pair{peakFlopsPerS, "peak compute"}, std::pair{bytesPerS, "memory bandwidth"},
          std::pair{ai, "arithmetic intensity"}}) {
        if (auto r = requirePositive(v, what); !r)
            return r.error();
    }
    return std::min(peakFlopsPerS, bytesPerS * ai);
}

Expected<double> ridgeIntensity(double peakFlopsPerS, double bytesPerS)
{
    if (auto r = requirePositive(peakFlopsPerS, "peak compute"); !r)
        return r.error();
    if (auto r = requirePositive(bytesPerS, "memory bandwidth"); !r)
        return r.error();
    return peakFlopsPerS / bytesPerS;
}

Expected<double> executionTime(double flops, double bytes, double peakFlopsPerS, double bytesPerS)
{
    for (auto [v, what] :
         {std::pair{flops, "FLOP count"}, std::pair{bytes, "byte count"},
          std::pair{peakFlopsPerS, "peak compute"}, std::pair{bytesPerS, "memory bandwidth"}}) {
        if (auto r = requirePositive(v, what); !r)
            return r.error();
    }
    return std::max(flops / peakFlopsPerS, bytes / bytesPerS);
}

Expected<Estimate> estimate(const Cost& cost, const Ceiling& ceiling, const MemoryLevel& memory)
{
    auto time = executionTime(cost.flops, cost.bytes, ceiling.flopsPerS, memory.bytesPerS);
    if (!time)
        return time.error();
    Estimate e;
    e.flops = cost.flops;
    e.bytes = cost.bytes;
    e.ai = cost.flops / cost.bytes;
    e.ceiling = ceiling;
    e.memory = memory;
    e.ridgeAi = ceiling.flopsPerS / memory.bytesPerS;
    e.attainable = std::min(ceiling.flopsPerS, memory.bytesPerS * e.ai);
    e.bound = e.ai < e.ridgeAi ? Bound::Memory : Bound::Compute;
    e.timeS = *time;
    e.peakFraction = e.attainable / ceiling.flopsPerS;
    e.ridgeDistance = e.ridgeAi / e.ai;
    // Each input is finite and > 0, but their ratios need not be: 1e300 FLOP on a 1e-300 FLOP/s
    // peak overflows, 5e-324 underflows to 0. Such a result is refused here so that no
    // infinity or zero time reaches a table, a CSV or a JSON file as "inf" or null.
    const std::pair<double, const char*> results[] = {{e.ai, "ai"},
                                                      {e.ridgeAi, "ridge_ai"},
                                                      {e.attainable, "attainable"},
                                                      {e.timeS, "time_s"},
                                                      {e.peakFraction, "peak_fraction"},
                                                      {e.ridgeDistance, "ridge distance"}};
    for (const auto& [value, what] : results) {
        if (!isPositiveFinite(value))
            return makeError(std::string(what) + " is out of range (" + describe(value) + ") for " +
                             describe(cost.flops) + " FLOP and " + describe(cost.bytes) +
                             " bytes on a " + describe(ceiling.flopsPerS) + " FLOP/s, " +
                             describe(memory.bytesPerS) + " B/s roof: the numbers are too extreme");
    }
    return e;
}

Expected<Estimate> estimate(const Cost& cost, const Hardware& hw, std::string_view memoryLevel)
{
    const Ceiling* ceiling = hw.ceilingFor(cost.precision, cost.unit);
    if (!ceiling) {
        return makeError(hw.id + " has no " + std::string(precisionName(cost.precision)) + " " +
                         std::string(computeUnitName(cost.unit)) + " ceiling");
    }
    const MemoryLevel* memory = memoryLevel.empty() ? hw.mainMemory() : hw.findMemory(memoryLevel);
    if (!memory) {
        return makeError(hw.id + " has no " +
                         (memoryLevel.empty() ? std::string("memory") : std::string(memoryLevel)) +
                         " bandwidth");
    }
    return estimate(cost, *ceiling, *memory);
}

} // namespace roofscope
