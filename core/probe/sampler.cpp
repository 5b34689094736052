#include "core/probe/sampler.h"

#include <algorithm>
#include <cmath>

namespace roofscope::probe {

namespace {

// A bound on repetitions, so a kernel that reports no time at all cannot loop forever.
constexpr std::uint64_t kMaxReps = std::uint64_t{1} << 40;
constexpr double kMinSeconds = 1e-7;

} // namespace

SampleStats statsOf(std::vector<double> values)
{
    SampleStats stats;
    stats.values = values;
    if (values.empty())
        return stats;
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    stats.max = values.back();
    stats.median = n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
    return stats;
}

SampleStats sampleRate(const std::function<PinnedTeam::Times(std::uint64_t reps)>& timedRun,
                       double amountPerRep, const SamplePlan& plan)
{
    const auto rateOf = [&](std::uint64_t reps, const PinnedTeam::Times& times) {
        return amountPerRep * static_cast<double>(reps) / std::max(kMinSeconds, times.wall);
    };
    std::uint64_t reps = 1;
    PinnedTeam::Times times = timedRun(reps);
    double before = 0.0; // seconds run before the latest run
    double elapsed = times.wall;
    int runs = 1;
    while (times.shortest < plan.sampleSeconds && reps < kMaxReps) {
        // Grow towards the target, at most 16× at once (the first runs are cold and noisy).
        const double seconds = std::max(kMinSeconds, times.shortest);
        const double factor = std::clamp(1.2 * plan.sampleSeconds / seconds, 2.0, 16.0);
        reps = std::min(kMaxReps,
                        static_cast<std::uint64_t>(std::ceil(static_cast<double>(reps) * factor)));
        times = timedRun(reps);
        before = elapsed;
        elapsed += times.wall;
        ++runs;
    }
    std::vector<double> rates;
    // The run that reached a sample's length is a sample when it came after the warm-up (the
    // shorter runs before it): the sweep takes no separate warm-up, and saves a run per size.
    if (runs > 1 && before >= plan.warmupSeconds && plan.samples > 0)
        rates.push_back(rateOf(reps, times));
    while (rates.empty() && elapsed < plan.warmupSeconds) {
        times = timedRun(reps);
        elapsed += times.wall;
    }
    while (static_cast<int>(rates.size()) < plan.samples) {
        times = timedRun(reps);
        rates.push_back(rateOf(reps, times));
    }
    return statsOf(std::move(rates));
}

} // namespace roofscope::probe
