#include "app/measuredcommand.h"

#include "app/arguments.h"
#include "app/commands.h"
#include "app/modelcommands.h"
#include "app/resultrows.h"
#include "app/texttable.h"
#include "core/measured/devicematch.h"
#include "core/measured/importer.h"
#include "core/measured/kernelanalysis.h"
#include "core/measured/modeljoin.h"
#include "core/measured/modeljoinreport.h"
#include "core/measured/notplacedtally.h"
#include "core/measured/runcomparison.h"
#include "core/measured/sameprogram.h"
#include "core/measured/tracemodel.h"
#include "core/util/csvfield.h"
#include "core/util/format.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <iostream>
#include <span>

namespace roofscope::cli {

namespace {

const Arguments::Spec kSpec{{"gpu", "group-by", "format", "catalog", "compare", "model"}, {}};

// Shortest C-locale text that reads back to the same double.
std::string csvNumber(const std::optional<double>& v)
{
    if (!v)
        return {};
    char buf[64];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, *v);
    return ec == std::errc() ? std::string(buf, end) : std::string();
}

std::string joined(const std::vector<std::string>& items, const std::string& separator)
{
    std::string out;
    for (const std::string& item : items)
        out += (out.empty() ? "" : separator) + item;
    return out;
}

struct Row {
    MeasuredKernel kernel;
    KernelAnalysis analysis;
};

void printCsv(const std::vector<Row>& rows)
{
    std::cout << "name,short_name,source,file,launch_id,launches,time_s,flops,flops_formula,"
                 "precision,dram_bytes,l2_bytes,l1_bytes,ai_dram,ai_l2,ai_l1,"
                 "achieved_flops_per_s,achieved_bytes_per_s,gpu,roof_flops_per_s,"
                 "percent_of_roof,bound,above_roof,warnings\n";
    for (const Row& r : rows) {
        const MeasuredKernel& k = r.kernel;
        const KernelAnalysis& a = r.analysis;
        std::vector<std::string> cells = {
            csvField(k.name),
            csvField(k.shortName),
            k.source,
            csvField(k.file),
            csvField(k.launchId),
            std::to_string(k.launches),
            k.timeKnown ? csvNumber(k.timeS) : std::string(),
            csvNumber(k.flops),
            csvField(k.flopsFormula),
            k.precision ? std::string(precisionName(*k.precision)) : std::string(),
            csvNumber(k.bytesAt(MemLevel::Dram)),
            csvNumber(k.bytesAt(MemLevel::L2)),
            csvNumber(k.bytesAt(MemLevel::L1)),
            csvNumber(a.aiAt(MemLevel::Dram)),
            csvNumber(a.aiAt(MemLevel::L2)),
            csvNumber(a.aiAt(MemLevel::L1)),
            csvNumber(a.achievedFlopsPerS),
            csvNumber(a.achievedBytesPerS),
            csvField(k.gpu),
            csvNumber(a.roofFlopsPerS),
            csvNumber(a.percentOfRoof),
            a.bound ? std::string(boundName(*a.bound)) : std::string(),
            a.aboveRoof ? "true" : "false",
            csvField(joined(a.warnings, "; ")),
        };
        std::cout << joined(cells, ",") << "\n";
    }
}

std::string shown(const std::optional<double>& v, std::string (*format)(double))
{
    return v ? format(*v) : "–";
}

std::string aiText(double v)
{
    return formatNumber(v, 3);
}

std::string percentText(double v)
{
    return formatNumber(v, 3) + " %";
}

void printTable(const std::vector<Row>& rows, const std::vector<std::string>& fileWarnings,
                const std::string& comparison)
{
    double total = 0.0;
    for (const Row& r : rows)
        total += r.kernel.timeS;
    TextTable table(
        {"#", "kernel", "launches", "time", "share", "FLOP", "achieved", "AI dram", "AI l2",
         "AI l1", "% of roof", "bound", "gpu"},
        {true, false, true, true, true, true, true, true, true, true, true, false, false});
    std::size_t index = 0;
    for (const Row& r : rows) {
        const MeasuredKernel& k = r.kernel;
        const KernelAnalysis& a = r.analysis;
        ++index;
        // A file of rates (a roofline-chart section) holds no time: said, not shown as 0 s.
        table.addRow(
            {std::to_string(index), k.shortName, std::to_string(k.launches),
             k.timeKnown ? formatDuration(k.timeS) : "not in file",
             k.timeKnown && total > 0 ? formatNumber(k.timeS / total * 100.0, 3) + " %" : "–",
             shown(k.flops, formatFlops), shown(a.achievedFlopsPerS, formatFlopsRate),
             shown(a.aiAt(MemLevel::Dram), aiText), shown(a.aiAt(MemLevel::L2), aiText),
             shown(a.aiAt(MemLevel::L1), aiText), shown(a.percentOfRoof, percentText),
             a.bound ? std::string(boundName(*a.bound)) : "–", k.gpu.empty() ? "?" : k.gpu});
    }
    std::cout << table.render();
    if (!comparison.empty())
        std::cout << "compared: " << comparison << "\n";
    std::vector<std::string> formulas;
    for (const Row& r : rows)
        if (!r.kernel.flopsFormula.empty() &&
            std::find(formulas.begin(), formulas.end(), r.kernel.flopsFormula) == formulas.end())
            formulas.push_back(r.kernel.flopsFormula);
    for (const std::string& f : formulas)
        std::cout << "FLOPs: " << f << "\n";
    index = 0;
    for (const Row& r : rows) {
        ++index;
        for (const std::string& w : r.analysis.warnings)
            std::cout << "#" << index << " " << r.kernel.shortName << ": " << w << "\n";
    }
    for (const std::string& w : fileWarnings)
        std::cout << "warning: " << w << "\n";
}

// `measured TRACE --model M`: the trace read as the model it ran (joinTraceToModel), one row per
// pass, per operator (and the kernels outside the model) or per layer.
void printModelView(const ModelJoin& join, const std::string& groupBy, OutputFormat format,
                    const std::vector<std::string>& warnings)
{
    if (format == OutputFormat::Json) {
        std::cout << modelJoinJson(join, warnings)
                         .dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace)
                  << "\n";
        return;
    }
    if (format == OutputFormat::Csv) {
        std::cout << modelJoinCsv(join, groupBy);
        return;
    }
    ModelJoinRows rows = modelJoinRows(join, groupBy, false);
    std::vector<bool> right(rows.header.size(), true);
    right[1] = false;
    if (groupBy == "operator")
        right[2] = false;
    TextTable table(rows.header, right);
    for (auto& row : rows.rows)
        table.addRow(std::move(row));
    std::cout << table.render();
    std::cout << join.model << " on " << join.gpu << "; "
              << formatNumber(100.0 * join.placedTimeShare, 4)
              << " % of the kernel time has FLOPs and bytes\n";
    for (std::size_t i = 0; i < join.passes.size(); ++i)
        std::cout << "pass " << i + 1 << ": " << join.passes[i].sentence << "\n";
    for (const std::string& w : warnings)
        std::cout << "warning: " << w << "\n";
}

} // namespace

