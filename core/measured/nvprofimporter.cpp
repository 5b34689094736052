#include "core/measured/nvprofimporter.h"

#include "core/measured/csvreader.h"
#include "core/measured/kernelname.h"
#include "core/measured/metricvalue.h"
#include "core/measured/skippednote.h"
#include "core/util/format.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <optional>

namespace roofscope {

namespace {

enum class Table { None, Events, Metrics, Trace, Summary };

// A metric or event value as read, converted when a formula asks for it, so that only the
// values we use can make warnings.
struct RawValue {
    std::string text;
    double multiplier = 1.0; // a metric's Avg × Invocations; an event's Total × 1
    int line = 0;
};

// Everything the file says about one (device, kernel).
struct Entry {
    std::string device; // as in the file: "Tesla V100-SXM2-16GB (0)"
    std::string name;
    int line = 0;
    long long invocations = 0; // from the events/metrics tables
    long long traced = 0;      // launches in the GPU trace or calls in the summary
    std::optional<double> timeS;
    std::map<std::string, RawValue, std::less<>> values;
    std::map<std::string, double, std::less<>> traceSums; // counter columns of a GPU trace
};

struct Problem {
    int line = 0;
    std::string text;
};

bool isProfilerChatter(std::string_view line)
{
    return line.rfind("==", 0) == 0; // ==1234== ..., ======== Profiling result:
}

// `==1234== ` (a process id between the marks), or nvprof -i's `======== `.
bool isNvprofChatter(std::string_view line)
{
    if (line.rfind("======== ", 0) == 0)
        return true;
    if (line.rfind("==", 0) != 0)
        return false;
    std::size_t i = 2;
    while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i])))
        ++i;
    return i > 2 && line.substr(i, 2) == "==";
}

Table tableOf(const std::vector<std::string>& header)
{
    auto has = [&](std::string_view name) { return columnIndex(header, name) >= 0; };
    if (has("Device") && has("Kernel") && has("Invocations")) {
        if (has("Event Name"))
            return Table::Events;
        if (has("Metric Name"))
            return Table::Metrics;
    }
    if (has("Start") && has("Duration") && has("Name"))
        return Table::Trace;
    if (has("Time(%)") && has("Time") && has("Calls") && has("Name"))
        return Table::Summary;
    return Table::None;
}

bool isNvprofHeaderLine(std::string_view line)
{
    return line.rfind("\"Device\",\"Kernel\",\"Invocations\"", 0) == 0 ||
           line.rfind("\"Start\",\"Duration\"", 0) == 0 ||
           line.rfind("\"Type\",\"Time(%)\"", 0) == 0 || line.rfind("\"Time(%)\",\"Time\"", 0) == 0;
}

