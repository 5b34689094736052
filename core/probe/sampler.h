#pragma once

#include "core/probe/pinnedteam.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace roofscope::probe {

// How long and how often a rate is sampled.
struct SamplePlan {
    double warmupSeconds = 0.2; // run (calibrating) at least this long before the first sample
    double sampleSeconds = 0.1; // each sample at least this long
    int samples = 5;
};

// Several samples of one rate (FLOP/s or B/s).
struct SampleStats {
    std::vector<double> values;
    double max = 0.0;
    double median = 0.0;

    // A shared machine (a neighbour's build) spreads the samples: the max is then the figure to
    // believe, and the spread is worth saying.
    static constexpr double kNoiseRatio = 1.1;
    bool noisy() const { return median > 0.0 && max > kNoiseRatio * median; }
};

// Samples `amountPerRep · reps / wall seconds`, where `timedRun(reps)` does `reps`
// repetitions on every thread of a team. The repetition count first grows until each thread's
// own work lasts a sample's length (so start-up delays of threads on a busy machine are small
// beside it; the clock settles meanwhile), then warm-up runs follow until `plan.warmupSeconds`
// have passed, then `plan.samples` samples are taken. The calibration run that reached the
// sample length is the first sample when the runs before it already made the warm-up.
SampleStats sampleRate(const std::function<PinnedTeam::Times(std::uint64_t reps)>& timedRun,
                       double amountPerRep, const SamplePlan& plan);

// The statistics of a list of values (max and median).
SampleStats statsOf(std::vector<double> values);

} // namespace roofscope::probe
