#include "core/measured/empiricalhardware.h"

#include "core/catalog.h"
#include "core/jsonreader.h"
#include "core/measured/csvreader.h"
#include "core/measured/metricvalue.h"

#include <cctype>
#include <cmath>
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

// ERT names memory levels "L1", "L2", "DRAM", sometimes "HBM" or "MCDRAM".
std::optional<std::string> ertLevel(std::string_view name)
{
    const std::string n = lower(name);
    if (n.find("l1") != std::string::npos)
        return "l1";
    if (n.find("l2") != std::string::npos)
        return "l2";
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

std::string slugOfStem(const std::string& fileName);

// "omniperf-" + the file's stem, without repeating the prefix when the stem has it already.
std::string prefixedId(const std::string& prefix, const std::string& fileName)
{
    const std::string stem = slugOfStem(fileName);
    return stem.rfind(prefix, 0) == 0 ? stem : prefix + "-" + stem;
}

std::string slugOfStem(const std::string& fileName)
{
    return slugOf(fileStemOf(fileName));
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
        "measured peaks: FLOP/s and bandwidth per memory level (a hardware entry, no kernels)"};
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
    hw.id = prefixedId("ert", fileName);
    hw.name = "Empirical roofline (" + fileName + ")";
    hw.vendor = "measured";
    hw.notes = "Measured by the Empirical Roofline Toolkit.";
    const std::string source = "ERT " + fileName;
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
                !pair[1].is_number())
                return fail(p, "expected a [name, number] pair");
            const double v = pair[1].get<double>();
            if (!std::isfinite(v) || v <= 0.0)
                return fail(p + "/1", "expected a finite number > 0");
            const std::string name = pair[0].get<std::string>();
            if (std::string(section) == "gbytes") {
                const auto level = ertLevel(name);
                if (!level)
                    return fail(p + "/0", "unknown memory level \"" + name +
                                              "\" (expected L1, L2, DRAM or HBM)");
                if (!hw.findMemory(*level))
                    hw.memory.push_back(MemoryLevel{*level, v * 1e9, source, false});
            } else {
                const auto precision = ertPrecision(name);
                if (!precision)
                    return fail(p + "/0", "unknown precision in \"" + name +
                                              "\" (expected e.g. \"FP64 GFLOPs\")");
                if (!hw.findCeiling(*precision, ComputeUnit::Vector))
                    hw.ceilings.push_back(
                        Ceiling{*precision, ComputeUnit::Vector, v * 1e9, source, false});
            }
        }
    }
    if (hw.memory.empty())
        return fail("/empirical/gbytes/data", "empty (expected at least one bandwidth)");
    if (hw.ceilings.empty())
        return fail("/empirical/gflops/data", "empty (expected at least one FLOP rate)");
    MeasuredImport result;
    result.hardware.push_back(std::move(hw));
    return result;
}

const ImportFormat& OmniperfRooflineImporter::format() const
{
    static const ImportFormat kFormat{
        "omniperf roofline.csv", "*.csv", "rocprof-compute / omniperf 1.x–3.x",
        "rocprof-compute profile -n run --roof-only -- ./app   (omniperf profile on older ROCm)\n"
        "# then import workloads/run/<GPU>/roofline.csv",
        "measured peaks of the GPU: HBM / L2 / L1 / LDS bandwidth, vector and MFMA FLOP/s"};
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
    std::map<std::string, std::pair<double, int>> sums; // column -> (sum, rows)
    std::vector<std::string> cells;
    while (csv.nextRow(cells, header.size())) {
        for (const Column& c : kColumns) {
            const int col = columnIndex(header, c.name);
            if (col < 0)
                continue;
            const ParsedNumber n = parseMetricNumber(cells[static_cast<std::size_t>(col)]);
            if (n.notAvailable)
                continue;
            if (!n.value || *n.value <= 0.0)
                return csv.errorAt(csv.line(),
                                   std::string("column ") + c.name +
                                       ": expected a number > 0, got \"" +
                                       cells[static_cast<std::size_t>(col)].substr(0, 60) + "\"");
            sums[c.name].first += *n.value;
            sums[c.name].second += 1;
        }
    }
    if (csv.error())
        return *csv.error();
    Hardware hw;
    hw.id = prefixedId("omniperf", fileName);
    hw.name = "Empirical roofline (" + fileName + ")";
    hw.vendor = "AMD";
    hw.notes = "Measured by omniperf on one GCD; mean of the repetitions.";
    const std::string source = "omniperf " + fileName;
    for (const Column& c : kColumns) {
        const auto it = sums.find(c.name);
        if (it == sums.end())
            continue;
        const double mean = it->second.first / it->second.second * 1e9; // GB/s, GFLOP/s
        if (c.memory)
            hw.memory.push_back(MemoryLevel{c.level, mean, source, false});
        else
            hw.ceilings.push_back(Ceiling{c.precision, c.unit, mean, source, false});
    }
    if (hw.memory.empty() || hw.ceilings.empty())
        return csv.errorAt(1, "no peak rows (expected rows of HBMBw, ..., FP32Flops, ... in GB/s "
                              "and GFLOP/s)");
    MeasuredImport result;
    result.hardware.push_back(std::move(hw));
    return result;
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