// "Tesla V100-SXM2-16GB (0)" -> "Tesla V100-SXM2-16GB".
std::string deviceName(std::string_view device)
{
    device = trimmed(device);
    if (!device.empty() && device.back() == ')') {
        const auto open = device.rfind(" (");
        if (open != std::string_view::npos &&
            std::all_of(device.begin() + static_cast<std::ptrdiff_t>(open) + 2, device.end() - 1,
                        [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
            device = device.substr(0, open);
    }
    return std::string(device);
}

// A trace's kernel name carries its correlation id: "vectorAdd(float*) [116]".
std::string kernelName(std::string_view name)
{
    name = trimmed(name);
    if (!name.empty() && name.back() == ']') {
        const auto open = name.rfind(" [");
        if (open != std::string_view::npos &&
            std::all_of(name.begin() + static_cast<std::ptrdiff_t>(open) + 2, name.end() - 1,
                        [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
            name = name.substr(0, open);
    }
    return std::string(name);
}

// A value with an optional unit glued on ("1048576", "12.5GB/s", "3.2MB"): the number in the
// base unit of its dimension, or a problem.
struct Converted {
    std::optional<double> value;
    std::string problem;
};

Converted convert(std::string_view text, UnitDimension dimension)
{
    text = trimmed(text);
    std::size_t end = 0;
    while (end < text.size() &&
           (std::isdigit(static_cast<unsigned char>(text[end])) || text[end] == '.' ||
            text[end] == ',' || text[end] == '-' || text[end] == '+' ||
            ((text[end] == 'e' || text[end] == 'E') && end + 1 < text.size() &&
             (std::isdigit(static_cast<unsigned char>(text[end + 1])) || text[end + 1] == '-' ||
              text[end + 1] == '+'))))
        ++end;
    const ParsedNumber n = parseMetricNumber(end == 0 ? text : text.substr(0, end));
    if (n.notAvailable)
        return {};
    const std::string shown(text.substr(0, 60));
    if (!n.value)
        return {std::nullopt, "expected a number, got \"" + shown + "\""};
    if (*n.value < 0.0)
        return {std::nullopt, "expected a value >= 0, got " + shown};
    const std::string_view unit = trimmed(text.substr(end));
    const UnitScale scale = parseUnit(unit);
    const bool fits =
        scale.dimension == dimension ||
        (unit.empty() && (dimension == UnitDimension::Count || dimension == UnitDimension::Bytes));
    if (!fits)
        return {std::nullopt,
                "expected " + describeDimension(dimension) + ", got \"" + shown + "\""};
    const double v = *n.value * scale.factor;
    if (!std::isfinite(v))
        return {std::nullopt, shown + " is out of range"};
    return {v, {}};
}

// The counters the formulas use, in the dimension they must have. Counter columns of a GPU
// trace with these names are summed over the launches.
constexpr std::pair<std::string_view, UnitDimension> kCounters[] = {
    {"flop_count_sp", UnitDimension::Count},
    {"flop_count_sp_add", UnitDimension::Count},
    {"flop_count_sp_mul", UnitDimension::Count},
    {"flop_count_sp_fma", UnitDimension::Count},
    {"flop_count_dp", UnitDimension::Count},
    {"flop_count_dp_add", UnitDimension::Count},
    {"flop_count_dp_mul", UnitDimension::Count},
    {"flop_count_dp_fma", UnitDimension::Count},
    {"flop_count_hp", UnitDimension::Count},
    {"flop_count_hp_add", UnitDimension::Count},
    {"flop_count_hp_mul", UnitDimension::Count},
    {"flop_count_hp_fma", UnitDimension::Count},
    {"dram_read_bytes", UnitDimension::Bytes},
    {"dram_write_bytes", UnitDimension::Bytes},
    {"dram_read_transactions", UnitDimension::Count},
    {"dram_write_transactions", UnitDimension::Count},
    {"l2_read_transactions", UnitDimension::Count},
    {"l2_write_transactions", UnitDimension::Count},
};

std::optional<UnitDimension> counterDimension(std::string_view name)
{
    for (const auto& [counter, dimension] : kCounters)
        if (counter == name)
            return dimension;
    return std::nullopt;
}

// Evaluates the formulas on one entry; values that cannot be used become problems.
class EntryValues {
public:
    EntryValues(const Entry& entry, std::vector<Problem>& problems)
        : m_entry(entry), m_problems(problems)
    {
    }

    std::optional<double> get(std::string_view name)
    {
        const auto dimension = counterDimension(name).value_or(UnitDimension::Count);
        if (const auto it = m_entry.values.find(name); it != m_entry.values.end()) {
            const Converted c = convert(it->second.text, dimension);
            if (!c.problem.empty()) {
                m_problems.push_back(Problem{it->second.line, "metric " + std::string(name) + " (" +
                                                                  shortKernelName(m_entry.name) +
                                                                  "): " + c.problem});
                return std::nullopt;
            }
            if (!c.value)
                return std::nullopt;
            const double v = *c.value * it->second.multiplier;
            return std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
        }
        if (const auto it = m_entry.traceSums.find(name); it != m_entry.traceSums.end())
            return it->second;
        return std::nullopt;
    }

private:
    const Entry& m_entry;
    std::vector<Problem>& m_problems;
};

} // namespace

const ImportFormat& NvprofImporter::format() const
{
    static const ImportFormat kFormat{
        "nvprof CSV", "*.csv *.txt *.log", "nvprof (CUDA 8–11)",
        "nvprof --csv --log-file profile.csv --metrics "
        "flop_count_sp,flop_count_dp,flop_count_hp,dram_read_bytes,dram_write_bytes,"
        "l2_read_transactions,l2_write_transactions ./app\n"
        "nvprof --csv --log-file trace.csv --print-gpu-trace ./app   # the kernels' time",
        "FLOPs per precision, DRAM and L2 bytes, launches (time with --print-gpu-trace)"};
    return kFormat;
}

bool NvprofImporter::recognizes(std::string_view text) const
{
    return anyLeadingLine(text, [](std::string_view line) {
        return isNvprofChatter(line) || isNvprofHeaderLine(line);
    });
}

Expected<MeasuredImport> NvprofImporter::read(std::string_view text,
                                              const std::string& fileName) const
{
    CsvReader csv(text, fileName);
    std::vector<Entry> entries;
    std::map<std::pair<std::string, std::string>, std::size_t> index; // (device, name)
    auto entryFor = [&](const std::string& device, const std::string& name, int line) -> Entry& {
        const auto [it, inserted] = index.emplace(std::pair{device, name}, entries.size());
        if (inserted) {
            Entry e;
            e.device = device;
            e.name = name;
            e.line = line;
            entries.push_back(std::move(e));
        }
        return entries[it->second];
    };

    Table table = Table::None;
    std::vector<std::string> header;
    std::vector<std::string> units;
    bool expectUnits = false;
    int headerLine = 0;
    bool anyTable = false;
    std::string firstError;
    std::size_t outputLines = 0;
    int firstOutputLine = 0;
    std::size_t nonKernels = 0;
    std::size_t badRows = 0;
    int firstBadRow = 0;
    std::vector<Problem> problems;
    std::vector<std::string> cells;
    auto noteOutput = [&](int line) {
        if (outputLines++ == 0)
            firstOutputLine = line;
    };
    auto noteBadRow = [&](int line) {
        if (badRows++ == 0)
            firstBadRow = line;
    };

    while (!csv.atEnd()) {
        std::string_view line = csv.peekLine();
        if (csv.nextLine() == 1 && line.substr(0, 3) == "\xEF\xBB\xBF")
            line.remove_prefix(3);
        const std::string_view lead = trimmed(line);
        if (lead.empty()) {
            csv.skipLine();
            continue;
        }
        if (isProfilerChatter(lead)) {
            if (firstError.empty() && (lead.find("Error") != std::string_view::npos ||
                                       lead.find("ERROR") != std::string_view::npos))
                firstError = std::string(lead.substr(0, 200));
            csv.skipLine();
            continue;
        }
        // Rows of the tables start with a quote, a number (trace), or a comma / unit (units
        // rows); a line with unbalanced quotes is never one (and must not open a cell).
        const bool quotesBalanced = std::count(lead.begin(), lead.end(), '"') % 2 == 0;
        if (!quotesBalanced || (lead.front() != '"' && table == Table::None)) {
            noteOutput(csv.nextLine());
            csv.skipLine();
            continue;
        }
        if (isNvprofHeaderLine(lead)) {
            csv.next(header);
            table = tableOf(header);
            headerLine = csv.line();
            anyTable = anyTable || table != Table::None;
            expectUnits = table == Table::Trace || table == Table::Summary;
            units.clear();
            continue;
        }
        if (!csv.next(cells))
            break;
        if (cells.size() > header.size() &&
            std::all_of(cells.begin() + static_cast<std::ptrdiff_t>(header.size()), cells.end(),
                        [](const std::string& c) { return c.empty(); }))
            cells.resize(header.size()); // a trailing comma
        if (cells.size() != header.size()) {
            if (cells.size() <= 2)
                noteOutput(csv.line());
            else
                noteBadRow(csv.line());
            continue;
        }
        auto cell = [&](std::string_view column) -> const std::string* {
            const int c = columnIndex(header, column);
            return c < 0 ? nullptr : &cells[static_cast<std::size_t>(c)];
        };
        if (expectUnits) {
            expectUnits = false;
            const std::string* time = cell(table == Table::Trace ? "Duration" : "Time");
            if (time && parseUnit(*time).dimension == UnitDimension::Seconds) {
                units = cells;
                continue;
            }
        }
        switch (table) {
        case Table::None:
            noteOutput(csv.line());
            break;
        case Table::Events:
        case Table::Metrics: {
            const bool events = table == Table::Events;
            const std::string& name = *cell("Kernel");
            const std::string& counter = *cell(events ? "Event Name" : "Metric Name");
            const std::string* value = cell(events ? "Total" : "Avg");
            const auto invocations = parseMetricNumber(*cell("Invocations")).value;
            if (name.empty() || counter.empty() || !value || !invocations || *invocations < 0.0 ||
                *invocations > 1e15) {
                noteBadRow(csv.line());
                break;
            }
            Entry& e = entryFor(*cell("Device"), kernelName(name), csv.line());
            e.invocations = std::max(e.invocations, static_cast<long long>(*invocations));
            e.values.emplace(counter, RawValue{*value, events ? 1.0 : *invocations, csv.line()});
            break;
        }
        case Table::Trace: {
            const std::string* device = cell("Device");
            const std::string name = kernelName(*cell("Name"));
            if (name.empty()) {
                noteBadRow(csv.line());
                break;
            }
            if (name.front() == '[') { // [CUDA memcpy HtoD], [CUDA memset]
                ++nonKernels;
                break;
            }
            Entry& e = entryFor(device ? *device : std::string(), name, csv.line());
            ++e.traced;
            const int durationCol = columnIndex(header, "Duration");
            const std::string unit = static_cast<std::size_t>(durationCol) < units.size()
                                         ? units[static_cast<std::size_t>(durationCol)]
                                         : std::string();
            const Converted d = convert(*cell("Duration") + unit, UnitDimension::Seconds);
            if (d.value)
                e.timeS = e.timeS.value_or(0.0) + *d.value;
            else
                problems.push_back(Problem{
                    csv.line(), "Duration (" + shortKernelName(name) + "): " +
                                    (d.problem.empty() ? "n/a"
                                                       : d.problem + (unit.empty() ? " (no units "
                                                                                     "row)"
                                                                                   : ""))});
            for (std::size_t c = 0; c < header.size(); ++c) {
                const auto dimension = counterDimension(header[c]);
                if (!dimension)
                    continue;
                const std::string u = c < units.size() ? units[c] : std::string();
                const Converted v = convert(cells[c] + u, *dimension);
                if (v.value)
                    e.traceSums[header[c]] += *v.value;
                else if (!v.problem.empty())
                    problems.push_back(Problem{csv.line(), "metric " + header[c] + " (" +
                                                               shortKernelName(name) +
                                                               "): " + v.problem});
            }
            break;
        }
        case Table::Summary: {
            const std::string* type = cell("Type");
            if (type && *type != "GPU activities")
                break; // API calls: host time, not kernels
            const std::string name = kernelName(*cell("Name"));
            if (name.empty()) {
                noteBadRow(csv.line());
                break;
            }
            if (name.front() == '[') {
                ++nonKernels;
                break;
            }
            const int timeCol = columnIndex(header, "Time");
            const std::string unit = static_cast<std::size_t>(timeCol) < units.size()
                                         ? units[static_cast<std::size_t>(timeCol)]
                                         : std::string();
            const Converted t = convert(*cell("Time") + unit, UnitDimension::Seconds);
            const auto calls = parseMetricNumber(*cell("Calls")).value;
            if (!t.value || !calls || *calls < 0.0 || *calls > 1e15) {
                problems.push_back(Problem{
                    csv.line(),
                    "Time (" + shortKernelName(name) + "): " +
                        (t.problem.empty() ? "expected a time and a call count" : t.problem)});
                break;
            }
            Entry& e = entryFor(std::string(), name, csv.line());
            e.timeS = e.timeS.value_or(0.0) + *t.value;
            e.traced += static_cast<long long>(*calls);
            break;
        }
        }
    }
    MeasuredImport result;
    if (csv.error()) {
        if (entries.empty())
            return *csv.error();
        std::string problem = csv.error()->message;
        if (problem.rfind(fileName + ": ", 0) == 0)
            problem.erase(0, fileName.size() + 2);
        result.warnings.push_back(problem + "; the rest of the file was not read");
    }
    if (!anyTable) {
        if (!firstError.empty())
            return makeError(fileName +
                             ": the profiled run failed; the file holds no CSV, only "
                             "nvprof messages, the first error being: " +
                             firstError + " " + howToProduce(*this));
        return makeError(fileName +
                         ": no nvprof CSV table (expected a header \"Device\",\"Kernel\","
                         "\"Invocations\",... or \"Start\",\"Duration\",...) " +
                         howToProduce(*this));
    }

    // The summary has no device column: its time goes to the kernel of the same name that the
    // metrics, events or trace name on a device (when that is one kernel without a time), and
    // it is not a kernel of its own beside them.
    for (Entry& summary : entries) {
        if (!summary.device.empty())
            continue;
        Entry* match = nullptr;
        std::size_t matches = 0;
        for (Entry& e : entries)
            if (!e.device.empty() && e.name == summary.name) {
                match = &e;
                ++matches;
            }
        if (matches == 0)
            continue;
        if (matches == 1 && !match->timeS && summary.timeS) {
            match->timeS = summary.timeS;
            match->traced = summary.traced;
        }
        summary.name.clear(); // merged
    }

    std::size_t withoutTime = 0;
    for (const Entry& e : entries) {
        if (e.name.empty())
            continue;
        EntryValues v(e, problems);
        MeasuredKernel k;
        k.name = e.name;
        k.shortName = shortKernelName(k.name);
        k.source = "nvprof";
        k.file = fileName;
        k.device = deviceName(e.device);
        k.launches = std::max<long long>(1, e.invocations > 0 ? e.invocations : e.traced);
        if (e.timeS) {
            k.timeS = *e.timeS;
        } else {
            ++withoutTime; // one file warning; the analysis says "zero time" per kernel
        }
        struct Vector {
            const char* key;
            const char* metric;
            const char* formula;
        };
        static const Vector kVector[] = {
            {"fp64", "flop_count_dp", "fp64 = flop_count_dp"},
            {"fp32", "flop_count_sp", "fp32 = flop_count_sp"},
            {"fp16", "flop_count_hp", "fp16 = flop_count_hp"},
        };
        std::string formula;
        for (const Vector& p : kVector) {
            std::optional<double> flops = v.get(p.metric);
            const std::string m(p.metric);
            if (!flops) {
                const auto add = v.get(m + "_add");
                const auto mul = v.get(m + "_mul");
                const auto fma = v.get(m + "_fma");
                if (add || mul || fma)
                    flops = add.value_or(0) + mul.value_or(0) + 2.0 * fma.value_or(0);
            }
            if (!flops || !std::isfinite(*flops))
                continue;
            k.flopsByPrecision[p.key] = *flops;
            formula += (formula.empty() ? "" : "; ") + std::string(p.formula);
        }
        if (!k.flopsByPrecision.empty()) {
            double total = 0.0;
            const std::pair<const std::string, double>* dominant = nullptr;
            for (const auto& entry : k.flopsByPrecision) {
                total += entry.second;
                if (!dominant || entry.second > dominant->second)
                    dominant = &entry;
            }
            if (std::isfinite(total)) {
                k.flops = total;
                k.flopsFormula = formula + " (nvprof: add + mul + 2·fma per thread; fp16 as "
                                           "nvprof counts it)";
                k.precision = parsePrecision(dominant->first);
            } else {
                k.flopsByPrecision.clear();
            }
        }
        const auto readBytes = v.get("dram_read_bytes");
        const auto writeBytes = v.get("dram_write_bytes");
        if (readBytes || writeBytes) {
            k.setBytes(MemLevel::Dram, readBytes.value_or(0) + writeBytes.value_or(0));
        } else {
            const auto r = v.get("dram_read_transactions");
            const auto w = v.get("dram_write_transactions");
            if (r || w)
                k.setBytes(MemLevel::Dram, 32.0 * (r.value_or(0) + w.value_or(0)));
        }
        const auto l2r = v.get("l2_read_transactions");
        const auto l2w = v.get("l2_write_transactions");
        if (l2r || l2w)
            k.setBytes(MemLevel::L2, 32.0 * (l2r.value_or(0) + l2w.value_or(0)));
        for (MemLevel level : kMemLevels)
            if (const auto b = k.bytesAt(level); b && !std::isfinite(*b))
                k.bytes[static_cast<std::size_t>(level)].reset();
        result.kernels.push_back(std::move(k));
    }
    if (result.kernels.empty())
        return csv.errorAt(headerLine,
                           "a header but no kernel rows (expected one row per kernel and "
                           "metric, event or launch; did the profiled run launch no kernel?) " +
                               howToProduce(*this));

    if (withoutTime > 0)
        result.warnings.push_back(
            countOf(withoutTime, "kernel has", "kernels have") +
            " time 0: nvprof metrics carry no duration; add --print-gpu-trace or profile time "
            "separately");
    constexpr std::size_t kNamedProblems = 5;
    for (std::size_t i = 0; i < problems.size() && i < kNamedProblems; ++i)
        result.warnings.push_back("line " + std::to_string(problems[i].line) + ": " +
                                  problems[i].text + "; value skipped");
    if (problems.size() > kNamedProblems)
        result.warnings.push_back("and " + skippedNote(problems.size() - kNamedProblems,
                                                       "more value", "more values",
                                                       "could not be read"));
    if (badRows > 0)
        result.warnings.push_back(skippedNote(
            badRows, "row", "rows", "not matching their table's header", onLine(firstBadRow)));
    if (nonKernels > 0)
        result.warnings.push_back(
            skippedNote(nonKernels, "memory copy or set", "memory copies and sets", "not kernels"));
    if (outputLines > 0)
        result.warnings.push_back(skippedNote(outputLines, "line", "lines",
                                              "program output, not rows of a table",
                                              onLine(firstOutputLine)));
    const bool anyFlops = std::any_of(result.kernels.begin(), result.kernels.end(),
                                      [](const MeasuredKernel& k) { return k.flops.has_value(); });
    result.withoutFlopsWarned = !anyFlops;
    if (!anyFlops)
        result.warnings.push_back("FLOPs unknown: the file has no FLOP counters; run nvprof with "
                                  "--metrics flop_count_sp,flop_count_dp,flop_count_hp");
    return result;
}

} // namespace roofscope
