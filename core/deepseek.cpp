#include "core/deepseek.h"

#include <algorithm>
#include <cmath>

namespace roofscope {

namespace {

constexpr std::string_view kHuggingFaceKeys[] = {
    "kv_lora_rank",         "q_lora_rank",      "qk_nope_head_dim", "qk_rope_head_dim",
    "v_head_dim",           "n_routed_experts", "n_shared_experts", "moe_intermediate_size",
    "first_k_dense_replace"};

std::string num(double v)
{
    return formatParamNumber(v);
}

bool present(const Json& root, std::string_view key)
{
    return root.contains(key) && !root.at(key).is_null();
}

// Appends operators and keeps the first error, as the generic expansion does.
class Rows {
public:
    explicit Rows(Workload& w) : m_workload(w) {}

    void add(std::string key, std::string title, std::string_view kind, const Assignments& params,
             double layerCount, double perLayer = 1.0,
             const std::vector<std::pair<std::string, double>>& realParams = {})
    {
        if (m_error || layerCount <= 0.0)
            return;
        auto op = makeOperator(kind, params);
        if (!op) {
            m_error = makeError(key + ": " + op.error().message);
            return;
        }
        for (const auto& [param, value] : realParams)
            op->params.set(param, value);
        op->label = title;
        m_workload.ops.push_back(WorkloadOp{std::move(key), std::move(title), std::move(op).value(),
                                            layerCount, perLayer});
    }

