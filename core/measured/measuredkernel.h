#pragma once

#include "core/hardware/precision.h"
#include "core/util/expected.h"

#include <nlohmann/json.hpp>

#include <array>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// The memory levels a profiler can count bytes at, innermost last. DRAM means the off-chip
// memory (HBM on data-centre parts).
enum class MemLevel { Dram, L2, L1 };
inline constexpr std::array<MemLevel, 3> kMemLevels = {MemLevel::Dram, MemLevel::L2, MemLevel::L1};
std::string_view memLevelName(MemLevel level); // "dram", "l2", "l1"

// One kernel launch (or, after grouping, every launch of one name) as a profiler measured it.
// Only what the file says: FLOPs stay empty when the file has no FLOP counters, bytes stay
// empty at levels it does not count. Derived values live in KernelAnalysis.
struct MeasuredKernel {
    std::string name;      // full (demangled) name as in the file
    std::string shortName; // readable: no namespaces, template arguments or parameter list
    std::string source;    // "ncu", "rocprof", "torch", "ert", "csv"
    std::string file;      // the file it came from
    std::string launchId;  // the file's launch/dispatch id, "" when it has none
    long long launches = 1;
    double timeS = 0.0;
    std::optional<double> flops;
    std::map<std::string, double> flopsByPrecision; // "fp32" -> FLOPs, tensor work as "fp16-tensor"
    std::string flopsFormula; // how the FLOPs were computed, "" when there are none
    // A GEMM whose tiles executed more than its useful work (tilepadding.h): what they executed,
    // a lower bound. `flops` stay the useful FLOPs, where the point is placed. Empty otherwise.
    std::optional<double> executedFlops;
    std::optional<Precision> precision;
    ComputeUnit unit = ComputeUnit::Vector;
    std::array<std::optional<double>, 3> bytes; // indexed by MemLevel
    bool bytesLowerBound = false;   // bytes derived from tensor shapes (each tensor moved once)
    std::string device;             // device name in the file, "" when it has none
    std::string gpu;                // catalog id it is measured against, "" when unknown
    std::vector<std::string> notes; // what the importer wants the user to know about this kernel
    // A group (groupKernelsByName) of which only some launches have FLOPs: the time of those
    // launches. Its FLOPs and bytes are theirs, so its rates are FLOPs over this time, while
    // timeS stays the whole group's. Empty when the rates cover every launch.
    std::optional<double> placedTimeS;

    // A file may hold a kernel's rates but not its duration (an Nsight Compute roofline-chart
    // section): the point of a roofline needs none. Then timeKnown is false, timeS 0, flops and
    // bytes empty (no totals without a time), and the rates below are what the file holds. A
    // kernel with a time has its rates derived (KernelAnalysis), not stored here.
    bool timeKnown = true;
    std::optional<double> flopsPerS;
    std::array<std::optional<double>, 3> bytesPerS; // indexed by MemLevel

    std::optional<double> bytesAt(MemLevel level) const
    {
        return bytes[static_cast<std::size_t>(level)];
    }
    void setBytes(MemLevel level, double value) { bytes[static_cast<std::size_t>(level)] = value; }
    std::optional<double> bytesPerSAt(MemLevel level) const
    {
        return bytesPerS[static_cast<std::size_t>(level)];
    }
    void setBytesPerS(MemLevel level, double value)
    {
        bytesPerS[static_cast<std::size_t>(level)] = value;
    }

    bool operator==(const MeasuredKernel&) const = default;
};

// The measurement fields as JSON (what a scenario document embeds). Numbers that are absent
// are null; a kernel whose file holds rates but no time has "time_s": null and its rates under
// "flops_per_s" and "bytes_per_s" (keys only such kernels have). The keys are those of `roofscope
// measured --format json` for the same fields.
nlohmann::ordered_json measuredKernelToJson(const MeasuredKernel& kernel);
// Reads what measuredKernelToJson wrote (extra keys, such as derived values, are ignored).
// The Error names `where` and the offending key.
Expected<MeasuredKernel> measuredKernelFromJson(const nlohmann::ordered_json& json,
                                                std::string_view where);

} // namespace roofscope
