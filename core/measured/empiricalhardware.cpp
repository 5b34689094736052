#include "core/measured/empiricalhardware.h"

#include "core/hardware/catalog.h"
#include "core/measured/csvreader.h"
#include "core/measured/metricvalue.h"
#include "core/measured/skippednote.h"
#include "core/util/jsonreader.h"
#include "core/util/numbers.h"

#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>

namespace roofscope {

namespace {

std::string_view withoutBom(std::string_view text)
{
    return text.substr(0, 3) == "\xEF\xBB\xBF" ? text.substr(3) : text;
}

std::string lower(std::string_view text)
{
    std::string out(text);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool startsJson(std::string_view text)
{
    text = withoutBom(text);
    for (char c : text) {
        if (c == '{')
            return true;
        if (!std::isspace(static_cast<unsigned char>(c)))
            return false;
    }
    return false;
}

// ERT names memory levels "L1", "L2", "L3", "L4", "DRAM", sometimes "HBM" or "MCDRAM".
std::optional<std::string> ertLevel(std::string_view name)
{
    const std::string n = lower(name);
    for (const char* level : {"l1", "l2", "l3", "l4"})
        if (n.find(level) != std::string::npos)
            return level;
    if (n.find("hbm") != std::string::npos || n.find("mcdram") != std::string::npos)
        return "hbm";
    if (n.find("dram") != std::string::npos)
        return "dram";
    return std::nullopt;
}

std::optional<Precision> ertPrecision(std::string_view name)
{
    const std::string n = lower(name);
    for (Precision p : kAllPrecisions)
        if (n.find(precisionName(p)) != std::string::npos)
            return p;
    return std::nullopt;
}

// Six hex digits of an FNV-1a hash: ids that follow the measured values, not the file's path.
class ContentHash {
public:
    void add(std::string_view text)
    {
        for (char c : text) {
            m_h ^= static_cast<unsigned char>(c);
            m_h *= 1099511628211ull;
        }
        m_h ^= 0xffu;
        m_h *= 1099511628211ull;
    }
    void add(double v) { add(formatNumber(v)); }
    std::string hex6() const
    {
        static const char* kDigits = "0123456789abcdef";
        std::string out;
        for (int shift = 20; shift >= 0; shift -= 4)
            out += kDigits[(m_h >> shift) & 0xfu];
        return out;
    }

private:
    static std::string formatNumber(double v)
    {
        // printf's %.17g text (ids hashed from it stay the same), but never the locale's comma.
        return significantNumber(v, 17);
    }
    std::uint64_t m_h = 14695981039346656037ull;
};

// The machine an ERT run measured: spec.name, else the HOSTNAME line of the metadata
// ("HOSTNAME  ('dev-intel16.i', [...], [...])" -> "dev-intel16"), else "".
std::string ertMachineName(const Json& root)
{
    if (root.contains("spec") && root["spec"].is_object() && root["spec"].contains("name") &&
        root["spec"]["name"].is_string() && !root["spec"]["name"].get<std::string>().empty())
        return root["spec"]["name"].get<std::string>().substr(0, 80);
    std::string found;
    auto visit = [&](const Json& j, auto&& self, int depth) -> void {
        if (!found.empty() || depth > 6)
            return;
        if (j.is_string()) {
            const std::string& s = j.get_ref<const std::string&>();
            if (s.rfind("HOSTNAME", 0) != 0)
                return;
            const auto open = s.find('\'');
            const auto close = open == std::string::npos ? open : s.find('\'', open + 1);
            if (close == std::string::npos)
                return;
            std::string host = s.substr(open + 1, close - open - 1);
            if (const auto dot = host.find('.'); dot != std::string::npos && dot > 0)
                host.resize(dot);
            found = host.substr(0, 80);
        } else if (j.is_array() || j.is_object()) {
            for (const auto& child : j)
                self(child, self, depth + 1);
        }
    };
    if (root.contains("empirical"))
        visit(root["empirical"], visit, 0);
    return found;
}

} // namespace

std::string slugOf(std::string_view text)
{
    std::string out;
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u))
            out += static_cast<char>(std::tolower(u));
        else if (!out.empty() && out.back() != '-')
            out += '-';
    }
    while (!out.empty() && out.back() == '-')
        out.pop_back();
    return out.empty() ? "device" : out;
}

std::string fileStemOf(const std::string& path)
{
    const auto slash = path.find_last_of('/');
    std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    if (const auto dot = name.find('.'); dot != std::string::npos && dot > 0)
        name = name.substr(0, dot);
    return name;
}

