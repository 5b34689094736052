#include "core/probe/proberesult.h"

#include "core/util/numbers.h"

#include <cmath>

namespace roofscope::probe {

nlohmann::json sampleStatsJson(const SampleStats& s)
{
    return {{"max", s.max}, {"median", s.median}, {"samples", s.values}, {"noisy", s.noisy()}};
}

namespace {

using nlohmann::json;

json curveJson(const std::vector<SweepPoint>& points)
{
    json curve = json::array();
    for (const SweepPoint& p : points)
        curve.push_back(json::array({p.bytes, p.stats.max}));
    return curve;
}

std::string threadsText(int threads)
{
    return std::to_string(threads) + (threads == 1 ? " thread" : " threads");
}

// "roofscope probe on HOST, DATE: …" — every source of the entry starts the same way.
std::string measuredOn(const ProbeResult& r)
{
    return "measured by roofscope probe" + std::string(r.quick ? " --quick" : "") + " on " +
           (r.machine.host.empty() ? std::string("this machine") : r.machine.host) + ", " +
           r.machine.date;
}

} // namespace

std::string notMeasuredText(const ProbeResult& r)
{
    return r.bf16Measured() ? "fp16 is not measured (no AVX512-FP16 kernel)"
                            : "fp16 and bf16 are not measured (no AVX512-BF16 on this CPU)";
}

json probeResultToJson(const ProbeResult& r)
{
    json isas = json::array();
    for (Isa isa : supportedIsas())
        isas.push_back(isaName(isa));
    json caches = json::array();
    for (const CacheInfo& c : r.machine.caches)
        caches.push_back({{"level", c.level}, {"type", c.type}, {"bytes", c.bytes}});
    json device = {{"kind", "cpu"},
                   {"cpu", r.machine.cpuModel},
                   {"vendor", r.machine.vendor},
                   {"threads", r.threads},
                   {"cpus", r.machine.cpus},
                   {"isa", isaName(r.fp64.isa)},
                   {"isa_fp32", isaName(r.fp32.isa)},
                   {"isas", isas},
                   {"compiler", r.machine.compiler},
                   {"host", r.machine.host},
                   {"date", r.machine.date},
                   {"memory_bytes", r.machine.memoryBytes},
                   {"sysfs_caches", caches}};

    json bandwidth = json::object();
    json bandwidthRead = json::object();
    json levels = json::array();
    for (const LevelResult& l : r.levels) {
        bandwidth[l.triad.level] = l.triad.bytesPerS;
        if (l.readBytesPerS > 0.0)
            bandwidthRead[l.triad.level] = l.readBytesPerS;
        levels.push_back({{"level", l.triad.level},
                          {"from_bytes", l.triad.firstBytes},
                          {"to_bytes", l.triad.lastBytes},
                          {"points", l.triad.points},
                          {"triad_bytes_per_s", l.triad.bytesPerS},
                          {"read_bytes_per_s", l.readBytesPerS}});
    }
    // The peaks measured, "fp64", "fp32" and "bf16" where the CPU has AVX512-BF16.
    std::vector<std::pair<std::string, const PeakResult*>> peaks = {{"fp64", &r.fp64},
                                                                    {"fp32", &r.fp32}};
    if (r.bf16Measured())
        peaks.emplace_back("bf16", &r.bf16);
    json perIsa = json::object();
    json peakMax = json::object();
    json peakMedian = json::object();
    json peakOne = json::object();
    json peakSamples = json::object();
    for (const auto& named : peaks) {
        const PeakResult& peak = *named.second;
        json one = json::object();
        for (const auto& entry : peak.perIsa)
            one[named.first == "bf16" ? std::string("avx512-bf16")
                                      : std::string(isaName(entry.first))] = entry.second;
        perIsa[named.first] = one;
        peakMax[named.first] = peak.allThreads.max;
        peakMedian[named.first] = peak.allThreads.median;
        peakOne[named.first] = peak.oneThread.max;
        peakSamples[named.first] = sampleStatsJson(peak.allThreads);
    }
    json plan = {{"compute",
                  {{"warmup_s", r.computePlan.warmupSeconds},
                   {"sample_s", r.computePlan.sampleSeconds},
                   {"samples", r.computePlan.samples}}},
                 {"bandwidth",
                  {{"warmup_s", r.sweepPlan.warmupSeconds},
                   {"sample_s", r.sweepPlan.sampleSeconds},
                   {"samples", r.sweepPlan.samples}}}};
    return {
        {"device", device},
        {"quick", r.quick},
        {"peaks_flops_per_s", peakMax},
        {"peaks_median_flops_per_s", peakMedian},
        {"peaks_one_thread_flops_per_s", peakOne},
        {"peaks_one_thread_per_isa_flops_per_s", perIsa},
        {"peaks_samples", peakSamples},
        {"peaks_convention", "FMA: 2 FLOPs per lane; bf16: vdpbf16ps into FP32, 4 FLOPs per "
                             "FP32 lane (two BF16 products and their sums)"},
        {"not_measured", notMeasuredText(r)},
        {"bandwidth_bytes_per_s", bandwidth},
        {"bandwidth_read_bytes_per_s", bandwidthRead},
        {"bandwidth_convention", kTriadConvention},
        {"bandwidth_read_convention", kReadConvention},
        {"bandwidth_isa", isaName(r.memoryIsa)},
        {"levels", levels},
        {"samples", plan},
        {"noisy", !r.noisy.empty()},
        {"noisy_measurements", r.noisy},
        {"noise_rule", "max over median of the samples above 1.1"},
        {"sweep_max_bytes", r.sweepMaxBytes},
        {"curve", curveJson(r.triadCurve)},
        {"curve_read", curveJson(r.readCurve)},
    };
}

Hardware probeResultToHardware(const ProbeResult& r)
{
    Hardware hw;
    hw.id = "this-machine-cpu";
    hw.name = "This machine (" + r.machine.cpuModel + ", " + threadsText(r.threads) + ")";
    hw.vendor = "measured";
    hw.kind = "cpu";
    const std::string on = measuredOn(r);
    for (const auto* peak : {&r.fp64, &r.fp32}) {
        const bool fp64 = peak == &r.fp64;
        hw.ceilings.push_back(Ceiling{
            fp64 ? Precision::FP64 : Precision::FP32, ComputeUnit::Vector, peak->allThreads.max,
            on + ": " + (fp64 ? "FP64" : "FP32") + " FMA chains, " +
                std::string(isaName(peak->isa)) + ", " + threadsText(r.threads) +
                " pinned, max of " + std::to_string(peak->allThreads.values.size()) +
                " samples (median " + significantNumber(peak->allThreads.median, 4) + " FLOP/s)",
            false});
    }
    if (r.bf16Measured())
        hw.ceilings.push_back(Ceiling{
            Precision::BF16, ComputeUnit::Vector, r.bf16.allThreads.max,
            on + ": BF16 dot products into FP32 (AVX512-BF16 vdpbf16ps, 4 FLOPs per FP32 lane), " +
                threadsText(r.threads) + " pinned, max of " +
                std::to_string(r.bf16.allThreads.values.size()) + " samples (median " +
                significantNumber(r.bf16.allThreads.median, 4) + " FLOP/s)",
            false});
    // Outermost first, as the built-in entries list them.
    for (auto it = r.levels.rbegin(); it != r.levels.rend(); ++it) {
        hw.memory.push_back(MemoryLevel{it->triad.level, it->triad.bytesPerS,
                                        on + ": " + kTriadConvention + ", " +
                                            threadsText(r.threads) + ", working sets " +
                                            shortestNumber(it->triad.firstBytes) + " to " +
                                            shortestNumber(it->triad.lastBytes) + " bytes",
                                        false});
    }
    if (r.machine.memoryBytes > 0.0) {
        hw.memoryBytes = r.machine.memoryBytes;
        hw.memorySource = "MemTotal of /proc/meminfo";
    }
    hw.notes = "Measured by roofscope probe" + std::string(r.quick ? " --quick" : "") + " on " +
               r.machine.date + ", host " + r.machine.host + ", CPU " + r.machine.cpuModel + ", " +
               threadsText(r.threads) + ", built with " + r.machine.compiler + "; " +
               notMeasuredText(r) + "." +
               (r.noisy.empty() ? "" : " Noisy samples (max > 1.1× median).");
    return hw;
}

} // namespace roofscope::probe
