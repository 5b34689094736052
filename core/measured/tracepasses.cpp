#include "core/measured/tracepasses.h"

#include "core/measured/traceops.h"
#include "core/roofline/operators.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <string_view>

namespace roofscope {

namespace {

using Sizes = TraceSizes;
using Gemm = TraceGemm;
using Attention = TraceAttention;
using Run = TraceRun;

bool isOneOf(std::string_view op, std::initializer_list<std::string_view> names)
{
    for (std::string_view n : names)
        if (op == n)
            return true;
    return false;
}

// A tensor whose last dim is `width` (hidden-wide, or as wide as an MLP).
bool lastDimIs(const Sizes& in, double width)
{
    return !in.empty() && double(in.back()) == width;
}

// Ops of an RMSNorm/LayerNorm as eager PyTorch runs it (to float, pow, mean, add eps, rsqrt,
// mul, to the stream type, mul by the weight) or as one fused op.
bool normShaped(std::string_view op, const TraceOpShape* s, double hidden, double tokens)
{
    if (!s)
        return false;
    if (op.find("norm") != std::string_view::npos)
        return true;
    for (const Sizes& in : s->inputs)
        if (lastDimIs(in, hidden))
            return true;
    // The per-token statistic ([tokens, 1]: mean + eps, rsqrt).
    if (isOneOf(op, {"aten::add", "aten::rsqrt", "aten::mean", "aten::pow", "aten::mul",
                     "aten::div", "aten::sqrt"}) &&
        !s->inputs.empty()) {
        const Sizes& in = s->inputs.front();
        return !in.empty() && in.back() == 1 && traceNumel(in) == tokens;
    }
    return false;
}

// A residual add: two hidden-wide inputs.
bool residualAdd(std::string_view op, const TraceOpShape* s, double hidden)
{
    if (!s || (op != "aten::add" && op != "aten::add_") || s->inputs.size() < 2)
        return false;
    return lastDimIs(s->inputs[0], hidden) && lastDimIs(s->inputs[1], hidden);
}

// The KV-cache write: a cat (or copy into a cache) whose inputs differ in length, the cache so
// far and the new tokens ([0] or [B, KV, S, d] beside [B, KV, L, d]). RoPE's own cat joins two
// equal halves.
bool cacheWrite(std::string_view op, const TraceOpShape* s)
{
    if (!s || !isOneOf(op, {"aten::cat", "aten::copy_", "aten::index_copy_", "aten::index_put_",
                            "aten::slice_scatter", "aten::_index_put_impl_"}))
        return false;
    const Sizes* first = nullptr;
    for (const Sizes& in : s->inputs) {
        if (in.empty())
            continue;
        if (!first) {
            first = &in;
        } else if (in != *first) {
            // Partial RoPE (Phi-2) joins its rotated and passed-through parts, which differ
            // in the last dim only; a cache grows along the sequence.
            const bool lastDimOnly =
                in.size() == first->size() && std::equal(in.begin(), in.end() - 1, first->begin());
            return op != "aten::cat" || !lastDimOnly;
        }
    }
    return false;
}

// A piece of an activation written in Python (GELU's tanh form: pow, mul, add, tanh) over the
// MLP's width.
bool activationPiece(std::string_view op, const TraceOpShape* s, double width)
{
    return s && !s->inputs.empty() && lastDimIs(s->inputs.front(), width) &&
           isOneOf(op, {"aten::pow", "aten::tanh", "aten::add", "aten::add_", "aten::div",
                        "aten::sigmoid", "aten::neg", "aten::exp", "aten::erf", "aten::mul",
                        "aten::mul_", "aten::sub", "aten::rsub", "aten::_to_copy"});
}

bool ropeOp(std::string_view op)
{
    return isOneOf(op, {"aten::mul", "aten::neg", "aten::cat", "aten::add", "aten::sin",
                        "aten::cos", "aten::copy_", "aten::clone", "aten::_to_copy", "aten::slice",
                        "aten::sub", "aten::contiguous"});
}

// What a MoE block does with an expert's output before the residual: scale it by its routing
// weight, add it into the layer's output (index_add_), gate the shared expert (sigmoid, mul).
bool combineOp(std::string_view op, const TraceOpShape* s, double hidden)
{
    if (!s || !isOneOf(op, {"aten::mul", "aten::mul_", "aten::index_add_", "aten::add",
                            "aten::add_", "aten::_to_copy", "aten::copy_", "aten::sigmoid",
                            "aten::div", "aten::sum", "aten::scatter_add_"}))
        return false;
    if (op == "aten::sigmoid")
        return true;
    return std::any_of(s->inputs.begin(), s->inputs.end(),
                       [&](const Sizes& in) { return lastDimIs(in, hidden); });
}

bool softmaxOp(std::string_view op)
{
    return isOneOf(op, {"aten::_softmax", "aten::softmax", "aten::_log_softmax"});
}

bool activationOp(std::string_view op)
{
    return isOneOf(op, {"aten::silu", "aten::silu_", "aten::gelu", "aten::gelu_", "aten::relu",
                        "aten::relu_", "aten::sigmoid", "aten::tanh", "aten::gelu_tanh"});
}

enum class Stage { Start, Projections, AfterAttention, AfterO, Mlp, AfterDown, Done };

// Whose GEMM the MLP stage last saw: the activation and product after it are that MLP's.
enum class Group { Dense, Router, Expert, Shared };

// The row of an MLP's activation or product: the dense MLP's, a routed expert's or the shared
// expert's.
const char* mlpRow(Group group, const char* dense, const char* expert, const char* shared)
{
    return group == Group::Expert ? expert : group == Group::Shared ? shared : dense;
}

// Where a pass's model part starts and stops: its lm_head GEMM, or (a base model's forward,
// no lm_head) the end of its region.
struct PassBounds {
    std::size_t start = 0;
    std::size_t stop = 0; // the lm_head's run, or one past the region's last run
    bool head = false;
};

// A static KV cache (generate(..., cache_implementation="static"), Gemma-2's hybrid one) hands
// attention its whole preallocated length at every step, so a decode step's key length is the
// cache's size, not the tokens in it. Two decode steps in a row with one key length give it
// away: a growing cache adds a token a step. The tokens cached are then counted from the
// prefill before them: its prompt, one more each step. A sliding-window cache past its window
// keeps the key length too (fewer keys than the prompt: a static cache holds all of it), and its
// contexts are counted the same way. Returns what was done, for the user.
std::vector<std::string> countStaticCache(std::vector<TracePass>& passes)
{
    double slots = 0.0;
    for (std::size_t p = 1; p < passes.size(); ++p)
        if (passes[p].phase == Phase::Decode && passes[p - 1].phase == Phase::Decode &&
            passes[p].keyLength == passes[p - 1].keyLength)
            slots = passes[p].keyLength;
    if (slots == 0.0)
        return {};
    std::optional<double> cached; // tokens in the cache after the previous pass
    long long counted = 0, uncounted = 0;
    double firstContext = 0.0;
    for (TracePass& pass : passes) {
        if (pass.phase == Phase::Prefill) {
            cached = pass.queryLength;
        } else if (cached) {
            firstContext = counted == 0 ? *cached : firstContext;
            pass.context = *cached;
            *cached += pass.queryLength;
            ++counted;
        } else {
            ++uncounted;
        }
    }
    std::vector<std::string> notes;
    // A static cache holds the prompt and every new token; fewer keys than the prompt are a
    // sliding window's (Mistral's, Gemma-2's local layers), once the context has passed it.
    if (counted > 0 && firstContext >= slots)
        notes.push_back("attention reads a sliding window of the last " + formatParamNumber(slots) +
                        " keys at every decode step, so its key length is not the context: the " +
                        std::to_string(counted) +
                        " decode steps after a prefill take the prompt plus one token a step, "
                        "and the model attends to all of it");
    else if (counted > 0)
        notes.push_back("attention reads a static KV cache of " + formatParamNumber(slots) +
                        " slots at every decode step, so its key length is not the context: "
                        "the " +
                        std::to_string(counted) +
                        " decode steps after a prefill take the prompt plus one token a step");
    if (uncounted > 0)
        notes.push_back(std::to_string(uncounted) +
                        " decode steps before any prefill take the static KV cache's size (" +
                        formatParamNumber(slots) + " slots) as their context");
    return notes;
}

} // namespace

Expected<TracePasses> splitTracePasses(const std::vector<MeasuredKernel>& kernels,
                                       const TraceContext& trace, const ModelConfig& model,
                                       const std::string& file)
{
    auto fail = [&](const std::string& what) { return makeError(file + ": " + what); };
    if (trace.kernels.size() != kernels.size() || kernels.empty())
        return fail("no op context for the kernels: the model join reads PyTorch profiler "
                    "traces (torch.profiler with record_shapes=True)");
    if (std::none_of(trace.kernels.begin(), trace.kernels.end(), [](const KernelTraceContext& k) {
            return k.shape != KernelTraceContext::kNone;
        }))
        return fail("no op has Input Dims, so GEMMs cannot be matched to the model: record "
                    "with torch.profiler.profile(..., record_shapes=True)");

    const double h = double(model.hiddenSize);
    const double H = double(model.heads);
    const double KV = double(model.kvHeads);
    const double d = double(model.headDim);
    const double I = double(model.intermediateSize);
    const double If = double(model.expertFfnSize());
    const double E = double(model.experts);
    const double V = double(model.vocabSize);
    const bool gated = model.mlp == MlpKind::Gated;

    TracePasses out;
    const std::size_t n = kernels.size();
    const TraceRuns traced = traceRuns(trace);
    const std::vector<std::size_t>& order = traced.order;
    const std::vector<Run>& runs = traced.runs;
    auto opName = [&](const Run& r) { return traced.opName(r); };
    // A batched bmm is a GEMM only as a MoE expert's projection (batched_mm); otherwise it is
    // attention's, or nothing the model has.
    auto expertShaped = [&](const Gemm& g) {
        return E > 1.0 && ((g.k == h && (g.n == If || g.n == 2.0 * If)) || (g.k == If && g.n == h));
    };
    auto gemm = [&](const Run& r) -> std::optional<Gemm> {
        const auto g = traced.gemm(r);
        return g && g->batched && !expertShaped(*g) ? std::nullopt : g;
    };
    // batched_mm gathers the routed experts' weights for every token before its bmm: [E, N, K]
    // indexed by the tokens' expert ids.
    auto expertWeightGather = [&](const Run& r) {
        if (E <= 1.0 || !r.shape || r.shape->inputs.empty() ||
            !isOneOf(opName(r), {"aten::index", "aten::index_select"}))
            return false;
        const Sizes& w = r.shape->inputs[0];
        if (w.size() != 3 || double(w[0]) != E)
            return false;
        auto is = [&](double a, double b) {
            return (double(w[1]) == a && double(w[2]) == b) ||
                   (double(w[1]) == b && double(w[2]) == a);
        };
        return is(h, If) || is(h, 2.0 * If);
    };

    // lm_head: the GEMM over the whole vocabulary.
    std::vector<std::size_t> heads;
    double largestN = 0.0;
    bool projections = false; // a GEMM shaped like the model's Q (or fused QKV) projection
    for (std::size_t r = 0; r < runs.size(); ++r)
        if (const auto g = gemm(runs[r])) {
            largestN = std::max(largestN, g->n);
            if (g->n == V && g->k == h)
                heads.push_back(r);
            if (g->k == h && (g->n == H * d || g->n == (H + 2.0 * KV) * d ||
                              (model.isMla() && g->n == double(model.mla.qLoraRank))))
                projections = true;
        }
    auto mismatch = [&](double k, double n) {
        return "the trace's GEMMs are " + formatParamNumber(k) + "→" + formatParamNumber(n) +
               " but " + model.id + " has hidden " + formatParamNumber(h) + ", intermediate " +
               formatParamNumber(I) + ", " + formatParamNumber(H) + "×" + formatParamNumber(d) +
               " query and " + formatParamNumber(KV) + "×" + formatParamNumber(d) +
               " KV heads, vocabulary " + formatParamNumber(V) +
               ": not the model this trace ran (give its config.json)";
    };
    auto isAttention = [&](const Run& r) {
        return r.shape && traceAttentionOf(opName(r), *r.shape, H, d).has_value();
    };
    const bool attends = std::any_of(runs.begin(), runs.end(), isAttention);
    if (heads.empty() && !(projections && attends)) {
        // The costliest GEMM shape says what the trace ran.
        std::map<std::pair<double, double>, double> byShape;
        for (const Run& r : runs)
            if (const auto g = gemm(r))
                for (std::size_t i = r.begin; i < r.end; ++i)
                    byShape[{g->k, g->n}] += kernels[order[i]].timeS;
        const auto worst =
            std::max_element(byShape.begin(), byShape.end(),
                             [](const auto& a, const auto& b) { return a.second < b.second; });
        if (worst != byShape.end() && largestN == V)
            return fail(mismatch(worst->first.first, worst->first.second));
        if (byShape.empty()) {
            // Kernels replayed from a CUDA graph have no launching op, so no shapes.
            const auto orphans = std::count_if(
                trace.kernels.begin(), trace.kernels.end(),
                [](const KernelTraceContext& k) { return k.op == KernelTraceContext::kNone; });
            if (orphans == 0)
                return fail("no GEMM op with Input Dims among the trace's " + std::to_string(n) +
                            " kernels: is this " + model.id + "'s trace?");
            return fail("no GEMM op with Input Dims to match to " + model.id + ": " +
                        std::to_string(orphans) + " of " + std::to_string(n) +
                        " kernels have no launching op (replayed from a CUDA graph?); profile "
                        "the model eagerly, e.g. model.generate() under torch.profiler with "
                        "record_shapes=True");
        }
        return fail("no lm_head GEMM (" + formatParamNumber(h) + "→" + formatParamNumber(V) +
                    ", the vocabulary of " + model.id + ") and no " + formatParamNumber(h) + "→" +
                    formatParamNumber(H * d) +
                    " query projection beside attention; the widest GEMM has N = " +
                    formatParamNumber(largestN) + ": is this the model's trace?");
    }
    auto embedding = [&](const Run& r) {
        const std::string_view op = opName(r);
        return r.shape && !r.shape->inputs.empty() && traceLookupOp(op) &&
               r.shape->inputs[0] == Sizes{model.vocabSize, model.hiddenSize};
    };
    // Each pass's model part: from its embedding lookup (else right after the previous pass's
    // lm_head) to its lm_head. A trace of the base model (no lm_head, as AutoModel runs it)
    // has a pass from each embedding lookup to the next, or one pass when it has none.
    std::vector<PassBounds> bounds;
    if (!heads.empty()) {
        for (std::size_t p = 0; p < heads.size(); ++p) {
            const std::size_t from = p == 0 ? 0 : heads[p - 1] + 1;
            std::size_t start = from;
            for (std::size_t r = from; r < heads[p]; ++r)
                if (embedding(runs[r])) {
                    start = r;
                    break;
                }
            bounds.push_back({start, heads[p], true});
        }
    } else {
        for (std::size_t r = 0; r < runs.size(); ++r)
            if (embedding(runs[r])) {
                if (!bounds.empty())
                    bounds.back().stop = r;
                bounds.push_back({bounds.empty() ? 0 : r, runs.size(), false});
            }
        if (bounds.empty())
            bounds.push_back({0, runs.size(), false});
        // A region without attention (a last lookup with nothing after it) is no pass.
        std::erase_if(bounds, [&](const PassBounds& b) {
            return std::none_of(runs.begin() + std::ptrdiff_t(b.start),
                                runs.begin() + std::ptrdiff_t(b.stop), isAttention);
        });
        for (std::size_t p = 0; p < bounds.size(); ++p)
            bounds[p].stop = p + 1 < bounds.size() ? bounds[p + 1].start : runs.size();
    }

    out.operatorOf.assign(n, nullptr);
    out.layerOf.assign(n, -1);
    out.passOf.assign(n, -1);
    auto label = [&](const Run& r, const char* op, int layer) {
        for (std::size_t i = r.begin; i < r.end; ++i) {
            out.operatorOf[order[i]] = op;
            out.layerOf[order[i]] = layer;
        }
    };

    // GEMMs of the layers that match no projection of the model: the mismatch's evidence.
    std::map<std::pair<double, double>, double> unmatched; // (K, N) -> kernel time
    long long maxLayers = 0;
    const double S = model.isMoe() ? model.sharedFfnSize() : 0.0;
    for (std::size_t p = 0; p < bounds.size(); ++p) {
        const PassBounds& b = bounds[p];
        const std::size_t regionBegin = p == 0 ? 0 : b.start;
        const std::size_t regionEnd = p + 1 < bounds.size() ? bounds[p + 1].start : runs.size();
        TracePass pass;
        std::optional<Attention> first;
        for (std::size_t r = b.start; r < b.stop && !first; ++r)
            if (runs[r].shape)
                first = traceAttentionOf(opName(runs[r]), *runs[r].shape, H, d);
        if (!first) {
            // A serving engine's own attention op (vLLM's, SGLang's, aiter's) has ragged,
            // paged shapes the join cannot read batch and context from: name it.
            const std::string engineOp(engineAttentionOp(traced, b.start, b.stop));
            return fail("pass " + std::to_string(p + 1) +
                        " has no attention op the join reads (aten::_cudnn_attention_forward, "
                        "scaled_dot_product_*, _flash_attention_forward) before its lm_head" +
                        (engineOp.empty()
                             ? std::string()
                             : "; its attention runs in " + engineOp +
                                   ", a serving engine's op: the join reads Hugging Face "
                                   "transformers traces (model.generate() under torch.profiler "
                                   "with record_shapes=True)"));
        }
        // Grouped-query attention reaches SDPA with its KV heads, or repeated to the query
        // heads (Hugging Face's repeat_kv when a mask rules out SDPA's own GQA).
        if (first->heads != H || (first->kvHeads != KV && first->kvHeads != H))
            return fail("attention has " + formatParamNumber(first->heads) + " query and " +
                        formatParamNumber(first->kvHeads) + " KV heads but " + model.id + " has " +
                        formatParamNumber(H) + " and " + formatParamNumber(KV));
        pass.phase = first->queryLength > 1.0 ? Phase::Prefill : Phase::Decode;
        pass.batch = first->batch;
        pass.queryLength = first->queryLength;
        pass.keyLength = first->keyLength;
        pass.context = pass.phase == Phase::Prefill ? first->queryLength : first->keyLength - 1.0;
        const double tokens = pass.batch * pass.queryLength;

        Stage stage = Stage::Start;
        Group group = Group::Dense;
        int layer = -1;
        int kvSeen = 0, mlpSeen = 0, expertSeen = 0, sharedSeen = 0;
        bool residualSeen = false;
        bool parallelAddSeen = false;         // a parallel block's first add after its MLP
        bool valuesProjected = false;         // this layer's V (or fused QKV) projection ran
        bool inMoe = false;                   // this layer's router has run
        std::size_t embeddedAt = runs.size(); // the pass's embedding lookup
        std::optional<Attention> scores;      // the math path's QKᵀ, until its product with V
        std::vector<std::size_t> pendingNorm; // norm runs before the next q (or the lm_head)
        std::vector<std::size_t> moeTail;     // runs after an expert's down projection
        // The runs after an expert's (or the shared expert's) output: its routing-weight
        // scale and index_add_ into the output; when the layer ends there, the last
        // residual-shaped add is the residual and the norm after it the next layer's.
        auto settleMoeTail = [&](bool layerEnds) {
            std::size_t residual = moeTail.size();
            if (layerEnds)
                for (std::size_t i = moeTail.size(); i-- > 0;)
                    if (residualAdd(opName(runs[moeTail[i]]), runs[moeTail[i]].shape, h)) {
                        residual = i;
                        break;
                    }
            for (std::size_t i = 0; i < moeTail.size(); ++i) {
                const Run& t = runs[moeTail[i]];
                if (i == residual)
                    label(t, "mlp_residual", layer);
                else if (layerEnds && i > residual && normShaped(opName(t), t.shape, h, tokens))
                    pendingNorm.push_back(moeTail[i]);
                else if ((!layerEnds || i < residual) && combineOp(opName(t), t.shape, h))
                    label(t, "expert_combine", layer);
            }
            moeTail.clear();
        };
        auto startLayer = [&] {
            settleMoeTail(true);
            ++layer;
            inMoe = false;
            group = Group::Dense;
        };
        // A shared expert as wide as a routed one (DeepSeek's) is told apart by its rows (every
        // token of the pass), one before the router (transformers 5 runs Qwen-MoE's shared
        // expert first) by its place: no routed expert has run yet.
        auto sharedOverAll = [&](const Gemm& g, bool moeLayer, bool before) {
            const bool shaped =
                S > 0.0 && !g.grouped &&
                ((g.k == h && (g.n == S || (g.n == 2.0 * S && gated))) || (g.k == S && g.n == h));
            const bool beforeRouter =
                moeLayer && !inMoe && !before && (g.k == h || group == Group::Shared);
            return shaped && ((inMoe && S == If && g.m == tokens) || beforeRouter);
        };
        // Multi-head latent attention (DeepSeek): Q through its latent (or directly), K and V
        // from one latent up-projected, the output from H × v.
        auto latentProjection = [&](const Gemm& g, bool before) -> const char* {
            if (!model.isMla())
                return nullptr;
            const LatentAttention& a = model.mla;
            const double qk = double(a.qkNopeHeadDim + a.qkRopeHeadDim);
            if (a.qLoraRank > 0 && g.k == h && g.n == double(a.qLoraRank) && before)
                return "q_a_proj";
            if (a.qLoraRank > 0 && g.k == double(a.qLoraRank) && g.n == H * qk)
                return "q_b_proj";
            if (a.qLoraRank == 0 && g.k == h && g.n == H * qk && before)
                return "q_proj";
            if (g.k == h && g.n == double(a.kvLoraRank + a.qkRopeHeadDim))
                return "kv_a_proj";
            if (g.k == double(a.kvLoraRank) && g.n == H * double(a.qkNopeHeadDim + a.vHeadDim))
                return "kv_b_proj";
            if (g.k == H * double(a.vHeadDim) && g.n == h && stage == Stage::AfterAttention)
                return "o_proj";
            return nullptr;
        };
        const std::size_t last = b.head ? b.stop : b.stop - 1;
        for (std::size_t r = b.start; r <= last && r < runs.size(); ++r) {
            const Run& run = runs[r];
            const std::string_view op = opName(run);
            if (b.head && r == b.stop) {
                settleMoeTail(true);
                for (std::size_t q : pendingNorm)
                    label(runs[q], "final_norm", -1);
                label(run, "lm_head", -1);
                stage = Stage::Done;
                break;
            }
            if (stage == Stage::Start && embedding(run)) {
                label(run, "embedding", -1);
                embeddedAt = r;
                continue;
            }
            // Gemma scales the looked-up rows by √hidden (a 0-dim tensor) before the first
            // layer: part of the embedding.
            if (stage == Stage::Start && r == embeddedAt + 1 && op == "aten::mul" && run.shape &&
                run.shape->inputs.size() >= 2 && lastDimIs(run.shape->inputs[0], h) &&
                run.shape->inputs[1].empty()) {
                label(run, "embedding", -1);
                continue;
            }
            if (run.shape)
                if (const auto a = traceAttentionOf(op, *run.shape, H, d)) {
                    if (stage == Stage::Start || stage == Stage::AfterDown) {
                        // Attention without projections before it: a layer of its own.
                        startLayer();
                        pendingNorm.clear();
                    }
                    ++pass.layers;
                    label(run, a->eager ? "attn_qk" : "attention", layer);
                    stage = Stage::AfterAttention;
                    scores = a->eager ? std::optional<Attention>(a) : std::nullopt;
                    continue;
                }
            if (inMoe && expertWeightGather(run)) {
                label(run, "expert_weight_gather", layer);
                continue;
            }
            if (const auto g = gemm(run)) {
                const char* name = nullptr;
                const bool before = stage == Stage::Start || stage == Stage::AfterDown;
                const bool moeLayer =
                    E > 1.0 && model.isMoeLayer(model.firstLayer + std::max(layer, 0));
                if (g->grouped || g->batched) {
                    if (g->k == h && g->n == 2.0 * If)
                        name = "expert_gate_up_proj";
                    else if (g->k == h && g->n == If)
                        name =
                            gated && expertSeen++ % 2 == 0 ? "expert_gate_proj" : "expert_up_proj";
                    else if (g->k == If && g->n == h)
                        name = "expert_down_proj";
                } else if (moeLayer && g->k == h && g->n == E) {
                    name = "router";
                } else if (sharedOverAll(*g, moeLayer, before)) {
                    // The shared expert runs on every token; the routed ones on theirs.
                    name = g->k == h && g->n == 2.0 * S     ? "shared_gate_up_proj"
                           : g->k == S                      ? "shared_down_proj"
                           : gated && sharedSeen++ % 2 == 0 ? "shared_gate_proj"
                                                            : "shared_up_proj";
                } else if (inMoe && g->k == h && g->n == 2.0 * If && gated) {
                    name = "expert_gate_up_proj"; // one expert's (Hugging Face's loop)
                } else if (inMoe && g->k == h && g->n == If) {
                    name = gated && expertSeen++ % 2 == 0 ? "expert_gate_proj" : "expert_up_proj";
                } else if (inMoe && g->k == If && g->n == h) {
                    name = "expert_down_proj";
                } else if (inMoe && S > 0.0 && g->k == h && g->n == 2.0 * S && gated) {
                    name = "shared_gate_up_proj";
                } else if (inMoe && S > 0.0 && g->k == h && g->n == S) {
                    name = gated && sharedSeen++ % 2 == 0 ? "shared_gate_proj" : "shared_up_proj";
                } else if (inMoe && S > 0.0 && g->k == S && g->n == h) {
                    name = "shared_down_proj";
                } else if (inMoe && g->k == h && g->n == 1.0 && model.sharedExpertGate) {
                    name = "shared_expert_gate";
                } else if (const char* latent = latentProjection(*g, before)) {
                    name = latent;
                } else if (g->k == h && g->n == (H + 2.0 * KV) * d &&
                           (before || stage == Stage::Projections)) {
                    name = "qkv_proj";
                } else if (g->k == h && g->n == H * d && before) {
                    name = "q_proj";
                } else if (g->k == h && g->n == KV * d && (stage == Stage::Projections || before)) {
                    // MHA: q, k and v have one shape; the order tells them apart.
                    name = kvSeen++ % 2 == 0 ? "k_proj" : "v_proj";
                } else if (g->k == H * d && g->n == h && stage == Stage::AfterAttention) {
                    name = "o_proj";
                } else if (g->k == h && g->n == 2.0 * I && gated) {
                    name = "gate_up_proj";
                } else if (g->k == h && g->n == I) {
                    name = gated && mlpSeen++ % 2 == 0 ? "gate_proj" : "up_proj";
                } else if (g->k == I && g->n == h) {
                    name = "down_proj";
                }
                if (!name) {
                    for (std::size_t i = run.begin; i < run.end && layer >= 0; ++i)
                        unmatched[{g->k, g->n}] += kernels[order[i]].timeS;
                    continue; // not in the model
                }
                const std::string_view key(name);
                if (key == "q_proj" || key == "qkv_proj" || key == "q_a_proj" ||
                    ((key == "k_proj" || key == "v_proj" || key == "kv_a_proj") && before)) {
                    if (before) {
                        startLayer();
                        kvSeen = key == "k_proj" ? 1 : key == "v_proj" ? 2 : 0;
                        mlpSeen = expertSeen = sharedSeen = 0;
                        for (std::size_t q : pendingNorm)
                            label(runs[q], "input_norm", layer);
                        pendingNorm.clear();
                    }
                    valuesProjected = key == "qkv_proj" || key == "v_proj";
                    stage = Stage::Projections;
                } else if (key == "k_proj" || key == "v_proj" || key == "q_b_proj" ||
                           key == "kv_a_proj" || key == "kv_b_proj") {
                    valuesProjected = valuesProjected || key == "v_proj" || key == "kv_b_proj";
                    stage = Stage::Projections;
                } else if (key == "o_proj") {
                    stage = Stage::AfterO;
                    residualSeen = false;
                } else if (key == "router") {
                    inMoe = true;
                    group = Group::Router;
                    stage = Stage::Mlp;
                } else if (key.starts_with("expert_") || key.starts_with("shared_")) {
                    // The runs since the last expert's output were its combine.
                    settleMoeTail(false);
                    group = key.starts_with("expert_") ? Group::Expert : Group::Shared;
                    const bool output = key.ends_with("down_proj") || key == "shared_expert_gate";
                    stage = output ? Stage::AfterDown : Stage::Mlp;
                    residualSeen = false;
                } else if (key == "down_proj") {
                    stage = Stage::AfterDown;
                    residualSeen = parallelAddSeen = false;
                } else {
                    group = Group::Dense;
                    stage = Stage::Mlp;
                }
                label(run, name, layer);
                continue;
            }
            switch (stage) {
            case Stage::Start:
            case Stage::AfterDown:
                if (stage == Stage::AfterDown && inMoe) {
                    moeTail.push_back(r);
                } else if (stage == Stage::AfterDown && !residualSeen &&
                           residualAdd(op, run.shape, h)) {
                    // A parallel block (Phi-2) adds attention's output, the MLP's and the
                    // residual after its MLP: the first add is attention's.
                    const bool attentionsAdd = model.parallelBlock && !parallelAddSeen;
                    parallelAddSeen = attentionsAdd;
                    residualSeen = !attentionsAdd;
                    label(run, attentionsAdd ? "attn_residual" : "mlp_residual", layer);
                } else if (normShaped(op, run.shape, h, tokens)) {
                    // Gemma-2 norms the MLP's output before the residual add; a norm after
                    // the add is the next layer's input norm (or the final norm).
                    if (stage == Stage::AfterDown && !residualSeen && !model.parallelBlock)
                        label(run, "mlp_output_norm", layer);
                    else
                        pendingNorm.push_back(r);
                }
                break;
            case Stage::Projections:
                // Before V is projected come Qwen3's per-head q_norm and k_norm, which the
                // model has no row for; RoPE and the cache write follow the projections.
                if (!valuesProjected) {
                    // MLA's latent norms sit between the down- and up-projections.
                    const double width = run.shape && !run.shape->inputs.empty() &&
                                                 !run.shape->inputs.front().empty()
                                             ? double(run.shape->inputs.front().back())
                                             : 0.0;
                    if (model.isMla() && width > 0.0 && width == double(model.mla.qLoraRank))
                        label(run, "q_a_norm", layer);
                    else if (model.isMla() && width > 0.0 && width == double(model.mla.kvLoraRank))
                        label(run, "kv_a_norm", layer);
                    break;
                }
                if (cacheWrite(op, run.shape))
                    label(run, "kv_cache_write", layer);
                else if (ropeOp(op) && !(run.shape && !run.shape->inputs.empty() &&
                                         run.shape->inputs.front().size() == 5))
                    label(run, "rope", layer); // not repeat_kv's copy of [B, KV, n, S, E]
                break;
            case Stage::AfterO:
                if (!residualSeen && residualAdd(op, run.shape, h)) {
                    residualSeen = true;
                    label(run, "attn_residual", layer);
                } else if (normShaped(op, run.shape, h, tokens)) {
                    // Gemma-2 norms attention's output before the residual add (its
                    // post_attention_layernorm, which the model has no row for); the norm
                    // after the add feeds the MLP.
                    label(run, residualSeen ? "post_attention_norm" : "attn_output_norm", layer);
                }
                break;
            case Stage::Mlp:
                if (group == Group::Router) {
                    // DeepSeek-V3 scores its experts with a sigmoid, Mixtral with a softmax.
                    if (softmaxOp(op) || op == "aten::sigmoid")
                        label(run, "router_softmax", layer);
                } else {
                    const bool product = gated && (op == "aten::mul" || op == "aten::mul_");
                    const double width = group == Group::Expert   ? If
                                         : group == Group::Shared ? S
                                                                  : I;
                    if (product)
                        label(run, mlpRow(group, "mul", "expert_mul", "shared_mul"), layer);
                    else if (activationOp(op) || activationPiece(op, run.shape, width))
                        label(run, mlpRow(group, "act", "expert_act", "shared_act"), layer);
                }
                break;
            case Stage::AfterAttention:
                // The math path after QKᵀ: the mask, softmax and casts over the scores
                // [B, H, L, S], then the product with V, bmm [B·H, L, S] × [B·H, S, E].
                if (scores && run.shape && !run.shape->inputs.empty()) {
                    const Sizes& in = run.shape->inputs.front();
                    const double rows = scores->batch * scores->heads;
                    const bool scoreShaped =
                        !in.empty() && double(in.back()) == scores->keyLength &&
                        traceNumel(in) == rows * scores->queryLength * scores->keyLength;
                    if ((op == "aten::bmm" || op == "aten::matmul") && scoreShaped &&
                        run.shape->inputs.size() >= 2 && !run.shape->inputs[1].empty() &&
                        double(run.shape->inputs[1].back()) == d)
                        label(run, "attn_pv", layer);
                    else if (scoreShaped)
                        label(run, "attn_softmax", layer);
                }
                break;
            case Stage::Done:
                break;
            }
        }
        if (!b.head) {
            // A base model's forward ends with its final norm.
            settleMoeTail(true);
            for (std::size_t q : pendingNorm)
                label(runs[q], "final_norm", -1);
        }
        if (!unmatched.empty()) {
            const auto worst =
                std::max_element(unmatched.begin(), unmatched.end(),
                                 [](const auto& a, const auto& b) { return a.second < b.second; });
            return fail(mismatch(worst->first.first, worst->first.second));
        }
        if (pass.layers > model.layers)
            return fail("pass " + std::to_string(p + 1) + " has " + std::to_string(pass.layers) +
                        " layers but " + model.id + " has " + std::to_string(model.layers));
        maxLayers = std::max(maxLayers, pass.layers);
        for (std::size_t r = regionBegin; r < regionEnd; ++r)
            for (std::size_t i = runs[r].begin; i < runs[r].end; ++i) {
                pass.kernels.push_back(order[i]);
                out.passOf[order[i]] = static_cast<int>(p);
            }
        out.passes.push_back(std::move(pass));
    }
    out.notes = countStaticCache(out.passes);
    out.model = model;
    if (maxLayers < model.layers)
        out.model.layers = maxLayers;
    return out;
}

} // namespace roofscope
