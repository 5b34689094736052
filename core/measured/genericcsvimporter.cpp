#include "core/measured/genericcsvimporter.h"

#include "core/measured/csvreader.h"
#include "core/measured/kernelname.h"
#include "core/measured/skippednote.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace roofscope {

namespace {

constexpr std::string_view kRequired[] = {"name", "time_s", "flops", "dram_bytes"};
constexpr std::string_view kOptional[] = {"l2_bytes", "l1_bytes", "precision", "gpu", "launches"};

std::string columnList()
{
    std::string out;
    for (std::string_view c : kRequired)
        out += (out.empty() ? "" : ",") + std::string(c);
    out += " (optional: ";
    bool first = true;
    for (std::string_view c : kOptional) {
        out += (first ? "" : ",") + std::string(c);
        first = false;
    }
    return out + ")";
}

// A C-locale number >= 0 (or > 0 when `positive`). The whole cell must be the number.
bool parseNonNegative(const std::string& cell, double& value)
{
    const char* begin = cell.data();
    const char* end = begin + cell.size();
    if (begin != end && *begin == '+')
        ++begin;
    const auto [ptr, ec] = std::from_chars(begin, end, value);
    return ec == std::errc() && ptr == end && std::isfinite(value) && value >= 0.0;
}

// Formats that mostly run on matrix units in the kernels people profile.
ComputeUnit defaultUnit(Precision p)
{
    return (p == Precision::FP64 || p == Precision::FP32) ? ComputeUnit::Vector
                                                          : ComputeUnit::Tensor;
}

std::string firstLine(std::string_view text)
{
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    return std::string(text.substr(0, std::min(text.find('\n'), std::size_t{4096})));
}

} // namespace

const ImportFormat& GenericCsvImporter::format() const
{
    static const ImportFormat kFormat{
        "generic CSV", "*.csv", "any tool (perf stat, your own timers, a spreadsheet)",
        "printf 'name,time_s,flops,dram_bytes\\nmy_kernel,0.0021,4.1e12,3.3e9\\n' > kernels.csv",
        "what you put in it: time, FLOPs and DRAM bytes (l2_bytes, l1_bytes, precision, gpu, "
        "launches optional), SI units, C-locale numbers"};
    return kFormat;
}

bool GenericCsvImporter::recognizes(std::string_view text) const
{
    std::vector<std::string> header;
    const std::string line = firstLine(text);
    CsvReader csv(line, "");
    if (!csv.next(header))
        return false;
    return columnIndex(header, "name") >= 0 && columnIndex(header, "time_s") >= 0;
}

namespace {

// Skipped rows: counted, the first few named, so that one odd row never costs the whole file.
class SkippedRows {
public:
    explicit SkippedRows(std::string fileName) : m_prefix(std::move(fileName) + ": ") {}
    void add(const Error& e)
    {
        if (m_count++ == 0)
            m_firstError = e;
        if (m_first.size() < 3) // the warning names the file once, in front
            m_first.push_back(e.message.rfind(m_prefix, 0) == 0 ? e.message.substr(m_prefix.size())
                                                                : e.message);
    }
    const Error& firstError() const { return m_firstError; }
    int count() const { return m_count; }
    const std::vector<std::string>& first() const { return m_first; }

private:
    std::string m_prefix;
    int m_count = 0;
    Error m_firstError;
    std::vector<std::string> m_first;
};

} // namespace