const ImportFormat& ErtImporter::format() const
{
    static const ImportFormat kFormat{
        "ERT roofline.json", "*.json", "Empirical Roofline Toolkit (ERT) 1.x",
        "./ert Config/config.your.machine   # writes Results.*/Run.*/roofline.json",
        "measured peaks: FLOP/s and bandwidth per memory level, L1 to L4 and DRAM (a hardware "
        "entry, no kernels)"};
    return kFormat;
}

bool ErtImporter::recognizes(std::string_view text) const
{
    return startsJson(text) && text.find("\"empirical\"") != std::string_view::npos &&
           text.find("\"traceEvents\"") == std::string_view::npos;
}

Expected<MeasuredImport> ErtImporter::read(std::string_view text, const std::string& fileName) const
{
    auto doc = JsonReader::parse(withoutBom(text), fileName);
    if (!doc)
        return doc.error();
    const Json& root = *doc;
    auto fail = [&](const std::string& pointer, const std::string& problem) {
        return makeError(fileName + ": " + pointer + ": " + problem);
    };
    if (!root.is_object() || !root.contains("empirical") || !root["empirical"].is_object())
        return fail("/empirical", "missing (expected an ERT roofline.json with \"empirical\": "
                                  "{\"gbytes\": ..., \"gflops\": ...})");
    const Json& empirical = root["empirical"];
    Hardware hw;
    hw.vendor = "measured";
    hw.notes = "Measured by the Empirical Roofline Toolkit.";
    const std::string source = "ERT " + fileStemOf(fileName);
    ContentHash hash;
    std::vector<std::string> skipped;
    std::optional<Error> firstProblem;
    auto skip = [&](const std::string& pointer, const std::string& problem) {
        if (!firstProblem)
            firstProblem = fail(pointer, problem);
        skipped.push_back(pointer + ": " + problem);
    };
    for (const char* section : {"gbytes", "gflops"}) {
        const std::string pointer = std::string("/empirical/") + section + "/data";
        if (!empirical.contains(section) || !empirical[section].is_object() ||
            !empirical[section].contains("data") || !empirical[section]["data"].is_array())
            return fail(pointer, "missing (expected a list of [name, value] pairs)");
        const Json& data = empirical[section]["data"];
        for (std::size_t i = 0; i < data.size(); ++i) {
            const std::string p = pointer + "/" + std::to_string(i);
            const Json& pair = data[i];
            if (!pair.is_array() || pair.size() != 2 || !pair[0].is_string() ||
                !pair[1].is_number()) {
                skip(p, "expected a [name, number] pair");
                continue;
            }
            const double v = pair[1].get<double>();
            if (!std::isfinite(v) || v <= 0.0) {
                skip(p + "/1", "expected a finite number > 0");
                continue;
            }
            // In GB/s or GFLOP/s: the rate itself must be a figure the roofline can divide.
            if (!isHardwareFigure(v * 1e9)) {
                skip(p + "/1", "expected " + hardwareFigureRange() + " once scaled by 1e9, got " +
                                   shortestNumber(v));
                continue;
            }
            const std::string name = pair[0].get<std::string>();
            if (std::string(section) == "gbytes") {
                const auto level = ertLevel(name);
                if (!level) {
                    skip(p + "/0", "unknown memory level \"" + name.substr(0, 60) +
                                       "\" (expected L1, L2, L3, L4, DRAM or HBM)");
                    continue;
                }
                if (!hw.findMemory(*level)) {
                    hw.memory.push_back(MemoryLevel{*level, v * 1e9, source, false});
                    hash.add(*level);
                    hash.add(v);
                }
            } else {
                const auto precision = ertPrecision(name);
                if (!precision) {
                    skip(p + "/0", "unknown precision in \"" + name.substr(0, 60) +
                                       "\" (expected e.g. \"FP64 GFLOPs\")");
                    continue;
                }
                if (!hw.findCeiling(*precision, ComputeUnit::Vector)) {
                    hw.ceilings.push_back(
                        Ceiling{*precision, ComputeUnit::Vector, v * 1e9, source, false});
                    hash.add(precisionName(*precision));
                    hash.add(v);
                }
            }
        }
    }
    if ((hw.memory.empty() || hw.ceilings.empty()) && firstProblem)
        return *firstProblem;
    if (hw.memory.empty())
        return fail("/empirical/gbytes/data", "empty (expected at least one bandwidth)");
    if (hw.ceilings.empty())
        return fail("/empirical/gflops/data", "empty (expected at least one FLOP rate)");
    const std::string machine = ertMachineName(root);
    hw.id =
        "ert-" + (machine.empty() ? std::string("machine") : slugOf(machine)) + "-" + hash.hex6();
    // Named from the content (the machine), else the file's base name: never its folder, which
    // differs between machines and changes when the file is copied.
    const std::string stem = fileStemOf(fileName);
    hw.name = (machine.empty() ? (stem.empty() ? std::string("Machine") : stem) : machine) +
              " (ERT measured, " + hash.hex6() + ")";
    MeasuredImport result;
    if (!skipped.empty()) {
        std::string list;
        for (std::size_t i = 0; i < skipped.size() && i < 3; ++i)
            list += (i ? "; " : "") + skipped[i];
        result.warnings.push_back(skippedNote(skipped.size(), "ERT value", "ERT values", list));
    }
    result.hardware.push_back(std::move(hw));
    return result;
}

