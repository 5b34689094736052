#include "app/resultrows.h"

#include "app/arguments.h"
#include "app/texttable.h"
#include "core/roofline/advice.h"
#include "core/util/csvfield.h"
#include "core/util/format.h"
#include "core/util/numbers.h"

namespace roofscope::cli {

namespace {

std::string exact(double v)
{
    // Shortest round-trip text: exact, and C-locale whatever the process locale.
    return shortestNumber(v);
}

std::string ceilingLabel(const Ceiling& c)
{
    return std::string(precisionName(c.precision)) + " " + std::string(computeUnitName(c.unit));
}

} // namespace

OutputFormat parseOutputFormat(const std::string& text)
{
    if (text == "table")
        return OutputFormat::Table;
    if (text == "json")
        return OutputFormat::Json;
    if (text == "csv")
        return OutputFormat::Csv;
    throw UsageError("--format " + text + ": expected one of: table, json, csv");
}

nlohmann::json paramsToJson(const ParamSet& params)
{
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [name, value] : params.values()) {
        if (const double* v = std::get_if<double>(&value))
            out[name] = *v;
        else
            out[name] = std::get<std::string>(value);
    }
    return out;
}

nlohmann::json rowToJson(const ResultRow& row, const std::string& sweepParam)
{
    const Estimate& e = row.estimate;
    const AdviceRegion region = adviceRegion(e.ai, e.ridgeAi);
    nlohmann::json j = {
        {"gpu", row.gpu->id},
        {"operator", row.op.displayName()},
        {"kind", row.op.kind},
        {"spec", row.op.spec()},
        {"params", paramsToJson(row.op.params)},
        {"flops", e.flops},
        {"bytes", e.bytes},
        {"ai", e.ai},
        {"ceiling",
         {{"precision", precisionName(e.ceiling.precision)},
          {"unit", computeUnitName(e.ceiling.unit)},
          {"flops_per_s", e.ceiling.flopsPerS}}},
        {"memory", {{"level", e.memory.level}, {"bytes_per_s", e.memory.bytesPerS}}},
        {"ridge_ai", e.ridgeAi},
        {"attainable_flops_per_s", e.attainable},
        {"bound", boundName(e.bound)},
        {"time_s", e.timeS},
        {"peak_fraction", e.peakFraction},
        {"advice",
         {{"region", adviceRegionName(region)},
          {"text", adviceText(region, adviceFamily(row.op.kind))}}},
    };
    if (row.sweepValue) {
        j["param"] = sweepParam;
        j["value"] = *row.sweepValue;
    }
    return j;
}

std::string csvHeader(const std::string& sweepParam)
{
    std::string out = "gpu,operator,";
    if (!sweepParam.empty())
        out += sweepParam + ",";
    out += "flops,bytes,ai,ceiling_precision,ceiling_unit,ceiling_flops_per_s,memory_level,"
           "memory_bytes_per_s,ridge_ai,attainable_flops_per_s,bound,time_s,peak_fraction\n";
    return out;
}

std::string rowToCsv(const ResultRow& r, const std::string& sweepParam)
{
    const Estimate& e = r.estimate;
    std::string out = csvField(r.gpu->id) + "," + csvField(r.op.displayName()) + ",";
    if (!sweepParam.empty())
        out += exact(r.sweepValue.value_or(0.0)) + ",";
    out += exact(e.flops) + "," + exact(e.bytes) + "," + exact(e.ai) + "," +
           std::string(precisionName(e.ceiling.precision)) + "," +
           std::string(computeUnitName(e.ceiling.unit)) + "," + exact(e.ceiling.flopsPerS) + "," +
           e.memory.level + "," + exact(e.memory.bytesPerS) + "," + exact(e.ridgeAi) + "," +
           exact(e.attainable) + "," + std::string(boundName(e.bound)) + "," + exact(e.timeS) +
           "," + exact(e.peakFraction) + "\n";
    return out;
}

std::string rowsToCsv(const std::vector<ResultRow>& rows, const std::string& sweepParam)
{
    std::string out = csvHeader(sweepParam);
    for (const ResultRow& r : rows)
        out += rowToCsv(r, sweepParam);
    return out;
}

std::string rowsToTable(const std::vector<ResultRow>& rows, const std::string& sweepParam)
{
    std::vector<std::string> header = {"GPU", "operator"};
    if (!sweepParam.empty())
        header.push_back(sweepParam);
    for (const char* h : {"FLOPs", "bytes", "AI (FLOP/B)", "ceiling", "ridge", "attainable",
                          "% peak", "bound", "time"})
        header.emplace_back(h);
    std::vector<bool> right(header.size(), true);
    right[0] = right[1] = false;
    right[header.size() - 2] = false; // bound
    right[header.size() - 6] = false; // ceiling
    TextTable table(header, right);
    for (const ResultRow& r : rows) {
        const Estimate& e = r.estimate;
        std::vector<std::string> cells = {r.gpu->id, r.op.displayName()};
        if (!sweepParam.empty())
            cells.push_back(formatParamNumber(r.sweepValue.value_or(0.0)));
        cells.push_back(formatFlops(e.flops));
        cells.push_back(formatBytes(e.bytes));
        cells.push_back(formatNumber(e.ai));
        cells.push_back(ceilingLabel(e.ceiling) + " " + formatFlopsRate(e.ceiling.flopsPerS));
        cells.push_back(formatNumber(e.ridgeAi));
        cells.push_back(formatFlopsRate(e.attainable));
        cells.push_back(formatNumber(e.peakFraction * 100.0, 3) + " %");
        cells.push_back(std::string(boundName(e.bound)));
        cells.push_back(formatDuration(e.timeS));
        table.addRow(std::move(cells));
    }
    return table.render();
}

} // namespace roofscope::cli