    const std::optional<Error>& error() const { return m_error; }

private:
    Workload& m_workload;
    std::optional<Error> m_error;
};

struct Counts {
    double dense = 0.0; // layers with a dense MLP
    double moe = 0.0;   // layers with the MoE MLP
};

Counts layerCounts(const ModelConfig& m)
{
    const double L = static_cast<double>(m.layers);
    if (!m.isMoe())
        return {L, 0.0};
    const double dense = std::min(L, static_cast<double>(m.firstDenseLayers));
    return {dense, L - dense};
}

// Weight matrices of one layer's attention, and its norm vectors.
double attentionMatrices(const ModelConfig& m)
{
    const double h = static_cast<double>(m.hiddenSize);
    const double H = static_cast<double>(m.heads);
    if (!m.isMla())
        return 2.0 * h * H * static_cast<double>(m.headDim) +
               2.0 * h * static_cast<double>(m.kvHeads * m.headDim);
    const LatentAttention& a = m.mla;
    const double qk = static_cast<double>(a.qkNopeHeadDim + a.qkRopeHeadDim);
    const double qr = static_cast<double>(a.qLoraRank);
    const double kvr = static_cast<double>(a.kvLoraRank);
    const double q = a.qLoraRank > 0 ? h * qr + qr * H * qk : h * H * qk;
    const double kvA = h * (kvr + static_cast<double>(a.qkRopeHeadDim));
    const double kvB = kvr * H * static_cast<double>(a.qkNopeHeadDim + a.vHeadDim);
    const double o = H * static_cast<double>(a.vHeadDim) * h;
    return q + kvA + kvB + o;
}

double attentionNormVectors(const ModelConfig& m)
{
    if (!m.isMla())
        return 0.0;
    return static_cast<double>(m.mla.kvLoraRank) + static_cast<double>(m.mla.qLoraRank);
}

double mlpMatrices(const ModelConfig& m)
{
    return m.mlp == MlpKind::Gated ? 3.0 : 2.0;
}

// Decoder-layer matrices (what a weight quantizer converts) with `expertsCounted` routed
// experts per MoE layer.
double layerMatrices(const ModelConfig& m, double expertsCounted)
{
    const double h = static_cast<double>(m.hiddenSize);
    const Counts c = layerCounts(m);
    const double dense = mlpMatrices(m) * h * static_cast<double>(m.intermediateSize);
    const double experts = mlpMatrices(m) * h * static_cast<double>(m.expertFfnSize()) *
                           (expertsCounted + static_cast<double>(m.sharedExperts));
    return static_cast<double>(m.layers) * attentionMatrices(m) + c.dense * dense + c.moe * experts;
}

} // namespace

bool isDeepSeekHuggingFace(const Json& root)
{
    return present(root, "kv_lora_rank") || present(root, "n_routed_experts");
}

bool isDeepSeekHuggingFaceKey(std::string_view key)
{
    return std::find(std::begin(kHuggingFaceKeys), std::end(kHuggingFaceKeys), key) !=
           std::end(kHuggingFaceKeys);
}

namespace {

void readLatent(JsonReader& r, const Json& root, const std::string& p, ModelConfig& m)
{
    if (!present(root, "kv_lora_rank"))
        return;
    m.mla.kvLoraRank = r.integer(root, p, "kv_lora_rank", 1, 0);
    m.mla.qLoraRank = present(root, "q_lora_rank") ? r.integer(root, p, "q_lora_rank", 1, 0) : 0;
    for (std::string_view key : {"qk_nope_head_dim", "qk_rope_head_dim", "v_head_dim"}) {
        if (r.ok() && !present(root, key))
            r.fail(p, "missing required key \"" + std::string(key) +
                          "\" (kv_lora_rank is set: multi-head latent attention)");
    }
    m.mla.qkNopeHeadDim = r.integer(root, p, "qk_nope_head_dim", 1, 0);
    m.mla.qkRopeHeadDim = r.integer(root, p, "qk_rope_head_dim", 1, 0);
    m.mla.vHeadDim = r.integer(root, p, "v_head_dim", 1, 0);
    // The query/key head dimension; K and V heads are the latent, so every head is its own
    // "KV head" for the relations the generic validation checks.
    m.headDim = m.mla.qkNopeHeadDim + m.mla.qkRopeHeadDim;
    m.kvHeads = m.heads;
}

void readMoe(JsonReader& r, const Json& root, const std::string& p, ModelConfig& m,
             std::string_view expertsKey)
{
    if (present(root, expertsKey)) {
        m.experts = r.integer(root, p, expertsKey, 1, 1);
        if (r.ok() && m.experts > 1 && !present(root, "num_experts_per_tok"))
            r.fail(p, "missing required key \"num_experts_per_tok\" (" + std::string(expertsKey) +
                          " is > 1)");
        m.expertsPerToken = r.integer(root, p, "num_experts_per_tok", 1, 1);
    }
    m.sharedExperts =
        present(root, "n_shared_experts") ? r.integer(root, p, "n_shared_experts", 0, 0) : 0;
    m.moeIntermediateSize = present(root, "moe_intermediate_size")
                                ? r.integer(root, p, "moe_intermediate_size", 1, 0)
                                : 0;
    m.firstDenseLayers = present(root, "first_k_dense_replace")
                             ? r.integer(root, p, "first_k_dense_replace", 0, 0)
                             : 0;
    if (r.ok() && m.firstDenseLayers > m.layers)
        r.fail(JsonReader::child(p, "first_k_dense_replace"),
               "must not exceed num_hidden_layers (" + std::to_string(m.layers) + "), got " +
                   std::to_string(m.firstDenseLayers));
    if (r.ok() && present(root, "moe_layer_freq") && root.at("moe_layer_freq") != Json(1))
        r.fail(JsonReader::child(p, "moe_layer_freq"),
               "only 1 (every layer after first_k_dense_replace is MoE) is modelled");
}

} // namespace

void readDeepSeekHuggingFace(JsonReader& r, const Json& root, ModelConfig& m)
{
    readLatent(r, root, "", m);
    readMoe(r, root, "", m, "n_routed_experts");
}

void readDeepSeekCatalogFields(JsonReader& r, const Json& item, const std::string& pointer,
                               ModelConfig& m)
{
    readLatent(r, item, pointer, m);
    readMoe(r, item, pointer, m, "num_local_experts");
}

void writeDeepSeekCatalogFields(Json& e, const ModelConfig& m)
{
    if (m.isMla()) {
        e["kv_lora_rank"] = m.mla.kvLoraRank;
        if (m.mla.qLoraRank > 0)
            e["q_lora_rank"] = m.mla.qLoraRank;
        e["qk_nope_head_dim"] = m.mla.qkNopeHeadDim;
        e["qk_rope_head_dim"] = m.mla.qkRopeHeadDim;
        e["v_head_dim"] = m.mla.vHeadDim;
    }
    if (m.sharedExperts > 0)
        e["n_shared_experts"] = m.sharedExperts;
    if (m.moeIntermediateSize > 0)
        e["moe_intermediate_size"] = m.moeIntermediateSize;
    if (m.firstDenseLayers > 0)
        e["first_k_dense_replace"] = m.firstDenseLayers;
}

double deepSeekParameters(const ModelConfig& m, double expertsCounted)
{
    const double h = static_cast<double>(m.hiddenSize);
    const double L = static_cast<double>(m.layers);
    const Counts c = layerCounts(m);
    const double router = h * static_cast<double>(m.experts);
    const double norms = (m.norm == NormKind::RmsNorm ? 2.0 : 4.0) * h + attentionNormVectors(m);
    const double embedding = static_cast<double>(m.vocabSize) * h;
    const double positions =
        m.position == PositionKind::Learned ? static_cast<double>(m.maxPositions) * h : 0.0;
    const double finalNorm = (m.norm == NormKind::RmsNorm ? 1.0 : 2.0) * h;
    return layerMatrices(m, expertsCounted) + c.moe * router + L * norms + embedding + positions +
           finalNorm + (m.tiedEmbeddings ? 0.0 : embedding);
}

double deepSeekWeightBytes(const ModelConfig& m, const InferenceScenario& s)
{
    const double quantized = layerMatrices(m, static_cast<double>(m.experts));
    return quantized * bytesPerElement(s.weights) +
           (deepSeekParameters(m, static_cast<double>(m.experts)) - quantized) *
               bytesPerElement(streamPrecision(s));
}

Expected<Workload> expandDeepSeekWorkload(const ModelConfig& m, const InferenceScenario& s)
{
    Workload w;
    w.tokens = stepTokens(s);
    w.weightsBytes = deepSeekWeightBytes(m, s);
    w.kvCacheBytes = s.batch * s.context * kvCacheBytesPerToken(m, s.kvCache);
    Rows x(w);

    const bool decode = s.phase == Phase::Decode;
    const double L = static_cast<double>(m.layers);
    const Counts layers = layerCounts(m);
    const double B = s.batch;
    const double S = s.context;
    const double T = w.tokens;
    const double h = static_cast<double>(m.hiddenSize);
    const double H = static_cast<double>(m.heads);
    const double V = static_cast<double>(m.vocabSize);
    const std::string act(precisionName(s.activations));
    const std::string str(precisionName(streamPrecision(s)));
    const std::string wt(precisionName(s.weights));
    const std::string kv(precisionName(s.kvCache));
    const std::string normKind = m.norm == NormKind::RmsNorm ? "rmsnorm" : "layernorm";
    const std::string normName = m.norm == NormKind::RmsNorm ? "RMSNorm" : "LayerNorm";

    const auto linear = [&](const std::string& key, const std::string& title, double n, double k,
                            double count, double perLayer = 1.0) {
        Assignments p;
        if (decode)
            p = {{"batch", num(B)}};
        else
            p = {{"batch", num(B)}, {"seq", num(S)}};
        p.insert(p.end(), {{"n", num(n)},
                           {"k", num(k)},
                           {"dtype", act},
                           {"weight_dtype", wt},
                           {"out_dtype", str}});
        x.add(key, title, decode ? "decode_matmul" : "prefill_matmul", p, count, perLayer);
    };
    const auto norm = [&](const std::string& key, const std::string& title, double cols,
                          double count) {
        x.add(key, title, normKind, {{"rows", num(T)}, {"cols", num(cols)}, {"dtype", str}}, count);
    };
    const auto elementwise = [&](const std::string& key, const std::string& title, double n,
                                 const std::string& dtype, int inputs, double count,
                                 const std::string& flops = "", int outputs = 1) {
        Assignments p = {{"n", num(n)},
                         {"dtype", dtype},
                         {"inputs", std::to_string(inputs)},
                         {"outputs", std::to_string(outputs)}};
        if (!flops.empty())
            p.push_back({"flops_per_element", flops});
        x.add(key, title, "elementwise", p, count);
    };

    elementwise("embedding",
                "Token embedding lookup (counted as a 1-input elementwise copy: bytes exact)",
                T * h, str, 1, 1.0);
    const std::string fusedNote =
        " (fused: reads block output and residual, writes the sum and the normed copy)";
    if (s.fused)
        norm("input_norm", "Input " + normName + " of the first layer (no residual to fuse)", h,
             1.0);
    else
        norm("input_norm", "Input " + normName, h, L);

    // ---- attention ------------------------------------------------------------------------
    if (m.isMla()) {
        const LatentAttention& a = m.mla;
        const double nope = static_cast<double>(a.qkNopeHeadDim);
        const double rope = static_cast<double>(a.qkRopeHeadDim);
        const double vd = static_cast<double>(a.vHeadDim);
        const double kvr = static_cast<double>(a.kvLoraRank);
        const double qk = nope + rope;
        if (a.qLoraRank > 0) {
            const double qr = static_cast<double>(a.qLoraRank);
            linear("q_a_proj", "Query down-projection to the rank-" + num(qr) + " latent (MLA)", qr,
                   h, L);
            norm("q_a_norm", "RMSNorm of the query latent", qr, L);
            linear("q_b_proj", "Query up-projection to " + num(H) + " heads × " + num(qk), H * qk,
                   qr, L);
        } else {
            linear("q_proj", "Q projection (" + num(H) + " heads × " + num(qk) + ")", H * qk, h, L);
        }
        linear("kv_a_proj",
               "KV down-projection to the latent (" + num(kvr) + ") + rotary key (" + num(rope) +
                   ")",
               kvr + rope, h, L);
        norm("kv_a_norm", "RMSNorm of the KV latent", kvr, L);
        elementwise("rope", "RoPE on the rotary parts of Q and the shared K", T * (H + 1.0) * rope,
                    str, 1, L, "3");
        elementwise("kv_cache_write",
                    "Write the latent and rotary key (" + num(kvr + rope) +
                        " per token) to the cache",
                    T * (kvr + rope), kv, 1, L);
        if (decode) {
            // Absorbed weights (DeepSeek-V2 paper, §2.1.3): W_UK folds into the query and W_UV
            // into the output, so attention runs over the compressed cache directly.
            linear("q_absorb",
                   "Absorb W_UK into the query: per head, " + num(nope) + " → " + num(kvr) +
                       " (absorbed MLA decode)",
                   kvr, nope, L, H);
            // Expressed as attention_decode with one KV head of dim (r + d_rope)/2 and
            // H·(2r + d_rope)/(r + d_rope) heads: FLOPs 2·b·H·L·(r + d_rope) for QKᵀ plus
            // 2·b·H·L·r for P·V, and the latent cache read once (shared by K and V) — both
            // exact with that choice.
            const double width = kvr + rope;
            x.add("attention",
                  "MLA attention over the latent cache (absorbed; the latent is read once for "
                  "K and V: QKᵀ over " +
                      num(width) + ", P·V over " + num(kvr) + ")",
                  "attention_decode",
                  {{"batch", num(B)},
                   {"heads", num(H)},
                   {"kv_heads", "1"},
                   {"head_dim", "1"},
                   {"context", num(S)},
                   {"dtype", str},
                   {"kv_dtype", kv}},
                  L, 1.0, {{"heads", H * (2.0 * kvr + rope) / width}, {"head_dim", width / 2.0}});
            linear("v_absorb", "Absorb W_UV: per head, latent " + num(kvr) + " → " + num(vd), vd,
                   kvr, L, H);
        } else {
            linear("kv_b_proj",
                   "KV up-projection from the latent to " + num(H) + " heads × (" + num(nope) +
                       " + " + num(vd) + ")",
                   H * (nope + vd), kvr, L);
            // Q·K over qk = nope + rope and P·V over v: a flash kernel with head_dim (qk + v)/2
            // has exactly these FLOPs and reads Q, K, V and writes O exactly once.
            x.add("attention",
                  "MLA attention, prefill (flash, causal; keys " + num(qk) + " wide, values " +
                      num(vd) + ")",
                  "attention_prefill",
                  {{"batch", num(B)},
                   {"heads", num(H)},
                   {"kv_heads", num(H)},
                   {"head_dim", "1"},
                   {"seq", num(S)},
                   {"dtype", str},
                   {"causal", "true"}},
                  L, 1.0, {{"head_dim", (qk + vd) / 2.0}});
        }
        linear("o_proj", "O projection (" + num(H) + " × " + num(vd) + " → " + num(h) + ")", h,
               H * vd, L);
    } else {
        return makeError("model " + m.id +
                         ": DeepSeek-style MoE without MLA is not modelled (give kv_lora_rank)");
    }
    if (s.fused) {
        elementwise("attn_residual_norm", "Residual add + post-attention " + normName + fusedNote,
                    T * h, str, 2, L, normKind == "rmsnorm" ? "5" : "6", 2);
    } else {
        elementwise("attn_residual", "Residual add (attention)", T * h, str, 2, L);
        norm("post_attention_norm", "Post-attention " + normName, h, L);
    }

    // ---- MLP ------------------------------------------------------------------------------
    const std::string fn = m.activation;
    const std::string fnName = fn == "silu" ? "SiLU" : fn == "gelu" ? "GELU" : "ReLU";
    const auto gatedMlp = [&](const std::string& prefix, const std::string& what, double f,
                              double count) {
        linear(prefix + "gate_up_proj", what + " gate and up projections (one matmul)", 2.0 * f, h,
               count);
        elementwise(prefix + "act_mul", fnName + "(gate) × up (" + what + ")", T * f, str, 2, count,
                    fn == "silu"   ? "5"
                    : fn == "gelu" ? "10"
                                   : "2");
        linear(prefix + "down_proj", what + " down projection", h, f, count);
    };
    gatedMlp("", "Dense MLP (first " + num(layers.dense) + " layers):",
             static_cast<double>(m.intermediateSize), layers.dense);
    if (layers.moe > 0.0) {
        const double E = static_cast<double>(m.experts);
        const double k = static_cast<double>(m.expertsPerToken);
        const double fe = static_cast<double>(m.expertFfnSize());
        const double M = layers.moe;
        w.expertsTouched = expectedExpertsTouched(E, k, T);
        const double perExpert = T * k / w.expertsTouched;
        linear("router", "MoE router (scores over " + num(E) + " routed experts)", E, h, M);
        x.add("router_softmax", "Router scoring (top-" + num(k) + " selection not counted)",
              "softmax", {{"rows", num(T)}, {"cols", num(E)}, {"dtype", str}}, M);
        if (m.sharedExperts > 0)
            gatedMlp("shared_", num(static_cast<double>(m.sharedExperts)) + " shared expert(s):",
                     fe * static_cast<double>(m.sharedExperts), M);
        const std::string touched = "; × expected distinct experts touched " +
                                    formatParamNumber(std::round(w.expertsTouched * 1000) / 1000) +
                                    " of " + num(E) + ", " +
                                    formatParamNumber(std::round(perExpert * 1000) / 1000) +
                                    " tokens each (balanced, independent routing)";
        const auto expert = [&](const std::string& key, const std::string& title, double n,
                                double kIn) {
            x.add(key, title + touched, "matmul",
                  {{"m", "1"},
                   {"n", num(n)},
                   {"k", num(kIn)},
                   {"dtype", act},
                   {"weight_dtype", wt},
                   {"out_dtype", str}},
                  M, w.expertsTouched, {{"m", perExpert}});
        };
        expert("expert_gate_up_proj", "Routed expert gate and up projections (one matmul)",
               2.0 * fe, h);
        elementwise("expert_act_mul", fnName + "(gate) × up (routed experts)", T * k * fe, str, 2,
                    M, fn == "silu" ? "5" : "10");
        expert("expert_down_proj", "Routed expert down projection", h, fe);
        const double inputs = k + (m.sharedExperts > 0 ? 1.0 : 0.0);
        elementwise("expert_combine",
                    "Weighted sum of the top-" + num(k) + " routed outputs and the shared output",
                    T * h, str, static_cast<int>(inputs), M, num(2.0 * inputs - 1.0));
    }
    if (s.fused) {
        elementwise("mlp_residual_norm",
                    "Residual add + next " + normName + " (the final norm after the last layer)" +
                        fusedNote,
                    T * h, str, 2, L, normKind == "rmsnorm" ? "5" : "6", 2);
    } else {
        elementwise("mlp_residual", "Residual add (MLP)", T * h, str, 2, L);
        norm("final_norm", "Final " + normName, h, 1.0);
    }
    x.add("lm_head", decode ? "LM head" : "LM head (last token of each sequence)", "decode_matmul",
          {{"batch", num(B)},
           {"n", num(V)},
           {"k", num(h)},
           {"dtype", str},
           {"weight_dtype", str},
           {"out_dtype", str}},
          1.0);
    if (x.error())
        return *x.error();
    // Routed experts no token picked stay unread this step.
    w.weightsReadBytes = w.weightsBytes;
    if (layers.moe > 0.0)
        w.weightsReadBytes -= layers.moe * (static_cast<double>(m.experts) - w.expertsTouched) *
                              mlpMatrices(m) * h * static_cast<double>(m.expertFfnSize()) *
                              bytesPerElement(s.weights);
    return w;
}

} // namespace roofscope
