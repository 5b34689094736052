#pragma once

#include "core/hardware/hardware.h"
#include "core/probe/sampler.h"
#include "core/util/expected.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace roofscope::probe {

struct VulkanProbeOptions {
    int deviceIndex = 0; // in the order the Vulkan loader lists the physical devices
    bool quick = false;  // short samples and a smaller buffer, for tests and CI
    std::function<void(const std::string&)> progress;
};

// One compute peak: FMA chains of one precision, or why it was not measured.
struct VulkanPeak {
    std::string precision;    // "fp32", "fp16", "fp64"
    bool measured = false;    // false: the device lacks the feature (shaderFloat64, …)
    std::string notMeasured;  // why not, when not
    SampleStats stats;        // FLOP/s
    double flopsPerGroup = 0; // FLOPs of one workgroup (the calibration's unit)
};

// A shader's output checked against the host's computation of the same thing.
struct VulkanCheck {
    std::string kernel; // "fp32 fma", "read"
    double expected = 0.0;
    double measured = 0.0;
    double tolerance = 0.0; // relative
    bool ok() const;
};

struct VulkanProbeResult {
    int deviceIndex = 0;
    std::string deviceName;
    std::string deviceType; // "discrete GPU", "integrated GPU", "CPU", …
    std::string driverName; // "llvmpipe", "NVIDIA", … ("" when the driver does not say)
    std::string driverInfo;
    std::string apiVersion; // "1.3.230"
    std::uint32_t driverVersion = 0;
    std::uint32_t vendorId = 0;
    std::uint32_t deviceId = 0;
    std::string host;
    std::string date; // UTC, ISO 8601
    bool quick = false;
    bool gpuTimestamps = true; // false: timed on the host (the queue has no timestamps)
    double timestampPeriodNs = 0.0;
    double maxStorageBufferRange = 0.0;
    SamplePlan plan;
    std::vector<VulkanPeak> peaks; // fp32, fp16, fp64
    double readBufferBytes = 0.0;
    SampleStats readBandwidth; // B/s, the buffer counted once per dispatch
    std::vector<VulkanCheck> checks;
    std::vector<std::string> noisy; // "fp32", "read" when max > 1.1× median

    const VulkanPeak* peak(const std::string& precision) const;
};

// What the bandwidth figure counts.
inline constexpr const char* kVulkanReadConvention =
    "vec4 read kernel (coalesced 16-byte loads, each invocation sums its elements): the buffer "
    "counted once per dispatch, the results written not counted";

// A Vulkan device as the loader lists it: what a window offers to measure.
struct VulkanDeviceSummary {
    int index = 0;          // VulkanProbeOptions::deviceIndex
    std::string name;       // "llvmpipe (LLVM 15.0.6, 256 bits)"
    std::string deviceType; // "discrete GPU", "integrated GPU", "CPU", …
    bool operator==(const VulkanDeviceSummary&) const = default;
};

// Every Vulkan device, in the loader's order (the indices `--device vulkan:INDEX` takes); an
// Error when this build has no Vulkan probe or there is no loader, an empty list when the
// loader finds no device.
Expected<std::vector<VulkanDeviceSummary>> listVulkanDevices();

// True when this build has the Vulkan probe (Vulkan headers and glslc at build time).
bool vulkanProbeBuilt();

// Measures Vulkan device `options.deviceIndex`: FMA peaks of FP32, FP16 and FP64 (where the
// device has shaderFloat16 / shaderFloat64) and the bandwidth of a vec4 read kernel over a
// buffer within maxStorageBufferRange, each from several samples timed by timestamp queries
// after the dispatch size grew to a sample's length; every shader's output is first checked
// against the host's computation. An Error (never a crash) when this build has no Vulkan probe,
// there is no loader, no such device, or a shader computes wrongly.
Expected<VulkanProbeResult> runVulkanProbe(const VulkanProbeOptions& options);

// The FMA shader's value for invocation `id` after `iterations` steps of x = x·m + a, computed
// on the host in double (the shader sums 8 chains of 4 lanes).
double vulkanFmaReference(std::uint32_t id, std::uint32_t iterations, double multiplier,
                          double addend);

// The result as JSON: device, peaks_flops_per_s, bandwidth_bytes_per_s, samples, noisy, checks.
nlohmann::json vulkanResultToJson(const VulkanProbeResult& result);

// The result as a catalog entry, id "this-machine-vulkan-INDEX", vendor "measured": a vector
// ceiling per measured precision, the read bandwidth as the device's memory level.
Hardware vulkanResultToHardware(const VulkanProbeResult& result);

} // namespace roofscope::probe