const ImportFormat& OmniperfRooflineImporter::format() const
{
    static const ImportFormat kFormat{
        "omniperf roofline.csv", "*.csv", "rocprof-compute / omniperf 1.x–3.x",
        "rocprof-compute profile -n run --roof-only -- ./app   # omniperf profile on older ROCm\n"
        "# then import workloads/run/<GPU>/roofline.csv",
        "measured peaks of each GPU device: HBM / L2 / L1 / LDS bandwidth, vector and MFMA "
        "FLOP/s (one hardware entry per device)"};
    return kFormat;
}

bool OmniperfRooflineImporter::recognizes(std::string_view text) const
{
    text = withoutBom(text);
    return text.rfind("device,HBMBw", 0) == 0 || text.rfind("\"device\",\"HBMBw\"", 0) == 0;
}

Expected<MeasuredImport> OmniperfRooflineImporter::read(std::string_view text,
                                                        const std::string& fileName) const
{
    CsvReader csv(text, fileName);
    std::vector<std::string> header;
    csv.next(header);
    struct Column {
        const char* name;
        bool memory;
        const char* level;
        Precision precision;
        ComputeUnit unit;
    };
    static const Column kColumns[] = {
        {"HBMBw", true, "hbm", Precision::FP32, ComputeUnit::Vector},
        {"L2Bw", true, "l2", Precision::FP32, ComputeUnit::Vector},
        {"L1Bw", true, "l1", Precision::FP32, ComputeUnit::Vector},
        // LDS is the GCD's software-managed on-chip memory: the catalog's "sram" level.
        {"LDSBw", true, "sram", Precision::FP32, ComputeUnit::Vector},
        {"FP32Flops", false, "", Precision::FP32, ComputeUnit::Vector},
        {"FP64Flops", false, "", Precision::FP64, ComputeUnit::Vector},
        {"MFMABF16Flops", false, "", Precision::BF16, ComputeUnit::Tensor},
        {"MFMAF16Flops", false, "", Precision::FP16, ComputeUnit::Tensor},
        {"MFMAF32Flops", false, "", Precision::FP32, ComputeUnit::Tensor},
        {"MFMAF64Flops", false, "", Precision::FP64, ComputeUnit::Tensor},
        {"MFMAI8Ops", false, "", Precision::INT8, ComputeUnit::Tensor},
    };
    // One hardware entry per device (a GCD), the mean of that device's rows (repetitions).
    struct Device {
        std::map<std::string, std::pair<double, int>> sums; // column -> (sum, rows)
        int rows = 0;
    };
    std::map<std::string, Device> devices; // ordered by the device column's text
    std::vector<std::string> devicesInOrder;
    const int deviceCol = columnIndex(header, "device");
    long long skipped = 0;
    std::string firstSkip;
    std::vector<std::string> cells;
    while (csv.next(cells)) {
        if (cells.size() == 1 && trimmed(cells[0]).empty())
            continue;
        if (cells.size() != header.size()) {
            if (skipped++ == 0)
                firstSkip = "line " + std::to_string(csv.line()) + ": expected " +
                            std::to_string(header.size()) + " cells, got " +
                            std::to_string(cells.size());
            continue;
        }
        const std::string device =
            deviceCol < 0 ? "0" : std::string(trimmed(cells[static_cast<std::size_t>(deviceCol)]));
        if (!devices.count(device))
            devicesInOrder.push_back(device);
        Device& d = devices[device];
        d.rows += 1;
        for (const Column& c : kColumns) {
            const int col = columnIndex(header, c.name);
            if (col < 0)
                continue;
            const ParsedNumber n = parseMetricNumber(cells[static_cast<std::size_t>(col)]);
            if (n.notAvailable)
                continue;
            if (!n.value || *n.value <= 0.0) {
                if (skipped++ == 0)
                    firstSkip = "line " + std::to_string(csv.line()) + ": column " + c.name +
                                ": expected a number > 0, got \"" +
                                cells[static_cast<std::size_t>(col)].substr(0, 60) + "\"";
                continue;
            }
            d.sums[c.name].first += *n.value;
            d.sums[c.name].second += 1;
        }
    }
    if (csv.error() && devices.empty())
        return *csv.error();
    MeasuredImport result;
    for (const std::string& device : devicesInOrder) {
        const Device& d = devices[device];
        Hardware hw;
        hw.vendor = "AMD";
        hw.notes = "Measured by omniperf on device " + device + "; mean of " +
                   std::to_string(d.rows) + " repetition" + (d.rows == 1 ? "" : "s") + ".";
        const std::string source = "omniperf roofline.csv, device " + device;
        ContentHash hash;
        for (const Column& c : kColumns) {
            const auto it = d.sums.find(c.name);
            if (it == d.sums.end())
                continue;
            const double meanG = it->second.first / it->second.second; // GB/s, GFLOP/s
            const double mean = meanG * 1e9;
            if (!isHardwareFigure(mean))
                return makeError(fileName + ": column " + c.name + " of device " + device +
                                 ": the mean is out of range (expected " + hardwareFigureRange() +
                                 " once scaled by 1e9, got " +
                                 (std::isfinite(meanG) ? shortestNumber(meanG)
                                                       : std::string("more than a double holds")) +
                                 ")");
            hash.add(c.name);
            hash.add(mean);
            if (c.memory)
                hw.memory.push_back(MemoryLevel{c.level, mean, source, false});
            else
                hw.ceilings.push_back(Ceiling{c.precision, c.unit, mean, source, false});
        }
        if (hw.memory.empty() || hw.ceilings.empty())
            continue;
        // "omniperf-gpu-..." and "AMD GPU ..." until a sysinfo.csv names the model
        // (nameOmniperfHardware). Named by what was measured, the tool and the device; the
        // hash tells two runs on the same device apart.
        hw.id = "omniperf-gpu-dev" + slugOf(device) + "-" + hash.hex6();
        hw.name = "AMD GPU (omniperf, device " + device + ", " + hash.hex6() + ")";
        result.hardware.push_back(std::move(hw));
    }
    if (result.hardware.empty())
        return csv.errorAt(1, "no peak rows (expected rows of HBMBw, ..., FP32Flops, ... in GB/s "
                              "and GFLOP/s" +
                                  (firstSkip.empty() ? std::string() : "; " + firstSkip) + ")");
    if (skipped > 0)
        result.warnings.push_back(skippedNote(static_cast<std::size_t>(skipped), "value", "values",
                                              {}, "on " + firstSkip));
    if (csv.error())
        result.warnings.push_back("the rest of the file was not read: " + csv.error()->message);
    return result;
}

