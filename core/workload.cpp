#include "core/workload.h"

#include "core/deepseek.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace roofscope {

namespace {

std::string num(double v)
{
    return formatParamNumber(v);
}

std::string name(Precision p)
{
    return std::string(precisionName(p));
}

// Appends operators to a workload and keeps the first error. Every row goes through
// makeOperator(), so the shapes are validated exactly as a user-typed spec would be.
class Expansion {
public:
    explicit Expansion(Workload& workload) : m_workload(workload) {}

    // `realParams` are set after validation: MoE tokens per expert are an expectation, not a
    // whole number, and the cost formulas are continuous in them.
    void add(std::string key, std::string title, std::string_view kind, const Assignments& params,
             double layerCount, double perLayer = 1.0,
             const std::vector<std::pair<std::string, double>>& realParams = {})
    {
        if (m_error)
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

bool isSixteenBitOrWider(Precision p)
{
    return p == Precision::FP16 || p == Precision::BF16 || p == Precision::FP32 ||
           p == Precision::TF32 || p == Precision::FP64;
}

} // namespace

std::string_view phaseName(Phase p)
{
    return p == Phase::Prefill ? "prefill" : "decode";
}

std::optional<Phase> parsePhase(std::string_view name)
{
    if (name == "prefill")
        return Phase::Prefill;
    if (name == "decode")
        return Phase::Decode;
    return std::nullopt;
}

Precision streamPrecision(const InferenceScenario& s)
{
    return isSixteenBitOrWider(s.activations) ? s.activations : Precision::FP16;
}

double stepTokens(const InferenceScenario& s)
{
    return s.phase == Phase::Decode ? s.batch : s.batch * s.context;
}

double expectedExpertsTouched(double experts, double topK, double tokens)
{
    if (experts <= 1.0)
        return 1.0;
    // P(a given expert is missed by one token) = 1 − k/E; missed by all T tokens: (1 − k/E)^T.
    return experts * (1.0 - std::pow(1.0 - topK / experts, tokens));
}

double kvCacheBytesPerToken(const ModelConfig& model, Precision kv)
{
    return model.kvElementsPerToken() * bytesPerElement(kv);
}

double weightBytes(const ModelConfig& m, const InferenceScenario& s)
{
    if (m.isDeepSeekStyle())
        return deepSeekWeightBytes(m, s);
    const double h = static_cast<double>(m.hiddenSize);
    const double w = bytesPerElement(s.weights);
    const double sixteen = bytesPerElement(streamPrecision(s));
    // In double: heads × head_dim of an absurd config overflows long long.
    const double attention = 2.0 * h *
                             (static_cast<double>(m.heads) * static_cast<double>(m.headDim) +
                              static_cast<double>(m.kvHeads) * static_cast<double>(m.headDim));
    const double mlp = (m.mlp == MlpKind::Gated ? 3.0 : 2.0) * h *
                       static_cast<double>(m.intermediateSize) * static_cast<double>(m.experts);
    const double quantized = static_cast<double>(m.layers) * (attention + mlp);
    // Everything else (embeddings, LM head, router, norms) is what quantizers leave in 16 bits.
    return quantized * w + (m.parameterCount() - quantized) * sixteen;
}

Expected<Workload> expandWorkload(const ModelConfig& m, const InferenceScenario& s)
{
    if (auto invalid = validateModel(m))
        return *invalid;
    if (!(s.batch >= 1.0) || s.batch != std::floor(s.batch) || s.batch > 1e6)
        return makeError("batch: expected a whole number from 1 to 1000000, got " + num(s.batch));
    if (!(s.context >= 1.0) || s.context != std::floor(s.context) || s.context > 1e7)
        return makeError("context: expected a whole number from 1 to 10000000, got " +
                         num(s.context));
    if (stepTokens(s) > kMaxStepTokens)
        return makeError("batch × context: a prefill step of " + num(stepTokens(s)) +
                         " tokens is more than the limit of " + num(kMaxStepTokens));

    if (m.isDeepSeekStyle())
        return expandDeepSeekWorkload(m, s);

    Workload w;
    w.tokens = stepTokens(s);
    w.weightsBytes = weightBytes(m, s);
    w.kvCacheBytes = s.batch * s.context * kvCacheBytesPerToken(m, s.kvCache);
    Expansion x(w);

    const bool decode = s.phase == Phase::Decode;
    const double L = static_cast<double>(m.layers);
    const double B = s.batch;
    const double S = s.context;
    const double T = w.tokens;
    const double h = static_cast<double>(m.hiddenSize);
    const double f = static_cast<double>(m.intermediateSize);
    const double H = static_cast<double>(m.heads);
    const double KV = static_cast<double>(m.kvHeads);
    const double d = static_cast<double>(m.headDim);
    const double V = static_cast<double>(m.vocabSize);
    const double group = H / KV; // query heads sharing one K/V head (GQA)
    const std::string act = name(s.activations);
    const std::string str = name(streamPrecision(s));
    const std::string wt = name(s.weights);
    const std::string kv = name(s.kvCache);
    const std::string normKind = m.norm == NormKind::RmsNorm ? "rmsnorm" : "layernorm";
    const std::string normName = m.norm == NormKind::RmsNorm ? "RMSNorm" : "LayerNorm";

    // A decoder-layer linear layer: m = tokens of the step, quantized weights, output in the
    // stream precision. decode_/prefill_matmul keep batch (and seq) as named parameters, so a
    // chart can drag them.
    const auto linear = [&](const std::string& key, const std::string& title, double n, double k,
                            const std::string& weightDtype, const std::string& dtype) {
        Assignments p;
        if (decode)
            p = {{"batch", num(B)}};
        else
            p = {{"batch", num(B)}, {"seq", num(S)}};
        p.insert(p.end(), {{"n", num(n)},
                           {"k", num(k)},
                           {"dtype", dtype},
                           {"weight_dtype", weightDtype},
                           {"out_dtype", str}});
        x.add(key, title, decode ? "decode_matmul" : "prefill_matmul", p, L);
    };
    const auto norm = [&](const std::string& key, const std::string& title, double count) {
        x.add(key, title, normKind, {{"rows", num(T)}, {"cols", num(h)}, {"dtype", str}}, count);
    };

    // ---- embedding ------------------------------------------------------------------------
    const std::string gatherNote = "counted as a 1-input elementwise copy: bytes exact (read T "
                                   "rows, write T rows), 1 FLOP/element where a gather has none";
    if (m.position == PositionKind::Learned && s.fused) {
        x.add("embedding",
              "Token + position embedding (fused gather and add; 2-input "
              "elementwise: bytes exact, 1 FLOP/element)",
              "elementwise", {{"n", num(T * h)}, {"dtype", str}, {"inputs", "2"}}, 1.0);
    } else {
        x.add("embedding", "Token embedding lookup (" + gatherNote + ")", "elementwise",
              {{"n", num(T * h)}, {"dtype", str}, {"inputs", "1"}}, 1.0);
        if (m.position == PositionKind::Learned)
            x.add("position_embedding", "Add learned position embeddings", "elementwise",
                  {{"n", num(T * h)}, {"dtype", str}, {"inputs", "2"}}, 1.0);
    }

    // ---- attention block ------------------------------------------------------------------
    // Fused: each residual add is fused with the norm that follows it (vLLM's fused_add_rms_norm:
    // reads the block output and the residual, writes the new residual and the normed copy).
    // Pairing the first layer's input norm (nothing to add) off, and the last MLP add with the
    // final norm, keeps the counts exact: 2 fused kernels per layer + 1 plain norm.
    const std::string fusedNormNote =
        " (fused: reads block output and residual, writes the sum and the normed copy: "
        "2-in/2-out elementwise, add 1 + norm " +
        std::string(normKind == "rmsnorm" ? "4" : "5") +
        " FLOP/element; the γ vector is not counted)";
    if (s.fused)
        norm("input_norm", "Input " + normName + " of the first layer (no residual to fuse)", 1.0);
    else
        norm("input_norm", "Input " + normName, L);

    // Fused: Q, K and V as one matmul (vLLM's QKVParallelLinear), so the input is read once.
    if (s.fused) {
        linear("qkv_proj", "Q, K and V projections as one matmul (fused)", (H + 2.0 * KV) * d, h,
               wt, act);
    } else {
        linear("q_proj", "Q projection", H * d, h, wt, act);
        linear("k_proj", "K projection", KV * d, h, wt, act);
        linear("v_proj", "V projection", KV * d, h, wt, act);
    }
    // Partial rotary (Phi-2 rotates 40 % of each head): only those dimensions are touched.
    const double rotaryDims = std::max(1.0, std::round(d * m.rotaryFraction));
    if (m.position == PositionKind::Rope)
        x.add("rope",
              "RoPE on Q and K (1-in/1-out elementwise, 3 FLOP/element: two multiplies and "
              "an add; the cos/sin tables stay in cache)",
              "elementwise",
              {{"n", num(T * (H + KV) * rotaryDims)},
               {"dtype", str},
               {"inputs", "1"},
               {"flops_per_element", "3"}},
              L);
    x.add("kv_cache_write",
          "Write the new tokens' K and V to the cache (1-input elementwise "
          "copy at the KV precision; the read is counted at that precision too)",
          "elementwise", {{"n", num(T * 2.0 * KV * d)}, {"dtype", kv}, {"inputs", "1"}}, L);

    if (s.fused) {
        if (decode)
            x.add("attention", "Attention (fused decode kernel over the KV cache)",
                  "attention_decode",
                  {{"batch", num(B)},
                   {"heads", num(H)},
                   {"kv_heads", num(KV)},
                   {"head_dim", num(d)},
                   {"context", num(S)},
                   {"dtype", str},
                   {"kv_dtype", kv}},
                  L);
        else
            x.add("attention", "Attention (flash, causal)", "attention_prefill",
                  {{"batch", num(B)},
                   {"heads", num(H)},
                   {"kv_heads", num(KV)},
                   {"head_dim", num(d)},
                   {"seq", num(S)},
                   {"dtype", str},
                   {"causal", "true"}},
                  L);
    } else if (decode) {
        // One batched matmul per sequence and KV head: the GQA group's queries (m = group)
        // against that head's cached K (the "weight", at the KV precision).
        x.add("attn_qk",
              "QKᵀ (unfused; one matmul per sequence and KV head, cached K as the "
              "weight)",
              "matmul",
              {{"m", num(group)},
               {"n", num(S)},
               {"k", num(d)},
               {"dtype", str},
               {"weight_dtype", kv},
               {"out_dtype", str}},
              L, B * KV);
        x.add("attn_softmax", "Softmax over the scores (unfused)", "softmax",
              {{"rows", num(B * H)}, {"cols", num(S)}, {"dtype", str}}, L);
        x.add("attn_pv",
              "Scores · V (unfused; one matmul per sequence and KV head, cached V as "
              "the weight)",
              "matmul",
              {{"m", num(group)},
               {"n", num(d)},
               {"k", num(S)},
               {"dtype", str},
               {"weight_dtype", kv},
               {"out_dtype", str}},
              L, B * KV);
    } else {
        // Eager attention materialises the full S×S scores and masks them: the causal half is
        // computed and thrown away, which flash attention skips.
        x.add("attn_qk",
              "QKᵀ (unfused, full S×S scores incl. the masked half; one matmul per "
              "sequence and KV head)",
              "matmul", {{"m", num(group * S)}, {"n", num(S)}, {"k", num(d)}, {"dtype", str}}, L,
              B * KV);
        x.add("attn_softmax", "Causal softmax over the scores (unfused)", "softmax",
              {{"rows", num(B * H * S)}, {"cols", num(S)}, {"dtype", str}}, L);
        x.add("attn_pv", "Scores · V (unfused; one matmul per sequence and KV head)", "matmul",
              {{"m", num(group * S)}, {"n", num(d)}, {"k", num(S)}, {"dtype", str}}, L, B * KV);
    }
    linear("o_proj", "O projection", h, H * d, wt, act);
    if (s.fused) {
        x.add("attn_residual_norm", "Residual add + post-attention " + normName + fusedNormNote,
              "elementwise",
              {{"n", num(T * h)},
               {"dtype", str},
               {"inputs", "2"},
               {"outputs", "2"},
               {"flops_per_element", normKind == "rmsnorm" ? "5" : "6"}},
              L);
    } else {
        x.add("attn_residual", "Residual add (attention)", "elementwise",
              {{"n", num(T * h)}, {"dtype", str}, {"inputs", "2"}}, L);
        // A parallel block (Phi-2) feeds the MLP the input norm's output: no second norm.
        if (!m.parallelBlock)
            norm("post_attention_norm", "Post-attention " + normName, L);
    }

    // ---- MLP block ------------------------------------------------------------------------
    const std::string fn = m.activation;
    const std::string fnName = fn == "silu" ? "SiLU" : fn == "gelu" ? "GELU" : "ReLU";
    // Fused activation × up: the activation's own FLOPs (see the activation kind) plus the
    // multiply.
    const std::string actMulFlops = fn == "silu" ? "5" : fn == "gelu" ? "10" : "2";
    if (m.isMoe()) {
        const double E = static_cast<double>(m.experts);
        const double k = static_cast<double>(m.expertsPerToken);
        w.expertsTouched = expectedExpertsTouched(E, k, T);
        const double perExpert = T * k / w.expertsTouched; // tokens each touched expert gets
        linear("router", "MoE router (logits over " + num(E) + " experts)", E, h, str, str);
        x.add("router_softmax", "Router softmax (top-" + num(k) + " selection not counted)",
              "softmax", {{"rows", num(T)}, {"cols", num(E)}, {"dtype", str}}, L);
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
                  L, w.expertsTouched, {{"m", perExpert}});
        };
        if (s.fused) {
            expert("expert_gate_up_proj", "Expert gate and up projections as one matmul (fused)",
                   2.0 * f, h);
        } else {
            expert("expert_gate_proj", "Expert gate projection", f, h);
            expert("expert_up_proj", "Expert up projection", f, h);
        }
        const double n = T * k * f;
        if (s.fused) {
            x.add("expert_act_mul",
                  fnName + "(gate) × up (fused: reads gate and up, writes the "
                           "product: 2-in/1-out elementwise, activation + 1 "
                           "FLOP/element)",
                  "elementwise",
                  {{"n", num(n)},
                   {"dtype", str},
                   {"inputs", "2"},
                   {"flops_per_element", actMulFlops}},
                  L);
        } else {
            x.add("expert_act", fnName + " of the gate", "activation",
                  {{"n", num(n)}, {"dtype", str}, {"fn", fn}}, L);
            x.add("expert_mul", "Elementwise product with up", "elementwise",
                  {{"n", num(n)}, {"dtype", str}, {"inputs", "2"}}, L);
        }
        expert("expert_down_proj", "Expert down projection", h, f);
        x.add("expert_combine",
              "Router-weighted sum of the top-" + num(k) + " expert outputs (" + num(k) +
                  "-input elementwise, " + num(2.0 * k - 1.0) + " FLOP/element)",
              "elementwise",
              {{"n", num(T * h)},
               {"dtype", str},
               {"inputs", num(k)},
               {"flops_per_element", num(2.0 * k - 1.0)}},
              L);
    } else if (m.mlp == MlpKind::Gated) {
        if (s.fused) {
            linear("gate_up_proj", "Gate and up projections as one matmul (fused)", 2.0 * f, h, wt,
                   act);
        } else {
            linear("gate_proj", "Gate projection", f, h, wt, act);
            linear("up_proj", "Up projection", f, h, wt, act);
        }
        if (s.fused) {
            x.add("act_mul",
                  fnName + "(gate) × up (fused: reads gate and up, writes the product; "
                           "2-in/1-out elementwise, activation + 1 FLOP/element)",
                  "elementwise",
                  {{"n", num(T * f)},
                   {"dtype", str},
                   {"inputs", "2"},
                   {"flops_per_element", actMulFlops}},
                  L);
        } else {
            x.add("act", fnName + " of the gate", "activation",
                  {{"n", num(T * f)}, {"dtype", str}, {"fn", fn}}, L);
            x.add("mul", "Elementwise product with up", "elementwise",
                  {{"n", num(T * f)}, {"dtype", str}, {"inputs", "2"}}, L);
        }
        linear("down_proj", "Down projection", h, f, wt, act);
    } else {
        // Plain MLP: nothing elementwise to chain (biases are not modelled), so the activation
        // is its own kernel either way.
        linear("up_proj", "Up projection (fc1)", f, h, wt, act);
        x.add("act", fnName, "activation", {{"n", num(T * f)}, {"dtype", str}, {"fn", fn}}, L);
        linear("down_proj", "Down projection (fc2)", h, f, wt, act);
    }
    if (s.fused) {
        x.add("mlp_residual_norm",
              "Residual add + next " + normName + " (the final norm after the last layer)" +
                  fusedNormNote,
              "elementwise",
              {{"n", num(T * h)},
               {"dtype", str},
               {"inputs", "2"},
               {"outputs", "2"},
               {"flops_per_element", normKind == "rmsnorm" ? "5" : "6"}},
              L);
    } else {
        x.add("mlp_residual", "Residual add (MLP)", "elementwise",
              {{"n", num(T * h)}, {"dtype", str}, {"inputs", "2"}}, L);
        norm("final_norm", "Final " + normName, 1.0);
    }