int runMeasured(const std::vector<std::string>& args)
{
    // Files are the tokens that are neither options nor their values.
    std::vector<std::string> files;
    std::vector<std::string> options;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& token = args[i];
        if (token.rfind("--", 0) != 0) {
            files.push_back(token);
            continue;
        }
        options.push_back(token);
        const std::string name = token.substr(2);
        const bool valued =
            std::find(kSpec.valued.begin(), kSpec.valued.end(), name) != kSpec.valued.end();
        if (valued && i + 1 < args.size())
            options.push_back(args[++i]);
    }
    const Arguments a(options, kSpec, "measured");
    if (files.empty())
        throw UsageError("measured: expected one or more profiler export files (" +
                         acceptedFormatsSentence() + ")");
    const OutputFormat format = parseOutputFormat(a.value("format", "table"));
    const bool modelView = a.has("model");
    const std::string groupBy = a.value("group-by", modelView ? "operator" : "launch");
    if (!modelView && groupBy != "launch" && groupBy != "name")
        throw UsageError("measured: --group-by " + groupBy + ": expected launch or name");
    if (modelView && groupBy != "operator" && groupBy != "layer" && groupBy != "pass")
        throw UsageError("measured: --group-by " + groupBy +
                         ": expected operator, layer or pass with --model");
    if (modelView && files.size() != 1)
        throw UsageError("measured: --model joins one PyTorch profiler trace; got " +
                         std::to_string(files.size()) + " files");
    HardwareCatalog catalog = loadCatalog(a.values("catalog"));

    std::vector<MeasuredKernel> kernels;
    std::vector<std::string> fileWarnings;
    std::vector<Hardware> measuredHardware;
    // The files that brought kernels, as the window's runs: the first two are compared.
    struct Run {
        std::string file;
        std::size_t first = 0;
        std::size_t count = 0;
        std::string computeCapability; // what the file states of its device (MeasuredImport)
        int smCount = 0;
    };
    std::vector<Run> runs;
    // Two rocprof runs of one program (a timestamp trace and a counters file) are joined by
    // dispatch; why a pair was not joined is a warning.
    auto imports = importMeasurementFiles(files, fileWarnings);
    if (!imports)
        throw UsageError(oneLine(imports.error().message));
    for (MeasuredImport& imported : *imports) {
        const std::string& file = imported.file;
        // The model view keeps the import (its trace context) whole; the kernels are copied.
        const bool keep = modelView;
        for (std::string& w : imported.warnings)
            fileWarnings.push_back(file + ": " + w);
        for (const Hardware& hw : imported.hardware) {
            fileWarnings.push_back(file + ": measured peaks as hardware entry \"" + hw.id +
                                   "\" (use --gpu " + hw.id + " to measure against them)");
            measuredHardware.push_back(hw);
        }
        catalog.merge(imported.hardware);
        if (imported.kernels.empty() && imported.hardware.empty())
            fileWarnings.push_back(file + ": no kernels in the file");
        if (const std::string missing =
                notPlacedSummary(tallyNotPlaced(imported.kernels), imported.withoutFlopsWarned);
            !missing.empty())
            fileWarnings.push_back(file + ": " + missing);
        if (!imported.kernels.empty())
            runs.push_back({imported.file, kernels.size(), imported.kernels.size(),
                            imported.computeCapability, imported.smCount});
        for (MeasuredKernel& k : imported.kernels)
            kernels.push_back(keep ? k : std::move(k));
    }
    std::string overrideId;
    if (a.has("gpu")) {
        const auto gpus = resolveGpus(catalog, a.value("gpu"));
        if (gpus.size() != 1)
            throw UsageError("measured: --gpu takes one GPU id");
        overrideId = gpus.front()->id;
    }
    assignKernelGpus(kernels, catalog.all(), overrideId);
    // A file that names no GPU may still state its compute capability and SM count: the
    // entries those fit are the --gpu to give (an H200 details page: CC 9.0, 132 SMs).
    for (const Run& run : runs) {
        const std::string facts = deviceFactsText(run.computeCapability, run.smCount);
        const auto first = kernels.begin() + static_cast<std::ptrdiff_t>(run.first);
        if (facts.empty() || std::none_of(first, first + static_cast<std::ptrdiff_t>(run.count),
                                          [](const MeasuredKernel& k) { return k.gpu.empty(); }))
            continue;
        std::string ids;
        for (int hw : gpusFittingDevice(catalog.all(), run.computeCapability, run.smCount))
            ids += (ids.empty() ? "" : ", ") + catalog.all()[static_cast<std::size_t>(hw)].id;
        fileWarnings.push_back(
            run.file + ": no GPU of the catalog named; " +
            (ids.empty() ? "its " + facts + " fit no catalog entry: pass --gpu ID"
                         : "its " + facts + " fit " + ids + ": pass --gpu with one of them"));
    }
    if (modelView) {
        // The GPU predictions are made on: --gpu, else the one the trace names.
        std::string gpuId = overrideId;
        for (std::size_t i = 0; gpuId.empty() && i < kernels.size(); ++i)
            gpuId = kernels[i].gpu;
        const Hardware* gpu = gpuId.empty() ? nullptr : catalog.find(gpuId);
        if (!gpu)
            throw UsageError("measured: " + files.front() +
                             ": the trace names no GPU of the catalog; give --gpu ID");
        MeasuredImport& trace = imports->front();
        if (trace.trace.kernels.empty() && !trace.kernels.empty())
            throw UsageError("measured: " + trace.file +
                             ": --model joins PyTorch profiler traces (torch.profiler with "
                             "record_shapes=True); this file has no ops to join");
        // `--model trace`: the model the trace's shapes describe, said so the user can check.
        const bool fromShapes = a.value("model") == "trace";
        ModelConfig model;
        if (fromShapes) {
            auto read = modelFromTrace(trace);
            if (!read)
                throw UsageError("measured: --model trace: " + read.error().message);
            model = std::move(read).value();
            fileWarnings.push_back(trace.file +
                                   ": no config given: the model is read from the "
                                   "trace's shapes as " +
                                   modelShapeSummary(model) +
                                   "; give its config.json if it is "
                                   "not");
        } else {
            model = resolveModel(a.value("model"));
        }
        trace.kernels = kernels; // measured against the GPU chosen above
        auto join = joinTraceToModel(trace, model, *gpu);
        if (!join) {
            std::string hint;
            if (!fromShapes)
                if (auto read = modelFromTrace(trace))
                    hint = "; its shapes read as " + modelShapeSummary(*read) +
                           ": --model trace joins it to those";
            throw UsageError("measured: " + join.error().message + hint);
        }
        for (const std::string& note : join->notes)
            fileWarnings.push_back(trace.file + ": " + note);
        printModelView(*join, groupBy, format, fileWarnings);
        return 0;
    }
    // Which two runs are compared: --compare I,J (counted from 1), else the first two; the
    // runs left out are named in the comparison, as the window names them.
    std::optional<std::pair<int, int>> chosen;
    if (a.has("compare")) {
        const std::string value = a.value("compare");
        const auto comma = value.find(',');
        auto number = [&](const std::string& text) {
            int n = 0;
            const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
            return ec == std::errc() && end == text.data() + text.size() ? n : 0;
        };
        const int before = comma == std::string::npos ? 0 : number(value.substr(0, comma));
        const int after = comma == std::string::npos ? 0 : number(value.substr(comma + 1));
        const int count = static_cast<int>(runs.size());
        if (before < 1 || after < 1 || before > count || after > count || before == after)
            throw UsageError("measured: --compare " + value +
                             ": expected two different run numbers from 1 to " +
                             std::to_string(count) + " (the files with kernels, in order)");
        chosen = std::make_pair(before - 1, after - 1);
    }
    std::optional<RunComparison> comparison;
    if (runs.size() >= 2 && !chosen) {
        // Two unrelated files are not a before and an after: compared only when they are one
        // program, or when --compare asks.
        auto runKernels = [&](std::size_t i) {
            return std::span<const MeasuredKernel>(kernels).subspan(runs[i].first, runs[i].count);
        };
        const ProgramOverlap overlap = programOverlap(runKernels(0), runKernels(1));
        if (!overlap.sameProgram())
            fileWarnings.push_back(
                "not compared: " + std::filesystem::path(runs[0].file).filename().string() +
                " and " + std::filesystem::path(runs[1].file).filename().string() +
                " are not one program (" + overlap.text() +
                "); --compare 1,2 compares them anyway");
        else
            chosen = std::make_pair(0, 1);
    }
    if (chosen) {
        Measurements m;
        for (std::size_t i = 0; i < runs.size(); ++i) {
            MeasurementSet set;
            // The file's name, as the window calls a run: the directories are the reader's.
            set.file = std::filesystem::path(runs[i].file).filename().string();
            const auto first = kernels.begin() + static_cast<std::ptrdiff_t>(runs[i].first);
            set.kernels.assign(first, first + static_cast<std::ptrdiff_t>(runs[i].count));
            if (chosen && static_cast<int>(i) == chosen->first)
                set.label = "before";
            else if (chosen && static_cast<int>(i) == chosen->second)
                set.label = "after";
            m.sets.push_back(std::move(set));
        }
        comparison = compareMeasurements(m);
    }
    const GpuNamer gpuName = [&catalog](const std::string& id) {
        const Hardware* hw = catalog.find(id);
        return hw ? hw->name : id;
    };
    if (groupBy == "name")
        kernels = groupKernelsByName(kernels);

    std::vector<Row> rows;
    rows.reserve(kernels.size());
    for (MeasuredKernel& k : kernels) {
        const Hardware* hw = k.gpu.empty() ? nullptr : catalog.find(k.gpu);
        KernelAnalysis analysis = analyseKernel(k, hw);
        rows.push_back(Row{std::move(k), std::move(analysis)});
    }

    if (format == OutputFormat::Json) {
        nlohmann::ordered_json list = nlohmann::ordered_json::array();
        for (const Row& r : rows)
            list.push_back(kernelReportJson(r.kernel, r.analysis));
        nlohmann::ordered_json out;
        out["kernels"] = std::move(list);
        out["warnings"] = fileWarnings;
        out["hardware"] =
            nlohmann::ordered_json::parse(hardwareCatalogToJson(measuredHardware))["hardware"];
        if (comparison)
            out["comparison"] = runComparisonJson(*comparison, gpuName);
        std::cout << out.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace)
                  << "\n";
    } else if (format == OutputFormat::Csv) {
        printCsv(rows);
    } else {
        printTable(rows, fileWarnings,
                   comparison ? comparisonSentence(comparisonParts(*comparison, gpuName))
                              : std::string());
    }
    return 0;
}

