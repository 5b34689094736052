#include "app/servecommand.h"

#include "app/arguments.h"
#include "app/commands.h"
#include "app/modelcommands.h"
#include "app/resultrows.h"
#include "app/texttable.h"
#include "core/models/parallel.h"
#include "core/serving/servingreport.h"
#include "core/util/format.h"
#include "core/util/numbers.h"

#include <iostream>

namespace roofscope::cli {

const std::vector<std::string> kServingOptions = {
    "model",    "gpu",       "prompt",   "output",      "tp",          "pp",
    "ep",       "layouts",   "max-gpus", "weights",     "activations", "kv",
    "headroom", "max-batch", "catalog",  "weight-group"};
const std::vector<std::string> kServingFlags = {"fused"};

namespace {

std::vector<Layout> layoutsFrom(const Arguments& a, const ModelConfig& model, const Hardware& hw)
{
    const auto layoutOption = [&](const std::string& name) {
        return a.has(name) ? static_cast<int>(numberOption("--" + name, a.value(name),
                                                           NumberRange::wholeUpTo(1024)))
                           : 1;
    };
    if (!a.has("layouts"))
        return {Layout{layoutOption("tp"), layoutOption("pp"), layoutOption("ep")}};
    if (a.value("layouts") != "auto")
        throw UsageError("--layouts " + a.value("layouts") +
                         ": expected auto (or give one layout with --tp, --pp and --ep)");
    for (const char* fixed : {"tp", "pp", "ep"})
        if (a.has(fixed))
            throw UsageError(std::string("--") + fixed + " " + a.value(fixed) +
                             ": not with --layouts auto, which tries every layout");
    const int maxGpus = a.has("max-gpus")
                            ? static_cast<int>(numberOption("--max-gpus", a.value("max-gpus"),
                                                            NumberRange::wholeUpTo(64)))
                            : 8;
    return validLayouts(model, hw, maxGpus);
}

} // namespace

ServingRun servingRunFrom(const Arguments& a)
{
    ServingRun run;
    run.model = resolveModel(a.required("model"));
    run.setup.promptTokens =
        numberOption("--prompt", a.required("prompt"), NumberRange::wholeUpTo(kMaxStepTokens));
    run.setup.outputTokens =
        numberOption("--output", a.required("output"), NumberRange::wholeUpTo(kMaxStepTokens));
    if (run.setup.promptTokens + run.setup.outputTokens > kMaxStepTokens)
        throw UsageError("--prompt " + a.value("prompt") + " + --output " + a.value("output") +
                         ": more than " + formatParamNumber(kMaxStepTokens) +
                         " tokens per request");
    precisionsFrom(a, run.setup.precisions, &run.model);
    if (a.has("headroom"))
        run.setup.options.headroom =
            numberOption("--headroom", a.value("headroom"),
                         {0.0, 1.0, false, true, false, "a fraction of memory kept free,"});
    if (a.has("max-batch"))
        run.setup.maxBatch =
            numberOption("--max-batch", a.value("max-batch"), NumberRange::wholeUpTo(1e6));
    if (a.has("max-gpus") && !a.has("layouts"))
        throw UsageError("--max-gpus " + a.value("max-gpus") + ": only with --layouts auto");

    run.catalog = loadCatalog(a.values("catalog"));
    const auto gpus = resolveGpus(run.catalog, a.required("gpu"));
    for (const Hardware* hw : gpus) {
        for (const Layout& layout : layoutsFrom(a, run.model, *hw)) {
            auto curve = servingCurve(run.model, run.setup, layout, *hw);
            if (!curve)
                throw UsageError("serve " + run.model.id + " on " + hw->id + ", " + layout.name() +
                                 ": " + curve.error().message);
            run.curves.push_back(std::move(curve).value());
        }
    }
    run.onFront = servingFrontFlags(run.curves);
    return run;
}

int runServe(const std::vector<std::string>& args)
{
    std::vector<std::string> valued = kServingOptions;
    valued.push_back("format");
    const Arguments a(args, {valued, kServingFlags}, "serve");
    const OutputFormat format = parseOutputFormat(a.value("format", "table"));
    const ServingRun run = servingRunFrom(a);
    const ServingSetup& setup = run.setup;
    const InferenceScenario& p = setup.precisions;

    if (format == OutputFormat::Json || format == OutputFormat::Csv) {
        const ServingReport report{run.model.id, run.setup, run.curves, run.onFront};
        std::cout << (format == OutputFormat::Json ? servingReportJson(report)
                                                   : servingReportCsv(report));
        return 0;
    }

    std::cout << "Serving " << run.model.name << " (" << run.model.id << "): prompt "
              << formatParamNumber(setup.promptTokens) << " + output "
              << formatParamNumber(setup.outputTokens) << " tokens per request; W "
              << precisionName(p.weights) << " A " << precisionName(p.activations) << " KV "
              << precisionName(p.kvCache) << (p.fused ? ", fused" : ", unfused") << "; "
              << formatNumber(setup.options.headroom * 100.0, 3)
              << " % of each GPU's memory kept free.\n"
              << "Decode steps at the mean context of "
              << formatParamNumber(meanDecodeContext(setup))
              << " tokens; TTFT is the prefill of the batch's prompts in one step; latency = TTFT "
                 "+ output × step.\n";
    for (std::size_t c = 0; c < run.curves.size(); ++c) {
        const ServingCurve& curve = run.curves[c];
        std::cout << "\n"
                  << curve.gpu << " × " << curve.layout.gpus() << ", " << curve.layout.name()
                  << ": ";
        if (curve.points.empty()) {
            std::cout << curve.limitReason << "\n";
            continue;
        }
        std::cout << "largest batch " << formatParamNumber(curve.largestBatch) << "; "
                  << curve.limitReason << "\n";
        TextTable table({"batch", "step", "tokens/s per user", "tokens/s per GPU", "TTFT (batch 1)",
                         "TTFT", "request latency", "memory per GPU", ""},
                        {true, true, true, true, true, true, true, true, false});
        for (std::size_t i = 0; i < curve.points.size(); ++i) {
            const ServingPoint& pt = curve.points[i];
            std::string marks;
            if (isCapacityEnd(curve, i))
                marks += "capacity end";
            if (run.onFront[c][i])
                marks += (marks.empty() ? "" : ", ") + std::string("Pareto");
            table.addRow({formatParamNumber(pt.batch), formatDuration(pt.stepTimeS),
                          formatNumber(pt.tokensPerSPerUser), formatNumber(pt.tokensPerSPerGpu),
                          formatDuration(pt.ttftBatch1S), formatDuration(pt.ttftS),
                          formatDuration(pt.requestLatencyS), formatBytes(pt.memoryBytesPerGpu),
                          marks});
        }
        std::cout << table.render();
    }
    std::cout << "\nPareto: no other batch or layout on the same GPU gives more tokens/s per GPU "
                 "at as many tokens/s per user. Roofline bounds: real servers land below them.\n";
    return 0;
}

} // namespace roofscope::cli