bool nameOmniperfHardware(Hardware& hw, std::string_view gpuModel)
{
    const std::string prefix = "omniperf-gpu-";
    if (gpuModel.empty() || hw.id.rfind(prefix, 0) != 0 || hw.name.rfind("AMD GPU ", 0) != 0)
        return false;
    hw.id = "omniperf-" + slugOf(gpuModel) + "-" + hw.id.substr(prefix.size());
    hw.name = "AMD " + std::string(gpuModel) + hw.name.substr(std::string("AMD GPU").size());
    const std::string measuredOn = "Measured by omniperf on";
    if (hw.notes.rfind(measuredOn, 0) == 0)
        hw.notes = measuredOn + " " + std::string(gpuModel) + hw.notes.substr(measuredOn.size());
    return true;
}

Expected<std::vector<Hardware>> parseHardwareFile(std::string_view text,
                                                  const std::string& fileName)
{
    const ErtImporter ert;
    const OmniperfRooflineImporter omniperf;
    for (const MeasurementImporter* importer :
         {static_cast<const MeasurementImporter*>(&ert),
          static_cast<const MeasurementImporter*>(&omniperf)}) {
        if (!importer->recognizes(text))
            continue;
        auto imported = readMeasurements(*importer, text, fileName);
        if (!imported)
            return imported.error();
        return std::move(imported->hardware);
    }
    return parseHardwareCatalog(text, fileName);
}

} // namespace roofscope
