#include "core/probe/cpuprobe.h"

#include "core/probe/fmakernels.h"
#include "core/probe/pinnedteam.h"

#include <algorithm>
#include <cmath>

namespace roofscope::probe {

namespace {

constexpr double kMiB = 1024.0 * 1024.0;

// Full: the issue's ≥ 100 ms samples after a warm-up that lets the clock settle (AVX-512 may
// lower it). Quick: enough to exercise every path in a few seconds, not to be believed.
SamplePlan computePlan(bool quick)
{
    return quick ? SamplePlan{0.03, 0.02, 3} : SamplePlan{0.2, 0.1, 5};
}

SamplePlan sweepPlan(bool quick)
{
    return quick ? SamplePlan{0.0, 0.01, 3} : SamplePlan{0.0, 0.1, 3};
}

std::string sizeLabel(double bytes)
{
    if (bytes >= kMiB)
        return std::to_string(static_cast<long long>(std::llround(bytes / kMiB))) + " MiB";
    return std::to_string(static_cast<long long>(std::llround(bytes / 1024.0))) + " KiB";
}

// Counts the measurements for ProbeOptions::steps and answers ProbeOptions::cancelled.
class StepCounter {
public:
    StepCounter(const ProbeOptions& options, int total) : m_options(options), m_total(total) {}
    // Before a measurement: false when the probe is to stop.
    bool next()
    {
        if (m_options.cancelled && m_options.cancelled())
            return false;
        if (m_options.steps)
            m_options.steps(m_done, m_total);
        ++m_done;
        return true;
    }
    void finish() const
    {
        if (m_options.steps)
            m_options.steps(m_total, m_total);
    }

private:
    const ProbeOptions& m_options;
    int m_total;
    int m_done = 0;
};

// `kernel(iterations, sink)` returns the FLOPs it did, as fmaChains does.
template <typename Kernel>
SampleStats measureKernel(const PinnedTeam& team, Kernel kernel, const SamplePlan& plan)
{
    std::vector<double> sinks(static_cast<std::size_t>(team.size()), 0.0);
    // FLOPs of one iteration over all threads: the kernel reports its own count.
    double flopsPerIteration = 0.0;
    const auto timedRun = [&](std::uint64_t reps) {
        return team.run([&](int i) {
            const double flops = kernel(reps, &sinks[static_cast<std::size_t>(i)]);
            if (i == 0)
                flopsPerIteration = flops / static_cast<double>(reps) * team.size();
        });
    };
    // One iteration tells the count; sampling then scales it by the repetitions.
    timedRun(1);
    return sampleRate(timedRun, flopsPerIteration, plan);
}

SampleStats measureFma(const PinnedTeam& team, Isa isa, bool fp64, const SamplePlan& plan)
{
    return measureKernel(
        team,
        [isa, fp64](std::uint64_t reps, double* sink) { return fmaChains(isa, fp64, reps, sink); },
        plan);
}

// BF16 dot products (AVX512-BF16), one instruction set: on one thread, then on all.
PeakResult measureBf16Peak(const PinnedTeam& one, const PinnedTeam& all, const SamplePlan& plan,
                           const ProbeOptions& options, std::vector<std::string>& noisy,
                           StepCounter& counter)
{
    PeakResult peak;
    peak.isa = Isa::Avx512;
    if (!counter.next())
        return peak;
    if (options.progress)
        options.progress("bf16 avx512-bf16, 1 thread");
    peak.oneThread = measureKernel(one, bf16DotChains, plan);
    peak.perIsa.emplace_back(Isa::Avx512, peak.oneThread.max);
    if (peak.oneThread.noisy())
        noisy.push_back("bf16 1 thread");
    if (all.size() == 1) {
        peak.allThreads = peak.oneThread;
        return peak;
    }
    if (!counter.next())
        return peak;
    if (options.progress)
        options.progress("bf16 avx512-bf16, " + std::to_string(all.size()) + " threads");
    peak.allThreads = measureKernel(all, bf16DotChains, plan);
    if (peak.allThreads.noisy())
        noisy.push_back("bf16 " + std::to_string(all.size()) + " threads");
    return peak;
}

PeakResult measurePeak(const PinnedTeam& one, const PinnedTeam& all, bool fp64,
                       const SamplePlan& plan, const ProbeOptions& options,
                       std::vector<std::string>& noisy, StepCounter& counter)
{
    const std::string precision = fp64 ? "fp64" : "fp32";
    PeakResult peak;
    for (Isa isa : supportedIsas()) {
        if (!counter.next())
            return peak;
        if (options.progress)
            options.progress(precision + " " + std::string(isaName(isa)) + ", 1 thread");
        SampleStats stats = measureFma(one, isa, fp64, plan);
        peak.perIsa.emplace_back(isa, stats.max);
        if (stats.max > peak.oneThread.max) {
            peak.isa = isa;
            peak.oneThread = std::move(stats);
        }
    }
    if (peak.oneThread.noisy())
        noisy.push_back(precision + " 1 thread");
    if (all.size() == 1) {
        peak.allThreads = peak.oneThread;
        return peak;
    }
    if (!counter.next())
        return peak;
    if (options.progress)
        options.progress(precision + " " + std::string(isaName(peak.isa)) + ", " +
                         std::to_string(all.size()) + " threads");
    peak.allThreads = measureFma(all, peak.isa, fp64, plan);
    if (peak.allThreads.noisy())
        noisy.push_back(precision + " " + std::to_string(all.size()) + " threads");
    return peak;
}

std::vector<CurvePoint> maxima(const std::vector<SweepPoint>& points)
{
    std::vector<CurvePoint> curve;
    for (const SweepPoint& p : points)
        curve.push_back(CurvePoint{p.bytes, p.stats.max});
    return curve;
}

double medianOver(const std::vector<SweepPoint>& points, double from, double to)
{
    std::vector<double> values;
    for (const SweepPoint& p : points)
        if (p.bytes >= from && p.bytes <= to)
            values.push_back(p.stats.max);
    return statsOf(values).median;
}

} // namespace

double sweepCeilingBytes(const MachineInfo& machine, bool quick)
{
    if (quick)
        return 64 * kMiB;
    double lastCache = 0.0;
    for (const CacheInfo& c : machine.caches)
        lastCache = std::max(lastCache, c.bytes);
    double ceiling = std::clamp(4.0 * lastCache, 256 * kMiB, 1024 * kMiB);
    if (machine.memoryBytes > 0.0)
        ceiling = std::min(ceiling, std::max(16 * kMiB, machine.memoryBytes / 4.0));
    return ceiling;
}

int probeSteps(const MachineInfo& machine, int threads, bool quick)
{
    // Per precision: every instruction set on one thread, then the best on all threads.
    const int isas = static_cast<int>(supportedIsas().size());
    int steps = 2 * (isas + (threads > 1 ? 1 : 0));
    if (hasAvx512Bf16())
        steps += 1 + (threads > 1 ? 1 : 0);
    SweepOptions sweep;
    sweep.maxBytes = sweepCeilingBytes(machine, quick);
    sweep.factor = quick ? 2.0 : std::sqrt(2.0);
    for (MemoryKernel kernel : {MemoryKernel::Read, MemoryKernel::Triad})
        steps += static_cast<int>(measuredSizes(threads, kernel, sweep).size());
    return steps;
}

ProbeResult runCpuProbe(const ProbeOptions& options)
{
    ProbeResult result;
    result.machine = MachineInfo::current();
    result.threads = options.threads > 0 ? options.threads : result.machine.cpus;
    result.quick = options.quick;
    result.computePlan = computePlan(options.quick);
    result.sweepPlan = sweepPlan(options.quick);

    const PinnedTeam one(1);
    const PinnedTeam all(result.threads);
    StepCounter counter(options, probeSteps(result.machine, result.threads, options.quick));
    const auto stopped = [&] { return options.cancelled && options.cancelled(); };
    result.fp64 = measurePeak(one, all, true, result.computePlan, options, result.noisy, counter);
    if (stopped()) {
        result.cancelled = true;
        return result;
    }
    result.fp32 = measurePeak(one, all, false, result.computePlan, options, result.noisy, counter);
    if (stopped()) {
        result.cancelled = true;
        return result;
    }
    if (hasAvx512Bf16()) {
        result.bf16 = measureBf16Peak(one, all, result.computePlan, options, result.noisy, counter);
        if (stopped()) {
            result.cancelled = true;
            return result;
        }
    }

    // The memory kernels use the instruction set the FP64 chains ran best with: on some CPUs
    // 512-bit code runs at a lower clock than 256-bit code.
    SweepOptions sweep;
    sweep.maxBytes = sweepCeilingBytes(result.machine, options.quick);
    sweep.factor = options.quick ? 2.0 : std::sqrt(2.0);
    sweep.isa = result.fp64.isa;
    sweep.plan = result.sweepPlan;
    sweep.cancelled = options.cancelled;
    result.sweepMaxBytes = sweep.maxBytes;
    result.memoryIsa = sweep.isa;
    for (MemoryKernel kernel : {MemoryKernel::Read, MemoryKernel::Triad}) {
        const std::string name(memoryKernelName(kernel));
        auto points = sweepBandwidth(all, kernel, sweep, [&](double bytes) {
            counter.next();
            if (options.progress)
                options.progress(name + " " + sizeLabel(bytes));
        });
        for (const SweepPoint& p : points)
            if (p.stats.noisy())
                result.noisy.push_back(name + " " + sizeLabel(p.bytes));
        (kernel == MemoryKernel::Read ? result.readCurve : result.triadCurve) = std::move(points);
        if (stopped()) {
            result.cancelled = true;
            return result;
        }
    }
    counter.finish();

    for (const Plateau& p : detectPlateaus(maxima(result.triadCurve))) {
        // The read points over the same working sets (their sizes round a little differently).
        const double read = medianOver(result.readCurve, p.firstBytes * 0.9, p.lastBytes * 1.1);
        result.levels.push_back(LevelResult{p, read});
    }
    return result;
}

} // namespace roofscope::probe
