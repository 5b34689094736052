#include "core/measured/ncuimporter.h"

#include "core/measured/csvreader.h"
#include "core/measured/empiricalhardware.h"
#include "core/measured/kernelname.h"
#include "core/measured/metricvalue.h"
#include "core/measured/skippednote.h"
#include "core/util/format.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <utility>

namespace roofscope {

namespace {

// A metric cell as read, converted when a formula asks for it (so that only metrics we use
// can make an import fail, and their errors name the line and the metric).
struct RawMetric {
    std::string value;
    std::string unit;
    int line = 0;
};

struct Launch {
    std::string id;
    std::string kernelName;
    std::string cc;
    int line = 0; // first line of the launch
    std::map<std::string, RawMetric, std::less<>> metrics;
};

// A value of a metric that could not be used: the metric is skipped and the problem becomes a
// warning ("line 7: metric dram__bytes.sum (launch 3): expected a number, got \"soon\"").
struct MetricProblem {
    int line = 0;
    std::string text;
};

// Evaluates the vendor formulas on one launch. A value that cannot be converted (not a
// number, negative, a unit of the wrong kind, out of range) is skipped and kept in problems().
class LaunchMetrics {
public:
    explicit LaunchMetrics(const Launch& launch) : m_launch(launch) {}

    const std::vector<MetricProblem>& problems() const { return m_problems; }

    // A launch without a duration: only rates are read (count() and bytes() then give per-second
    // values), since a total cannot be turned into a rate without the time.
    void readRatesOnly() { m_ratesOnly = true; }
    bool ratesOnly() const { return m_ratesOnly; }

    bool has(std::string_view name) const { return m_launch.metrics.count(name) > 0; }

    // The value converted to the base unit of `dimension`; nullopt when absent, n/a or not
    // usable.
    std::optional<double> get(std::string_view name, UnitDimension dimension)
    {
        const auto it = m_launch.metrics.find(name);
        if (it == m_launch.metrics.end())
            return std::nullopt;
        const RawMetric& m = it->second;
        const ParsedNumber n = parseMetricNumber(m.value);
        if (n.notAvailable)
            return std::nullopt;
        if (!n.value) {
            fail(m.line, name, "expected a number, got \"" + clip(m.value) + "\"");
            return std::nullopt;
        }
        if (*n.value < 0.0) {
            fail(m.line, name, "expected a value >= 0, got " + clip(m.value));
            return std::nullopt;
        }
        const UnitScale scale = parseUnit(m.unit);
        // A count may come without a unit; every other dimension must be spelt out.
        const bool fits =
            scale.dimension == dimension ||
            ((dimension == UnitDimension::Count || dimension == UnitDimension::PerCycle) &&
             trimmed(m.unit).empty());
        if (!fits) {
            fail(m.line, name,
                 "expected " + describeDimension(dimension) + ", got unit \"" + clip(m.unit) +
                     "\"");
            return std::nullopt;
        }
        const double v = *n.value * scale.factor;
        if (!std::isfinite(v)) {
            fail(m.line, name, clip(m.value) + " " + clip(m.unit) + " is out of range");
            return std::nullopt;
        }
        return v;
    }

    // The launch's duration in seconds.
    std::optional<double> time()
    {
        if (const auto t = get("gpu__time_duration.sum", UnitDimension::Seconds))
            return t;
        for (std::string_view unit : {"smsp", "sm", "gpc"}) {
            const std::string cycles = std::string(unit) + "__cycles_elapsed.avg";
            const auto c = get(cycles, UnitDimension::Count);
            const auto rate = get(cycles + ".per_second", UnitDimension::PerSecond);
            if (c && rate && *rate > 0.0 && std::isfinite(*c / *rate))
                return *c / *rate;
        }
        return std::nullopt;
    }

    std::optional<double> clock()
    {
        for (std::string_view unit : {"smsp", "sm", "gpc"})
            if (const auto r = get(std::string(unit) + "__cycles_elapsed.avg.per_second",
                                   UnitDimension::PerSecond))
                return r;
        return std::nullopt;
    }

    // A summed counter, from `.sum`, or its `.sum.per_cycle_elapsed` or `.sum.per_second`
    // form multiplied back by the clock and the time. `bases` are alternative spellings.
    std::optional<double> count(std::initializer_list<std::string_view> bases, double timeS)
    {
        for (std::string_view base : bases) {
            const std::string b(base);
            if (!m_ratesOnly)
                if (const auto v = get(b + ".sum", UnitDimension::Count))
                    return v;
            if (const auto v = get(b + ".sum.per_cycle_elapsed", UnitDimension::PerCycle)) {
                if (const auto rate = clock())
                    return *v * *rate * timeS;
            }
            if (const auto v = get(b + ".sum.per_second", UnitDimension::PerSecond))
                return *v * timeS;
        }
        return std::nullopt;
    }