    // ---- LM head --------------------------------------------------------------------------
    // Serving engines compute logits for the last position of each sequence only, in prefill
    // too. Quantizers (AWQ, GPTQ, FP8) leave the LM head in 16 bits.
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
    // Experts no token picked stay unread this step.
    w.weightsReadBytes = w.weightsBytes;
    if (m.isMoe())
        w.weightsReadBytes -= L * (static_cast<double>(m.experts) - w.expertsTouched) *
                              (m.mlp == MlpKind::Gated ? 3.0 : 2.0) * h * f *
                              bytesPerElement(s.weights);
    return w;
}

Expected<WorkloadTotals> evaluateWorkload(const Workload& workload, const Hardware& hw)
{
    WorkloadTotals t;
    t.weightsBytes = workload.weightsBytes;
    t.weightsReadBytes = workload.weightsReadBytes;
    t.kvCacheBytes = workload.kvCacheBytes;
    t.memoryBytes = hw.memoryBytes;
    double memoryBoundTime = 0.0;
    t.perOp.reserve(workload.ops.size());
    for (const WorkloadOp& row : workload.ops) {
        auto e = estimate(row.op.cost(), hw);
        if (!e)
            return makeError(row.key + " on " + hw.id + ": " + e.error().message);
        OperatorTiming timing;
        timing.estimate = *e;
        timing.stepFlops = e->flops * row.count();
        timing.stepBytes = e->bytes * row.count();
        timing.stepTimeS = e->timeS * row.count();
        t.flops += timing.stepFlops;
        t.bytes += timing.stepBytes;
        t.timeS += timing.stepTimeS;
        if (e->bound == Bound::Memory)
            memoryBoundTime += timing.stepTimeS;
        t.perOp.push_back(timing);
    }
    if (!(t.timeS > 0.0))
        return makeError("empty workload");
    if (!std::isfinite(t.timeS) || !std::isfinite(t.flops) || !std::isfinite(t.bytes) ||
        !isPositiveFinite(workload.tokens / t.timeS))
        return makeError("step totals on " + hw.id +
                         " are out of range (the model or the catalog numbers are too extreme)");
    for (OperatorTiming& timing : t.perOp)
        timing.timeFraction = timing.stepTimeS / t.timeS;
    t.tokensPerS = workload.tokens / t.timeS;
    t.memoryBoundTimeFraction = memoryBoundTime / t.timeS;
    t.byTime.resize(t.perOp.size());
    std::iota(t.byTime.begin(), t.byTime.end(), std::size_t{0});
    std::stable_sort(t.byTime.begin(), t.byTime.end(), [&](std::size_t a, std::size_t b) {
        return t.perOp[a].stepTimeS > t.perOp[b].stepTimeS;
    });
    if (hw.memoryBytes > 0.0) {
        // Weights and cache split evenly over GPUs (tensor parallel); activations, workspace
        // and framework overhead are not counted, so this is the floor.
        const double needed = t.weightsBytes + t.kvCacheBytes;
        t.fits = needed <= hw.memoryBytes;
        // Computed in double and bounded before the conversion: a huge model on a tiny memory
        // would overflow long long (and print a negative count).
        const double gpus = std::ceil(needed / hw.memoryBytes);
        if (!std::isfinite(gpus) || gpus > kMaxGpusNeeded)
            return makeError("weights + KV cache (" + num(needed) + " bytes) need more than " +
                             num(kMaxGpusNeeded) + " GPUs of " + hw.id + " (" +
                             num(hw.memoryBytes) + " bytes each), the limit");
        t.gpusNeeded = static_cast<long long>(gpus);
    }
    return t;
}

} // namespace roofscope
