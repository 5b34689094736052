#include "app/parallelcommands.h"

#include "app/arguments.h"
#include "app/commands.h"
#include "app/modelcommands.h"
#include "app/resultrows.h"
#include "app/texttable.h"
#include "core/document/scenarionotes.h"
#include "core/models/parallel.h"
#include "core/util/format.h"
#include "core/util/numbers.h"

#include <cmath>
#include <iostream>

namespace roofscope::cli {

namespace {

int layoutOption(const Arguments& a, const std::string& name)
{
    return a.has(name) ? static_cast<int>(
                             numberOption("--" + name, a.value(name), NumberRange::wholeUpTo(1024)))
                       : 1;
}

ParallelOptions optionsFrom(const Arguments& a)
{
    ParallelOptions o;
    if (a.has("headroom")) {
        o.headroom =
            numberOption("--headroom", a.value("headroom"),
                         {0.0, 1.0, false, true, false, "a fraction of memory kept free,"});
    }
    if (a.has("micro-batches"))
        o.microBatches = static_cast<int>(
            numberOption("--micro-batches", a.value("micro-batches"), NumberRange::wholeUpTo(1e6)));
    return o;
}

std::string exact(double v)
{
    // Shortest round-trip text, as every other CSV: exact, and C-locale whatever the locale.
    return shortestNumber(v);
}

nlohmann::json optionalBool(const std::optional<bool>& b)
{
    return b ? nlohmann::json(*b) : nlohmann::json();
}

nlohmann::json layoutJson(const Layout& l)
{
    return {{"tp", l.tp}, {"pp", l.pp}, {"ep", l.ep}, {"gpus", l.gpus()}, {"name", l.name()}};
}

nlohmann::json commJson(const CommOp& c)
{
    return {{"key", c.key},
            {"name", c.name},
            {"collective", c.collective},
            {"bytes", c.bytes},
            {"participants", c.participants},
            {"count", c.count},
            {"time_s", c.timeS},
            {"step_time_s", c.stepTimeS()},
            {"link_bytes", c.linkBytes}};
}

nlohmann::json totalsJson(const ParallelTotals& t, const Hardware& hw)
{
    nlohmann::json perGpu = nlohmann::json::array();
    double computeBound = 0.0;
    double memoryBound = 0.0;
    for (const StageTotals& st : t.stages) {
        computeBound += st.computeBoundTimeS;
        memoryBound += st.memoryBoundTimeS;
        perGpu.push_back({{"stage", st.stage + 1},
                          {"gpus", t.layout.tp},
                          {"layers", st.layers},
                          {"time_s", st.timeS()},
                          {"compute_bound_time_s", st.computeBoundTimeS},
                          {"memory_bound_time_s", st.memoryBoundTimeS},
                          {"communication_time_s", st.communicationTimeS},
                          {"weights_bytes", st.weightsBytes},
                          {"kv_cache_bytes", st.kvCacheBytes},
                          {"workspace_bytes", st.workspaceBytes},
                          {"memory_bytes", st.memoryBytes()}});
    }
    return {{"gpu", hw.id},
            {"layout", layoutJson(t.layout)},
            {"time_s", t.timeS},
            {"tokens_per_s", t.tokensPerS},
            {"tokens_per_s_per_gpu", t.tokensPerSPerGpu},
            {"compute_time_s", t.computeTimeS},
            {"compute_bound_time_s", computeBound},
            {"memory_bound_time_s", memoryBound},
            {"communication_time_s", t.communicationTimeS},
            {"communication_fraction", t.communicationFraction},
            {"bubble_fraction", t.bubbleFraction},
            {"micro_batches", t.microBatches},
            {"memory_bytes", t.memoryBytesPerGpu},
            {"capacity_bytes", t.capacityBytes},
            {"headroom", t.headroom},
            {"fits", optionalBool(t.fits)},
            {"link",
             {{"name", hw.interconnect.name},
              {"bytes_per_s_per_direction", hw.interconnect.bytesPerS},
              {"hop_latency_s", hw.interconnect.latencyS},
              {"hop_latency_source", hw.interconnect.latencySource}}},
            {"per_gpu", perGpu}};
}

std::string stepLabel(const InferenceScenario& s)
{
    if (s.phase == Phase::Prefill)
        return "per step (" + formatParamNumber(s.batch) + " × " + formatParamNumber(s.context) +
               " prompt tokens)";
    return s.batch == 1.0
               ? "per token"
               : "per step (one token for each of " + formatParamNumber(s.batch) + " sequences)";
}

std::string fitsText(const ParallelTotals& t)
{
    if (!t.fits)
        return "capacity unknown";
    return *t.fits ? "fits" : "does NOT fit";
}

} // namespace

int runParallelModel(const Arguments& a)
{
    const OutputFormat format = parseOutputFormat(a.value("format", "table"));
    const ModelConfig model = resolveModel(a.required("model"));
    const InferenceScenario scenario = scenarioFrom(a, &model);
    const Layout layout{layoutOption(a, "tp"), layoutOption(a, "pp"), layoutOption(a, "ep")};
    const ParallelOptions options = optionsFrom(a);
    const HardwareCatalog catalog = loadCatalog(a.values("catalog"));
    const auto gpus = resolveGpus(catalog, a.required("gpu"));

    std::vector<ParallelTotals> results;
    for (const Hardware* hw : gpus) {
        auto t = evaluateParallel(model, scenario, layout, *hw, options);
        if (!t)
            throw UsageError("model " + model.id + " on " + hw->id + ": " + t.error().message);
        results.push_back(std::move(t).value());
    }

    if (format == OutputFormat::Json) {
        nlohmann::json operators = nlohmann::json::array();
        nlohmann::json communication = nlohmann::json::array();
        nlohmann::json totals = nlohmann::json::array();
        for (std::size_t g = 0; g < gpus.size(); ++g) {
            for (const StageTotals& st : results[g].stages) {
                for (std::size_t i = 0; i < st.workload.ops.size(); ++i) {
                    const WorkloadOp& row = st.workload.ops[i];
                    const OperatorTiming& t = st.totals.perOp[i];
                    nlohmann::json j =
                        rowToJson(ResultRow{gpus[g], row.op, t.estimate, std::nullopt});
                    j["stage"] = st.stage + 1;
                    j["name"] = row.name;
                    j["key"] = row.key;
                    j["count"] = row.count();
                    j["step_time_s"] = t.stepTimeS;
                    operators.push_back(std::move(j));
                }
                for (const CommOp& c : st.communication) {
                    nlohmann::json j = commJson(c);
                    j["gpu"] = gpus[g]->id;
                    j["stage"] = st.stage + 1;
                    communication.push_back(std::move(j));
                }
            }
            totals.push_back(totalsJson(results[g], *gpus[g]));
        }
        std::cout << nlohmann::json{{"model", modelToJson(model)},
                                    {"scenario",
                                     {{"phase", phaseName(scenario.phase)},
                                      {"batch", scenario.batch},
                                      {"context", scenario.context},
                                      {"weights", precisionName(scenario.weights)},
                                      {"activations", precisionName(scenario.activations)},
                                      {"kv", precisionName(scenario.kvCache)},
                                      {"fused", scenario.fused}}},
                                    {"layout", layoutJson(layout)},
                                    {"notes", scenarioNotes(model, scenario)},
                                    {"operators", operators},
                                    {"communication", communication},
                                    {"totals", totals}}
                         .dump(2)
                  << "\n";
        return 0;
    }
    if (format == OutputFormat::Csv) {
        std::cout << "gpu,layout,stage,gpus_in_stage,layers,time_s,compute_bound_time_s,"
                     "memory_bound_time_s,communication_time_s,memory_bytes,fits\n";
        for (std::size_t g = 0; g < gpus.size(); ++g) {
            for (const StageTotals& st : results[g].stages)
                std::cout << gpus[g]->id << "," << layout.name() << "," << st.stage + 1 << ","
                          << layout.tp << "," << st.layers << "," << exact(st.timeS()) << ","
                          << exact(st.computeBoundTimeS) << "," << exact(st.memoryBoundTimeS) << ","
                          << exact(st.communicationTimeS) << "," << exact(st.memoryBytes()) << ","
                          << (results[g].fits ? (*results[g].fits ? "true" : "false") : "") << "\n";
        }
        return 0;
    }

    std::cout << model.name << " (" << model.id << "), " << phaseName(scenario.phase) << ", batch "
              << formatParamNumber(scenario.batch) << ", context "
              << formatParamNumber(scenario.context) << ", W " << precisionName(scenario.weights)
              << " A " << precisionName(scenario.activations) << " KV "
              << precisionName(scenario.kvCache) << (scenario.fused ? ", fused" : ", unfused")
              << ", layout " << layout.name() << " (" << layout.gpus() << " GPUs)\n";
    for (std::size_t g = 0; g < gpus.size(); ++g) {
        const ParallelTotals& t = results[g];
        const Hardware& hw = *gpus[g];
        std::cout << "\n"
                  << hw.id << " × " << layout.gpus() << ", " << layout.name() << ": "
                  << formatDuration(t.timeS) << " " << stepLabel(scenario) << ", "
                  << formatNumber(t.tokensPerS) << " tokens/s (" << formatNumber(t.tokensPerSPerGpu)
                  << " per GPU); communication " << formatDuration(t.communicationTimeS) << " = "
                  << formatNumber(t.communicationFraction * 100.0, 3) << " % of the time\n";
        if (layout.gpus() > 1)
            std::cout << "  link: " << hw.interconnect.name << ", "
                      << formatSi(hw.interconnect.bytesPerS, "B/s") << " per direction per GPU, "
                      << formatDuration(hw.interconnect.latencyS) << " per hop ("
                      << hw.interconnect.latencySource << ")\n";
        TextTable table({"stage", "GPUs", "layers", "compute-bound", "memory-bound",
                         "communication", "time", "memory per GPU"},
                        {true, true, true, true, true, true, true, true});
        for (const StageTotals& st : t.stages)
            table.addRow({std::to_string(st.stage + 1), std::to_string(layout.tp),
                          std::to_string(st.layers), formatDuration(st.computeBoundTimeS),
                          formatDuration(st.memoryBoundTimeS),
                          formatDuration(st.communicationTimeS), formatDuration(st.timeS()),
                          formatBytes(st.memoryBytes())});
        std::cout << table.render();
        const StageTotals& fullest = t.stages.front();
        std::cout << "  memory per GPU (stage 1): weights " << formatBytes(fullest.weightsBytes)
                  << " + KV cache " << formatBytes(fullest.kvCacheBytes) << " + workspace "
                  << formatBytes(fullest.workspaceBytes) << "; fullest GPU "
                  << formatBytes(t.memoryBytesPerGpu) << " of " << formatBytes(t.capacityBytes)
                  << " with " << formatNumber(t.headroom * 100.0, 3)
                  << " % headroom: " << fitsText(t) << "\n";
        if (t.bubbleFraction > 0.0)
            std::cout << "  pipeline: " << t.microBatches << " micro-batches, bubble "
                      << formatNumber(t.bubbleFraction * 100.0, 3) << " %\n";
        std::cout << "  collectives per GPU (stage 1):";
        if (fullest.communication.empty())
            std::cout << " none";
        std::cout << "\n";
        for (const CommOp& c : fullest.communication)
            std::cout << "    " << c.key << " ×" << formatParamNumber(c.count) << ": "
                      << formatBytes(c.bytes) << ", " << formatDuration(c.timeS) << " each — "
                      << c.name << "\n";
    }
    for (const std::string& note : scenarioNotes(model, scenario))
        std::cout << "Note: " << note << "\n";
    std::cout << "\nRing all-reduce: 2·(N−1)/N · bytes ÷ per-direction link bandwidth + "
                 "2·(N−1) · hop latency (the α–β ring model GenZ and llm-analysis use).\n";
    return 0;
}

int runPlan(const std::vector<std::string>& args)
{
    const Arguments a(
        args,
        {{"model", "phase", "batch", "context", "weights", "activations", "kv", "gpu", "format",
          "catalog", "max-gpus", "headroom", "micro-batches", "weight-group"},
         {"fused"}},
        "plan");
    const OutputFormat format = parseOutputFormat(a.value("format", "table"));
    const ModelConfig model = resolveModel(a.required("model"));
    const InferenceScenario scenario = scenarioFrom(a, &model);
    const ParallelOptions options = optionsFrom(a);
    const int maxGpus = a.has("max-gpus")
                            ? static_cast<int>(numberOption("--max-gpus", a.value("max-gpus"),
                                                            NumberRange::wholeUpTo(1024)))
                            : 8;
    const HardwareCatalog catalog = loadCatalog(a.values("catalog"));
    const auto gpus = resolveGpus(catalog, a.required("gpu"));
    if (gpus.size() != 1)
        throw UsageError("plan: --gpu " + a.value("gpu") + ": expected exactly one GPU id");
    const Hardware& hw = *gpus.front();
    auto rows = planDeployments(model, scenario, hw, maxGpus, options);
    if (!rows)
        throw UsageError("plan " + model.id + " on " + hw.id + ": " + rows.error().message);

    if (format == OutputFormat::Json) {
        nlohmann::json list = nlohmann::json::array();
        for (const ParallelTotals& t : *rows)
            list.push_back(totalsJson(t, hw));
        std::cout << nlohmann::json{{"model", model.id},
                                    {"gpu", hw.id},
                                    {"phase", phaseName(scenario.phase)},
                                    {"batch", scenario.batch},
                                    {"context", scenario.context},
                                    {"max_gpus", maxGpus},
                                    {"layouts", list}}
                         .dump(2)
                  << "\n";
        return 0;
    }
    if (format == OutputFormat::Csv) {
        std::cout << "layout,tp,pp,ep,gpus,time_s,tokens_per_s,tokens_per_s_per_gpu,"
                     "communication_fraction,memory_bytes,fits\n";
        for (const ParallelTotals& t : *rows)
            std::cout << t.layout.name() << "," << t.layout.tp << "," << t.layout.pp << ","
                      << t.layout.ep << "," << t.layout.gpus() << "," << exact(t.timeS) << ","
                      << exact(t.tokensPerS) << "," << exact(t.tokensPerSPerGpu) << ","
                      << exact(t.communicationFraction) << "," << exact(t.memoryBytesPerGpu) << ","
                      << (t.fits ? (*t.fits ? "true" : "false") : "") << "\n";
        return 0;
    }
    std::cout << "Deployments of " << model.name << " on " << hw.id << " (up to " << maxGpus
              << " GPUs), " << phaseName(scenario.phase) << ", batch "
              << formatParamNumber(scenario.batch) << ", context "
              << formatParamNumber(scenario.context) << "; fastest fitting first. Time is "
              << stepLabel(scenario) << ".\n\n";
    TextTable table({"layout", "GPUs", "time", "tokens/s", "tokens/s per GPU", "communication",
                     "memory per GPU", "fits"},
                    {false, true, true, true, true, true, true, false});
    for (const ParallelTotals& t : *rows)
        table.addRow({t.layout.name(), std::to_string(t.layout.gpus()), formatDuration(t.timeS),
                      formatNumber(t.tokensPerS), formatNumber(t.tokensPerSPerGpu),
                      formatNumber(t.communicationFraction * 100.0, 3) + " %",
                      formatBytes(t.memoryBytesPerGpu),
                      t.fits ? (*t.fits ? "yes" : "no") : "unknown"});
    std::cout << table.render();
    std::cout << "\nMemory per GPU = weights + KV cache + activation workspace; fits with "
              << formatNumber(options.headroom * 100.0, 3)
              << " % of each GPU kept free. Link: " << hw.interconnect.name << ", "
              << formatSi(hw.interconnect.bytesPerS, "B/s") << " per direction, "
              << formatDuration(hw.interconnect.latencyS) << " per hop.\n";
    return 0;
}

} // namespace roofscope::cli
