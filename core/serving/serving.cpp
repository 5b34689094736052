#include "core/serving/serving.h"

#include "core/util/format.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace roofscope {

namespace {

bool wholeInRange(double v, double lo, double hi)
{
    return v >= lo && v <= hi && v == std::floor(v);
}

InferenceScenario stepScenario(const ServingSetup& setup, Phase phase, double batch, double context)
{
    InferenceScenario s = setup.precisions;
    s.phase = phase;
    s.batch = batch;
    s.context = context;
    return s;
}

// "batch 15 needs 72.1 GB per GPU (weights 69 GB + KV cache 3.1 GB + workspace 2.9 MB); 72 GB
// of 80 GB is usable with 10 % kept free" (a decode step's tokens are its batch)
std::string memorySentence(const ParallelTotals& t)
{
    const StageTotals* fullest = nullptr;
    for (const StageTotals& st : t.stages)
        if (!fullest || st.memoryBytes() > fullest->memoryBytes())
            fullest = &st;
    std::string text = "batch " + formatParamNumber(t.tokens) + " needs " +
                       formatBytes(t.memoryBytesPerGpu) + " per GPU";
    if (fullest)
        text += " (weights " + formatBytes(fullest->weightsBytes) + " + KV cache " +
                formatBytes(fullest->kvCacheBytes) + " + workspace " +
                formatBytes(fullest->workspaceBytes) + ")";
    return text + "; " + formatBytes((1.0 - t.headroom) * t.capacityBytes) + " of " +
           formatBytes(t.capacityBytes) + " is usable with " + formatNumber(t.headroom * 100.0, 3) +
           " % kept free";
}

} // namespace

double meanDecodeContext(const ServingSetup& setup)
{
    return setup.promptTokens + std::floor(setup.outputTokens / 2.0);
}

Expected<ServingPoint> servingDecodeStep(const ModelConfig& model, const ServingSetup& setup,
                                         const Layout& layout, const Hardware& hw, double batch)
{
    if (!wholeInRange(batch, 1.0, 1e6))
        return makeError("batch: expected a whole number from 1 to 1000000, got " +
                         formatParamNumber(batch));
    const auto decode = evaluateParallelShared(
        model, stepScenario(setup, Phase::Decode, batch, meanDecodeContext(setup)), layout, hw,
        setup.options);
    if (!*decode)
        return decode->error();
    ServingPoint p;
    p.batch = batch;
    p.stepTimeS = (*decode)->timeS;
    p.tokensPerSPerUser = 1.0 / p.stepTimeS;
    p.tokensPerSPerGpu = batch / p.stepTimeS / layout.gpus();
    return p;
}

Expected<ServingPoint> servingPoint(const ModelConfig& model, const ServingSetup& setup,
                                    const Layout& layout, const Hardware& hw, double batch)
{
    if (!wholeInRange(batch, 1.0, 1e6))
        return makeError("batch: expected a whole number from 1 to 1000000, got " +
                         formatParamNumber(batch));
    const auto eval = [&](Phase phase, double b, double context) {
        return evaluateParallelShared(model, stepScenario(setup, phase, b, context), layout, hw,
                                      setup.options);
    };
    auto step = servingDecodeStep(model, setup, layout, hw, batch);
    if (!step)
        return step.error();
    const auto prefillOne = eval(Phase::Prefill, 1.0, setup.promptTokens);
    if (!*prefillOne)
        return prefillOne->error();
    const auto prefill = eval(Phase::Prefill, batch, setup.promptTokens);
    if (!*prefill)
        return prefill->error();
    const auto end = eval(Phase::Decode, batch, setup.promptTokens + setup.outputTokens);
    if (!*end)
        return end->error();
    ServingPoint p = *step;
    p.ttftBatch1S = (*prefillOne)->timeS;
    p.ttftS = (*prefill)->timeS;
    p.requestLatencyS = p.ttftS + setup.outputTokens * p.stepTimeS;
    p.memoryBytesPerGpu = (*end)->memoryBytesPerGpu;
    return p;
}

std::vector<std::vector<bool>> servingFrontFlags(const std::vector<ServingCurve>& curves)
{
    std::vector<std::vector<bool>> flags(curves.size());
    for (std::size_t c = 0; c < curves.size(); ++c)
        flags[c].assign(curves[c].points.size(), false);
    std::vector<std::string> gpus;
    for (const ServingCurve& c : curves)
        if (std::find(gpus.begin(), gpus.end(), c.gpu) == gpus.end())
            gpus.push_back(c.gpu);
    for (const std::string& gpu : gpus) {
        std::vector<std::size_t> indices;
        std::vector<ServingCurve> same;
        for (std::size_t c = 0; c < curves.size(); ++c)
            if (curves[c].gpu == gpu) {
                indices.push_back(c);
                same.push_back(curves[c]);
            }
        for (const ServingFrontPoint& f : servingParetoFront(same))
            flags[indices[f.curve]][f.point] = true;
    }
    return flags;
}

