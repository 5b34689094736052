#include "core/models/parallel.h"

#include "core/hardware/precision.h"
#include "core/util/recentcache.h"

#include <algorithm>
#include <cmath>

namespace roofscope {

namespace {

bool isExpertMatmul(const std::string& key)
{
    return key.starts_with("expert_") && key.ends_with("_proj");
}

// Operators that exist once per model, not per layer: they run on the first stage (embedding)
// or the last (final norm, LM head). Fused, the first layer's input norm has no residual to
// fuse with and runs once, on the first stage.
bool belongsToStage(const WorkloadOp& op, bool fused, bool first, bool last)
{
    if (op.key == "embedding" || op.key == "position_embedding")
        return first;
    if (op.key == "lm_head" || op.key == "final_norm")
        return last;
    if (op.key == "input_norm" && fused)
        return first;
    return true;
}

long long ceilDiv(long long a, long long b)
{
    return (a + b - 1) / b;
}

CommOp makeComm(std::string key, std::string name, std::string collective, double bytes, int n,
                double count, const Interconnect& link, double elementBytes)
{
    CommOp c;
    c.key = std::move(key);
    c.name = std::move(name);
    c.collective = std::move(collective);
    c.bytes = bytes;
    c.participants = n;
    c.count = count;
    const double bw = link.bytesPerS;
    const double hop = link.latencyS;
    const double share = (n - 1.0) / n;
    if (c.collective == "all_reduce") {
        c.timeS = ringAllReduceTimeS(bytes, n, bw, hop);
        c.linkBytes = 2.0 * share * bytes;
        c.flops = share * bytes / elementBytes; // one add per element reduced here
    } else if (c.collective == "all_gather") {
        c.timeS = allGatherTimeS(bytes, n, bw, hop);
        c.linkBytes = share * bytes;
    } else if (c.collective == "all_to_all") {
        c.timeS = allToAllTimeS(bytes, n, bw, hop);
        c.linkBytes = share * bytes;
    } else {
        c.timeS = pointToPointTimeS(bytes, bw, hop);
        c.linkBytes = bytes;
    }
    return c;
}

int stageLayers(const ModelConfig& m, const Layout& l, int stage)
{
    const int base = static_cast<int>(m.layers / l.pp);
    return base + (stage < static_cast<int>(m.layers % l.pp) ? 1 : 0);
}

// The per-GPU operators of one pipeline stage: the shard's layers of this stage, the
// once-per-model operators where they run, the expert matmuls a GPU of the EP group meets.
Expected<Workload> expandStage(const ModelConfig& sharded, const InferenceScenario& s,
                               const Layout& l, int stage, int firstLayer, int layers)
{
    const bool first = stage == 0;
    const bool last = stage == l.pp - 1;
    // The stage's own layers, each keeping its MLP: DeepSeek's dense first layers and
    // Qwen-MoE's mlp_only_layers run on the stage that holds them.
    auto expanded = expandWorkload(sharded.layerSlice(firstLayer, layers), s);
    if (!expanded)
        return makeError(l.name() + ": " + expanded.error().message);
    Workload w = std::move(expanded).value();
    std::vector<WorkloadOp> kept;
    for (WorkloadOp& op : w.ops) {
        if (!belongsToStage(op, s.fused, first, last))
            continue;
        // Balanced routing: each GPU of the EP group holds E/ep experts and meets 1/ep of
        // the experts the step touches.
        if (l.ep > 1 && isExpertMatmul(op.key))
            op.perLayer /= l.ep;
        kept.push_back(std::move(op));
    }
    w.ops = std::move(kept);
    return w;
}

// expandStage's arguments, compared cheapest first.
struct StageProbe {
    const ModelConfig& sharded;
    const InferenceScenario& s;
    const Layout& l;
    int stage;
    int firstLayer;
    int layers;
};

struct StageKey {
    ModelConfig sharded;
    InferenceScenario s;
    Layout l;
    int stage;
    int firstLayer;
    int layers;
    explicit StageKey(const StageProbe& p)
        : sharded(p.sharded), s(p.s), l(p.l), stage(p.stage), firstLayer(p.firstLayer),
          layers(p.layers)
    {
    }
    bool operator==(const StageProbe& p) const
    {
        return stage == p.stage && firstLayer == p.firstLayer && layers == p.layers && l == p.l &&
               s == p.s && sharded == p.sharded;
    }
};

// expandStage, remembered: a model's step evaluates the same stages for every GPU it is
// timed on, and the window asks again for its chart rows and collectives (eleven expansions
// of DeepSeek-V3 per slider step, a third of the step). The expansion does not depend on the
// GPU.
std::shared_ptr<const Expected<Workload>> stageWorkload(const ModelConfig& sharded,
                                                        const InferenceScenario& s, const Layout& l,
                                                        int stage, int firstLayer, int layers)
{
    thread_local RecentCache<StageKey, Expected<Workload>, 8> recent;
    return recent.get(StageProbe{sharded, s, l, stage, firstLayer, layers},
                      [&] { return expandStage(sharded, s, l, stage, firstLayer, layers); });
}

} // namespace

std::string Layout::name() const
{
    std::string text = "TP=" + std::to_string(tp);
    if (pp > 1)
        text += " × PP=" + std::to_string(pp);
    if (ep > 1)
        text += " EP=" + std::to_string(ep);
    return text;
}

double ringAllReduceTimeS(double bytes, int n, double bytesPerS, double hopS)
{
    if (n <= 1)
        return 0.0;
    const double steps = n - 1.0;
    return 2.0 * steps / n * bytes / bytesPerS + 2.0 * steps * hopS;
}

double allGatherTimeS(double bytes, int n, double bytesPerS, double hopS)
{
    if (n <= 1)
        return 0.0;
    const double steps = n - 1.0;
    return steps / n * bytes / bytesPerS + steps * hopS;
}

double allToAllTimeS(double bytes, int n, double bytesPerS, double hopS)
{
    return allGatherTimeS(bytes, n, bytesPerS, hopS);
}

double pointToPointTimeS(double bytes, double bytesPerS, double hopS)
{
    return bytes / bytesPerS + hopS;
}

std::optional<Error> validateLayout(const ModelConfig& m, const Layout& l, const Hardware& hw)
{
    const std::string who = "layout " + l.name() + " of " + m.id + ": ";
    if (l.tp < 1 || l.pp < 1 || l.ep < 1)
        return makeError(who + "tp, pp and ep must be whole numbers >= 1");
    if (l.tp > 1024 || l.pp > 1024)
        return makeError(who + "at most 1024 GPUs per dimension");
    if (m.heads % l.tp != 0)
        return makeError(who + "--tp " + std::to_string(l.tp) +
                         " must divide the attention heads (" + std::to_string(m.heads) + ")");
    if (m.kvHeads % l.tp != 0 && l.tp % m.kvHeads != 0)
        return makeError(who + "--tp " + std::to_string(l.tp) + " must divide the KV heads (" +
                         std::to_string(m.kvHeads) +
                         ") or be a multiple of them (KV heads are then replicated)");
    if (l.pp > m.layers)
        return makeError(who + "--pp " + std::to_string(l.pp) + " exceeds the layers (" +
                         std::to_string(m.layers) + ")");
    if (l.ep > 1) {
        if (!m.isMoe())
            return makeError(who + "--ep needs a mixture-of-experts model");
        if (l.tp % l.ep != 0)
            return makeError(who + "--ep " + std::to_string(l.ep) + " must divide --tp " +
                             std::to_string(l.tp) + " (experts spread over the TP group)");
        if (m.experts % l.ep != 0)
            return makeError(who + "--ep " + std::to_string(l.ep) + " must divide the experts (" +
                             std::to_string(m.experts) + ")");
    }
    if (l.gpus() > 1 && !hw.interconnect.present())
        return makeError(who + hw.id +
                         " has no interconnect in the catalog (add \"interconnect\" to its entry)");
    return std::nullopt;
}

Expected<ModelConfig> shardModel(const ModelConfig& m, const Layout& l)
{
    if (l.tp < 1 || m.heads % l.tp != 0 || (m.kvHeads % l.tp != 0 && l.tp % m.kvHeads != 0))
        return makeError("model " + m.id + " cannot be split over TP=" + std::to_string(l.tp));
    ModelConfig s = m;
    s.heads = m.heads / l.tp;
    s.kvHeads = std::max<long long>(1, m.kvHeads / l.tp);
    // MoE: each expert's FFN is split over the GPUs of the TP group that share it.
    const long long ffnSplit = m.isMoe() ? l.tp / std::max(1, l.ep) : l.tp;
    if (m.moeIntermediateSize > 0) {
        // DeepSeek: intermediate_size sizes the dense first layers, split like any MLP.
        s.intermediateSize = ceilDiv(m.intermediateSize, l.tp);
        s.moeIntermediateSize = ceilDiv(m.moeIntermediateSize, ffnSplit);
    } else {
        s.intermediateSize = ceilDiv(m.intermediateSize, ffnSplit);
    }
    // Qwen-MoE's shared expert runs on every GPU of an EP group: split over the whole TP group
    // like a dense MLP.
    s.sharedExpertSize = ceilDiv(m.sharedExpertSize, l.tp);
    s.vocabSize = ceilDiv(m.vocabSize, l.tp); // padded, as vocab-parallel layers are
    return s;
}

std::optional<Error> validateLayoutShape(const ModelConfig& m, const Layout& l)
{
    Hardware linked; // the model's shapes only: any link will do
    linked.interconnect.bytesPerS = 1.0;
    return validateLayout(m, l, linked);
}

Expected<Workload> layoutWorkload(const ModelConfig& m, const InferenceScenario& s, const Layout& l)
{
    if (auto invalid = validateLayoutShape(m, l))
        return *invalid;
    if (l.gpus() == 1 && l.ep == 1)
        return expandWorkload(m, s);
    auto sharded = shardModel(m, l);
    if (!sharded)
        return sharded.error();
    return *stageWorkload(*sharded, s, l, 0, 0, stageLayers(m, l, 0));
}

namespace {

Expected<ParallelTotals> computeParallel(const ModelConfig& m, const InferenceScenario& s,
                                         const Layout& l, const Hardware& hw,
                                         const ParallelOptions& options)
{
    if (auto invalid = validateLayout(m, l, hw))
        return *invalid;
    auto sharded = shardModel(m, l);
    if (!sharded)
        return sharded.error();
    if (!(options.headroom >= 0.0 && options.headroom < 1.0))
        return makeError("headroom: expected a fraction from 0 to below 1, got " +
                         formatParamNumber(options.headroom));

    const Interconnect& link = hw.interconnect;
    const double streamBytes = bytesPerElement(streamPrecision(s));
    const double T = stepTokens(s);
    const double h = static_cast<double>(m.hiddenSize);
    const double activation = T * h * streamBytes; // one hidden-state tensor of the step
    const double outTokens = s.batch;              // logits: last position of each sequence

    ParallelTotals result;
    result.layout = l;
    result.tokens = T;
    result.headroom = options.headroom;
    result.capacityBytes = hw.memoryBytes;

    // Weights of one GPU: the decoder layers by difference with a zero-layer model (which
    // holds the embeddings, the LM head and the final norm).
    ModelConfig weightsModel = *sharded;
    if (m.isMoe() && l.ep > 1)
        weightsModel.experts = m.experts / l.ep;
    const auto layerWeights = [&](int from, int count) {
        return weightBytes(weightsModel.layerSlice(from, count), s) -
               weightBytes(weightsModel.layerSlice(from, 0), s);
    };
    const double vocabShard = static_cast<double>(sharded->vocabSize);
    const double embeddingBytes =
        (vocabShard + (m.position == PositionKind::Learned ? m.maxPositions : 0)) * h * streamBytes;
    const double headBytes = vocabShard * h * streamBytes; // a copy even when tied, if PP > 1
    const double finalNormBytes = (m.norm == NormKind::RmsNorm ? 1.0 : 2.0) * h * streamBytes;

    double slowestStage = 0.0;
    int firstLayer = 0;
    for (int stage = 0; stage < l.pp; ++stage) {
        StageTotals st;
        st.stage = stage;
        st.layers = stageLayers(m, l, stage);
        const bool first = stage == 0;
        const bool last = stage == l.pp - 1;
        const auto stageWork = stageWorkload(*sharded, s, l, stage, firstLayer, st.layers);
        if (!*stageWork)
            return stageWork->error();
        Workload w = **stageWork;
        const int moeLayers = static_cast<int>(m.layerSlice(firstLayer, st.layers).moeLayerCount());
        const int denseLayers = st.layers - moeLayers;

        st.weightsBytes = layerWeights(firstLayer, st.layers) + (first ? embeddingBytes : 0.0) +
                          (last ? finalNormBytes : 0.0) +
                          (last && (!m.tiedEmbeddings || l.pp > 1) ? headBytes : 0.0);
        st.kvCacheBytes = w.kvCacheBytes;
        // Experts unread this step (computed over all experts of the shard), of which this
        // GPU holds 1/ep.
        const double unread = (w.weightsBytes - w.weightsReadBytes) / l.ep;
        w.weightsBytes = st.weightsBytes;
        w.weightsReadBytes = std::max(0.0, st.weightsBytes - unread);
        // Activation workspace: the widest tensor a layer produces, in and out buffers, plus
        // FP32 logits for the LM head, plus materialised attention scores when unfused.
        const double qkvWidth =
            static_cast<double>((sharded->heads + 2 * sharded->kvHeads) * sharded->headDim);
        const double ffnWidth = (m.mlp == MlpKind::Gated ? 2.0 : 1.0) *
                                static_cast<double>(sharded->intermediateSize) *
                                (m.isMoe() ? static_cast<double>(m.expertsPerToken) : 1.0);
        double workspace = 2.0 * T * std::max({h, qkvWidth, ffnWidth}) * streamBytes;
        if (last)
            workspace += outTokens * vocabShard * 4.0;
        if (!s.fused) {
            const double scoreRows = s.phase == Phase::Decode ? 1.0 : s.context;
            workspace +=
                s.batch * static_cast<double>(sharded->heads) * scoreRows * s.context * streamBytes;
        }
        st.workspaceBytes = workspace;
        firstLayer += st.layers;

        auto totals = evaluateWorkload(w, hw);
        if (!totals)
            return totals.error();
        st.totals = std::move(totals).value();
        for (std::size_t i = 0; i < w.ops.size(); ++i) {
            const OperatorTiming& t = st.totals.perOp[i];
            (t.estimate.bound == Bound::Compute ? st.computeBoundTimeS : st.memoryBoundTimeS) +=
                t.stepTimeS;
        }
        st.workload = std::move(w);

        const double layers = st.layers;
        if (l.tp > 1) {
            st.communication.push_back(
                makeComm("attn_all_reduce",
                         "All-reduce after the attention output projection (" +
                             formatParamNumber(T) + " × " + formatParamNumber(h) +
                             " activations over TP=" + std::to_string(l.tp) + ")",
                         "all_reduce", activation, l.tp, layers, link, streamBytes));
            // Dense layers all-reduce over the TP group; MoE layers over the GPUs that split
            // each expert (tp / ep), the rest being the all-to-alls below.
            const int moeGroup = m.isMoe() ? l.tp / l.ep : l.tp;
            const double fullGroupLayers = moeGroup == l.tp ? layers : denseLayers;
            if (fullGroupLayers > 0)
                st.communication.push_back(makeComm(
                    "mlp_all_reduce",
                    "All-reduce after the MLP down projection (" + formatParamNumber(T) + " × " +
                        formatParamNumber(h) + " activations over TP=" + std::to_string(l.tp) + ")",
                    "all_reduce", activation, l.tp, fullGroupLayers, link, streamBytes));
            if (moeGroup > 1 && moeGroup < l.tp && moeLayers > 0)
                st.communication.push_back(makeComm(
                    "expert_all_reduce",
                    "All-reduce of the split expert outputs (" + formatParamNumber(T) + " × " +
                        formatParamNumber(h) + " over " + std::to_string(moeGroup) + " GPUs)",
                    "all_reduce", activation, moeGroup, moeLayers, link, streamBytes));
            if (first)
                st.communication.push_back(
                    makeComm("embedding_all_reduce",
                             "All-reduce of the vocabulary-parallel embedding lookup", "all_reduce",
                             activation, l.tp, 1.0, link, streamBytes));
            if (last)
                st.communication.push_back(makeComm(
                    "lm_head_all_gather",
                    "All-gather of the vocabulary-split logits (" + formatParamNumber(outTokens) +
                        " × " + formatParamNumber(static_cast<double>(m.vocabSize)) + ")",
                    "all_gather", outTokens * static_cast<double>(m.vocabSize) * streamBytes, l.tp,
                    1.0, link, streamBytes));
        }
        if (l.ep > 1 && moeLayers > 0) {
            // Each GPU dispatches its 1/ep share of the step's token-expert pairs and gathers
            // the results back (the re-replication for TP attention is folded into combine).
            const double pairs = T * static_cast<double>(m.expertsPerToken) * h * streamBytes /
                                 static_cast<double>(l.ep);
            st.communication.push_back(
                makeComm("moe_dispatch", "MoE dispatch all-to-all over EP=" + std::to_string(l.ep),
                         "all_to_all", pairs, l.ep, moeLayers, link, streamBytes));
            st.communication.push_back(
                makeComm("moe_combine", "MoE combine all-to-all over EP=" + std::to_string(l.ep),
                         "all_to_all", pairs, l.ep, moeLayers, link, streamBytes));
        }
        if (!last)
            st.communication.push_back(makeComm(
                "pp_send", "Send activations to pipeline stage " + std::to_string(stage + 2),
                "send", activation, 2, 1.0, link, streamBytes));
        for (const CommOp& c : st.communication)
            st.communicationTimeS += c.stepTimeS();

        result.computeTimeS += st.computeBoundTimeS + st.memoryBoundTimeS;
        result.communicationTimeS += st.communicationTimeS;
        slowestStage = std::max(slowestStage, st.timeS());
        result.memoryBytesPerGpu = std::max(result.memoryBytesPerGpu, st.memoryBytes());
        result.stages.push_back(std::move(st));
    }

    const double serial = result.computeTimeS + result.communicationTimeS;
    if (s.phase == Phase::Prefill && l.pp > 1) {
        const int m_ = options.microBatches > 0 ? options.microBatches
                                                : static_cast<int>(std::min(s.batch, 1e6));
        result.microBatches = m_;
        // Each micro-batch takes 1/m of a stage's time; the last leaves after m + pp − 1 slots.
        result.timeS = std::max(serial / l.pp, slowestStage) * (m_ + l.pp - 1.0) / m_;
        result.timeS = std::min(result.timeS, serial); // never worse than no pipelining
        result.bubbleFraction = (l.pp - 1.0) / (m_ + l.pp - 1.0);
    } else {
        // Decode: one step of the batch passes every stage in turn; latency is their sum.
        result.timeS = serial;
    }
    const double scale = result.timeS / serial;
    result.communicationFraction = result.communicationTimeS * scale / result.timeS;
    result.tokensPerS = T / result.timeS;
    result.tokensPerSPerGpu = result.tokensPerS / l.gpus();
    if (hw.memoryBytes > 0.0)
        result.fits = result.memoryBytesPerGpu <= (1.0 - options.headroom) * hw.memoryBytes;
    return result;
}

} // namespace

namespace {

// evaluateParallel's arguments, compared cheapest first.
struct ParallelProbe {
    const ModelConfig& m;
    const InferenceScenario& s;
    const Layout& l;
    const Hardware& hw;
    const ParallelOptions& options;
};

struct ParallelKey {
    ModelConfig m;
    InferenceScenario s;
    Layout l;
    Hardware hw;
    ParallelOptions options;
    explicit ParallelKey(const ParallelProbe& p)
        : m(p.m), s(p.s), l(p.l), hw(p.hw), options(p.options)
    {
    }
    bool operator==(const ParallelProbe& p) const
    {
        return l == p.l && s == p.s && options.headroom == p.options.headroom &&
               options.microBatches == p.options.microBatches && hw.id == p.hw.id && hw == p.hw &&
               m == p.m;
    }
};

} // namespace

// The totals, remembered: a slider step asks for every checked GPU's totals twice (the model's
// totals and the chart's collectives), each an evaluation of every stage's operators.
std::shared_ptr<const Expected<ParallelTotals>>
evaluateParallelShared(const ModelConfig& m, const InferenceScenario& s, const Layout& l,
                       const Hardware& hw, const ParallelOptions& options)
{
    thread_local RecentCache<ParallelKey, Expected<ParallelTotals>, 16> recent;
    return recent.get(ParallelProbe{m, s, l, hw, options},
                      [&] { return computeParallel(m, s, l, hw, options); });
}

Expected<ParallelTotals> evaluateParallel(const ModelConfig& m, const InferenceScenario& s,
                                          const Layout& l, const Hardware& hw,
                                          const ParallelOptions& options)
{
    return *evaluateParallelShared(m, s, l, hw, options);
}

std::vector<CommunicationPoint> communicationPoints(const ParallelTotals& totals,
                                                    const Hardware& hw)
{
    std::vector<CommunicationPoint> points;
    if (totals.stages.empty() || !hw.interconnect.present())
        return points;
    const Ceiling* vector = hw.ceilingFor(Precision::FP16, ComputeUnit::Vector);
    const double peak = vector ? vector->flopsPerS : 0.0;
    for (const CommOp& c : totals.stages.front().communication) {
        if (c.collective != "all_reduce" || c.linkBytes <= 0.0 || c.flops <= 0.0)
            continue;
        CommunicationPoint p;
        p.key = c.key;
        p.ai = c.flops / c.linkBytes;
        p.linkBytesPerS = hw.interconnect.bytesPerS;
        p.attainable = p.linkBytesPerS * p.ai;
        if (peak > 0.0)
            p.attainable = std::min(p.attainable, peak);
        p.timeS = c.timeS;
        points.push_back(std::move(p));
    }
    return points;
}

std::vector<Layout> validLayouts(const ModelConfig& m, const Hardware& hw, int maxGpus)
{
    std::vector<Layout> layouts;
    for (int tp = 1; tp <= maxGpus; ++tp) {
        for (int pp = 1; tp * pp <= maxGpus; ++pp) {
            for (int ep = 1; ep <= tp; ++ep) {
                if (ep > 1 && (!m.isMoe() || tp % ep != 0))
                    continue;
                const Layout layout{tp, pp, ep};
                if (!validateLayout(m, layout, hw)) // else a shape the model forbids, or no link
                    layouts.push_back(layout);
            }
        }
    }
    return layouts;
}

Expected<std::vector<ParallelTotals>> planDeployments(const ModelConfig& m,
                                                      const InferenceScenario& s,
                                                      const Hardware& hw, int maxGpus,
                                                      const ParallelOptions& options)
{
    if (maxGpus < 1 || maxGpus > 1024)
        return makeError("max-gpus: expected a whole number from 1 to 1024, got " +
                         std::to_string(maxGpus));
    std::vector<ParallelTotals> rows;
    for (const Layout& layout : validLayouts(m, hw, maxGpus)) {
        auto totals = evaluateParallel(m, s, layout, hw, options);
        if (!totals)
            return totals.error();
        rows.push_back(std::move(totals).value());
    }
    std::stable_sort(rows.begin(), rows.end(),
                     [](const ParallelTotals& a, const ParallelTotals& b) {
                         const bool fa = a.fits.value_or(false);
                         const bool fb = b.fits.value_or(false);
                         if (fa != fb)
                             return fa;
                         return a.timeS < b.timeS;
                     });
    return rows;
}

} // namespace roofscope
