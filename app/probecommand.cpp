#include "app/probecommand.h"

#include "app/arguments.h"
#include "app/texttable.h"
#include "core/atomicfile.h"
#include "core/catalog.h"
#include "core/format.h"
#include "core/probe/cpuprobe.h"

#include <cmath>
#include <filesystem>
#include <iostream>

#include <unistd.h>

namespace roofscope::cli {

namespace {

const Arguments::Spec kProbeSpec{{"threads", "device", "format", "output"}, {"quick"}};
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
    peaks.addRow({"FP16/BF16", "not measured", "", "", ""});
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

} // namespace

void printProbeHelp(std::ostream& out)
{
    out << "Usage: roofscope probe [--threads N] [--quick] [--device cpu] [--format table|json]\n"
           "                       [-o FILE]\n\n"
           "Measures this machine's CPU: FP64 and FP32 FMA peaks (every instruction set the CPU\n"
           "has, AVX-512, AVX2+FMA, SSE2, scalar; the best kept), on one thread and on all,\n"
           "and bandwidth over a working-set sweep from 4 KiB to past the last cache (read and\n"
           "STREAM triad kernels), with the memory levels read off the curve's plateaus.\n"
           "Several samples of at least 100 ms after a warm-up; the maximum is reported, the\n"
           "median beside it, and max > 1.1× median is flagged as noise. FP16/BF16 are not\n"
           "measured. Takes up to a minute; --quick a few seconds.\n\n"
           "  --threads N           threads, each pinned to a CPU (default: one per CPU)\n"
           "  --quick               short samples and a 64 MiB sweep: for tests, not numbers\n"
           "  --device cpu          what to measure (this build measures the CPU only)\n"
           "  --format table|json   output format (default table)\n"
           "  -o, --output FILE     also write the result as a catalog entry (id\n"
           "                        this-machine-cpu) that --catalog and the window read\n\n"
           "Example: roofscope probe -o this-machine.json && roofscope gpus --catalog "
           "this-machine.json\n";
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
    if (device != "cpu") {
        if (device == "vulkan" || device.rfind("vulkan:", 0) == 0)
            throw UsageError("--device " + device +
                             ": this build has no Vulkan probe (expected: cpu)");
        throw UsageError("--device " + device + ": expected cpu");
    }
    const std::string format = a.value("format", "table");
    if (format != "table" && format != "json")
        throw UsageError("probe: --format " + format + ": expected one of: table, json");
    const std::string output = a.value("output");
    if (a.has("output"))
        checkWritable(output);

    // Progress goes to a terminal only: a pipe or a test reads just the result.
    if (isatty(STDERR_FILENO))
        options.progress = [](const std::string& what) {
            std::cerr << "\rmeasuring " << what << "\x1b[K" << std::flush;
        };
    const probe::ProbeResult result = probe::runCpuProbe(options);
    if (options.progress)
        std::cerr << "\r\x1b[K" << std::flush;
    if (result.levels.empty()) {
        std::cerr << "roofscope: probe: the bandwidth sweep measured nothing (out of memory?)\n";
        return 1;
    }

    if (format == "json")
        std::cout << probe::probeResultToJson(result).dump(2, ' ', false,
                                                           nlohmann::json::error_handler_t::replace)
                  << "\n";
    else
        std::cout << tableText(result);

    if (a.has("output")) {
        const Hardware hw = probe::probeResultToHardware(result);
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
        if (format == "table")
            std::cout << "\nCatalog entry " << hw.id << " written to " << output
                      << " (roofscope gpus --catalog " << output << ")\n";
    }
    return 0;
}

} // namespace roofscope::cli
