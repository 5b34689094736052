#pragma once

#include "core/measured/measuredkernel.h"
#include "core/util/expected.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

struct TraceRecord;

// The kernels of one import: one profiler file, or the run a label names ("before", "after").
struct MeasurementSet {
    std::string label; // "" for a lone import; "before" / "after" for a comparison
    std::string file;  // the file it was imported from (its name only matters to the reader)
    std::vector<MeasuredKernel> kernels;
    // A PyTorch trace's launches and context (tracerecord.h), so that its passes are joined to a
    // model again after the document is reopened; null for other formats. Shared, never
    // changed: every copy of the set (undo, the document's snapshots) shares one record.
    std::shared_ptr<const TraceRecord> trace;
    // Equal records, not only one record shared.
    bool operator==(const MeasurementSet& other) const;
};

// The user's statement "kernel K of set S is what operator OP predicts".
struct KernelLink {
    int set = 0;
    int kernel = -1;
    int op = -1; // index into the scenario's operators
    bool operator==(const KernelLink&) const = default;
};

// The user's word on two kernels of the compared runs, each by its full or its short name:
// they are the same kernel (a pair the names alone would not make: "softmax" before, rewritten
// as "fused_softmax_kernel" after) or they are not (`unpair`: an automatic pair undone). By
// name, not by index, so that it holds whichever two runs of the program are compared.
struct KernelPairing {
    std::string before;
    std::string after;
    bool unpair = false;
    bool operator==(const KernelPairing&) const = default;
};

inline constexpr int kDefaultKernelLabels = 5;
// A scenario embeds its measurements so that it renders without the original files; the limit
// keeps a document loadable in the window (the chart is benchmarked at 100,000 points).
inline constexpr std::size_t kMaxScenarioKernels = 1'000'000;

// The measurements section of a scenario document:
// "measurements": {
//   "sets": [{"label": "before", "file": "run1.csv", "kernels": [{kernel record}, ...],
//             "trace": {trace record}}],   a PyTorch trace's launches (traceRecordToJson)
//   "links": [{"set": 0, "kernel": 3, "op": 1}],   measured kernel -> analytic operator
//   "pairings": [{"before": "softmax", "after": "fused_softmax_kernel"},
//                {"before": "gemm", "after": "gemm", "unpair": true}],   hand (un)pairing
//   "hierarchical": false,                          one point per memory level, joined
//   "label_top": 5                                  labels for the N kernels that take the time
// }
struct Measurements {
    std::vector<MeasurementSet> sets;
    std::vector<KernelLink> links;
    std::vector<KernelPairing> pairings; // of the compared runs, in the order they were made
    bool hierarchical = false;
    int labelTop = kDefaultKernelLabels;

    bool empty() const { return sets.empty(); }
    std::size_t kernelCount() const;
    const MeasuredKernel* kernel(int set, int kernel) const;
    bool operator==(const Measurements&) const = default;
};

nlohmann::ordered_json measurementsToJson(const Measurements& measurements);
// `operatorCount` bounds the links' operator indices. Errors read
// "FILE: /measurements/sets/0/kernels/3: \"time_s\": missing ...".
Expected<Measurements> measurementsFromJson(const nlohmann::ordered_json& json,
                                            std::string_view fileName, std::size_t operatorCount);

// How a kernel of the "before" run found its partner in the "after" run.
enum class KernelMatch {
    FullName,  // the same full name
    ShortName, // the same short name once the full names had no partner ("gemm<128, 64>" ->
               // "gemm<256, 128>")
    Hand,      // the user paired them (KernelPairing)
};

// A kernel of the "before" run against its partner in the "after" run (core/measured/
// runcomparison.h says how they pair), all launches summed. speedup = before time / after time
// (> 1: faster).
struct KernelSpeedup {
    std::string name;      // full name in the before run (the first one, for a short-name pair)
    std::string afterName; // full name in the after run: `name` unless matched by short name
    std::string shortName;
    KernelMatch match = KernelMatch::FullName;
    int beforeKernel = -1; // first kernel of the pair in the before set
    int afterKernel = -1;  // first kernel of the pair in the after set
    double beforeS = 0.0;
    double afterS = 0.0;
    std::optional<double> speedup; // empty when the after time is zero
    int pairing = -1;              // KernelMatch::Hand: the index of its KernelPairing
};
// The pairs of compareRuns(before, after), in the order of the before set.
std::vector<KernelSpeedup> kernelSpeedups(const MeasurementSet& before,
                                          const MeasurementSet& after);

// The indices of the comparison's sets: the ones labelled "before" and "after" (the user's
// choice among several runs), else the first two sets when they are one program
// (programOverlap); nullopt when there are fewer than two or two unrelated unlabelled runs.
std::optional<std::pair<int, int>> beforeAfterSets(const Measurements& measurements);

} // namespace roofscope