    std::optional<double> bytes(std::string_view base, double timeS)
    {
        const std::string b(base);
        if (!m_ratesOnly)
            if (const auto v = get(b + ".sum", UnitDimension::Bytes))
                return v;
        if (const auto v = get(b + ".sum.per_second", UnitDimension::BytesPerSecond))
            return *v * timeS;
        return std::nullopt;
    }

    std::string text(std::string_view name) const
    {
        const auto it = m_launch.metrics.find(name);
        return it == m_launch.metrics.end() ? std::string() : it->second.value;
    }

    // Metric names starting with `prefix`.
    std::vector<std::string> namesStartingWith(std::string_view prefix) const
    {
        std::vector<std::string> names;
        for (auto it = m_launch.metrics.lower_bound(prefix);
             it != m_launch.metrics.end() && it->first.compare(0, prefix.size(), prefix) == 0; ++it)
            names.push_back(it->first);
        return names;
    }

private:
    static std::string clip(const std::string& text)
    {
        return text.size() > 60 ? text.substr(0, 60) + "..." : text;
    }
    void fail(int line, std::string_view metric, const std::string& problem)
    {
        // A metric asked for twice (the clock by several formulas) is reported once.
        for (const std::string& seen : m_failed)
            if (seen == metric)
                return;
        m_failed.emplace_back(metric);
        m_problems.push_back(MetricProblem{line, "metric " + std::string(metric) + " (launch " +
                                                     m_launch.id + "): " + problem});
    }

