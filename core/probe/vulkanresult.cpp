// The Vulkan probe's result as JSON and as a catalog entry (built with or without Vulkan).
#include "core/probe/proberesult.h"
#include "core/probe/vulkanprobe.h"
#include "core/util/numbers.h"

namespace roofscope::probe {

namespace {

using nlohmann::json;

Precision precisionOf(const std::string& name)
{
    if (name == "fp64")
        return Precision::FP64;
    if (name == "fp16")
        return Precision::FP16;
    return Precision::FP32;
}

std::string upper(std::string text)
{
    for (char& c : text)
        if (c >= 'a' && c <= 'z')
            c = static_cast<char>(c - 'a' + 'A');
    return text;
}

std::string measuredOn(const VulkanProbeResult& r)
{
    return "measured by roofscope probe --device vulkan:" + std::to_string(r.deviceIndex) +
           (r.quick ? " --quick" : "") + " on " +
           (r.host.empty() ? std::string("this machine") : r.host) + ", " + r.date;
}

std::string driverText(const VulkanProbeResult& r)
{
    std::string text = r.driverName.empty() ? std::string("driver") : r.driverName;
    if (!r.driverInfo.empty())
        text += " " + r.driverInfo;
    return text + ", Vulkan " + r.apiVersion;
}

std::string timingText(const VulkanProbeResult& r)
{
    return r.gpuTimestamps ? "timed by timestamp queries" : "timed on the host (no timestamps)";
}

} // namespace

json vulkanResultToJson(const VulkanProbeResult& r)
{
    json device = {{"kind", "vulkan"},
                   {"index", r.deviceIndex},
                   {"name", r.deviceName},
                   {"type", r.deviceType},
                   {"driver", r.driverName},
                   {"driver_info", r.driverInfo},
                   {"driver_version", r.driverVersion},
                   {"api_version", r.apiVersion},
                   {"vendor_id", r.vendorId},
                   {"device_id", r.deviceId},
                   {"host", r.host},
                   {"date", r.date},
                   {"timestamps", r.gpuTimestamps},
                   {"timestamp_period_ns", r.timestampPeriodNs},
                   {"max_storage_buffer_range", r.maxStorageBufferRange}};
    json peaks = json::object();
    json medians = json::object();
    json samples = json::object();
    json notMeasured = json::object();
    for (const VulkanPeak& p : r.peaks) {
        if (!p.measured) {
            notMeasured[p.precision] = p.notMeasured;
            continue;
        }
        peaks[p.precision] = p.stats.max;
        medians[p.precision] = p.stats.median;
        samples[p.precision] = sampleStatsJson(p.stats);
    }
    json checks = json::array();
    for (const VulkanCheck& c : r.checks)
        checks.push_back({{"kernel", c.kernel},
                          {"expected", c.expected},
                          {"measured", c.measured},
                          {"relative_tolerance", c.tolerance},
                          {"ok", c.ok()}});
    samples["read"] = sampleStatsJson(r.readBandwidth);
    return {
        {"device", device},
        {"quick", r.quick},
        {"peaks_flops_per_s", peaks},
        {"peaks_median_flops_per_s", medians},
        {"peaks_samples", samples},
        {"not_measured", notMeasured},
        {"bandwidth_bytes_per_s", {{"dram", r.readBandwidth.max}}},
        {"bandwidth_median_bytes_per_s", {{"dram", r.readBandwidth.median}}},
        {"bandwidth_convention", kVulkanReadConvention},
        {"bandwidth_buffer_bytes", r.readBufferBytes},
        {"samples",
         {{"warmup_s", r.plan.warmupSeconds},
          {"sample_s", r.plan.sampleSeconds},
          {"samples", r.plan.samples}}},
        {"noisy", !r.noisy.empty()},
        {"noisy_measurements", r.noisy},
        {"noise_rule", "max over median of the samples above 1.1"},
        {"checks", checks},
    };
}

Hardware vulkanResultToHardware(const VulkanProbeResult& r)
{
    Hardware hw;
    hw.id = "this-machine-vulkan-" + std::to_string(r.deviceIndex);
    hw.name = "This machine's " + r.deviceName + " (Vulkan " + std::to_string(r.deviceIndex) + ")";
    hw.vendor = "measured";
    const std::string on = measuredOn(r);
    for (const VulkanPeak& p : r.peaks) {
        if (!p.measured || !(p.stats.max > 0.0))
            continue;
        hw.ceilings.push_back(
            Ceiling{precisionOf(p.precision), ComputeUnit::Vector, p.stats.max,
                    on + ": " + upper(p.precision) +
                        " FMA chains in a compute shader (8 vec4 chains per invocation), " +
                        timingText(r) + ", max of " + std::to_string(p.stats.values.size()) +
                        " samples (median " + significantNumber(p.stats.median, 4) + " FLOP/s)",
                    false});
    }
    if (r.readBandwidth.max > 0.0)
        hw.memory.push_back(MemoryLevel{
            "dram", r.readBandwidth.max,
            on + ": " + kVulkanReadConvention + ", a " + shortestNumber(r.readBufferBytes) +
                "-byte buffer, " + timingText(r) + ", max of " +
                std::to_string(r.readBandwidth.values.size()) + " samples",
            false});
    std::string notMeasured;
    for (const VulkanPeak& p : r.peaks)
        if (!p.measured)
            notMeasured += " " + upper(p.precision) + " not measured: " + p.notMeasured + ".";
    hw.notes = "Measured by roofscope probe --device vulkan:" + std::to_string(r.deviceIndex) +
               (r.quick ? " --quick" : "") + " on " + r.date + ", host " + r.host + ", device " +
               r.deviceName + " (" + r.deviceType + "), " + driverText(r) + "." + notMeasured +
               (r.noisy.empty() ? "" : " Noisy samples (max > 1.1× median).");
    return hw;
}

} // namespace roofscope::probe