void printMeasuredHelp(std::ostream& out)
{
    out << "Usage: roofscope measured FILE [FILE ...] [--gpu ID] [--group-by launch|name]\n"
           "                          [--format table|json|csv] [--catalog FILE ...]\n"
           "                          [--compare I,J]\n"
           "       roofscope measured TRACE --model ID|config.json|trace [--gpu ID]\n"
           "                          [--group-by operator|layer|pass] [--format "
           "table|json|csv]\n\n"
           "Each kernel of the profiler exports under the roofs of the GPU it ran on: achieved\n"
           "FLOP/s, arithmetic intensity at DRAM / L2 / L1, % of the roof and the bound. What a\n"
           "file lacks (FLOP counters, bytes, the GPU) is listed under warnings; a row or event\n"
           "that cannot be read is skipped and counted, never the whole file. Given two runs\n"
           "(files with kernels) of one program (most kernel names in common), the first is\n"
           "compared with the second: kernels pair by full\n"
           "name, then by short name; the line after the table (\"comparison\" in JSON) says\n"
           "how many paired, which ran in one run only, the whole run's speedup and whether\n"
           "the runs are on different GPUs. Given more, the first two are compared (or the two\n"
           "--compare names) and the line names the runs left out.\n\n"
           "  --gpu ID                measure every kernel against this accelerator\n"
           "  --model ID|FILE         read a PyTorch trace (record_shapes=True) as the model it\n"
           "                          ran: forward passes (prefill, decode steps), layers and\n"
           "                          each kernel's operator as `roofscope model` names it,\n"
           "                          measured beside predicted at the pass's batch and context\n"
           "                          on --gpu or the trace's GPU; kernels the model lacks are\n"
           "                          listed as not in model. --group-by operator (default),\n"
           "                          layer or pass. --model trace reads a dense model\n"
           "                          from the trace's own shapes (said in a warning)\n"
           "  --compare I,J           compare run I (before) with run J (after), counted from 1\n"
           "  --group-by launch|name  one row per launch (default) or per kernel name and\n"
           "                          shape (a batch sweep stays one row per batch size)\n"
           "  --format table|json|csv output format (default table)\n"
           "  --catalog FILE          add or override hardware (repeatable)\n\n"
           "Formats, told apart by content (gzip is inflated first), and how to make them:\n\n";
    for (const auto& importer : measurementImporters()) {
        const ImportFormat& f = importer->format();
        out << "  " << f.name << " (" << f.patterns << "), " << f.tool << ":\n    " << f.gives
            << "\n";
        std::string_view rest = f.command;
        while (!rest.empty()) {
            const auto newline = rest.find('\n');
            out << "    $ " << rest.substr(0, newline) << "\n";
            rest =
                newline == std::string_view::npos ? std::string_view() : rest.substr(newline + 1);
        }
        out << "\n";
    }
    out << "Example: roofscope measured profile.csv --gpu a100-sxm4-80gb --group-by name\n";
}

} // namespace roofscope::cli
