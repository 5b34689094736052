#include "core/hardware/hardware.h"

#include "core/util/numbers.h"

#include <cmath>

namespace roofscope {

bool isHardwareFigure(double v)
{
    return std::isfinite(v) && v >= kMinHardwareFigure && v <= kMaxHardwareFigure;
}

std::string hardwareFigureRange()
{
    return "a number from " + shortestNumber(kMinHardwareFigure) + " to " +
           shortestNumber(kMaxHardwareFigure);
}

HopLatency defaultHopLatency(std::string_view link)
{
    // No vendor publishes a per-hop collective latency; these are stated assumptions of the
    // order NCCL/RCCL small-message all-reduce steps take on each link type. A catalog entry
    // overrides them with "latency_s".
    if (link == "nvlink")
        return {1e-6, "assumption: ~1 µs per ring step over NVLink/NVSwitch (editable: latency_s)"};
    if (link == "infinity-fabric")
        return {1.5e-6, "assumption: ~1.5 µs per ring step over Infinity Fabric (editable: "
                        "latency_s)"};
    if (link == "ici")
        return {1e-6, "assumption: ~1 µs per ring step over ICI (editable: latency_s)"};
    if (link == "roce")
        return {5e-6, "assumption: ~5 µs per ring step over RoCE Ethernet (editable: latency_s)"};
    return {5e-6, "assumption: ~5 µs per ring step over PCIe through the host bridge "
                  "(editable: latency_s)"};
}

const std::vector<std::string_view>& interconnectLinkTypes()
{
    static const std::vector<std::string_view> types = {"nvlink", "infinity-fabric", "pcie", "ici",
                                                        "roce"};
    return types;
}

const Ceiling* Hardware::findCeiling(Precision precision, ComputeUnit unit) const
{
    for (const Ceiling& c : ceilings) {
        if (c.precision == precision && c.unit == unit)
            return &c;
    }
    return nullptr;
}

const Ceiling* Hardware::ceilingFor(Precision precision, ComputeUnit unit) const
{
    if (const Ceiling* exact = findCeiling(precision, unit))
        return exact;
    // A CPU has no matrix units: its matrix multiplies run on the vector units the probe
    // measured (a BF16 GEMM on AVX512-BF16 dot products). A GPU without the precision's tensor
    // peak has none.
    if (unit == ComputeUnit::Tensor)
        return isCpu() ? ceilingFor(precision, ComputeUnit::Vector) : nullptr;
    // Vector units compute narrow formats at least as fast as wide ones, so the next wider
    // published peak is a safe lower bound on the roof.
    static constexpr Precision kWidening[] = {Precision::FP4,  Precision::INT4, Precision::INT8,
                                              Precision::FP8,  Precision::FP16, Precision::BF16,
                                              Precision::TF32, Precision::FP32, Precision::FP64};
    bool passed = false;
    for (Precision p : kWidening) {
        if (p == precision) {
            passed = true;
            continue;
        }
        if (!passed)
            continue;
        if (const Ceiling* c = findCeiling(p, ComputeUnit::Vector))
            return c;
    }
    // Some devices (TPUs) publish no vector peak at all. Their matrix peak of the same
    // precision is then the only honest roof: an upper bound, and one that changes nothing in
    // practice, since such kernels sit far left of the ridge where bandwidth decides.
    return findCeiling(precision, ComputeUnit::Tensor);
}

bool Hardware::isCpu() const
{
    return kind == "cpu" || (kind.empty() && vendor == "measured" && id == "this-machine-cpu");
}

const MemoryLevel* Hardware::findMemory(std::string_view level) const
{
    for (const MemoryLevel& m : memory) {
        if (m.level == level)
            return &m;
    }
    return nullptr;
}

const MemoryLevel* Hardware::mainMemory() const
{
    if (const MemoryLevel* hbm = findMemory("hbm"))
        return hbm;
    if (const MemoryLevel* dram = findMemory("dram"))
        return dram;
    return memory.empty() ? nullptr : &memory.front();
}

std::vector<RoofRatio> measuredRatios(const Hardware& measured, const Hardware& datasheet)
{
    std::vector<RoofRatio> out;
    for (const Ceiling& c : measured.ceilings) {
        const Ceiling* spec = datasheet.findCeiling(c.precision, c.unit);
        if (spec && c.flopsPerS > 0.0 && spec->flopsPerS > 0.0)
            out.push_back({true, c, {}, c.flopsPerS, spec->flopsPerS});
    }
    const MemoryLevel* measuredMain = measured.mainMemory();
    const MemoryLevel* specMain = datasheet.mainMemory();
    for (const MemoryLevel& m : measured.memory) {
        const MemoryLevel* spec = datasheet.findMemory(m.level);
        if (&m == measuredMain && specMain && (!spec || spec != specMain))
            spec = specMain;
        if (spec && m.bytesPerS > 0.0 && spec->bytesPerS > 0.0)
            out.push_back({false, {}, m.level, m.bytesPerS, spec->bytesPerS});
    }
    return out;
}

} // namespace roofscope
