#include "app/commands.h"

#include "app/measuredcommand.h"
#include "app/probecommand.h"

#include "app/arguments.h"
#include "app/resultrows.h"
#include "app/texttable.h"
#include "core/document/scenario.h"
#include "core/figure/figure.h"
#include "core/measured/hardwarefiles.h"
#include "core/roofline/sweep.h"
#include "core/util/format.h"
#include "core/util/numbers.h"

#include <cmath>
#include <iostream>
#include <map>

namespace roofscope::cli {

namespace {

const Arguments::Spec kAnalyzeSpec{{"gpu", "op", "format", "catalog"}, {}};
// A table is for reading; longer sweeps go to CSV or JSON, which are streamed.
constexpr std::size_t kMaxTableRows = 10000;

const Arguments::Spec kSweepSpec{{"gpu", "op", "param", "range", "steps", "format", "catalog"}, {}};

Operator parseOp(const std::string& spec)
{
    auto op = parseOperatorOrPreset(spec);
    if (!op)
        throw UsageError("--op " + spec + ": " + op.error().message);
    return *op;
}

Estimate estimateOrThrow(const Operator& op, const Cost& cost, const Hardware& hw)
{
    auto e = estimate(cost, hw);
    if (!e)
        throw UsageError(op.displayName() + " on " + hw.id + ": " + e.error().message);
    return *e;
}

std::string gpuCeilingsText(const Hardware& hw)
{
    std::string out;
    for (const Ceiling& c : hw.ceilings) {
        if (c.unit != ComputeUnit::Tensor)
            continue;
        out += (out.empty() ? "" : " ") + std::string(precisionName(c.precision)) + " " +
               formatSi(c.flopsPerS, "", 4);
    }
    // The other accumulate convention, labelled so it is never read as the ceiling.
    for (const Ceiling& c : hw.alternateCeilings)
        out += " (" + std::string(precisionName(c.precision)) + " " + formatSi(c.flopsPerS, "", 4) +
               " with " + c.accumulate + " accumulate)";
    return out;
}

} // namespace

HardwareCatalog loadCatalog(const std::vector<std::string>& catalogFiles)
{
    HardwareCatalog catalog = HardwareCatalog::builtin();
    for (const Error& e : loadUserHardwareDirectory(catalog))
        std::cerr << "roofscope: warning: " << e.message << " (file skipped)\n";
    for (const std::string& file : catalogFiles) {
        if (auto loaded = loadHardwareFile(catalog, file); !loaded)
            throw UsageError("--catalog " + loaded.error().message);
    }
    return catalog;
}

std::vector<const Hardware*> resolveGpus(const HardwareCatalog& catalog, const std::string& list)
{
    std::vector<const Hardware*> gpus;
    const auto ids = splitList(list);
    if (ids.empty())
        throw UsageError("--gpu: expected one or more GPU ids separated by commas");
    if (ids.size() > kMaxScenarioGpus)
        throw UsageError("--gpu: " + std::to_string(ids.size()) + " GPU ids; the limit is " +
                         std::to_string(kMaxScenarioGpus));
    for (const std::string& id : ids) {
        const Hardware* hw = catalog.find(id);
        if (!hw) {
            const std::string near = catalog.closestId(id);
            throw UsageError("--gpu " + id + ": unknown GPU id" +
                             (near.empty() ? std::string() : " (did you mean " + near + "?)") +
                             "; `roofscope gpus` lists them");
        }
        gpus.push_back(hw);
    }
    return gpus;
}

int runGpus(const std::vector<std::string>& args)
{
    const Arguments a(args, {{"format", "catalog"}, {}}, "gpus");
    const HardwareCatalog catalog = loadCatalog(a.values("catalog"));
    const std::string format = a.value("format", "table");
    if (format == "json") {
        // The catalog format itself, so the output can be edited and passed back as --catalog.
        std::cout << hardwareCatalogToJson(catalog.all());
        return 0;
    }
    if (format != "table")
        throw UsageError("gpus: --format " + format + ": expected one of: table, json");
    TextTable table(
        {"id", "name", "vendor", "memory", "bandwidth", "tensor peaks (FLOP/s)", "ridge bf16"},
        {false, false, false, true, true, false, true});
    for (const Hardware& hw : catalog.all()) {
        const MemoryLevel* mem = hw.mainMemory();
        // The BF16 column shows BF16 or says there is none (core headlineCeiling).
        const Ceiling* bf16 = headlineCeiling(hw, Precision::BF16);
        std::string ridge = bf16 ? "–" : "no BF16";
        if (bf16 && mem)
            ridge = formatNumber(bf16->flopsPerS / mem->bytesPerS, 4);
        table.addRow({hw.id, hw.name, hw.vendor,
                      hw.memoryBytes > 0 ? formatBytes(hw.memoryBytes) : "?",
                      mem ? formatBandwidth(mem->bytesPerS) : "?", gpuCeilingsText(hw), ridge});
    }
    std::cout << table.render();
    return 0;
}

namespace {

// The α–β ring model the parallel layouts are timed with (core/parallel.h).
const std::pair<const char*, const char*> kCollectiveFormulas[] = {
    {"ring all-reduce", "2·(N−1)/N · bytes ÷ bw + 2·(N−1) · hop"},
    {"all-gather", "(N−1)/N · bytes ÷ bw + (N−1) · hop"},
    {"all-to-all", "(N−1)/N · bytes ÷ bw + (N−1) · hop"},
    {"point-to-point (pipeline send)", "bytes ÷ bw + hop"},
};
const char* const kCollectiveSource =
    "Thakur, Rabenseifner & Gropp, \"Optimization of Collective Communication Operations in "
    "MPICH\" (IJHPCA 2005); the same form GenZ and llm-analysis use for tensor-parallel "
    "all-reduces";

} // namespace

int runOps(const std::vector<std::string>& args)
{
    const Arguments a(args, {{"format"}, {}}, "ops");
    const std::string format = a.value("format", "table");
    if (format == "json") {
        nlohmann::json kinds = nlohmann::json::array();
        for (const OperatorKind& k : operatorKinds()) {
            nlohmann::json params = nlohmann::json::array();
            for (const ParamDef& d : k.params) {
                nlohmann::json p = {{"name", d.name}, {"help", d.help}};
                switch (d.type) {
                case ParamType::Integer:
                    p["type"] = "integer";
                    break;
                case ParamType::Real:
                    p["type"] = "number";
                    break;
                case ParamType::Precision:
                    p["type"] = "precision";
                    break;
                case ParamType::Choice:
                    p["type"] = "choice";
                    p["choices"] = d.choices;
                    break;
                }
                if (!d.inheritsFrom.empty())
                    p["default"] = "same as " + d.inheritsFrom;
                else if (const double* v = std::get_if<double>(&d.defaultValue))
                    p["default"] = *v;
                else
                    p["default"] = std::get<std::string>(d.defaultValue);
                if (d.type == ParamType::Integer || d.type == ParamType::Real) {
                    p["min"] = d.min;
                    p["max"] = d.max;
                }
                params.push_back(p);
            }
            kinds.push_back({{"kind", k.name},
                             {"title", k.title},
                             {"description", k.description},
                             {"flops", k.flopsFormula},
                             {"bytes", k.bytesFormula},
                             {"driving_param", k.drivingParam},
                             {"params", params}});
        }
        nlohmann::json presets = nlohmann::json::array();
        for (const OperatorPreset& p : operatorPresets())
            presets.push_back({{"id", p.id}, {"title", p.title}, {"spec", p.spec}});
        nlohmann::json collectives = nlohmann::json::array();
        for (const auto& [name, formula] : kCollectiveFormulas)
            collectives.push_back({{"collective", name}, {"time", formula}});
        std::cout << nlohmann::json{{"kinds", kinds},
                                    {"presets", presets},
                                    {"collectives", collectives},
                                    {"collectives_source", kCollectiveSource}}
                         .dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
                  << "\n";
        return 0;
    }
    if (format != "table")
        throw UsageError("ops: --format " + format + ": expected one of: table, json");
    for (const OperatorKind& k : operatorKinds()) {
        std::cout << k.name << " — " << k.title << "\n  " << k.description << "\n"
                  << "  FLOPs = " << k.flopsFormula << "\n  bytes = " << k.bytesFormula << "\n";
        if (!k.drivingParam.empty())
            std::cout << "  driving parameter: " << k.drivingParam << "\n";
        for (const ParamDef& d : k.params) {
            std::string def;
            if (!d.inheritsFrom.empty())
                def = "same as " + d.inheritsFrom;
            else if (const double* v = std::get_if<double>(&d.defaultValue))
                def = formatParamNumber(*v);
            else
                def = std::get<std::string>(d.defaultValue);
            std::cout << "    " << d.name << " (default " << def << "): " << d.help << "\n";
        }
        std::cout << "\n";
    }
    std::cout << "Presets (the seed's operator table):\n";
    for (const OperatorPreset& p : operatorPresets())
        std::cout << "  " << p.title << ": " << p.spec << "\n";
    std::cout
        << "\nCollectives (roofscope model --tp/--pp/--ep, roofscope plan); N GPUs, bytes the "
           "payload each holds, bw the link bandwidth per direction per GPU, hop the "
           "per-hop latency:\n";
    for (const auto& [name, formula] : kCollectiveFormulas)
        std::cout << "  " << name << ": " << formula << "\n";
    std::cout << "  Source: " << kCollectiveSource << "\n";
    return 0;
}

int runAnalyze(const std::vector<std::string>& args)
{
    const Arguments a(args, kAnalyzeSpec, "analyze");
    const OutputFormat format = parseOutputFormat(a.value("format", "table"));
    const HardwareCatalog catalog = loadCatalog(a.values("catalog"));
    const auto gpus = resolveGpus(catalog, a.required("gpu"));
    if (a.values("op").size() > kMaxScenarioOperators)
        throw UsageError("--op: given " + std::to_string(a.values("op").size()) +
                         " times; the limit is " + std::to_string(kMaxScenarioOperators));
    std::vector<Operator> ops;
    for (const std::string& spec : a.values("op"))
        ops.push_back(parseOp(spec));
    if (ops.empty())
        throw UsageError(
            "analyze: missing required option --op (e.g. --op matmul:m=1,n=8192,k=8192)");

    std::vector<ResultRow> rows;
    for (const Hardware* hw : gpus)
        for (const Operator& op : ops)
            rows.push_back(ResultRow{hw, op, estimateOrThrow(op, op.cost(), *hw), std::nullopt});

    if (format == OutputFormat::Json) {
        nlohmann::json results = nlohmann::json::array();
        for (const ResultRow& r : rows)
            results.push_back(rowToJson(r));
        std::cout << nlohmann::json{{"results", results}}.dump(
                         2, ' ', false, nlohmann::json::error_handler_t::replace)
                  << "\n";
    } else if (format == OutputFormat::Csv) {
        std::cout << rowsToCsv(rows);
    } else {
        std::cout << rowsToTable(rows);
    }
    return 0;
}

int runSweep(const std::vector<std::string>& args)
{
    const Arguments a(args, kSweepSpec, "sweep");
    const OutputFormat format = parseOutputFormat(a.value("format", "table"));
    const HardwareCatalog catalog = loadCatalog(a.values("catalog"));
    const auto gpus = resolveGpus(catalog, a.required("gpu"));
    if (a.values("op").size() != 1)
        throw UsageError("sweep: expected exactly one --op");
    const Operator op = parseOp(a.value("op"));
    const std::string param = a.value("param", op.definition().drivingParam);
    if (param.empty())
        throw UsageError("sweep: --param is required for " + op.kind +
                         " (its intensity does not depend on a size)");
    const ParamDef* def = op.definition().findParam(param);
    if (!def || (def->type != ParamType::Integer && def->type != ParamType::Real))
        throw UsageError("--param " + param + ": not a numeric parameter of " + op.kind);

    const auto range = splitList(a.required("range"), ':');
    if (range.size() != 2)
        throw UsageError("--range " + a.value("range") + ": expected FROM:TO, e.g. 1:4096");
    const double from = numberOption("--range", range[0], NumberRange::positive());
    const double to = numberOption("--range", range[1], NumberRange::positive());
    if (from > to)
        throw UsageError("--range " + a.value("range") + ": FROM must not exceed TO");
    if (from < def->min || to > def->max)
        throw UsageError("--range " + a.value("range") + ": " + param + " must stay within " +
                         formatParamNumber(def->min) + ".." + formatParamNumber(def->max));
    int steps = 0;
    if (a.has("steps")) {
        steps = static_cast<int>(
            numberOption("--steps", a.value("steps"), NumberRange::wholeUpTo(100000)));
    }
    auto values = sweepValues(from, to, steps, def->type == ParamType::Integer);
    if (!values)
        throw UsageError("--range: " + values.error().message);

    if (format == OutputFormat::Table &&
        static_cast<double>(gpus.size()) * static_cast<double>(values->size()) > kMaxTableRows)
        throw UsageError("sweep: " + std::to_string(gpus.size()) + " GPUs × " +
                         std::to_string(values->size()) +
                         " steps is more than the table limit of " + std::to_string(kMaxTableRows) +
                         " rows; use --format csv or json");

    // Rows are made one at a time and printed at once: 18 GPUs × 100,000 steps must not be
    // held in memory. Everything that can fail is checked in a first pass, so a failure never
    // leaves half an output behind.
    nlohmann::json crossings = nlohmann::json::array();
    std::vector<std::optional<double>> crossingByGpu;
    for (const Hardware* hw : gpus) {
        for (double v : *values)
            estimateOrThrow(op, op.costWith(param, v), *hw);
        auto crossing = ridgeCrossing(op, param, *hw, from, to);
        if (!crossing)
            throw UsageError(op.displayName() + " on " + hw->id + ": " + crossing.error().message);
        crossingByGpu.push_back(*crossing);
        crossings.push_back(
            {{"gpu", hw->id},
             {"param", param},
             {"crossing", *crossing ? nlohmann::json(**crossing) : nlohmann::json()}});
    }
    const auto forEachRow = [&](const auto& visit) {
        for (std::size_t g = 0; g < gpus.size(); ++g) {
            for (double v : *values) {
                Operator at = op;
                at.params.set(param, v);
                visit(g, ResultRow{gpus[g], std::move(at),
                                   estimateOrThrow(op, op.costWith(param, v), *gpus[g]), v});
            }
        }
    };
    const auto jsonText = [](const nlohmann::json& j, int indent) {
        return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
    };

    if (format == OutputFormat::Json) {
        std::cout << "{\n  \"param\": " << jsonText(param, -1)
                  << ",\n  \"operator\": " << jsonText(op.spec(), -1) << ",\n  \"results\": [";
        bool first = true;
        forEachRow([&](std::size_t g, const ResultRow& r) {
            nlohmann::json j = rowToJson(r, param);
            j["crossing"] = crossingByGpu[g] ? nlohmann::json(*crossingByGpu[g]) : nlohmann::json();
            std::cout << (first ? "\n    " : ",\n    ") << jsonText(j, -1);
            first = false;
        });
        std::cout << "\n  ],\n  \"crossings\": " << jsonText(crossings, -1) << "\n}\n";
    } else if (format == OutputFormat::Csv) {
        std::cout << csvHeader(param);
        forEachRow([&](std::size_t, const ResultRow& r) { std::cout << rowToCsv(r, param); });
    } else {
        std::vector<ResultRow> rows;
        forEachRow([&](std::size_t, const ResultRow& r) { rows.push_back(r); });
        std::cout << rowsToTable(rows, param) << "\n";
        for (std::size_t g = 0; g < gpus.size(); ++g) {
            if (crossingByGpu[g])
                std::cout << "Compute-bound from " << param << " "
                          << formatNumber(*crossingByGpu[g], 4) << " on " << gpus[g]->id
                          << " (ridge reached)\n";
            else
                std::cout << "Never reaches the ridge of " << gpus[g]->id << " for " << param
                          << " in " << formatParamNumber(from) << ".." << formatParamNumber(to)
                          << "\n";
        }
    }
    return 0;
}

void printHelp(std::ostream& out)
{
    out << "RoofScope — the roofline model of GPU performance, for LLM inference.\n\n"
           "Usage:\n"
           "  roofscope                        open the window\n"
           "  roofscope gpus [--format table|json]\n"
           "  roofscope ops [--format table|json]\n"
           "  roofscope analyze --gpu ID[,ID...] --op SPEC [--op SPEC ...] [--format "
           "table|json|csv]\n"
           "  roofscope sweep --gpu ID[,ID...] --op SPEC [--param NAME] --range FROM:TO\n"
           "                  [--steps N] [--format table|json|csv]\n"
           "  roofscope models [--format table|json]\n"
           "  roofscope model --model ID|FILE --phase decode|prefill --batch B --context L\n"
           "                  [--weights int4|int8|fp8|fp16] [--activations fp16|bf16|fp8]\n"
           "                  [--kv fp16|fp8] [--weight-group G] [--fused] --gpu ID[,ID...]\n"
           "                  [--top N]\n"
           "                  [--format table|json|csv]\n"
           "                  [--tp N] [--pp M] [--ep E] [--headroom 0.1] [--micro-batches K]\n"
           "                  the model spread over N × M GPUs: per-GPU rows and totals\n"
           "  roofscope plan --model ID|FILE --phase decode|prefill --batch B --context L\n"
           "                 --gpu ID [--max-gpus 8] [--headroom 0.1] [--format table|json|csv]\n"
           "                 every TP × PP (× EP) layout, the fastest fitting first\n"
           "  roofscope serve --model ID|FILE --gpu ID[,ID...] --prompt P --output O\n"
           "                  [--tp N] [--pp M] [--ep E] [--layouts auto] [--format "
           "table|json|csv]\n"
           "                 tokens/s per GPU against tokens/s per user for every batch that\n"
           "                 fits; time to first token and request latency\n"
           "  roofscope measured FILE [FILE ...] [--gpu ID] [--group-by launch|name]\n"
           "                  [--format table|json|csv]\n"
           "                 kernels of profiler exports under their roofs (the formats\n"
           "                 and the commands that make them: roofscope measured --help)\n"
           "  roofscope measured TRACE --model ID|FILE [--gpu ID]\n"
           "                  [--group-by operator|layer|pass] [--format table|json|csv]\n"
           "                 a PyTorch trace as the model it ran: passes, layers and\n"
           "                 operators, measured beside predicted\n"
           "  roofscope probe [--threads N] [--quick] [--device cpu|vulkan[:INDEX]]\n"
           "                  [--format table|json] [-o FILE] [--measured-of ID]\n"
           "                 measures this machine's CPU: FMA peaks and bandwidth per memory\n"
           "                 level (or a Vulkan device's, with compute shaders); -o writes it\n"
           "                 as a catalog entry (this-machine-cpu, this-machine-vulkan-INDEX);\n"
           "                 --measured-of ID holds it against datasheet entry ID\n"
           "  roofscope plot [--scenario FILE] [--gpu ID[,ID...]] [--op SPEC ...]\n"
           "                 -o OUT.png|svg|pdf|csv|json [--size WxH] [--scale 1..4]\n"
           "                 [--theme light|dark|slide] [--title TEXT] [--subtitle TEXT]\n"
           "                 [--transparent] [--lang en|zh_CN]\n"
           "                 the window's figure (or its data) without a display;\n"
           "                 default: the seed's four GPUs and seven operators, 1920x1080\n"
           "  roofscope plot --serving --model ID --gpu ID[,ID...] --prompt P --output O\n"
           "                 [--tp N|--layouts auto] -o FIG.png|svg|pdf\n"
           "                 roofscope serve's curves as a slide figure\n"
           "  roofscope help\n\n"
           "Every subcommand accepts --catalog FILE (repeatable) to add or override hardware\n"
           "(a RoofScope catalog, an ERT roofline.json or an omniperf roofline.csv);\n"
           "files in "
        << userCatalogDirectory()
        << " are loaded too.\n"
           "SPEC is kind:key=value,..., e.g. matmul:m=1,n=8192,k=8192,dtype=bf16\n"
           "(`roofscope ops` lists the kinds, their parameters and formulas).\n";
}

bool printCommandHelp(const std::string& command, std::ostream& out)
{
    static const std::map<std::string, std::string> kHelp = {
        {"gpus", "Usage: roofscope gpus [--format table|json] [--catalog FILE ...]\n\n"
                 "Lists the accelerators of the catalog: id, name, dense peaks per precision and\n"
                 "compute unit, memory bandwidth and ridge point.\n\n"
                 "  --format table|json   output format (default table); json is a hardware\n"
                 "                        catalog file that --catalog reads back\n"
                 "  --catalog FILE        add or override hardware (repeatable)\n\n"
                 "Example: roofscope gpus --format json > mine.json\n"},
        {"ops", "Usage: roofscope ops [--format table|json]\n\n"
                "Lists every operator kind with its parameters, defaults and FLOP/byte formulas,\n"
                "and the seed's presets.\n\n"
                "  --format table|json   output format (default table)\n\n"
                "Example: roofscope ops\n"},
        {"analyze",
         "Usage: roofscope analyze --gpu ID[,ID...] --op SPEC [--op SPEC ...]\n"
         "                         [--format table|json|csv] [--catalog FILE ...]\n\n"
         "Each operator on each GPU: FLOPs, bytes, arithmetic intensity, the roof it meets,\n"
         "attainable FLOP/s, bound, time and the optimization advice.\n\n"
         "  --gpu ID[,ID...]        accelerators (see roofscope gpus)\n"
         "  --op SPEC               kind:key=value,... or a preset id (repeatable; see roofscope "
         "ops)\n"
         "  --format table|json|csv output format (default table)\n"
         "  --catalog FILE          add or override hardware (repeatable)\n\n"
         "Example: roofscope analyze --gpu a100-sxm4-80gb,h100-sxm5 --op decode_matmul\n"},
        {"sweep",
         "Usage: roofscope sweep --gpu ID[,ID...] --op SPEC [--param NAME] --range FROM:TO\n"
         "                       [--steps N] [--format table|json|csv] [--catalog FILE ...]\n\n"
         "Sweeps one parameter of one operator and reports where it crosses each GPU's ridge.\n\n"
         "  --gpu ID[,ID...]        accelerators\n"
         "  --op SPEC               exactly one operator\n"
         "  --param NAME            the parameter to sweep (default: the operator's driving one)\n"
         "  --range FROM:TO         the sweep's range, e.g. 1:4096\n"
         "  --steps N               number of points (default: chosen from the range)\n"
         "  --format table|json|csv output format (default table)\n\n"
         "Example: roofscope sweep --gpu h100-sxm5 --op decode_matmul --range 1:4096\n"},
        {"models", "Usage: roofscope models [--format table|json]\n\n"
                   "Lists the transformer presets and the user's model files with their shapes.\n\n"
                   "  --format table|json   output format (default table)\n\n"
                   "Example: roofscope models\n"},
        {"model",
         "Usage: roofscope model --model ID|FILE --phase decode|prefill --batch B --context L\n"
         "                       [--weights int4|int8|fp8|fp16] [--activations fp16|bf16|fp8]\n"
         "                       [--kv fp16|fp8] [--weight-group G] [--fused] --gpu ID[,ID...]\n"
         "                       [--top N]\n"
         "                       [--format table|json|csv] [--catalog FILE ...]\n\n"
         "Expands a decoder-only transformer into the operators of one step and evaluates\n"
         "them on each GPU: time per step, tokens/s, memory-bound share, top operators,\n"
         "weights + KV cache and whether they fit.\n\n"
         "  --model ID|FILE        a preset (roofscope models), a model file or a Hugging Face\n"
         "                         config.json\n"
         "  --phase decode|prefill one decode step, or the prefill of the prompt\n"
         "  --batch B              sequences in the step\n"
         "  --context L            decode: tokens in each KV cache; prefill: prompt tokens\n"
         "  --weights, --activations, --kv   precisions (default fp16)\n"
         "  --weight-group G       quantized weights carry one FP16 scale per G weights\n"
         "                         (int4 with G = 32: 4.5 bits per weight; default 0: none)\n"
         "  --fused                one kernel per elementwise chain, flash attention\n"
         "  --gpu ID[,ID...]       accelerators\n"
         "  --top N                operators listed by time (default 5)\n"
         "  --format table|json|csv output format (default table)\n\n"
         "Example: roofscope model --model llama-2-70b --phase decode --batch 1 --context 4096 "
         "--gpu h100-sxm5\n"},
        {"serve",
         "Usage: roofscope serve --model ID|FILE --gpu ID[,ID...] --prompt P --output O\n"
         "                       [--tp N] [--pp M] [--ep E] [--layouts auto] [--max-gpus 8]\n"
         "                       [--weights ...] [--activations ...] [--kv ...]\n"
         "                       [--weight-group G] [--fused]\n"
         "                       [--headroom 0.1] [--max-batch 4096]\n"
         "                       [--format table|json|csv] [--catalog FILE ...]\n\n"
         "The serving curve: for batches 1, 2, 4, ... up to the largest whose weights and KV\n"
         "cache (every request at prompt + output tokens) fit in each GPU's memory less the\n"
         "headroom, one decode step at the mean context (prompt + output / 2), tokens/s per\n"
         "user (1 / step), tokens/s per GPU (batch / step / GPUs), time to first token (the\n"
         "prefill of the prompts) and request latency (TTFT + output × step). Says why each\n"
         "curve stops and marks the Pareto front of each GPU across layouts.\n\n"
         "  --model ID|FILE        a preset (roofscope models) or a model file\n"
         "  --gpu ID[,ID...]       accelerators\n"
         "  --prompt P, --output O tokens in and out per request\n"
         "  --tp N --pp M --ep E   one layout (default one GPU)\n"
         "  --layouts auto         every layout the model and GPU allow, up to --max-gpus\n"
         "  --weights, --activations, --kv   precisions (default fp16); --fused\n"
         "  --weight-group G       one FP16 scale per G quantized weights\n"
         "  --headroom F           share of each GPU's memory kept free (default 0.1)\n"
         "  --max-batch B          where the search stops if memory never does (default 4096)\n"
         "  --format table|json|csv output format (default table)\n\n"
         "Example: roofscope serve --model llama-2-70b --gpu h100-sxm5 --prompt 1024 "
         "--output 256 --tp 2\n"},
        {"plot",
         "Usage: roofscope plot [--scenario FILE] [--gpu ID[,ID...]] [--op SPEC ...]\n"
         "                      -o OUT.png|svg|pdf|csv|json [--size WxH] [--scale 1..4]\n"
         "                      [--theme light|dark|slide] [--title TEXT] [--subtitle TEXT]\n"
         "                      [--transparent] [--lang en|zh_CN] [--catalog FILE ...]\n\n"
         "The window's figure (or its data) without a display. Default: the seed's four GPUs\n"
         "and seven operators at 1920x1080.\n\n"
         "  --scenario FILE        a saved scenario (*.roofscope.json), with its model set-up\n"
         "  --gpu, --op            replace the scenario's accelerators / operators\n"
         "  -o, --output FILE      .png .svg .pdf (figure) or .csv .json (data)\n"
         "  --size WxH             figure size (default 1920x1080)\n"
         "  --scale S              PNG pixels per unit, 1..4\n"
         "  --theme light|dark|slide, --title TEXT, --subtitle TEXT, --transparent (PNG)\n"
         "  --lang en|zh_CN        language of the figure's text\n\n"
         "Example: roofscope plot -o decode.png --theme slide --title \"Decode is "
         "memory-bound\"\n\n"
         "roofscope plot --serving --model ID|FILE --gpu ID[,ID...] --prompt P --output O\n"
         "               [--tp N] [--pp M] [--ep E] [--layouts auto] -o FIG.png|svg|pdf\n"
         "               [--size WxH] [--title TEXT] [--subtitle TEXT]\n"
         "draws roofscope serve's curves: tokens/s per GPU (y) against tokens/s per user (x),\n"
         "one curve per GPU and layout, the memory-capacity end of each marked. --output is\n"
         "the output tokens per request there; -o the figure.\n"},
    };
    if (command == "measured") {
        printMeasuredHelp(out);
        return true;
    }
    if (command == "probe") {
        printProbeHelp(out);
        return true;
    }
    const auto it = kHelp.find(command);
    if (it == kHelp.end())
        return false;
    out << it->second;
    return true;
}

} // namespace roofscope::cli