Expected<MeasuredImport> GenericCsvImporter::read(std::string_view text,
                                                  const std::string& fileName) const
{
    CsvReader csv(text, fileName);
    std::vector<std::string> header;
    if (!csv.next(header))
        return csv.error() ? *csv.error() : makeError(fileName + ": empty file");
    for (std::string& h : header)
        h = std::string(trimmed(h));
    int required[4];
    for (int i = 0; i < 4; ++i) {
        required[i] = columnIndex(header, kRequired[i]);
        if (required[i] < 0)
            return csv.errorAt(1, "missing column \"" + std::string(kRequired[i]) +
                                      "\" (expected the header " + columnList() + ")");
    }
    MeasuredImport result;
    for (const std::string& column : header) {
        const bool known =
            std::find(std::begin(kRequired), std::end(kRequired), column) != std::end(kRequired) ||
            std::find(std::begin(kOptional), std::end(kOptional), column) != std::end(kOptional);
        if (!known)
            result.warnings.push_back("column \"" + column + "\" ignored (the columns read are " +
                                      columnList() + ")");
    }
    const int l2Col = columnIndex(header, "l2_bytes");
    const int l1Col = columnIndex(header, "l1_bytes");
    const int precisionCol = columnIndex(header, "precision");
    const int gpuCol = columnIndex(header, "gpu");
    const int launchesCol = columnIndex(header, "launches");

    // One kernel a line: growing 100,000 kernels by doubling moved each of them about twice.
    result.kernels.reserve(static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')));
    std::vector<std::string> cells;
    auto readRow = [&](int line) -> Expected<MeasuredKernel> {
        auto number = [&](int col, double& v, bool positive) -> std::optional<Error> {
            const std::string& cell = cells[static_cast<std::size_t>(col)];
            if (!parseNonNegative(cell, v) || (positive && v == 0.0))
                return csv.errorAt(line, "column " + header[static_cast<std::size_t>(col)] +
                                             ": expected a number " + (positive ? "> 0" : ">= 0") +
                                             ", got \"" + cell.substr(0, 60) + "\"");
            return std::nullopt;
        };
        MeasuredKernel k;
        k.name = cells[static_cast<std::size_t>(required[0])];
        if (k.name.empty())
            return csv.errorAt(line, "column name: expected a kernel name, got an empty cell");
        k.shortName = shortKernelName(k.name);
        k.source = "csv";
        k.file = fileName;
        k.launchId = std::to_string(result.kernels.size());
        double v = 0.0;
        if (auto e = number(required[1], v, true))
            return *e;
        k.timeS = v;
        if (!cells[static_cast<std::size_t>(required[2])].empty()) {
            if (auto e = number(required[2], v, false))
                return *e;
            k.flops = v;
            k.flopsFormula = "as given in the file";
        }
        for (auto [col, level] : {std::pair{required[3], MemLevel::Dram},
                                  std::pair{l2Col, MemLevel::L2}, std::pair{l1Col, MemLevel::L1}}) {
            if (col < 0 || cells[static_cast<std::size_t>(col)].empty())
                continue;
            if (auto e = number(col, v, false))
                return *e;
            k.setBytes(level, v);
        }
        Precision precision = Precision::FP32;
        std::optional<ComputeUnit> unit;
        if (precisionCol >= 0 && !cells[static_cast<std::size_t>(precisionCol)].empty()) {
            // "bf16", or "bf16:vector" / "fp16:tensor" to name the unit too.
            const std::string& cell = cells[static_cast<std::size_t>(precisionCol)];
            const auto colon = cell.find(':');
            const std::string p = cell.substr(0, colon);
            const auto parsed = parsePrecision(p);
            if (colon != std::string::npos)
                unit = parseComputeUnit(cell.substr(colon + 1));
            if (!parsed || (colon != std::string::npos && !unit))
                return csv.errorAt(line,
                                   "column precision: unknown precision \"" + cell.substr(0, 60) +
                                       "\" (expected one of: " + std::string(precisionNameList()) +
                                       ", optionally followed by :tensor or :vector)");
            precision = *parsed;
        }
        k.precision = precision;
        k.unit = unit.value_or(defaultUnit(precision));
        if (k.flops)
            k.flopsByPrecision[std::string(precisionName(precision)) +
                               (k.unit == ComputeUnit::Tensor ? "-tensor" : "")] = *k.flops;
        if (gpuCol >= 0)
            k.device = cells[static_cast<std::size_t>(gpuCol)];
        if (launchesCol >= 0 && !cells[static_cast<std::size_t>(launchesCol)].empty()) {
            if (auto e = number(launchesCol, v, true))
                return *e;
            if (v != std::floor(v) || v > 1e15)
                return csv.errorAt(line, "column launches: expected a whole number >= 1, got \"" +
                                             cells[static_cast<std::size_t>(launchesCol)] + "\"");
            k.launches = static_cast<long long>(v);
        }
        return k;
    };
    SkippedRows skipped(fileName);
    while (csv.next(cells)) {
        if (cells.size() == 1 && trimmed(cells[0]).empty())
            continue; // blank line
        const int line = csv.line();
        if (cells.size() != header.size()) {
            skipped.add(csv.errorAt(line, "expected " + std::to_string(header.size()) +
                                              " cells as in the header, got " +
                                              std::to_string(cells.size())));
            continue;
        }
        auto k = readRow(line);
        if (!k) {
            skipped.add(k.error());
            continue;
        }
        result.kernels.push_back(std::move(k).value());
    }
    if (csv.error()) {
        // An unterminated quote or an over-long record ends the readable part of the file.
        if (result.kernels.empty())
            return *csv.error();
        skipped.add(*csv.error());
    }
    if (result.kernels.empty()) {
        if (skipped.count() == 0)
            return csv.errorAt(1, "a header but no kernel rows (expected one kernel a line under " +
                                      columnList() + ")");
        return makeError(skipped.firstError().message +
                         (skipped.count() > 1 ? " (and " + std::to_string(skipped.count() - 1) +
                                                    " more rows; no row could be read)"
                                              : std::string()));
    }
    if (skipped.count() > 0) {
        // Rows fail for different reasons: the first few are named, each with its line.
        std::string named;
        for (std::size_t i = 0; i < skipped.first().size(); ++i)
            named += (i ? "; " : "") + skipped.first()[i];
        if (skipped.count() > static_cast<int>(skipped.first().size()))
            named += "; …";
        result.warnings.push_back(
            skippedNote(static_cast<std::size_t>(skipped.count()), "row", "rows", named));
    }
    return result;
}

} // namespace roofscope