    const Launch& m_launch;
    std::vector<std::string> m_failed;
    std::vector<MetricProblem> m_problems;
    bool m_ratesOnly = false;
};

// Tensor-core sources: `sm__ops_path_tensor_src_<type>...` -> precision key.
std::optional<std::string> tensorPrecision(std::string_view type)
{
    static const std::pair<std::string_view, std::string_view> kTypes[] = {
        {"fp64", "fp64"}, {"fp16", "fp16"}, {"bf16", "bf16"}, {"tf32", "tf32"},
        {"fp8", "fp8"},   {"e4m3", "fp8"},  {"e5m2", "fp8"},  {"int8", "int8"},
        {"s8", "int8"},   {"u8", "int8"},   {"int4", "int4"}, {"fp4", "fp4"},
    };
    for (const auto& [prefix, key] : kTypes)
        if (type.substr(0, prefix.size()) == prefix)
            return std::string(key) + "-tensor";
    return std::nullopt;
}

struct Flops {
    std::map<std::string, double> byPrecision;
    std::vector<std::string> formulas;
    std::vector<std::string> notes;
};

Flops launchFlops(LaunchMetrics& m, double timeS, int ccMajor)
{
    Flops f;
    auto op = [&](std::string_view name) {
        const std::string suffix = "sass_thread_inst_executed_op_" + std::string(name) + "_pred_on";
        return m.count({"smsp__" + suffix, "sm__" + suffix}, timeS);
    };
    struct Vector {
        const char* key;
        const char* add;
        const char* mul;
        const char* fma;
        double addWeight, fmaWeight;
        const char* formula;
    };
    static const Vector kVector[] = {
        {"fp64", "dadd", "dmul", "dfma", 1, 2, "fp64 = dadd + dmul + 2·dfma"},
        {"fp32", "fadd", "fmul", "ffma", 1, 2, "fp32 = fadd + fmul + 2·ffma"},
        // Packed half2 instructions: Nsight Compute's half-precision roofline section counts
        // two operations per add or multiply and four per FMA.
        {"fp16", "hadd", "hmul", "hfma", 2, 4,
         "fp16 = 2·hadd + 2·hmul + 4·hfma (Nsight Compute half-precision roofline)"},
    };
    for (const Vector& v : kVector) {
        const auto add = op(v.add);
        const auto mul = op(v.mul);
        const auto fma = op(v.fma);
        if (!add && !mul && !fma)
            continue;
        f.byPrecision[v.key] =
            v.addWeight * (add.value_or(0) + mul.value_or(0)) + v.fmaWeight * fma.value_or(0);
        f.formulas.emplace_back(v.formula);
    }
    // Tensor-core operations, counted directly (no ×2). Per source type, the plain metric is
    // the total; otherwise its dst/sparsity variants are summed.
    std::map<std::string, std::map<std::string, double>> tensor; // key -> variant -> ops
    const std::string prefix = "sm__ops_path_tensor_src_";
    for (const std::string& name : m.namesStartingWith(prefix)) {
        // These are totals only: without a time they give no rate.
        if (m.ratesOnly() || name.size() < 4 || name.compare(name.size() - 4, 4, ".sum") != 0)
            continue;
        const std::string rest = name.substr(prefix.size(), name.size() - 4 - prefix.size());
        const std::string type = rest.substr(0, rest.find('_'));
        const auto key = tensorPrecision(type);
        if (!key)
            continue;
        if (const auto v = m.get(name, UnitDimension::Count))
            tensor[*key][rest.substr(type.size())] = *v;
    }
    for (const auto& [key, variants] : tensor) {
        double total = 0.0;
        if (const auto plain = variants.find(""); plain != variants.end()) {
            total = plain->second;
        } else {
            for (const auto& [variant, ops] : variants)
                total += ops;
        }
        f.byPrecision[key] += total;
    }
    if (!tensor.empty())
        f.formulas.emplace_back("tensor = sm__ops_path_tensor_src_* (operations, no ×2)");
    const auto pipe =
        m.count({"smsp__inst_executed_pipe_tensor", "sm__inst_executed_pipe_tensor"}, timeS);
    if (tensor.empty() && pipe && *pipe > 0.0) {
        if (ccMajor == 7) {
            f.byPrecision["fp16-tensor"] += 512.0 * *pipe;
            f.formulas.emplace_back("fp16 tensor ≈ 512 × inst_executed_pipe_tensor (estimate: "
                                    "Volta/Turing HMMA)");
        } else {
            f.notes.emplace_back("tensor pipe instructions (inst_executed_pipe_tensor) not counted "
                                 "as FLOPs: 512 FLOP per instruction holds only for Volta/Turing "
                                 "(CC 7.x); profile sm__ops_path_tensor_* to count tensor FLOPs");
        }
    }
    return f;
}

// The peaks some exports carry (`*.peak_sustained` metrics): the roofs of the machine as it
// was clocked during the measurement.
std::optional<Hardware> measuredPeaks(LaunchMetrics& m, const std::string& device,
                                      const std::string& fileName)
{
    Hardware hw;
    const auto smClock = m.get("sm__cycles_elapsed.avg.per_second", UnitDimension::PerSecond);
    // The file's name without its folder: the entry must not change with where the file was
    // kept.
    const std::string baseName = fileName.substr(fileName.find_last_of('/') + 1);
    const std::string source = "peak_sustained metrics in " + baseName;
    struct Peak {
        const char* op;
        Precision precision;
    };
    for (const Peak& p : {Peak{"ffma", Precision::FP32}, Peak{"dfma", Precision::FP64}}) {
        std::optional<double> perCycle;
        for (const char* unit : {"sm__", "smsp__"})
            if (!perCycle)
                perCycle = m.get(std::string(unit) + "sass_thread_inst_executed_op_" + p.op +
                                     "_pred_on.sum.peak_sustained",
                                 UnitDimension::PerCycle);
        if (perCycle && smClock && *perCycle > 0.0 && *smClock > 0.0)
            hw.ceilings.push_back(Ceiling{p.precision, ComputeUnit::Vector,
                                          *perCycle * 2.0 * *smClock, source, false});
    }
    const auto dramPerCycle = m.get("dram__bytes.sum.peak_sustained", UnitDimension::PerCycle);
    const auto dramClock = m.get("dram__cycles_elapsed.avg.per_second", UnitDimension::PerSecond);
    if (dramPerCycle && dramClock && *dramPerCycle > 0.0 && *dramClock > 0.0)
        hw.memory.push_back(MemoryLevel{"dram", *dramPerCycle * *dramClock, source, false});
    if (hw.ceilings.empty() || hw.memory.empty())
        return std::nullopt;
    hw.id = "measured-" + slugOf(device.empty() ? fileStemOf(fileName) : device);
    hw.name = (device.empty() ? std::string("GPU") : device) + " (ncu, " + baseName + ")";
    hw.vendor = "NVIDIA";
    hw.notes = "Peaks at the clocks of the profiled run, which may be below the datasheet's "
               "boost clock.";
    return hw;
}

// Whether a launch holds a rate a point can be placed from: a per-cycle or per-second FLOP
// counter, or a DRAM bandwidth (the metrics of a roofline-chart section).
bool hasRates(const Launch& launch)
{
    for (const auto& [name, metric] : launch.metrics) {
        const bool rate = name.ends_with(".per_cycle_elapsed") || name.ends_with(".per_second");
        const bool work = name.find("sass_thread_inst_executed_op_") != std::string::npos;
        const bool dram = name.rfind("dram__bytes", 0) == 0;
        if (rate && (work || dram))
            return true;
    }
    return false;
}

// "9.0": the launch's CC cell (details page), or the raw page's major and minor attributes.
std::string computeCapabilityOf(const Launch& launch, LaunchMetrics& m)
{
    const std::string_view cc = trimmed(launch.cc);
    const auto dot = cc.find('.');
    if (dot != std::string_view::npos && dot > 0 && dot + 1 < cc.size() &&
        std::all_of(cc.begin(), cc.end(),
                    [](char c) { return c == '.' || std::isdigit(static_cast<unsigned char>(c)); }))
        return std::string(cc);
    const auto major = m.get("device__attribute_compute_capability_major", UnitDimension::Count);
    const auto minor = m.get("device__attribute_compute_capability_minor", UnitDimension::Count);
    // In range before the cast: a corrupt counter (negative, huge) would not fit an int.
    if (major && minor && *major >= 0.0 && *major < 100 && *minor >= 0.0 && *minor < 100)
        return std::to_string(static_cast<int>(*major)) + "." +
               std::to_string(static_cast<int>(*minor));
    return {};
}

bool isErrorChatter(std::string_view line)
{
    return line.rfind("==ERROR==", 0) == 0;
}

bool isNcuChatter(std::string_view line)
{
    return line.rfind("==", 0) == 0; // ==PROF==, ==WARNING==, ==ERROR==
}

// A header line of either page has an "ID" and a "Kernel Name" cell.
bool isNcuHeaderLine(std::string_view line)
{
    return line.find("Kernel Name") != std::string_view::npos &&
           (line.rfind("\"ID\"", 0) == 0 || line.rfind("ID,", 0) == 0 ||
            line.find(",\"ID\",") != std::string_view::npos);
}

// Section exports (`--section`, `--set`) name metrics by their display name. Those a formula
// needs are also stored under the metric they show, when their unit is of the right kind (the
// Speed Of Light section has a "Memory Throughput" in %, Memory Workload Analysis one in
// byte/second).
struct DisplayName {
    std::string_view name;
    UnitDimension dimension;
    std::string_view metric;
};
constexpr DisplayName kDisplayNames[] = {
    {"Duration", UnitDimension::Seconds, "gpu__time_duration.sum"},
    {"SM Frequency", UnitDimension::PerSecond, "sm__cycles_elapsed.avg.per_second"},
    {"DRAM Frequency", UnitDimension::PerSecond, "dram__cycles_elapsed.avg.per_second"},
    {"Memory Throughput", UnitDimension::BytesPerSecond, "dram__bytes.sum.per_second"},
    {"# SMs", UnitDimension::Count, "device__attribute_multiprocessor_count"},
    // The roofline-chart sections (SpeedOfLight_RooflineChart and its hierarchical kin): the
    // kernel's point as per-cycle rates and a bandwidth, the roofs as per-cycle peaks.
    {"DRAM Bandwidth", UnitDimension::BytesPerSecond, "dram__bytes.sum.per_second"},
    {"Predicated-On FADD Thread Instructions Executed Per Cycle", UnitDimension::PerCycle,
     "smsp__sass_thread_inst_executed_op_fadd_pred_on.sum.per_cycle_elapsed"},
    {"Predicated-On FMUL Thread Instructions Executed Per Cycle", UnitDimension::PerCycle,
     "smsp__sass_thread_inst_executed_op_fmul_pred_on.sum.per_cycle_elapsed"},
    {"Predicated-On FFMA Thread Instructions Executed Per Cycle", UnitDimension::PerCycle,
     "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum.per_cycle_elapsed"},
    {"Predicated-On DADD Thread Instructions Executed Per Cycle", UnitDimension::PerCycle,
     "smsp__sass_thread_inst_executed_op_dadd_pred_on.sum.per_cycle_elapsed"},
    {"Predicated-On DMUL Thread Instructions Executed Per Cycle", UnitDimension::PerCycle,
     "smsp__sass_thread_inst_executed_op_dmul_pred_on.sum.per_cycle_elapsed"},
    {"Predicated-On DFMA Thread Instructions Executed Per Cycle", UnitDimension::PerCycle,
     "smsp__sass_thread_inst_executed_op_dfma_pred_on.sum.per_cycle_elapsed"},
    {"Theoretical Predicated-On FFMA Thread Instructions Executed", UnitDimension::PerCycle,
     "sm__sass_thread_inst_executed_op_ffma_pred_on.sum.peak_sustained"},
    {"Theoretical Predicated-On DFMA Thread Instructions Executed", UnitDimension::PerCycle,
     "sm__sass_thread_inst_executed_op_dfma_pred_on.sum.peak_sustained"},
    {"Theoretical DRAM Bytes Accessible", UnitDimension::PerCycle,
     "dram__bytes.sum.peak_sustained"},
};

std::optional<std::string_view> metricOfDisplayName(std::string_view name, std::string_view unit)
{
    for (const DisplayName& d : kDisplayNames)
        if (name == d.name && parseUnit(unit).dimension == d.dimension)
            return d.metric;
    return std::nullopt;
}

bool containsNoCase(std::string_view text, std::string_view word)
{
    const auto it =
        std::search(text.begin(), text.end(), word.begin(), word.end(), [](char a, char b) {
            return std::tolower(static_cast<unsigned char>(a)) ==
                   std::tolower(static_cast<unsigned char>(b));
        });
    return it != text.end();
}

// The GPU a program names in its own output ("Device 0: NVIDIA GeForce RTX 3070",
// "GPU: Tesla V100-SXM2-16GB", "Using device 0: \"NVIDIA A100\""), or "".
std::string gpuNamedIn(std::string_view line)
{
    const auto colon = line.find(':');
    if (colon == std::string_view::npos)
        return {};
    const std::string_view key = line.substr(0, colon);
    if (!containsNoCase(key, "device") && !containsNoCase(key, "gpu"))
        return {};
    std::string_view value = trimmed(line.substr(colon + 1));
    if (!value.empty() && value.back() == '\r')
        value.remove_suffix(1);
    if (const auto paren = value.find(" ("); paren != std::string_view::npos)
        value = value.substr(0, paren);
    while (!value.empty() && (value.front() == '"' || value.front() == '\''))
        value.remove_prefix(1);
    while (!value.empty() && (value.back() == '"' || value.back() == '\'' || value.back() == ' '))
        value.remove_suffix(1);
    if (value.empty() || value.size() > 80)
        return {};
    for (std::string_view brand : {"NVIDIA", "GeForce", "Tesla", "Quadro", "TITAN", "RTX"})
        if (containsNoCase(value, brand))
            return std::string(value);
    return {};
}

// Lines that are not rows of the table: what the profiled program printed before, between and
// after the CSV rows.
struct ProgramOutput {
    std::size_t lines = 0;
    int firstLine = 0;
    std::string gpu; // the first GPU it names

