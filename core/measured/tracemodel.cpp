#include "core/measured/tracemodel.h"

#include "core/measured/traceops.h"
#include "core/measured/tracepasses.h"
#include "core/roofline/operators.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <optional>

namespace roofscope {

namespace {

bool contains(std::string_view text, std::string_view word)
{
    return text.find(word) != std::string_view::npos;
}

// "h200_llama.pt.trace.json.gz" -> "h200_llama": the name a trace's model takes.
std::string traceStem(const std::string& file)
{
    std::string stem = std::filesystem::path(file).filename().string();
    for (bool cut = true; cut;) {
        cut = false;
        for (std::string_view suffix : {".gz", ".json", ".trace", ".pt"})
            if (stem.size() > suffix.size() && stem.ends_with(suffix)) {
                stem.resize(stem.size() - suffix.size());
                cut = true;
            }
    }
    return stem;
}

// "4096→6144, 4096→28672" (K→N), the first six and how many more.
std::string gemmList(const std::vector<TraceGemm>& gemms)
{
    constexpr std::size_t kShown = 6;
    std::string out;
    for (std::size_t i = 0; i < gemms.size() && i < kShown; ++i)
        out += (out.empty() ? "" : ", ") + formatParamNumber(gemms[i].k) + "→" +
               formatParamNumber(gemms[i].n);
    if (gemms.size() > kShown)
        out += " and " + std::to_string(gemms.size() - kShown) + " more";
    return out.empty() ? "none" : out;
}

// The width of the gated MLP whose gate, up and down projections (hidden → w, hidden → w,
// w → hidden) start at gemms[i], or 0.
double gatedMlpWidth(const std::vector<TraceGemm>& gemms, std::size_t i, double h)
{
    if (i + 2 >= gemms.size())
        return 0.0;
    const TraceGemm &gate = gemms[i], &up = gemms[i + 1], &down = gemms[i + 2];
    return gate.k == h && up.k == h && up.n == gate.n && down.k == gate.n && down.n == h ? gate.n
                                                                                         : 0.0;
}

// The mixture of experts of one layer, read from the GEMMs after the router's topk.
struct ExpertShapes {
    double experts = 0.0, perToken = 0.0, width = 0.0;
    double sharedWidth = 0.0; // 0: no shared expert
    bool sharedGate = false;
};

// `gemms`: the layer's GEMMs after the topk; `router`: hidden → experts over the layer's
// tokens. The experts are grouped (_grouped_mm, gate and up fused, transformers 5), batched
// (bmm of each routed token by its expert's gathered weights) or a loop of one gated MLP per
// expert that has tokens; a shared expert every token passes through is a gated MLP over all
// of them, before a hidden → 1 gate when it has one (Qwen-MoE).
Expected<ExpertShapes> expertsOf(const std::vector<TraceGemm>& beforeRouter,
                                 const TraceGemm& router, const std::vector<TraceGemm>& gemms,
                                 double h)
{
    ExpertShapes e;
    e.experts = router.n;
    // transformers 5 runs Qwen-MoE's shared expert first, then the router.
    if (beforeRouter.size() == 3)
        e.sharedWidth = gatedMlpWidth(beforeRouter, 0, h);
    if (!beforeRouter.empty() && e.sharedWidth == 0.0)
        return makeError("the GEMMs between the O projection and the router (" +
                         gemmList(beforeRouter) + ") are not a shared expert's gated MLP");
    struct Mlp {
        double width, rows;
    };
    std::vector<Mlp> mlps;
    double fusedRows = 0.0, fusedWidth = 0.0;
    bool fused = false;
    for (std::size_t i = 0; i < gemms.size();) {
        const TraceGemm& g = gemms[i];
        if (g.grouped || g.batched) {
            if (g.k == h && std::fmod(g.n, 2.0) == 0.0) {
                fused = true;
                fusedWidth = g.n / 2.0;
                fusedRows += g.m;
            } else if (g.n != h || g.k != fusedWidth) {
                break;
            }
            ++i;
            continue;
        }
        if (g.k == h && g.n == 1.0) {
            e.sharedGate = true;
            ++i;
            continue;
        }
        if (const double width = gatedMlpWidth(gemms, i, h); width > 0.0) {
            mlps.push_back({width, g.m});
            i += 3;
            continue;
        }
        // transformers 5's loop: one GEMM for an expert's gate and up, then its down.
        if (i + 1 < gemms.size() && g.k == h && gemms[i + 1].k * 2.0 == g.n &&
            gemms[i + 1].n == h) {
            mlps.push_back({g.n / 2.0, g.m});
            i += 2;
            continue;
        }
        return makeError("the GEMMs after the router's topk (" + gemmList(gemms) +
                         ") are not experts of gated MLPs from hidden " + formatParamNumber(h) +
                         " and back");
    }
    // Unless it ran before the router: a loop's last MLP before the gate is the shared expert;
    // after grouped or batched experts every MLP is.
    const bool sharedLast =
        e.sharedWidth == 0.0 && !mlps.empty() && (fused ? mlps.size() == 1 : e.sharedGate);
    if (sharedLast) {
        e.sharedWidth = mlps.back().width;
        mlps.pop_back();
    }
    double routedRows = fusedRows;
    e.width = fusedWidth;
    for (const Mlp& mlp : mlps) {
        if (e.width != 0.0 && mlp.width != e.width)
            return makeError("the experts after the router's topk are of different widths (" +
                             gemmList(gemms) + ")");
        e.width = mlp.width;
        routedRows += mlp.rows;
    }
    // Each token goes to its top-k experts: the experts' rows are k × the router's.
    e.perToken = router.m > 0.0 ? routedRows / router.m : 0.0;
    if (e.width <= 0.0 || e.perToken < 1.0 || e.perToken > e.experts ||
        std::fmod(e.perToken, 1.0) != 0.0)
        return makeError("the experts after the router's topk (" + gemmList(gemms) + ") take " +
                         formatParamNumber(routedRows) + " rows of the router's " +
                         formatParamNumber(router.m) + " tokens, not a whole top-k of " +
                         formatParamNumber(e.experts) + " experts");
    return e;
}

} // namespace

Expected<ModelConfig> modelFromTrace(const MeasuredImport& trace)
{
    const std::string& file = trace.file;
    auto fail = [&](const std::string& what) {
        return makeError(file + ": " + std::string(kShapesUnreadPrefix) + what);
    };
    const TraceRuns t = traceRuns(trace.trace);
    const std::vector<TraceRun>& runs = t.runs;
    auto dims = [&](const TraceRun& r, std::size_t input) -> const TraceSizes* {
        return r.shape && input < r.shape->inputs.size() ? &r.shape->inputs[input] : nullptr;
    };

    // The embedding: a lookup in a [vocabulary, hidden] table.
    std::size_t start = runs.size();
    double V = 0.0, h = 0.0;
    for (std::size_t r = 0; r < runs.size() && start == runs.size(); ++r)
        if (const TraceSizes* table = dims(runs[r], 0); table && traceLookupOp(t.opName(runs[r])) &&
                                                        table->size() == 2 &&
                                                        (*table)[0] > (*table)[1]) {
            V = double((*table)[0]);
            h = double((*table)[1]);
            start = r;
        }
    if (start == runs.size() && trace.trace.shapes.empty())
        return fail("no embedding lookup (aten::embedding of a [vocabulary, hidden] table) with "
                    "Input Dims; record with torch.profiler.profile(..., record_shapes=True)");
    if (start == runs.size())
        return fail("no embedding lookup of a [vocabulary, hidden] table: this is not the trace "
                    "of a language model (a vision or diffusion model embeds patches by "
                    "convolution), and RoofScope reads decoder-only transformers");

    // Lookups in other [rows, hidden] tables before the first layer, the embedding's rows added
    // to theirs: learned positions (GPT-2, Phi-1), or token types, which only encoders have
    // (BERT's [2, hidden]).
    ModelConfig m;
    std::size_t from = start + 1;
    constexpr std::int64_t kMostTokenTypes = 16;
    for (std::size_t r = start + 1; r < runs.size() && r < start + 6 && !t.gemm(runs[r]); ++r) {
        const TraceSizes* table = dims(runs[r], 0);
        if (!table || !traceLookupOp(t.opName(runs[r])) || table->size() != 2 ||
            double((*table)[1]) != h || double((*table)[0]) == V)
            continue;
        if ((*table)[0] <= kMostTokenTypes)
            return fail("a lookup in a [" + std::to_string((*table)[0]) + ", " +
                        formatParamNumber(h) +
                        "] table beside the token embedding: token types, as an encoder "
                        "(BERT) has; RoofScope reads decoder-only transformers");
        m.position = PositionKind::Learned;
        m.maxPositions = (*table)[0];
        from = r + 1;
    }

    // The first attention op: the heads and their size.
    auto attentionAt = [&](std::size_t r) {
        return runs[r].shape ? traceAttentionOf(t.opName(runs[r]), *runs[r].shape, 0.0, 0.0)
                             : std::nullopt;
    };
    std::size_t first = runs.size();
    TraceAttention a;
    for (std::size_t r = from; r < runs.size() && first == runs.size(); ++r)
        if (const auto found = attentionAt(r)) {
            a = *found;
            first = r;
        }
    if (const std::string_view engineOp =
            first == runs.size() ? engineAttentionOp(t, from, runs.size()) : std::string_view();
        !engineOp.empty())
        return fail("its attention runs in " + std::string(engineOp) +
                    ", a serving engine's op whose shapes give no heads: RoofScope reads Hugging "
                    "Face transformers traces (model.generate() under torch.profiler with "
                    "record_shapes=True)");
    if (first == runs.size())
        return fail("no attention op after the embedding (scaled_dot_product_*, "
                    "_cudnn_attention_forward, _flash_attention_forward) to read the heads "
                    "from; for eager attention give the model's config.json");
    const double H = a.heads, d = a.headDim;

    // Q, K and V before it: three projections, or one fused.
    std::vector<TraceGemm> projections;
    bool bias = false;
    for (std::size_t r = start; r < first; ++r)
        if (const auto g = t.gemm(runs[r]); g && g->k == h) {
            projections.push_back(*g);
            bias = bias || t.opName(runs[r]) == "aten::addmm";
        }
    double KV = 0.0;
    if (projections.size() == 1 && std::fmod(projections[0].n, d) == 0.0 &&
        projections[0].n / d > H && std::fmod(projections[0].n / d - H, 2.0) == 0.0)
        KV = (projections[0].n / d - H) / 2.0;
    else if (projections.size() == 3 && projections[0].n == H * d &&
             projections[1].n == projections[2].n && std::fmod(projections[1].n, d) == 0.0)
        KV = projections[1].n / d;
    if (KV <= 0.0)
        return fail("the GEMMs from hidden " + formatParamNumber(h) +
                    " before the first attention (" + gemmList(projections) +
                    ") are not Q, K and V projections of " + formatParamNumber(H) + " heads of " +
                    formatParamNumber(d) +
                    "; latent attention (DeepSeek) needs the model's config.json");

    auto lmHead = [&](std::size_t r) {
        const auto g = t.gemm(runs[r]);
        return g && g->k == h && g->n == V;
    };
    // The layer's end: the next attention op, else the lm_head, else the trace's end.
    std::size_t end = runs.size();
    for (std::size_t r = first + 1; r < runs.size() && end == runs.size(); ++r)
        if (attentionAt(r) || lmHead(r))
            end = r;

    // After attention: the O projection, then the MLP's GEMMs from hidden and back.
    std::vector<TraceGemm> after;
    std::vector<std::size_t> afterRuns; // the run of each
    std::size_t mlpBegin = end, mlpEnd = end;
    for (std::size_t r = first + 1; r < end; ++r)
        if (const auto g = t.gemm(runs[r])) {
            after.push_back(*g);
            afterRuns.push_back(r);
            if (after.size() == 2)
                mlpBegin = r;
            if (after.size() > 2 && g->n == h && mlpEnd == end)
                mlpEnd = r;
        }
    if (after.empty() || after[0].k != H * d || after[0].n != h)
        return fail("the first GEMM after attention (" + gemmList(after) +
                    ") is not an O projection " + formatParamNumber(H * d) + "→" +
                    formatParamNumber(h));
    // A mixture of experts: the router (hidden → experts) and its topk, then the experts.
    std::optional<ExpertShapes> moe;
    for (std::size_t r = first + 1; r < end; ++r) {
        if (t.opName(runs[r]) != "aten::topk")
            continue;
        // The router is the last GEMM before the topk; between it and the O projection a
        // shared expert may run. The next layer's Q, K and V projections come before its
        // attention op, the layer's end.
        const auto topk = std::size_t(std::lower_bound(afterRuns.begin(), afterRuns.end(), r) -
                                      afterRuns.begin());
        const TraceGemm* router = topk >= 2 ? &after[topk - 1] : nullptr;
        if (!router || router->k != h || router->n >= h)
            return fail("no router GEMM from hidden " + formatParamNumber(h) +
                        " before the experts' topk");
        const std::size_t nextLayer = end < runs.size() && attentionAt(end)
                                          ? std::min(projections.size(), after.size() - topk)
                                          : 0;
        auto read =
            expertsOf(std::vector<TraceGemm>(after.begin() + 1, after.begin() + topk - 1), *router,
                      std::vector<TraceGemm>(after.begin() + topk, after.end() - nextLayer), h);
        if (!read)
            return fail(read.error().message);
        moe = *read;
        break;
    }
    std::vector<TraceGemm> ups;
    double I = 0.0;
    for (std::size_t i = 1; i < after.size() && I == 0.0; ++i) {
        if (after[i].k == h && !after[i].grouped && !after[i].batched)
            ups.push_back(after[i]);
        else if (after[i].n == h && !ups.empty())
            I = after[i].k;
        else
            break;
    }
    const bool separate = ups.size() == 2 && ups[0].n == I && ups[1].n == I;
    const bool fused = ups.size() == 1 && ups[0].n == 2.0 * I;
    const bool plain = ups.size() == 1 && ups[0].n == I;
    if (!moe && (I == 0.0 || !(separate || fused || plain)))
        return fail("the GEMMs after the O projection (" +
                    gemmList(std::vector<TraceGemm>(after.begin() + 1, after.end())) +
                    ") are not a dense MLP from hidden " + formatParamNumber(h) +
                    " and back, nor a router and its experts");

    // The layers: attention ops up to the lm_head (or the next lookup, or the end).
    long long layers = 0;
    const TraceSizes table{std::int64_t(V), std::int64_t(h)};
    for (std::size_t r = first; r < runs.size(); ++r) {
        const bool nextLookup =
            traceLookupOp(t.opName(runs[r])) && dims(runs[r], 0) && *dims(runs[r], 0) == table;
        if (lmHead(r) || nextLookup)
            break;
        layers += attentionAt(r) ? 1 : 0;
    }

    // What the ops say: the activation, the norm, one norm a layer (a parallel block).
    std::string activation = "silu";
    for (std::size_t r = mlpBegin; r < mlpEnd; ++r) {
        const std::string_view op = t.opName(runs[r]);
        if (contains(op, "gelu") || op == "aten::tanh" || op == "aten::erf")
            activation = "gelu";
        else if (contains(op, "relu"))
            activation = "relu";
        else if (contains(op, "silu"))
            activation = "silu";
        else
            continue;
        break;
    }
    auto layerNorms = [&](std::size_t begin, std::size_t stop) {
        int count = 0;
        for (std::size_t r = begin; r < stop; ++r)
            count += contains(t.opName(runs[r]), "layer_norm") ? 1 : 0;
        return count;
    };
    m.norm = layerNorms(from, first) > 0 ? NormKind::LayerNorm : NormKind::RmsNorm;
    // Between two attention ops a sequential block norms twice (after attention, before the
    // next layer), a parallel one once.
    m.parallelBlock = m.norm == NormKind::LayerNorm && layers > 1 && layerNorms(first, end) == 1;
    // Partial RoPE (Phi-2) joins each head's rotated dims to the ones passed through: a cat of
    // two unequal parts of one head. RoPE's own cat joins equal halves, the cache's grows along
    // the sequence.
    for (std::size_t r = start; r < first; ++r) {
        const TraceSizes* a0 = dims(runs[r], 0);
        const TraceSizes* a1 = dims(runs[r], 1);
        if (t.opName(runs[r]) != "aten::cat" || !a0 || !a1 || a0->empty() ||
            a0->size() != a1->size() || !std::equal(a0->begin(), a0->end() - 1, a1->begin()))
            continue;
        const double rotated = double(a0->back()), passed = double(a1->back());
        if (rotated != passed && rotated + passed == d) {
            m.rotaryFraction = rotated / d;
            break;
        }
    }

    const std::string stem = traceStem(file);
    m.id = modelIdFromFileName(stem + ".json");
    m.name = stem + std::string(kFromTraceSuffix);
    m.hiddenSize = static_cast<long long>(h);
    m.intermediateSize = static_cast<long long>(I);
    if (moe) {
        m.experts = static_cast<long long>(moe->experts);
        m.expertsPerToken = static_cast<long long>(moe->perToken);
        m.intermediateSize = static_cast<long long>(moe->width);
        if (moe->sharedWidth > 0.0) {
            // Qwen-MoE's keys: the routed experts' width apart from the shared one's.
            m.moeIntermediateSize = m.intermediateSize;
            m.sharedExpertSize = static_cast<long long>(moe->sharedWidth);
            m.intermediateSize = m.sharedExpertSize;
            m.sharedExpertGate = moe->sharedGate;
        }
    }
    m.layers = layers;
    m.heads = static_cast<long long>(H);
    m.kvHeads = static_cast<long long>(KV);
    m.headDim = static_cast<long long>(d);
    m.vocabSize = static_cast<long long>(V);
    m.mlp = plain && !moe ? MlpKind::Plain : MlpKind::Gated;
    m.activation = activation;
    m.qkvBias = bias;
    m.source = file;
    if (auto invalid = validateModel(m))
        return fail(invalid->message);
    // The model read must hold the whole trace: every pass split into its layers.
    if (auto split = splitTracePasses(trace.kernels, trace.trace, m, file); !split)
        return fail("its shapes read as " + modelShapeSummary(m) + ", but " +
                    split.error().message);
    return m;
}

std::string modelShapeSummary(const ModelConfig& m)
{
    const std::string mlp = m.mlp == MlpKind::Plain ? "a plain " : "a gated ";
    const std::string fn = m.activation == "silu"   ? "SiLU"
                           : m.activation == "gelu" ? "GELU"
                                                    : "ReLU";
    // "4 gated SiLU experts of 40, top 2, and a shared one of 96 behind a sigmoid gate"
    const std::string ffn =
        m.isMoe()
            ? std::to_string(m.experts) + " gated " + fn + " experts of " +
                  std::to_string(m.expertFfnSize()) + ", top " + std::to_string(m.expertsPerToken) +
                  (m.sharedExpertSize > 0
                       ? ", and a shared one of " + std::to_string(m.sharedExpertSize) +
                             (m.sharedExpertGate ? " behind a sigmoid gate" : "")
                       : std::string())
            : mlp + fn + " MLP of " + std::to_string(m.intermediateSize);
    return "hidden " + std::to_string(m.hiddenSize) + ", " + std::to_string(m.layers) +
           (m.layers == 1 ? " layer, " : " layers, ") + std::to_string(m.heads) + "×" +
           std::to_string(m.headDim) + " query and " + std::to_string(m.kvHeads) + "×" +
           std::to_string(m.headDim) + " KV heads" + (m.qkvBias ? " with bias" : "") + ", " + ffn +
           ", " + (m.norm == NormKind::LayerNorm ? "LayerNorm" : "RMSNorm") +
           (m.parallelBlock ? " (parallel block)" : "") +
           (m.rotaryFraction < 1.0
                ? ", RoPE on " +
                      formatParamNumber(std::round(m.rotaryFraction * double(m.headDim))) + " of " +
                      std::to_string(m.headDim) + " dims"
                : std::string()) +
           (m.position == PositionKind::Learned
                ? ", " + std::to_string(m.maxPositions) + " learned positions"
                : std::string()) +
           ", vocabulary " + std::to_string(m.vocabSize);
}

} // namespace roofscope
