#include "app/probecommand.h"

#include "app/arguments.h"
#include "app/probecomparison.h"
#include "app/texttable.h"
#include "core/hardware/catalog.h"
#include "core/hardware/datasheetratios.h"
#include "core/probe/cpuprobe.h"
#include "core/probe/vulkanprobe.h"
#include "core/util/atomicfile.h"
#include "core/util/format.h"

#include <cmath>
#include <filesystem>
#include <functional>
#include <iostream>
#include <optional>

#include <unistd.h>

namespace roofscope::cli {

namespace {

const Arguments::Spec kProbeSpec{
    {"threads", "device", "format", "output", "measured-of", "catalog"}, {"quick"}};
// More threads than this is a typo, not a machine.
constexpr double kMaxThreads = 4096;

// Working sets read better in binary units: caches are 32 KiB and 2 MiB, not 32.77 kB.
std::string binaryBytes(double bytes)
{
    const char* units[] = {"B", "KiB", "MiB", "GiB"};
    int unit = 0;
    while (bytes >= 1024.0 && unit < 3) {
        bytes /= 1024.0;
        ++unit;
    }
    return formatNumber(bytes, 3) + " " + units[unit];
}

std::string levelName(const std::string& level)
{
    return level == "dram" ? "DRAM" : "L" + level.substr(1);
}

// An -o path is checked before the probe runs: finding out after a minute of measuring that the
// folder does not exist wastes the minute.
void checkWritable(const std::string& path)
{
    if (path.empty())
        throw UsageError("-o: expected a file name");
    std::filesystem::path parent = std::filesystem::path(path).parent_path();
    if (parent.empty())
        parent = ".";
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw UsageError("-o " + path + ": is a directory; expected a file name");
    if (!std::filesystem::is_directory(parent, ec))
        throw UsageError("-o " + path + ": cannot write: folder " + parent.string() +
                         " does not exist");
    if (access(parent.c_str(), W_OK) != 0)
        throw UsageError("-o " + path + ": cannot write: folder " + parent.string() +
                         " is not writable");
}

std::string tableText(const probe::ProbeResult& r)
{
    std::string out = "This machine: " + r.machine.cpuModel + ", " + std::to_string(r.threads) +
                      (r.threads == 1 ? " thread" : " threads") + " pinned (" +
                      std::to_string(r.machine.cpus) + " CPUs), host " + r.machine.host + ", " +
                      r.machine.date +
                      (r.quick ? ", --quick (short samples: indicative only)" : "") + "\n\n";
    TextTable peaks({"FMA peak", "all threads", "1 thread", "ISA", "median (all)"},
                    {false, true, true, false, true});
    for (const auto* peak : {&r.fp64, &r.fp32}) {
        peaks.addRow({peak == &r.fp64 ? "FP64" : "FP32", formatFlopsRate(peak->allThreads.max),
                      formatFlopsRate(peak->oneThread.max), std::string(isaName(peak->isa)),
                      formatFlopsRate(peak->allThreads.median)});
    }
    if (r.bf16Measured()) {
        peaks.addRow({"BF16 dot", formatFlopsRate(r.bf16.allThreads.max),
                      formatFlopsRate(r.bf16.oneThread.max), "avx512-bf16",
                      formatFlopsRate(r.bf16.allThreads.median)});
        peaks.addRow({"FP16", "not measured", "", "", ""});
    } else {
        peaks.addRow({"FP16/BF16", "not measured", "", "", ""});
    }
    out += peaks.render() + "\n";

    TextTable levels({"level", "working sets", "triad", "read"}, {false, false, true, true});
    for (const probe::LevelResult& l : r.levels) {
        levels.addRow({levelName(l.triad.level),
                       binaryBytes(l.triad.firstBytes) + " – " + binaryBytes(l.triad.lastBytes),
                       formatBandwidth(l.triad.bytesPerS),
                       l.readBytesPerS > 0.0 ? formatBandwidth(l.readBytesPerS) : "–"});
    }
    out += levels.render();
    out += "Bandwidth: all threads, " + std::string(isaName(r.memoryIsa)) +
           " kernels, working sets " +
           binaryBytes(r.triadCurve.empty() ? 0.0 : r.triadCurve.front().bytes) + " to " +
           binaryBytes(r.triadCurve.empty() ? 0.0 : r.triadCurve.back().bytes) +
           "; levels are the plateaus of the triad curve.\n";
    out += "Triad counts as " + std::string(probe::kTriadConvention) + "; " +
           probe::kReadConvention + ".\n";
    std::string caches;
    for (const probe::CacheInfo& c : r.machine.caches)
        caches += (caches.empty() ? "" : ", ") + std::string("L") + std::to_string(c.level) + " " +
                  binaryBytes(c.bytes);
    if (!caches.empty())
        out += "Caches the system reports (a hint only; virtual machines report the host's): " +
               caches + ".\n";
    out += "Samples: " + std::to_string(r.computePlan.samples) + " (peaks) and " +
           std::to_string(r.sweepPlan.samples) + " (each working set) of at least " +
           formatDuration(r.computePlan.sampleSeconds) + " / " +
           formatDuration(r.sweepPlan.sampleSeconds) + " after a warm-up; the maximum is shown.\n";
    if (r.noisy.empty()) {
        out += "Noise: none (every max within 1.1× its median).\n";
    } else {
        out += "Noisy: " + std::to_string(r.noisy.size()) +
               " measurements with max > 1.1× median (a busy machine?): ";
        for (std::size_t i = 0; i < r.noisy.size() && i < 6; ++i)
            out += (i ? ", " : "") + r.noisy[i];
        out += r.noisy.size() > 6 ? ", …\n" : "\n";
    }
    return out;
}

std::string vulkanTableText(const probe::VulkanProbeResult& r)
{
    std::string out = "Vulkan device " + std::to_string(r.deviceIndex) + ": " + r.deviceName +
                      " (" + r.deviceType + "), driver " +
                      (r.driverName.empty() ? std::string("unnamed") : r.driverName) +
                      (r.driverInfo.empty() ? "" : " " + r.driverInfo) + ", Vulkan " +
                      r.apiVersion + ", host " + r.host + ", " + r.date +
                      (r.quick ? ", --quick (short samples: indicative only)" : "") + "\n\n";
    TextTable peaks({"FMA peak", "max", "median"}, {false, true, true});
    for (const probe::VulkanPeak& p : r.peaks) {
        std::string name = p.precision;
        for (char& c : name)
            c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
        if (p.measured)
            peaks.addRow({name, formatFlopsRate(p.stats.max), formatFlopsRate(p.stats.median)});
        else
            peaks.addRow({name, "not measured: " + p.notMeasured, ""});
    }
    peaks.addRow(
        {"read", formatBandwidth(r.readBandwidth.max), formatBandwidth(r.readBandwidth.median)});
    out += peaks.render();
    out += "FMA: 8 vec4 chains x = fma(x, m, a) per invocation, 256 invocations per workgroup.\n";
    out += "Read: " + std::string(probe::kVulkanReadConvention) + "; a " +
           binaryBytes(r.readBufferBytes) + " buffer (maxStorageBufferRange " +
           binaryBytes(r.maxStorageBufferRange) + ").\n";
    std::string checks;
    for (const probe::VulkanCheck& c : r.checks)
        checks += (checks.empty() ? "" : ", ") + c.kernel;
    out += "Checked: " + checks + " (each shader's output matches the host's computation).\n";
    out += std::string(r.gpuTimestamps ? "Timed by timestamp queries (period " +
                                             formatNumber(r.timestampPeriodNs, 3) + " ns)"
                                       : "Timed on the host (the queue has no timestamps)") +
           "; the dispatch size grows until one lasts " + formatDuration(r.plan.sampleSeconds) +
           ", then " + std::to_string(r.plan.samples) +
           " samples after a warm-up; the maximum is shown.\n";
    if (r.noisy.empty()) {
        out += "Noise: none (every max within 1.1× its median).\n";
    } else {
        out += "Noisy (max > 1.1× median, a busy machine?):";
        for (std::size_t i = 0; i < r.noisy.size(); ++i)
            out += (i ? ", " : " ") + r.noisy[i];
        out += "\n";
    }
    return out;
}

// "vulkan" is device 0; "vulkan:N" device N.
int vulkanIndex(const std::string& device)
{
    if (device == "vulkan")
        return 0;
    const std::string index = device.substr(7);
    if (index.empty() || index.size() > 3 ||
        index.find_first_not_of("0123456789") != std::string::npos)
        throw UsageError("--device " + device +
                         ": expected vulkan or vulkan:INDEX with INDEX a whole number (0 is the "
                         "first device)");
    return std::stoi(index);
}

// The catalog entry `hw` as the file `output`: 0, or 1 after saying what went wrong.
int writeEntry(const Hardware& hw, const std::string& output, bool table)
{
    const std::string text = hardwareCatalogToJson({hw});
    // What is written must read back: a figure out of the catalog's range is a defect here,
    // not a file for the user to find broken later.
    if (auto check = parseHardwareCatalog(text, output); !check) {
        std::cerr << "roofscope: probe: the measured entry is not a valid catalog entry: "
                  << check.error().message << "\n";
        return 1;
    }
    if (auto error = writeFileAtomically(output, text)) {
        std::cerr << "roofscope: -o " << error->message << "\n";
        return 1;
    }
    if (table)
        std::cout << "\nCatalog entry " << hw.id << " written to " << output
                  << " (roofscope gpus --catalog " << output << ")\n";
    return 0;
}

// What the command asked for besides the device: the format, -o's file, --measured-of's entry.
struct ProbeOutput {
    std::string format = "table";
    std::optional<std::string> file;
    std::optional<Hardware> datasheet;
};

// The result as `out` asks: the JSON (with measured_of and datasheet_ratios when a datasheet
// entry was named) or the table (its comparison after the measured figures), then the catalog
// entry `hw` in -o's file, carrying measured_of.
int report(nlohmann::json json, const std::string& table, Hardware hw, const ProbeOutput& out)
{
    if (out.datasheet)
        hw.measuredOf = out.datasheet->id;
    if (out.format == "json") {
        if (out.datasheet) {
            json["measured_of"] = out.datasheet->id;
            json["datasheet_ratios"] = datasheetRatiosToJson(datasheetRatios(hw, *out.datasheet));
        }
        std::cout << json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    } else {
        std::cout << table;
        if (out.datasheet)
            std::cout << datasheetComparisonText(hw, *out.datasheet);
    }
    if (out.file)
        return writeEntry(hw, *out.file, out.format == "table");
    return 0;
}

std::function<void(const std::string&)> terminalProgress()
{
    // Progress goes to a terminal only: a pipe or a test reads just the result.
    if (!isatty(STDERR_FILENO))
        return {};
    return [](const std::string& what) {
        std::cerr << "\rmeasuring " << what << "\x1b[K" << std::flush;
    };
}

int runVulkanProbe(const std::string& device, bool quick, const ProbeOutput& out)
{
    probe::VulkanProbeOptions options;
    options.deviceIndex = vulkanIndex(device);
    options.quick = quick;
    if (!probe::vulkanProbeBuilt())
        throw UsageError("--device " + device +
                         ": this build has no Vulkan probe (it was built without the Vulkan "
                         "headers or glslc); --device cpu measures the CPU");
    if (out.file)
        checkWritable(*out.file);
    options.progress = terminalProgress();
    const auto result = probe::runVulkanProbe(options);
    if (options.progress)
        std::cerr << "\r\x1b[K" << std::flush;
    if (!result) {
        std::cerr << "roofscope: probe --device " << device << ": " << result.error().message
                  << "\n";
        return 1;
    }
    return report(probe::vulkanResultToJson(*result), vulkanTableText(*result),
                  probe::vulkanResultToHardware(*result), out);
}

} // namespace

void printProbeHelp(std::ostream& out)
{
    out << "Usage: roofscope probe [--threads N] [--quick] [--device cpu|vulkan[:INDEX]]\n"
           "                       [--format table|json] [-o FILE]\n"
           "                       [--measured-of ID [--catalog FILE]]\n\n"
           "Measures this machine's CPU: FP64 and FP32 FMA peaks (every instruction set the CPU\n"
           "has, AVX-512, AVX2+FMA, SSE2, scalar; the best kept), on one thread and on all,\n"
           "and bandwidth over a working-set sweep from 4 KiB to past the last cache (read and\n"
           "STREAM triad kernels), with the memory levels read off the curve's plateaus.\n"
           "Several samples of at least 100 ms after a warm-up; the maximum is reported, the\n"
           "median beside it, and max > 1.1× median is flagged as noise. BF16 dot products\n"
           "(vdpbf16ps into FP32) where the CPU has AVX512-BF16; FP16 is not measured.\n"
           "Takes up to a minute; --quick a few seconds.\n\n"
           "With --device vulkan[:INDEX], measures a Vulkan device instead (any GPU with a\n"
           "Vulkan driver, or Mesa's CPU device lavapipe): FP32, FP16 and FP64 FMA chains in\n"
           "compute shaders (FP16/FP64 where the device has shaderFloat16/shaderFloat64) and a\n"
           "vec4 read kernel for bandwidth, timed by timestamp queries; every shader's output\n"
           "is checked against the host's computation first.\n\n"
           "  --threads N           CPU threads, each pinned to a CPU (default: one per CPU)\n"
           "  --quick               short samples and a smaller sweep: for tests, not numbers\n"
           "  --device D            cpu (default), or vulkan[:INDEX]: Vulkan device INDEX in\n"
           "                        the loader's order (default 0)"
        << (probe::vulkanProbeBuilt() ? "" : "; this build has no Vulkan probe")
        << "\n"
           "  --format table|json   output format (default table)\n"
           "  -o, --output FILE     also write the result as a catalog entry (id\n"
           "                        this-machine-cpu or this-machine-vulkan-INDEX) that\n"
           "                        --catalog and the window read\n"
           "  --measured-of ID      the datasheet entry this device is (h200-sxm): the entry\n"
           "                        -o writes says \"measured_of\": ID, and the output holds\n"
           "                        each roof both have against it, measured ÷ datasheet\n"
           "  --catalog FILE        also look for --measured-of's ID in FILE (may repeat)\n\n"
           "Example: roofscope probe -o this-machine.json && roofscope gpus --catalog "
           "this-machine.json\n"
           "         roofscope probe --device vulkan --measured-of rtx-4090 -o gpu.json\n";
}

int runProbe(const std::vector<std::string>& args)
{
    std::vector<std::string> tokens;
    for (const std::string& t : args)
        tokens.push_back(t == "-o" ? "--output" : t);
    const Arguments a(tokens, kProbeSpec, "probe");
    probe::ProbeOptions options;
    if (a.has("threads"))
        options.threads = static_cast<int>(
            numberOption("--threads", a.value("threads"), NumberRange::wholeUpTo(kMaxThreads)));
    options.quick = a.has("quick");
    const std::string device = a.value("device", "cpu");
    ProbeOutput out;
    out.format = a.value("format", "table");
    if (out.format != "table" && out.format != "json")
        throw UsageError("probe: --format " + out.format + ": expected one of: table, json");
    if (a.has("output"))
        out.file = a.value("output");
    if (a.has("catalog") && !a.has("measured-of"))
        throw UsageError("probe: --catalog only says where --measured-of looks for the datasheet "
                         "entry; give --measured-of ID too");
    if (a.has("measured-of"))
        out.datasheet = datasheetToMeasure(a.value("measured-of"), a.values("catalog"));
    if (device == "vulkan" || device.rfind("vulkan:", 0) == 0) {
        if (a.has("threads"))
            throw UsageError("--threads: counts CPU threads; --device " + device +
                             " takes no --threads");
        return runVulkanProbe(device, options.quick, out);
    }
    if (device != "cpu")
        throw UsageError("--device " + device + ": expected cpu, vulkan or vulkan:INDEX");
    if (out.file)
        checkWritable(*out.file);

    options.progress = terminalProgress();
    const probe::ProbeResult result = probe::runCpuProbe(options);
    if (options.progress)
        std::cerr << "\r\x1b[K" << std::flush;
    if (result.levels.empty()) {
        std::cerr << "roofscope: probe: the bandwidth sweep measured nothing (out of memory?)\n";
        return 1;
    }
    return report(probe::probeResultToJson(result), tableText(result),
                  probe::probeResultToHardware(result), out);
}

} // namespace roofscope::cli