    void note(std::string_view line, int number)
    {
        if (lines++ == 0)
            firstLine = number;
        if (gpu.empty())
            gpu = gpuNamedIn(line);
    }
};

// Items skipped in a file: counted, the first one named.
struct Skipped {
    std::size_t count = 0;
    int firstLine = 0;
    std::string first;

    void add(int line, std::string what = {})
    {
        if (count++ == 0) {
            firstLine = line;
            first = std::move(what);
        }
    }
};

// The FLOP counters of the producing command, for the "FLOPs unknown" warning.
std::string flopMetricsOf(std::string_view command)
{
    const std::string_view flag = "--metrics ";
    const auto start = command.find(flag);
    if (start == std::string_view::npos)
        return {};
    std::string_view list = command.substr(start + flag.size());
    list = list.substr(0, list.find(' '));
    std::string out;
    while (!list.empty()) {
        const auto comma = list.find(',');
        const std::string_view name = list.substr(0, comma);
        if (name.find("sass_thread_inst_executed_op") != std::string_view::npos ||
            name.find("ops_path_tensor") != std::string_view::npos)
            out += (out.empty() ? "" : ",") + std::string(name);
        list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    }
    return out;
}

// Drops the values a sum or product pushed past the range of a double, so that a launch with
// one absurd counter keeps its other numbers.
void dropNonFinite(MeasuredKernel& k, std::vector<MetricProblem>& problems, int line)
{
    auto report = [&](const std::string& what) {
        problems.push_back(MetricProblem{line, what + " (launch " + k.launchId +
                                                   ") out of range (are the counters corrupt?)"});
    };
    for (auto it = k.flopsByPrecision.begin(); it != k.flopsByPrecision.end();) {
        if (std::isfinite(it->second)) {
            ++it;
            continue;
        }
        report(it->first + " FLOPs");
        it = k.flopsByPrecision.erase(it);
    }
    for (MemLevel level : kMemLevels)
        if (const auto b = k.bytesAt(level); b && !std::isfinite(*b)) {
            report(std::string(memLevelName(level)) + " bytes");
            k.bytes[static_cast<std::size_t>(level)].reset();
        }
}

} // namespace

const ImportFormat& NcuImporter::format() const
{
    static const ImportFormat kFormat{
        "Nsight Compute CSV", "*.csv *.txt", "Nsight Compute (ncu) 2019.5 and later",
        "ncu --csv --page details --metrics "
        "gpu__time_duration.sum,dram__bytes.sum,lts__t_bytes.sum,l1tex__t_bytes.sum,"
        "smsp__sass_thread_inst_executed_op_fadd_pred_on.sum,"
        "smsp__sass_thread_inst_executed_op_fmul_pred_on.sum,"
        "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum,"
        "smsp__sass_thread_inst_executed_op_dadd_pred_on.sum,"
        "smsp__sass_thread_inst_executed_op_dmul_pred_on.sum,"
        "smsp__sass_thread_inst_executed_op_dfma_pred_on.sum,"
        "smsp__sass_thread_inst_executed_op_hadd_pred_on.sum,"
        "smsp__sass_thread_inst_executed_op_hmul_pred_on.sum,"
        "smsp__sass_thread_inst_executed_op_hfma_pred_on.sum,"
        "sm__ops_path_tensor_src_fp16.sum,sm__ops_path_tensor_src_bf16.sum,"
        "sm__ops_path_tensor_src_tf32.sum,device__attribute_display_name ./app > profile.csv\n"
        "ncu -i report.ncu-rep --csv --page details > profile.csv",
        "time, FLOPs per precision (vector and tensor), DRAM / L2 / L1 bytes, the GPU's name"};
    return kFormat;
}

bool NcuImporter::recognizes(std::string_view text) const
{
    return anyLeadingLine(text, [](std::string_view line) {
        return line.rfind("==PROF==", 0) == 0 || isErrorChatter(line) || isNcuHeaderLine(line);
    });
}

Expected<MeasuredImport> NcuImporter::read(std::string_view text, const std::string& fileName) const
{
    CsvReader csv(text, fileName);
    ProgramOutput output;
    // Skip the profiler's and the program's chatter before the header.
    std::string firstError;
    std::size_t errors = 0; // ncu's ==ERROR== lines before the table
    bool headerQuoted = false;
    while (!csv.atEnd()) {
        std::string_view line = csv.peekLine();
        if (csv.nextLine() == 1 && line.substr(0, 3) == "\xEF\xBB\xBF")
            line.remove_prefix(3);
        if (isNcuHeaderLine(line)) {
            headerQuoted = !line.empty() && line.front() == '"';
            break;
        }
        if (isErrorChatter(line) && errors++ == 0)
            firstError = std::string(line.substr(0, 200));
        if (!isNcuChatter(line) && !trimmed(line).empty())
            output.note(line, csv.nextLine());
        csv.skipLine();
    }
    if (csv.atEnd()) {
        if (!firstError.empty())
            return makeError(fileName +
                             ": the profiled run failed; the file holds no CSV, only "
                             "profiler messages, the first error being: " +
                             firstError);
        return makeError(fileName +
                         ": no Nsight Compute CSV header (expected a line with "
                         "\"ID\" and \"Kernel Name\" columns) " +
                         howToProduce(*this));
    }
    std::vector<std::string> header;
    csv.next(header);
    const int headerLine = csv.line();
    const int idCol = columnIndex(header, "ID");
    const int nameCol = columnIndex(header, "Kernel Name");
    const int ccCol = columnIndex(header, "CC");
    const int metricCol = columnIndex(header, "Metric Name");
    const int unitCol = columnIndex(header, "Metric Unit");
    const int valueCol = columnIndex(header, "Metric Value");
    if (idCol < 0 || nameCol < 0)
        return csv.errorAt(headerLine, "expected \"ID\" and \"Kernel Name\" header cells (the "
                                       "first columns of ncu --csv)");
    const bool longFormat = metricCol >= 0;
    if (longFormat && valueCol < 0)
        return csv.errorAt(headerLine, "a \"Metric Name\" column but no \"Metric Value\" "
                                       "(expected the details page of ncu --csv)");
    // The cells a row must have: identity, and on the details page the metric's name and value.
    const std::size_t needed =
        static_cast<std::size_t>(std::max({idCol, nameCol, metricCol, unitCol, valueCol})) + 1;
    const std::size_t identity = static_cast<std::size_t>(std::max(idCol, nameCol)) + 1;

    std::vector<Launch> launches;
    std::map<std::string, std::size_t> launchIndex;
    std::vector<std::string> units; // raw page: the units row
    std::vector<std::string> cells;
    Skipped incomplete; // rows without their identity or metric cells
    Skipped longer;     // rows with more (non-empty) cells than the header
    while (!csv.atEnd()) {
        const std::string_view raw = csv.peekLine();
        const std::string_view lead = trimmed(raw);
        if (lead.empty() || isNcuChatter(lead)) {
            csv.skipLine(); // blank lines; ncu's own ==PROF== / ==WARNING== messages
            continue;
        }
        // ncu quotes every cell: in a quoted export a line that does not start with a quote is
        // program output (which may hold quotes of its own that must not start a cell).
        if (headerQuoted && lead.front() != '"') {
            output.note(raw, csv.nextLine());
            csv.skipLine();
            continue;
        }
        if (!csv.next(cells))
            break;
        if (cells == header)
            continue; // the header again (two exports appended to one file)
        if (cells.size() > header.size()) {
            if (!std::all_of(cells.begin() + static_cast<std::ptrdiff_t>(header.size()),
                             cells.end(), [](const std::string& c) { return c.empty(); })) {
                longer.add(csv.line());
                continue;
            }
            cells.resize(header.size()); // a trailing comma
        }
        const std::size_t given = cells.size();
        if (given < identity) {
            output.note(raw, csv.line()); // one or two cells: a line the program printed
            continue;
        }
        // Rows may leave off the rule columns at the end (Rule Name ... Estimated Speedup).
        cells.resize(header.size());
        const std::string& id = cells[static_cast<std::size_t>(idCol)];
        if (!longFormat && launches.empty() && units.empty() && id.empty()) {
            units = cells;
            continue;
        }
        if (id.empty() || (longFormat && given < needed)) {
            incomplete.add(csv.line());
            continue;
        }
        const auto [it, inserted] = launchIndex.emplace(id, launches.size());
        if (inserted) {
            Launch l;
            l.id = id;
            l.kernelName = cells[static_cast<std::size_t>(nameCol)];
            l.cc = ccCol >= 0 ? cells[static_cast<std::size_t>(ccCol)] : std::string();
            l.line = csv.line();
            launches.push_back(std::move(l));
        }
        Launch& launch = launches[it->second];
        if (longFormat) {
            const std::string& metric = cells[static_cast<std::size_t>(metricCol)];
            if (metric.empty())
                continue; // a rule row of a section export
            RawMetric raw{cells[static_cast<std::size_t>(valueCol)],
                          unitCol >= 0 ? cells[static_cast<std::size_t>(unitCol)] : std::string(),
                          csv.line()};
            if (const auto alias = metricOfDisplayName(metric, raw.unit))
                launch.metrics.emplace(std::string(*alias), raw);
            // First value wins (roofline body items repeat).
            launch.metrics.emplace(metric, std::move(raw));
        } else {
            for (std::size_t c = 0; c < header.size(); ++c) {
                if (static_cast<int>(c) == idCol || static_cast<int>(c) == nameCol)
                    continue;
                launch.metrics.emplace(
                    header[c], RawMetric{cells[c], c < units.size() ? units[c] : "", csv.line()});
            }
        }
    }
    MeasuredImport result;
    if (csv.error()) {
        if (launches.empty())
            return *csv.error();
        // A file cut short: what was read before the cut is kept.
        std::string problem = csv.error()->message;
        if (problem.rfind(fileName + ": ", 0) == 0)
            problem.erase(0, fileName.size() + 2);
        result.warnings.push_back(problem + "; the rest of the file was not read");
    }
    if (launches.empty())
        return csv.errorAt(headerLine,
                           "a header but no kernel rows (expected one row per " +
                               std::string(longFormat ? "launch and metric" : "launch") +
                               "; did the profiled run launch no kernel?)");

    std::vector<MetricProblem> problems;
    Skipped noDuration;
    bool outputGpuUsed = false; // a launch took its device from the program's output
    bool peaksTaken = false;
    std::size_t ratesOnly = 0; // launches placed from rates, without a time
    for (const Launch& launch : launches) {
        LaunchMetrics m(launch);
        MeasuredKernel k;
        k.name = launch.kernelName;
        k.shortName = shortKernelName(k.name);
        k.source = "ncu";
        k.file = fileName;
        k.launchId = launch.id;
        k.device = m.text("device__attribute_display_name");
        // What the file states of the device when it does not name it: the first launch's.
        if (result.computeCapability.empty())
            result.computeCapability = computeCapabilityOf(launch, m);
        if (result.smCount == 0)
            if (const auto sms =
                    m.get("device__attribute_multiprocessor_count", UnitDimension::Count);
                sms && *sms >= 1.0 && *sms <= 100000.0)
                result.smCount = static_cast<int>(*sms);
        if (k.device.empty() && !output.gpu.empty()) {
            k.device = output.gpu;
            outputGpuUsed = true;
        }
        auto time = m.time();
        if (!time && hasRates(launch)) {
            // No duration, but the rates of a roofline-chart section: the point needs none.
            // Everything below is then read per second of the kernel's run.
            m.readRatesOnly();
            k.timeKnown = false;
            time = 1.0;
        }
        if (!time) {
            // The reason: the duration metric that could not be read, or none at all.
            const auto& p = m.problems();
            if (!p.empty())
                noDuration.add(p.front().line, p.front().text + " (no other duration)");
            else
                noDuration.add(launch.line, "launch " + launch.id + " (" + k.shortName +
                                                "): no duration (expected "
                                                "gpu__time_duration.sum, or "
                                                "smsp__cycles_elapsed.avg with "
                                                "smsp__cycles_elapsed.avg.per_second)");
            continue;
        }
        k.timeS = k.timeKnown ? *time : 0.0;
        const double scale = *time; // seconds the counts are taken over (1 for rates)
        int ccMajor = 0;
        if (!launch.cc.empty() && std::isdigit(static_cast<unsigned char>(launch.cc[0])))
            ccMajor = std::atoi(launch.cc.c_str());
        Flops f = launchFlops(m, scale, ccMajor);
        // Counted bytes first (the total, else read + write), and only then a rate times the
        // duration: a section's "Memory Throughput" is rounded to four digits.
        auto dramFrom = [&](bool counted) -> std::optional<double> {
            auto bytesOf = [&](const char* base) {
                return counted ? m.get(std::string(base) + ".sum", UnitDimension::Bytes)
                               : m.bytes(base, scale);
            };
            if (const auto v = bytesOf("dram__bytes"))
                return v;
            for (const auto& [read, write] :
                 {std::pair{"dram__bytes_read", "dram__bytes_write"},
                  std::pair{"dram__bytes_op_read", "dram__bytes_op_write"}}) {
                const auto r = bytesOf(read);
                const auto w = bytesOf(write);
                if (r || w)
                    return r.value_or(0) + w.value_or(0);
            }
            return std::nullopt;
        };
        if (auto dram = k.timeKnown ? dramFrom(true) : std::nullopt;
            dram || (dram = dramFrom(false)))
            k.setBytes(MemLevel::Dram, *dram);
        if (const auto v = m.bytes("lts__t_bytes", scale))
            k.setBytes(MemLevel::L2, *v);
        else if (const auto c = m.count({"lts__lts2xbar_cycles_active"}, scale))
            k.setBytes(MemLevel::L2, 32.0 * *c);
        if (const auto v = m.bytes("l1tex__t_bytes", scale)) {
            k.setBytes(MemLevel::L1, *v);
        } else if (const auto c = m.count({"l1tex__lsu_writeback_active_mem_lgds"}, scale)) {
            k.setBytes(MemLevel::L1, 128.0 * *c);
        } else {
            const auto lg = m.count({"l1tex__lsu_writeback_active_mem_lg"}, scale);
            const auto ds = m.count({"l1tex__lsu_writeback_active_mem_ds"}, scale);
            if (lg || ds)
                k.setBytes(MemLevel::L1, 128.0 * (lg.value_or(0) + ds.value_or(0)));
        }
        if (!peaksTaken) {
            if (auto hw = measuredPeaks(m, k.device, fileName)) {
                result.hardware.push_back(std::move(*hw));
                peaksTaken = true;
            }
        }
        problems.insert(problems.end(), m.problems().begin(), m.problems().end());
        k.flopsByPrecision = std::move(f.byPrecision);
        dropNonFinite(k, problems, launch.line);
        if (!k.flopsByPrecision.empty()) {
            double total = 0.0;
            const std::pair<const std::string, double>* dominant = nullptr;
            for (const auto& entry : k.flopsByPrecision) {
                total += entry.second;
                if (!dominant || entry.second > dominant->second)
                    dominant = &entry;
            }
            std::string key = dominant->first;
            if (std::isfinite(total)) {
                k.flops = total;
                std::string formula;
                for (const std::string& part : f.formulas)
                    formula += (formula.empty() ? "" : "; ") + part;
                k.flopsFormula = formula;
                if (const auto dash = key.find("-tensor"); dash != std::string::npos) {
                    k.unit = ComputeUnit::Tensor;
                    key = key.substr(0, dash);
                }
                k.precision = parsePrecision(key);
            } else {
                problems.push_back(MetricProblem{launch.line, "FLOPs (launch " + launch.id +
                                                                  ") out of range (are the "
                                                                  "counters corrupt?)"});
                k.flopsByPrecision.clear();
            }
        }
        k.notes = std::move(f.notes);
        if (!k.timeKnown) {
            // What was read per second is a rate, not a total.
            k.flopsPerS = std::exchange(k.flops, std::nullopt);
            k.bytesPerS = std::exchange(k.bytes, {});
            k.flopsByPrecision.clear();
            if (!k.flopsFormula.empty())
                k.flopsFormula += " (per cycle × the SM frequency the file states)";
            ++ratesOnly;
        }
        result.kernels.push_back(std::move(k));
    }

    if (result.kernels.empty()) {
        std::string why = noDuration.first;
        if (noDuration.count > 1)
            why += "; none of the " + std::to_string(noDuration.count) +
                   " launches has a usable duration";
        return csv.errorAt(noDuration.firstLine, why + " " + howToProduce(*this));
    }
    if (noDuration.count > 0)
        result.warnings.push_back(
            skippedNote(noDuration.count, "launch", "launches", "no usable duration",
                        onLine(noDuration.firstLine) + ": " + noDuration.first));
    constexpr std::size_t kNamedProblems = 5;
    for (std::size_t i = 0; i < problems.size() && i < kNamedProblems; ++i)
        result.warnings.push_back("line " + std::to_string(problems[i].line) + ": " +
                                  problems[i].text + "; metric skipped");
    if (problems.size() > kNamedProblems)
        result.warnings.push_back("and " + skippedNote(problems.size() - kNamedProblems,
                                                       "more metric value", "more metric values",
                                                       "could not be read"));
    if (incomplete.count > 0)
        result.warnings.push_back(skippedNote(incomplete.count, "row", "rows",
                                              "no launch ID, kernel name or metric cells",
                                              onLine(incomplete.firstLine)));
    if (longer.count > 0)
        result.warnings.push_back(skippedNote(longer.count, "row", "rows",
                                              "more cells than the header on line " +
                                                  std::to_string(headerLine) + ", not one export?",
                                              onLine(longer.firstLine)));
    // A kernel ncu failed to profile is missing from the table: say so, in ncu's words.
    if (errors > 0)
        result.warnings.push_back("ncu reported " + countOf(errors, "error", "errors") +
                                  " before the table (kernels it failed to profile are not in "
                                  "the file), the first: " +
                                  firstError);
    if (output.lines > 0)
        result.warnings.push_back(
            skippedNote(output.lines, "line", "lines", "program output, not rows of the table",
                        onLine(output.firstLine)) +
            (outputGpuUsed ? "; the device is named there: \"" + output.gpu + "\""
                           : std::string()));
    if (ratesOnly > 0)
        result.warnings.push_back(
            countOf(ratesOnly, "launch has", "launches have") +
            " rates but no duration (a roofline-chart section): placed from the FLOP/s and "
            "bytes/s the file holds; time not in this file, so no time, time share or totals");
    const bool anyFlops =
        std::any_of(result.kernels.begin(), result.kernels.end(), [](const MeasuredKernel& k) {
            return k.flops.has_value() || k.flopsPerS.has_value();
        });
    result.withoutFlopsWarned = !anyFlops;
    if (!anyFlops)
        result.warnings.push_back("FLOPs unknown: the file has no FLOP counters; run ncu with "
                                  "--metrics " +
                                  flopMetricsOf(format().command));
    return result;
}

} // namespace roofscope
