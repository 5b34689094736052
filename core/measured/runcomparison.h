#pragma once

#include "core/measured/measurementset.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// A kernel of one run that has no partner in the other: every remaining kernel of its short name.
struct UnpairedKernel {
    std::string shortName;
    std::string name; // the first full name of the short name in its run
    int kernel = -1;  // its first kernel in its run
    double timeS = 0.0;
};

// Two runs compared kernel by kernel, and as a whole. Kernels the user paired by hand pair first
// (KernelPairing); then the rest by identical full name; then what is left by short name
// (shortKernelName: templates and arguments stripped), so that "gemm_kernel<128, 64>" before
// meets "gemm_kernel<256, 128>" after. An unpairing keeps two kernels from pairing
// automatically. Launches of one name (or, for short-name pairs, every remaining kernel of the
// short name) are summed.
struct RunComparison {
    std::string beforeFile;
    std::string afterFile;
    // Of a document's comparison (compareMeasurements): the sets compared, and the files of the
    // runs loaded but not compared.
    int beforeSet = -1;
    int afterSet = -1;
    std::vector<std::string> otherRuns;
    std::vector<KernelSpeedup> pairs; // in the order of the before run
    // Per kernel of each run: its index into `pairs`, -1 when it has no partner.
    std::vector<int> beforePair;
    std::vector<int> afterPair;
    std::vector<UnpairedKernel> onlyBefore; // one per short name, in the order of the run
    std::vector<UnpairedKernel> onlyAfter;
    double beforeS = 0.0; // every kernel of the run, paired or not
    double afterS = 0.0;
    std::optional<double> speedup; // beforeS / afterS; empty when the after run took no time
    // The GPUs each run's kernels ran on (catalog id, else the file's device name), in order of
    // appearance; times of runs on different GPUs are not like for like.
    std::vector<std::string> beforeGpus;
    std::vector<std::string> afterGpus;
    bool differentGpus = false;

    int pairedByShortName() const;
    int pairedByHand() const;
    // Pairs plus the short names left on either side: what "3 of 4 kernels paired" counts.
    int kernelCount() const;
};

// `pairings` name kernels by full name, else by short name (every kernel of it in its run); a
// pairing that names a kernel the run does not have, or one already paired, does nothing.
RunComparison compareRuns(const MeasurementSet& before, const MeasurementSet& after,
                          const std::vector<KernelPairing>& pairings = {});
// The comparison of a document's runs: the two beforeAfterSets chooses, with the document's
// pairings; nullopt when it holds fewer than two runs. The window and `roofscope measured` both
// compare through it.
std::optional<RunComparison> compareMeasurements(const Measurements& measurements);

// The phrases of the comparison's sentence, in English with %1, %2 placeholders. The CLI prints
// them filled in; the window translates them (ui/comparisontext.h), so both say the same thing.
enum class ComparisonPhrase {
    Runs,            // "%1 → %2"
    OtherRun,        // "%1 more run not compared: %2"
    OtherRuns,       // "%1 more runs not compared: %2"
    Paired,          // "%1 of %2 kernels paired"
    PairedShort,     // "%1 of %2 kernels paired (%3 by short name)"
    PairedHand,      // "%1 of %2 kernels paired (%3 by hand)"
    PairedShortHand, // "%1 of %2 kernels paired (%3 by short name, %4 by hand)"
    OnlyBefore,      // "%1 only before: %2"
    OnlyBeforeMore,  // "%1 only before: %2 and %3 more"
    OnlyAfter,       // "%1 only after: %2"
    OnlyAfterMore,   // "%1 only after: %2 and %3 more"
    Faster,          // "whole run %1× faster"
    Slower,          // "whole run %1× slower"
    DifferentGpus,   // "runs on different GPUs (%1 / %2): times are not like for like"
};
inline constexpr ComparisonPhrase kAllComparisonPhrases[] = {ComparisonPhrase::Runs,
                                                             ComparisonPhrase::OtherRun,
                                                             ComparisonPhrase::OtherRuns,
                                                             ComparisonPhrase::Paired,
                                                             ComparisonPhrase::PairedShort,
                                                             ComparisonPhrase::PairedHand,
                                                             ComparisonPhrase::PairedShortHand,
                                                             ComparisonPhrase::OnlyBefore,
                                                             ComparisonPhrase::OnlyBeforeMore,
                                                             ComparisonPhrase::OnlyAfter,
                                                             ComparisonPhrase::OnlyAfterMore,
                                                             ComparisonPhrase::Faster,
                                                             ComparisonPhrase::Slower,
                                                             ComparisonPhrase::DifferentGpus};
std::string_view comparisonPhraseText(ComparisonPhrase phrase);

// A placeholder's value: a number (shown with 3 significant digits; the window uses its
// locale) or text (kernel names, file names, GPUs: never translated).
struct ComparisonArg {
    std::string text;
    std::optional<double> number;
};
struct ComparisonPart {
    ComparisonPhrase phrase;
    std::vector<ComparisonArg> args;
};

// Names the GPU a catalog id stands for ("A100 SXM4 80GB"); ids it does not know come back as
// they are.
using GpuNamer = std::function<std::string(const std::string& id)>;

// The sentence's parts, joined by " · " when shown: the runs (when both have a file name), the
// runs left out of the comparison, how many kernels paired (by short name, by hand), the short
// names only one run has (at most 3, then "and N more"), the whole run's speedup, and a note when
// the runs are on different GPUs.
std::vector<ComparisonPart> comparisonParts(const RunComparison& comparison,
                                            const GpuNamer& gpuName = {});
// "before.csv → after.csv · 3 of 4 kernels paired (1 by short name) · 1 only before: softmax ·
// whole run 1.18× faster".
std::string comparisonSentence(const std::vector<ComparisonPart>& parts);

// The "comparison" object of `roofscope measured --format json`.
nlohmann::ordered_json runComparisonJson(const RunComparison& comparison,
                                         const GpuNamer& gpuName = {});

} // namespace roofscope
