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
    std::uint64_t reps = 1;
    PinnedTeam::Times times = timedRun(reps);
    double elapsed = times.wall;
    while (times.shortest < plan.sampleSeconds && reps < kMaxReps) {
        // Grow towards the target, at most 16× at once (the first runs are cold and noisy).
        const double seconds = std::max(kMinSeconds, times.shortest);
        const double factor = std::clamp(1.2 * plan.sampleSeconds / seconds, 2.0, 16.0);
        reps = std::min(kMaxReps,
                        static_cast<std::uint64_t>(std::ceil(static_cast<double>(reps) * factor)));
        times = timedRun(reps);
        elapsed += times.wall;
    }
    while (elapsed < plan.warmupSeconds) {
        times = timedRun(reps);
        elapsed += times.wall;
    }
    std::vector<double> rates;
    for (int i = 0; i < plan.samples; ++i) {
        times = timedRun(reps);
        rates.push_back(amountPerRep * static_cast<double>(reps) /
                        std::max(kMinSeconds, times.wall));
    }
    return statsOf(std::move(rates));
}

} // namespace roofscope::probe