Expected<ServingCurve> servingCurve(const ModelConfig& model, const ServingSetup& setup,
                                    const Layout& layout, const Hardware& hw)
{
    if (!wholeInRange(setup.promptTokens, 1.0, kMaxStepTokens))
        return makeError("prompt: expected a whole number of tokens from 1 to " +
                         formatParamNumber(kMaxStepTokens) + ", got " +
                         formatParamNumber(setup.promptTokens));
    if (!wholeInRange(setup.outputTokens, 1.0, kMaxStepTokens))
        return makeError("output: expected a whole number of tokens from 1 to " +
                         formatParamNumber(kMaxStepTokens) + ", got " +
                         formatParamNumber(setup.outputTokens));
    const double endContext = setup.promptTokens + setup.outputTokens;
    if (endContext > kMaxStepTokens)
        return makeError("prompt + output: " + formatParamNumber(endContext) +
                         " tokens per request; the limit is " + formatParamNumber(kMaxStepTokens));
    if (!wholeInRange(setup.maxBatch, 1.0, 1e6))
        return makeError("max batch: expected a whole number from 1 to 1000000, got " +
                         formatParamNumber(setup.maxBatch));

    ServingCurve curve;
    curve.layout = layout;
    curve.gpu = hw.id;
    curve.capacityBytes = hw.memoryBytes;
    curve.availableBytes = (1.0 - setup.options.headroom) * hw.memoryBytes;

    // The memory of a batch when every request holds its whole prompt and output: the most
    // the batch ever needs.
    const auto atEnd = [&](double batch) {
        return evaluateParallel(model, stepScenario(setup, Phase::Decode, batch, endContext),
                                layout, hw, setup.options);
    };
    const auto fits = [](const ParallelTotals& t) { return t.fits.value_or(true); };

    auto one = atEnd(1.0);
    if (!one)
        return one.error();
    for (const StageTotals& st : one->stages)
        if (st.memoryBytes() >= one->memoryBytesPerGpu) {
            curve.weightsBytesPerGpu = st.weightsBytes;
            curve.kvBytesPerRequestPerGpu = st.kvCacheBytes;
            break;
        }
    if (!fits(*one)) {
        curve.limit = ServingLimit::NothingFits;
        curve.limitReason = "not even one request fits: " + memorySentence(*one);
        return curve;
    }

    // A prefill of the whole batch is one step; past kMaxStepTokens no step is evaluated.
    const double stepTokenBatch = std::floor(kMaxStepTokens / setup.promptTokens);
    const double ceiling = std::min(setup.maxBatch, stepTokenBatch);
    double lo = 1.0; // fits
    double hi = 0.0; // does not fit; 0 while unknown
    ParallelTotals firstMiss;
    const auto probe = [&](double batch) -> std::optional<Error> {
        auto t = atEnd(batch);
        if (!t)
            return t.error();
        if (fits(*t)) {
            lo = batch;
        } else {
            hi = batch;
            firstMiss = std::move(t).value();
        }
        return std::nullopt;
    };
    // Doubling brackets the capacity end, bisection finds it: memory grows with the batch.
    for (double b = 2.0; b <= ceiling && hi == 0.0; b *= 2.0)
        if (auto e = probe(b))
            return *e;
    if (hi == 0.0 && lo < ceiling)
        if (auto e = probe(ceiling))
            return *e;
    while (hi > 0.0 && hi - lo > 1.0)
        if (auto e = probe(std::floor((lo + hi) / 2.0)))
            return *e;
    curve.largestBatch = lo;
    if (hi > 0.0) {
        curve.limit = ServingLimit::Memory;
        curve.limitReason = "the memory-capacity end: " + memorySentence(firstMiss);
    } else if (lo >= stepTokenBatch && stepTokenBatch < setup.maxBatch) {
        curve.limit = ServingLimit::StepTokens;
        curve.limitReason = "stopped at batch " + formatParamNumber(lo) + ": a prefill of " +
                            formatParamNumber(lo + 1.0) + " prompts of " +
                            formatParamNumber(setup.promptTokens) + " tokens would exceed " +
                            formatParamNumber(kMaxStepTokens) + " tokens in one step";
    } else {
        curve.limit = ServingLimit::MaxBatch;
        curve.limitReason =
            "stopped at batch " + formatParamNumber(lo) +
            (hw.memoryBytes > 0.0 ? ", the largest batch searched; memory still fits"
                                  : ", the largest batch searched; the GPU's capacity is unknown");
    }

    std::vector<double> batches;
    for (double b = 1.0; b < lo; b *= 2.0)
        batches.push_back(b);
    batches.push_back(lo);

    for (double b : batches) {
        auto p = servingPoint(model, setup, layout, hw, b);
        if (!p)
            return p.error();
        curve.points.push_back(*p);
    }
    return curve;
}

std::vector<ServingFrontPoint> servingParetoFront(const std::vector<ServingCurve>& curves)
{
    std::vector<ServingFrontPoint> all;
    for (std::size_t c = 0; c < curves.size(); ++c)
        for (std::size_t p = 0; p < curves[c].points.size(); ++p)
            all.push_back({c, p});
    const auto at = [&](const ServingFrontPoint& f) -> const ServingPoint& {
        return curves[f.curve].points[f.point];
    };
    // By per-user throughput, fastest first; a point is on the front when its per-GPU
    // throughput beats every point at least as interactive.
    std::stable_sort(all.begin(), all.end(),
                     [&](const ServingFrontPoint& a, const ServingFrontPoint& b) {
                         const ServingPoint& pa = at(a);
                         const ServingPoint& pb = at(b);
                         if (pa.tokensPerSPerUser != pb.tokensPerSPerUser)
                             return pa.tokensPerSPerUser > pb.tokensPerSPerUser;
                         return pa.tokensPerSPerGpu > pb.tokensPerSPerGpu;
                     });
    std::vector<ServingFrontPoint> front;
    double best = -1.0;
    for (const ServingFrontPoint& f : all) {
        if (at(f).tokensPerSPerGpu > best) {
            best = at(f).tokensPerSPerGpu;
            front.push_back(f);
        }
    }
    std::reverse(front.begin(), front.end());
    return front;
}

} // namespace roofscope
