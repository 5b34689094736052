#include "app/modelcommands.h"

#include "app/arguments.h"
#include "app/commands.h"
#include "app/parallelcommands.h"
#include "app/resultrows.h"
#include "app/texttable.h"
#include "core/document/scenarionotes.h"
#include "core/models/deepseek.h"
#include "core/models/modelconfig.h"
#include "core/models/workload.h"
#include "core/util/format.h"
#include "core/util/numbers.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <sstream>

namespace roofscope::cli {

namespace {

const Arguments::Spec kModelSpec{{"model", "phase", "batch", "context", "weights", "activations",
                                  "kv", "gpu", "format", "catalog", "top", "tp", "pp", "ep",
                                  "headroom", "micro-batches", "weight-group"},
                                 {"fused"}};

// The user directory's broken files are warnings, as for hardware: they must not take the
// presets down with them.
ModelCatalog loadModels()
{
    ModelCatalog catalog = ModelCatalog::builtin();
    for (const Error& e : catalog.loadUserDirectory())
        std::cerr << "roofscope: warning: " << e.message << " (file skipped)\n";
    return catalog;
}

bool looksLikeFile(const std::string& text)
{
    std::error_code ec;
    return text.find('/') != std::string::npos || text.ends_with(".json") ||
           std::filesystem::is_regular_file(text, ec);
}

} // namespace

ModelConfig resolveModel(const std::string& text)
{
    ModelCatalog catalog = loadModels();
    if (looksLikeFile(text)) {
        auto loaded = catalog.loadFile(text);
        if (!loaded)
            throw UsageError("--model " + loaded.error().message);
        if (loaded->size() != 1) {
            std::string ids;
            for (const ModelConfig& m : *loaded)
                ids += (ids.empty() ? "" : ", ") + m.id;
            throw UsageError("--model " + text + ": holds " + std::to_string(loaded->size()) +
                             " models (" + ids + "); expected exactly one");
        }
        return loaded->front();
    }
    if (const ModelConfig* m = catalog.find(text))
        return *m;
    const std::string near = catalog.closestId(text);
    throw UsageError("--model " + text + ": unknown model id" +
                     (near.empty() ? std::string() : " (did you mean " + near + "?)") +
                     "; `roofscope models` lists them, or give a model JSON file");
}

Precision precisionOption(const Arguments& a, const std::string& option,
                          std::initializer_list<Precision> allowed, Precision fallback)
{
    if (!a.has(option))
        return fallback;
    const std::string text = a.value(option);
    std::string names;
    for (Precision p : allowed)
        names += (names.empty() ? "" : ", ") + std::string(precisionName(p));
    const auto p = parsePrecision(text);
    if (!p || std::find(allowed.begin(), allowed.end(), *p) == allowed.end())
        throw UsageError("--" + option + " " + text + ": expected one of: " + names);
    return *p;
}

InferenceScenario scenarioFrom(const Arguments& a, const ModelConfig* model)
{
    InferenceScenario s;
    const std::string phase = a.required("phase");
    const auto parsed = parsePhase(phase);
    if (!parsed)
        throw UsageError("--phase " + phase + ": expected one of: decode, prefill");
    s.phase = *parsed;
    s.batch = numberOption("--batch", a.required("batch"), NumberRange::wholeUpTo(1e6));
    s.context = numberOption("--context", a.required("context"), NumberRange::wholeUpTo(1e7));
    if (stepTokens(s) > kMaxStepTokens)
        throw UsageError("--batch " + a.value("batch") + " × --context " + a.value("context") +
                         ": a prefill step of " + formatParamNumber(stepTokens(s)) +
                         " tokens; the limit is " + formatParamNumber(kMaxStepTokens) +
                         " tokens per step (batch × context)");
    precisionsFrom(a, s, model);
    return s;
}

void precisionsFrom(const Arguments& a, InferenceScenario& s, const ModelConfig* model)
{
    s.activations = precisionOption(
        a, "activations", {Precision::FP16, Precision::BF16, Precision::FP8, Precision::INT8},
        Precision::FP16);
    s.weights = precisionOption(a, "weights",
                                {Precision::FP16, Precision::BF16, Precision::FP8, Precision::INT8,
                                 Precision::INT4, Precision::FP4},
                                s.activations);
    if (model)
        applyQuantizationDefaults(*model, s, a.has("weights"), a.has("weight-group"));
    s.kvCache = precisionOption(a, "kv",
                                {Precision::FP16, Precision::BF16, Precision::FP8, Precision::INT8},
                                streamPrecision(s));
    // A weight wider than the math makes no kernel: W16A8 does not exist.
    if (bytesPerElement(s.weights) > bytesPerElement(s.activations))
        throw UsageError("--weights " + std::string(precisionName(s.weights)) +
                         " is wider than --activations " +
                         std::string(precisionName(s.activations)) +
                         " (weights are stored at most as wide as the math runs)");
    if (a.has("weight-group")) {
        s.weightGroupSize = numberOption("--weight-group", a.value("weight-group"),
                                         {0.0, 65536.0, false, false, true, "a whole number"});
        if (s.weightGroupSize > 0.0 && bytesPerElement(s.weights) >= 2.0)
            throw UsageError("--weight-group " + a.value("weight-group") +
                             ": group scales belong to quantized weights (--weights int4, fp4, "
                             "int8 or fp8), not " +
                             std::string(precisionName(s.weights)));
    }
    s.fused = a.has("fused");
}

nlohmann::json modelToJson(const ModelConfig& m)
{
    nlohmann::json j = {
        {"id", m.id},
        {"name", m.name},
        {"hidden_size", m.hiddenSize},
        {"intermediate_size", m.intermediateSize},
        {"num_hidden_layers", m.layers},
        {"num_attention_heads", m.heads},
        {"num_key_value_heads", m.kvHeads},
        {"head_dim", m.headDim},
        {"vocab_size", m.vocabSize},
        {"mlp", mlpKindName(m.mlp)},
        {"hidden_act", m.activation},
        {"norm", normKindName(m.norm)},
        {"position", positionKindName(m.position)},
        {"tie_word_embeddings", m.tiedEmbeddings},
        {"num_local_experts", m.experts},
        {"num_experts_per_tok", m.expertsPerToken},
        {"params", m.parameterCount()},
        {"active_params", m.activeParameterCount()},
        {"kv_cache_bytes_per_token_fp16", kvCacheBytesPerToken(m, Precision::FP16)},
        {"source", m.source},
    };
    if (m.publishedParams > 0.0)
        j["published_params"] = m.publishedParams;
    if (m.maxPositions > 0)
        j["max_position_embeddings"] = m.maxPositions;
    Json architecture = Json::object();
    writeArchitectureFields(architecture, m);
    for (const auto& [key, value] : architecture.items())
        if (!j.contains(key))
            j[key] = nlohmann::json::parse(value.dump());
    return j;
}

namespace {

std::string countText(double count)
{
    // Expected experts touched are not whole: show three significant digits.
    return count == std::floor(count) ? formatParamNumber(count) : formatNumber(count, 4);
}

// rowsToCsv's lines with the columns only the model view has appended.
std::string csvWithCounts(const std::vector<ResultRow>& rows, const Workload& w,
                          const std::vector<WorkloadTotals>& totals,
                          const std::vector<const Hardware*>& gpus)
{
    std::istringstream in(rowsToCsv(rows));
    std::string out;
    std::string line;
    std::getline(in, line);
    out += line + ",key,layer_count,per_layer,count,step_time_s,time_fraction\n";
    const auto exact = [](double v) { return shortestNumber(v); };
    for (std::size_t g = 0; g < gpus.size(); ++g) {
        for (std::size_t i = 0; i < w.ops.size(); ++i) {
            if (!std::getline(in, line))
                break;
            const WorkloadOp& row = w.ops[i];
            const OperatorTiming& t = totals[g].perOp[i];
            out += line + "," + row.key + "," + exact(row.layerCount) + "," + exact(row.perLayer) +
                   "," + exact(row.count()) + "," + exact(t.stepTimeS) + "," +
                   exact(t.timeFraction) + "\n";
        }
    }
    return out;
}

} // namespace

int runModels(const std::vector<std::string>& args)
{
    const Arguments a(args, {{"format", "catalog"}, {}}, "models");
    loadCatalog(a.values("catalog")); // accepted by every subcommand; validated, not listed
    const std::string format = a.value("format", "table");
    const ModelCatalog catalog = loadModels();
    if (format == "json") {
        nlohmann::json list = nlohmann::json::array();
        for (const ModelConfig& m : catalog.all())
            list.push_back(modelToJson(m));
        std::cout << nlohmann::json{{"models", list}}.dump(2, ' ', false,
                                                           nlohmann::json::error_handler_t::replace)
                  << "\n";
        return 0;
    }
    if (format != "table")
        throw UsageError("models: --format " + format + ": expected one of: table, json");
    TextTable table({"id", "name", "hidden", "FFN", "layers", "heads", "KV heads", "head dim",
                     "vocab", "params", "experts"},
                    {false, false, true, true, true, true, true, true, true, true, false});
    for (const ModelConfig& m : catalog.all()) {
        std::string params = formatSi(m.parameterCount(), "", 3);
        std::string experts = "–";
        if (m.isMoe()) {
            params += " (" + formatSi(m.activeParameterCount(), "", 3) + " active)";
            experts = std::to_string(m.experts) + ", top-" + std::to_string(m.expertsPerToken);
        }
        table.addRow({m.id, m.name, std::to_string(m.hiddenSize),
                      std::to_string(m.intermediateSize), std::to_string(m.layers),
                      std::to_string(m.heads), std::to_string(m.kvHeads), std::to_string(m.headDim),
                      std::to_string(m.vocabSize), params, experts});
    }
    std::cout << table.render();
    return 0;
}

int runModel(const std::vector<std::string>& args)
{
    const Arguments a(args, kModelSpec, "model");
    if (a.has("tp") || a.has("pp") || a.has("ep"))
        return runParallelModel(a);
    const OutputFormat format = parseOutputFormat(a.value("format", "table"));
    const ModelConfig model = resolveModel(a.required("model"));
    const InferenceScenario scenario = scenarioFrom(a, &model);
    const std::size_t top =
        a.has("top") ? static_cast<std::size_t>(
                           numberOption("--top", a.value("top"), NumberRange::wholeUpTo(1000)))
                     : 5;
    const HardwareCatalog catalog = loadCatalog(a.values("catalog"));
    const auto gpus = resolveGpus(catalog, a.required("gpu"));

    auto workload = expandWorkload(model, scenario);
    if (!workload)
        throw UsageError("model " + model.id + ": " + workload.error().message);
    std::vector<WorkloadTotals> totals;
    std::vector<ResultRow> rows;
    for (const Hardware* hw : gpus) {
        auto t = evaluateWorkload(*workload, *hw);
        if (!t) {
            // TPUs publish BF16 but not FP16 tensor peaks: the one mismatch a flag can fix.
            const bool fp16Tensor =
                t.error().message.find("no fp16 tensor ceiling") != std::string::npos;
            throw UsageError("model " + model.id + ": " + t.error().message +
                             (fp16Tensor ? " (try --activations bf16)" : ""));
        }
        for (std::size_t i = 0; i < workload->ops.size(); ++i)
            rows.push_back(ResultRow{hw, workload->ops[i].op, t->perOp[i].estimate, std::nullopt});
        totals.push_back(std::move(t).value());
    }

    const auto topList = [&](const WorkloadTotals& t) {
        nlohmann::json list = nlohmann::json::array();
        for (std::size_t r = 0; r < std::min(top, t.byTime.size()); ++r) {
            const std::size_t i = t.byTime[r];
            list.push_back({{"key", workload->ops[i].key},
                            {"name", workload->ops[i].name},
                            {"time_s", t.perOp[i].stepTimeS},
                            {"time_fraction", t.perOp[i].timeFraction}});
        }
        return list;
    };

    if (format == OutputFormat::Json) {
        nlohmann::json operators = nlohmann::json::array();
        for (std::size_t g = 0; g < gpus.size(); ++g) {
            for (std::size_t i = 0; i < workload->ops.size(); ++i) {
                const WorkloadOp& row = workload->ops[i];
                const OperatorTiming& t = totals[g].perOp[i];
                nlohmann::json j = rowToJson(rows[g * workload->ops.size() + i]);
                j["name"] = row.name;
                j["key"] = row.key;
                j["layer_count"] = row.layerCount;
                j["per_layer"] = row.perLayer;
                j["count"] = row.count();
                j["step_flops"] = t.stepFlops;
                j["step_bytes"] = t.stepBytes;
                j["step_time_s"] = t.stepTimeS;
                j["time_fraction"] = t.timeFraction;
                operators.push_back(std::move(j));
            }
        }
        nlohmann::json totalsJson = nlohmann::json::array();
        for (std::size_t g = 0; g < gpus.size(); ++g) {
            const WorkloadTotals& t = totals[g];
            totalsJson.push_back({
                {"gpu", gpus[g]->id},
                {"flops", t.flops},
                {"bytes", t.bytes},
                {"ai", t.ai()},
                {"ai_weights_only", t.weightsOnlyAi()},
                {"weights_read_bytes", t.weightsReadBytes},
                {"time_s", t.timeS},
                {"tokens_per_s", t.tokensPerS},
                {"memory_bound_time_fraction", t.memoryBoundTimeFraction},
                {"weights_bytes", t.weightsBytes},
                {"kv_cache_bytes", t.kvCacheBytes},
                {"memory_bytes", t.memoryBytes},
                {"fits", t.fits ? nlohmann::json(*t.fits) : nlohmann::json()},
                {"gpus_needed", t.gpusNeeded ? nlohmann::json(*t.gpusNeeded) : nlohmann::json()},
                {"top_operators", topList(t)},
            });
        }
        nlohmann::json scenarioJson = {
            {"phase", phaseName(scenario.phase)},
            {"batch", scenario.batch},
            {"context", scenario.context},
            {"tokens_per_step", workload->tokens},
            {"weights", precisionName(scenario.weights)},
            {"activations", precisionName(scenario.activations)},
            {"kv", precisionName(scenario.kvCache)},
            {"fused", scenario.fused},
        };
        if (scenario.weightGroupSize > 0.0)
            scenarioJson["weight_group_size"] = scenario.weightGroupSize;
        if (model.isMoe())
            scenarioJson["experts_touched_per_layer"] = workload->expertsTouched;
        scenarioJson["time_unit"] = stepTimeLabel(scenario);
        std::cout << nlohmann::json{{"model", modelToJson(model)},
                                    {"scenario", scenarioJson},
                                    {"notes", scenarioNotes(model, scenario)},
                                    {"operators", operators},
                                    {"totals", totalsJson}}
                         .dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
                  << "\n";
        return 0;
    }
    if (format == OutputFormat::Csv) {
        std::cout << csvWithCounts(rows, *workload, totals, gpus);
        return 0;
    }

    // Table: short labels (key ×count) keep the table narrow; the legend gives the full names.
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const WorkloadOp& row = workload->ops[r % workload->ops.size()];
        rows[r].op.label = row.key + " ×" + countText(row.count());
    }
    std::cout << model.name << " (" << model.id << "), " << phaseName(scenario.phase) << ", batch "
              << formatParamNumber(scenario.batch) << ", context "
              << formatParamNumber(scenario.context) << ", W " << precisionName(scenario.weights)
              << " A " << precisionName(scenario.activations) << " KV "
              << precisionName(scenario.kvCache) << (scenario.fused ? ", fused" : ", unfused")
              << "\n"
              << "Rows are one instance; ×N is how many a step runs.\n\n"
              << rowsToTable(rows) << "\n";
    for (std::size_t g = 0; g < gpus.size(); ++g) {
        const WorkloadTotals& t = totals[g];
        std::cout << gpus[g]->id << ": " << formatFlops(t.flops) << ", " << formatBytes(t.bytes)
                  << " moved, AI " << formatNumber(t.ai()) << " (weights only "
                  << formatNumber(t.weightsOnlyAi()) << "); " << formatDuration(t.timeS) << " "
                  << stepTimeLabel(scenario) << ", " << formatNumber(t.tokensPerS) << " tokens/s; "
                  << formatNumber(t.memoryBoundTimeFraction * 100.0, 3)
                  << " % of the time memory-bound\n"
                  << "  weights " << formatBytes(t.weightsBytes) << " + KV cache "
                  << formatBytes(t.kvCacheBytes) << " of " << formatBytes(t.memoryBytes) << ": ";
        if (!t.fits)
            std::cout << "capacity unknown\n";
        else if (*t.fits)
            std::cout << "fits on one GPU\n";
        else
            std::cout << "does NOT fit one GPU (needs at least " << *t.gpusNeeded
                      << "; the time above is as if it fit)\n";
        std::cout << "  top by time:";
        for (std::size_t r = 0; r < std::min(top, t.byTime.size()); ++r) {
            const std::size_t i = t.byTime[r];
            std::cout << (r ? ", " : " ") << workload->ops[i].key << " "
                      << formatNumber(t.perOp[i].timeFraction * 100.0, 3) << " %";
        }
        std::cout << "\n";
    }
    for (const std::string& note : scenarioNotes(model, scenario))
        std::cout << "Note: " << note << "\n";
    std::cout << "\nOperators:\n";
    for (const WorkloadOp& row : workload->ops)
        std::cout << "  " << row.key << ": " << row.name << "\n";
    return 0;
}

} // namespace roofscope::cli
