#pragma once

#include "core/hardware/hardware.h"
#include "core/measured/measuredkernel.h"
#include "core/measured/notplacedtally.h"
#include "core/roofline/roofline.h"

#include <nlohmann/json.hpp>

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// Where a measured kernel sits under the roofs of the GPU it ran on. Everything that is
// drawn, tabulated or exported about a kernel is computed here, once. A value is empty when
// the measurement cannot give it (no FLOP counters, zero bytes, unknown GPU): never a guess,
// never NaN or infinity.
struct KernelAnalysis {
    std::optional<double> achievedFlopsPerS;
    std::optional<double> achievedBytesPerS; // at DRAM
    std::array<std::optional<double>, 3> ai; // FLOP/byte per MemLevel
    std::optional<double> roofFlopsPerS;     // attainable at the DRAM intensity
    std::optional<double> percentOfRoof;     // achieved / roof × 100
    std::optional<Bound> bound;
    bool aboveRoof = false;
    std::string ceiling; // "fp32 vector" — the roof used, "" when none
    std::vector<std::string> warnings;

    std::optional<double> aiAt(MemLevel level) const { return ai[static_cast<std::size_t>(level)]; }
};

// The ceiling a kernel is judged against on `hw`: its precision (FP32 when the file does not
// say) on its unit, nullptr when the GPU has none. The analysis, the table and the chart's
// roof for the kernel all read it here, so the point is drawn under the roof of its "% of roof".
const Ceiling* kernelCeiling(const MeasuredKernel& k, const Hardware& hw);

// What a kernel above its roof on `hw` may mean, in English (the analysis' warning; the window
// says the same in the interface language). On a GPU: a clock above the datasheet's, a faster
// unit than the precision suggests (tensor cores), L2 hits. On a CPU (Hardware::isCpu) the roof
// is the probe's measured FMA peak of `precision`: a wider or other unit than the probe measured,
// counts that are off, or cache hits.
std::string aboveRoofReason(const Hardware& hw, Precision precision);

// The warning of a kernel whose file holds rates but no time (MeasuredKernel::timeKnown).
inline constexpr std::string_view kTimeNotInFile =
    "time not in this file: the point is placed from the rates it holds; no time, time share or "
    "totals";

// `hw` is the kernel's GPU (nullptr when unknown). A kernel of rates (no time) is placed from
// them: intensity = FLOP/s ÷ bytes/s per level, achieved = the FLOP/s.
KernelAnalysis analyseKernel(const MeasuredKernel& k, const Hardware* hw);

// Why a kernel has no point on the chart's DRAM roofline, "" when it has one: "no FLOPs",
// "zero FLOPs", "no time", "no DRAM bytes" (the conditions the figure places points by).
std::string notPlacedReason(const MeasuredKernel& kernel);
// "79 of 80 kernels are not on the chart: 78 without FLOPs, 1 without DRAM bytes", or "" when
// every kernel is placed: what an import says instead of leaving the chart silently unchanged.
// `withoutFlopsWarned` (MeasuredImport::withoutFlopsWarned): the import's own warning already
// names why kernels have no FLOPs, so they are left out here: "besides those without FLOPs, 1
// of 80 kernels is not on the chart: 1 without DRAM bytes", or "" when they were all.
std::string notPlacedSummary(const std::vector<MeasuredKernel>& kernels,
                             bool withoutFlopsWarned = false);
// The same from a tally already made (tallyNotPlaced), so a caller that also counts the kernels
// walks them once.
std::string notPlacedSummary(const NotPlacedTally& tally, bool withoutFlopsWarned = false);

// Sums time, launches, FLOPs (per precision too) and bytes of the launches sharing a full name,
// file, GPU and shape (launchShape: the work of one launch, equal to 0.1 %), in order of first
// appearance; a launch of rates without a time stays alone. Launches of one kernel at several
// shapes (a batch sweep, attention at a growing context) stay apart: they are different points
// of the roofline, and the figure joins them into a path. A level's bytes stay known only when
// every launch had them. Launches without FLOPs join the shape of their name that most launches
// have (the first on a tie); the group's FLOPs and bytes are then those of the launches with
// FLOPs, placedTimeS their time (its rates are over that time), and a note says the share:
// "placed from 959 of 960 launches (99.9 % of its time): 1 launch has no FLOPs". The time and
// launches are always every launch's. A name none of whose launches has FLOPs is split by its
// DRAM bytes per launch. `groupOfLaunch`, when given, receives for each launch the index of the
// group it went into (which row of the grouped table a launch of the file is).
std::vector<MeasuredKernel> groupKernelsByName(const std::vector<MeasuredKernel>& kernels,
                                               std::vector<std::size_t>* groupOfLaunch = nullptr);

// The `roofscope measured --format json` object of one kernel: the measurement and its analysis.
nlohmann::ordered_json kernelReportJson(const MeasuredKernel& kernel,
                                        const KernelAnalysis& analysis);

} // namespace roofscope
