#include "core/measured/modeljoin.h"

#include "core/measured/tracepasses.h"
#include "core/util/format.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <string_view>

namespace roofscope {

InferenceScenario joinScenario(const ModelConfig& model, Phase phase, double batch, double context,
                               bool fused)
{
    // `roofscope model`'s defaults (scenarioFrom without precision options).
    InferenceScenario s;
    s.phase = phase;
    s.batch = batch;
    s.context = context;
    s.fused = fused;
    applyQuantizationDefaults(model, s, false, false);
    return s;
}

namespace {

// Row key -> step time, FLOPs and bytes, from the unfused expansion first, then the fused one.
class Predictions {
public:
    static Expected<Predictions> make(const ModelConfig& model, const TracePass& pass,
                                      const Hardware& gpu)
    {
        Predictions p;
        for (bool fused : {false, true}) {
            auto workload = expandWorkload(
                model, joinScenario(model, pass.phase, pass.batch, pass.context, fused));
            if (!workload)
                return makeError("model " + model.id + ": " + workload.error().message);
            auto totals = evaluateWorkload(*workload, gpu);
            if (!totals)
                return makeError("model " + model.id + " on " + gpu.id + ": " +
                                 totals.error().message);
            for (std::size_t i = 0; i < workload->ops.size(); ++i)
                p.m_rows.emplace(workload->ops[i].key, totals->perOp[i]);
            if (!fused)
                p.m_stepS = totals->timeS;
        }
        return p;
    }
    // `roofscope model`'s step time (its default, unfused expansion), less the lm_head when
    // the pass runs none (a base model's forward).
    double stepTime(bool lmHead) const
    {
        return m_stepS - (lmHead ? 0.0 : row("lm_head").stepTimeS);
    }
    // The row's step figures; all zero when the model has no such row.
    OperatorTiming row(const std::string& key) const
    {
        const auto it = m_rows.find(key);
        return it == m_rows.end() ? OperatorTiming{} : it->second;
    }

private:
    std::map<std::string, OperatorTiming> m_rows; // emplace keeps the unfused row
    double m_stepS = 0.0;
};

bool projection(std::string_view name)
{
    return name.ends_with("_proj");
}

std::string percent(double part, double whole)
{
    return whole > 0.0 ? formatNumber(100.0 * part / whole, 2) + " %" : "– %";
}

// "decode step 8.1 ms measured, 3.42 ms bound (42 %): projections 4.65 ms at 68 % of their
// bound; 1280 other kernels 3.4 ms where the bound is 0.2 ms — launch-bound: fuse them
// (torch.compile, CUDA graphs); 8.1 ms of kernels in 43 ms of wall (GPU busy 19 %)".
std::string passSentence(const JoinedPass& p, const std::vector<std::size_t>& kernels,
                         const std::vector<MeasuredKernel>& all,
                         const std::vector<const char*>& operatorOf, double shortestS)
{
    double projMeasured = 0.0, projPredicted = 0.0, otherPredicted = 0.0;
    for (const JoinedOperator& o : p.operators) {
        if (projection(o.name)) {
            projMeasured += o.measuredS;
            projPredicted += o.predictedS;
        } else {
            otherPredicted += o.predictedS;
        }
    }
    long long others = 0;
    double otherMeasured = 0.0;
    for (std::size_t k : kernels)
        if (!operatorOf[k] || !projection(operatorOf[k])) {
            ++others;
            otherMeasured += all[k].timeS;
        }
    std::string s = std::string(phaseName(p.phase)) + " step " + formatDuration(p.measuredS) +
                    " measured, " + formatDuration(p.predictedS) + " bound (" +
                    percent(p.predictedS, p.measuredS) + "): projections " +
                    formatDuration(projMeasured) + " at " + percent(projPredicted, projMeasured) +
                    " of their bound; " + std::to_string(others) + " other kernels " +
                    formatDuration(otherMeasured) + " where the bound is " +
                    formatDuration(otherPredicted);
    // Kernels that last about as long as the shortest launch whatever their size: their
    // time is launches, not work.
    if (others > 0 && shortestS > 0.0 && otherMeasured / double(others) <= 8.0 * shortestS &&
        otherMeasured > 2.0 * otherPredicted)
        s += " — launch-bound: fuse them (torch.compile, CUDA graphs)";
    s += "; launch floor " + formatDuration(p.launchFloorS) + " (" + std::to_string(p.kernels) +
         " kernels at ≥ " + formatDuration(shortestS) + "); " + formatDuration(p.measuredS) +
         " of kernels in " + formatDuration(p.wallS) + " of wall (GPU busy " +
         percent(p.measuredS, p.wallS) + ")";
    return s;
}

} // namespace

Expected<ModelJoin> joinTraceToModel(const MeasuredImport& trace, const ModelConfig& model,
                                     const Hardware& gpu)
{
    auto split = splitTracePasses(trace.kernels, trace.trace, model, trace.file);
    if (!split)
        return split.error();
    const TraceContext& ctx = trace.trace;
    const std::vector<MeasuredKernel>& kernels = trace.kernels;

    ModelJoin join;
    join.model = model.id;
    join.gpu = gpu.id;
    join.notes = split->notes;
    double total = 0.0, placed = 0.0;
    double shortest = std::numeric_limits<double>::infinity();
    for (const MeasuredKernel& k : kernels) {
        total += k.timeS;
        if (k.flops && k.bytesAt(MemLevel::Dram))
            placed += k.timeS;
        if (k.timeS > 0.0)
            shortest = std::min(shortest, k.timeS);
    }
    join.placedTimeShare = total > 0.0 ? placed / total : 0.0;
    join.shortestKernelS = std::isfinite(shortest) ? shortest : 0.0;

    for (const TracePass& pass : split->passes) {
        auto predictions = Predictions::make(split->model, pass, gpu);
        if (!predictions)
            return predictions.error();
        JoinedPass p;
        p.phase = pass.phase;
        p.batch = pass.batch;
        p.context = pass.context;
        p.layers = pass.layers;
        double begin = std::numeric_limits<double>::infinity(), end = -begin;
        std::map<std::string, std::size_t> operatorIndex;
        std::map<std::string, std::size_t> notIndex;
        std::map<int, std::size_t> layerIndex;
        for (std::size_t k : pass.kernels) {
            const MeasuredKernel& kernel = kernels[k];
            const double startS = ctx.kernels[k].startUs * 1e-6;
            begin = std::min(begin, startS);
            end = std::max(end, startS + kernel.timeS);
            ++p.kernels;
            p.measuredS += kernel.timeS;
            if (const int layer = split->layerOf[k]; layer >= 0) {
                const auto [it, added] = layerIndex.emplace(layer, p.layerTimes.size());
                if (added)
                    p.layerTimes.push_back({layer, 0, 0.0});
                ++p.layerTimes[it->second].kernels;
                p.layerTimes[it->second].measuredS += kernel.timeS;
            }
            if (const char* name = split->operatorOf[k]) {
                const auto [it, added] = operatorIndex.emplace(name, p.operators.size());
                if (added) {
                    JoinedOperator o;
                    o.name = name;
                    const OperatorTiming row = predictions->row(o.name);
                    o.predictedS = row.stepTimeS;
                    o.predictedFlops = row.stepFlops;
                    o.predictedBytes = row.stepBytes;
                    p.operators.push_back(std::move(o));
                }
                JoinedOperator& o = p.operators[it->second];
                ++o.kernels;
                o.launches.push_back(k);
                o.measuredS += kernel.timeS;
                o.flops += kernel.flops.value_or(0.0);
                o.bytes += kernel.bytesAt(MemLevel::Dram).value_or(0.0);
                continue;
            }
            const std::uint32_t op = ctx.kernels[k].op;
            const std::string opName =
                op == KernelTraceContext::kNone ? std::string("(no op)") : ctx.opNames[op];
            const auto [it, added] = notIndex.emplace(opName, p.notInModel.size());
            if (added)
                p.notInModel.push_back({opName, 0, 0.0});
            ++p.notInModel[it->second].kernels;
            p.notInModel[it->second].measuredS += kernel.timeS;
        }
        std::stable_sort(
            p.notInModel.begin(), p.notInModel.end(),
            [](const NotInModel& a, const NotInModel& b) { return a.measuredS > b.measuredS; });
        std::sort(p.layerTimes.begin(), p.layerTimes.end(),
                  [](const JoinedLayer& a, const JoinedLayer& b) { return a.layer < b.layer; });
        const bool lmHead =
            std::any_of(p.operators.begin(), p.operators.end(),
                        [](const JoinedOperator& o) { return o.name == "lm_head"; });
        p.predictedS = predictions->stepTime(lmHead);
        p.wallS = p.kernels > 0 ? end - begin : 0.0;
        p.launchFloorS = join.shortestKernelS * double(p.kernels);
        p.sentence =
            passSentence(p, pass.kernels, kernels, split->operatorOf, join.shortestKernelS);
        join.passes.push_back(std::move(p));
    }
    return join;
}

} // namespace roofscope
