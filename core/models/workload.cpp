#include "core/models/workload.h"

#include "core/models/decoderrows.h"
#include "core/models/deepseek.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace roofscope {

namespace {

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

void applyQuantizationDefaults(const ModelConfig& model, InferenceScenario& s, bool weightsGiven,
                               bool groupGiven)
{
    if (!model.quantization)
        return;
    const WeightQuantization& q = *model.quantization;
    // Never wider than the math: W4 and W8 under 16- or 8-bit activations always are.
    if (!weightsGiven && bytesPerElement(q.weights) <= bytesPerElement(s.activations))
        s.weights = q.weights;
    if (!groupGiven && s.weights == q.weights)
        s.weightGroupSize = static_cast<double>(q.groupSize);
}

InferenceScenario scenarioForModelChange(const ModelConfig& previous, const ModelConfig& next,
                                         InferenceScenario s)
{
    InferenceScenario defaults = s;
    defaults.weights = s.activations;
    defaults.weightGroupSize = 0.0;
    applyQuantizationDefaults(previous, defaults, false, false);
    const bool weightsGiven = s.weights != defaults.weights;
    const bool groupGiven = s.weightGroupSize != defaults.weightGroupSize;
    if (!weightsGiven)
        s.weights = s.activations;
    if (!groupGiven)
        s.weightGroupSize = 0.0;
    applyQuantizationDefaults(next, s, weightsGiven, groupGiven);
    // A group kept from `previous` means nothing for 16-bit weights.
    if (bytesPerElement(s.weights) >= 2.0)
        s.weightGroupSize = 0.0;
    return s;
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

double quantizedWeightBytes(const InferenceScenario& s)
{
    // Every matrix's k is a multiple of the group in the models quantized this way, so the
    // scales are exactly 1/group of the weights (the operators count ⌈k/group⌉ per column).
    return bytesPerElement(s.weights) + (s.weightGroupSize > 0.0 ? 2.0 / s.weightGroupSize : 0.0);
}

double weightBytes(const ModelConfig& m, const InferenceScenario& s)
{
    const double quantized = m.decoderMatrixCount(static_cast<double>(m.experts));
    // Everything else (embeddings, LM head, router, gates, biases, norms) is what quantizers
    // leave in 16 bits.
    return quantized * quantizedWeightBytes(s) +
           (m.parameterCount() - quantized) * bytesPerElement(streamPrecision(s));
}

namespace {

// The residual stream's norms are fused with the residual adds: reads block output and
// residual, writes the sum and the normed copy.
std::string fusedNormNote(const ModelConfig& m)
{
    return " (fused: reads block output and residual, writes the sum and the normed copy: "
           "2-in/2-out elementwise, add 1 + norm " +
           std::string(m.norm == NormKind::RmsNorm ? "4" : "5") +
           " FLOP/element; the γ vector is not counted)";
}

void addEmbeddingRows(DecoderRows& x, const ModelConfig& m, bool fused)
{
    const double n = x.tokens() * static_cast<double>(m.hiddenSize);
    const std::string gatherNote = "counted as a 1-input elementwise copy: bytes exact (read T "
                                   "rows, write T rows), 1 FLOP/element where a gather has none";
    if (m.position == PositionKind::Learned && fused) {
        x.elementwise("embedding",
                      "Token + position embedding (fused gather and add; 2-input "
                      "elementwise: bytes exact, 1 FLOP/element)",
                      n, x.streamDtype(), 2, 1.0);
        return;
    }
    x.elementwise("embedding", "Token embedding lookup (" + gatherNote + ")", n, x.streamDtype(), 1,
                  1.0);
    if (m.position == PositionKind::Learned)
        x.elementwise("position_embedding", "Add learned position embeddings", n, x.streamDtype(),
                      2, 1.0);
}

// Grouped-query attention from the normed input to the O projection.
void addAttentionRows(DecoderRows& x, const ModelConfig& m, bool fused)
{
    const double L = static_cast<double>(m.layers);
    const double B = x.batch();
    const double S = x.context();
    const double T = x.tokens();
    const double h = static_cast<double>(m.hiddenSize);
    const double H = static_cast<double>(m.heads);
    const double KV = static_cast<double>(m.kvHeads);
    const double d = static_cast<double>(m.headDim);
    const double group = H / KV; // query heads sharing one K/V head (GQA)
    const std::string& str = x.streamDtype();
    const std::string& kv = x.kvDtype();
    // The bias add runs in the matmul's epilogue: its vector is counted in the parameters.
    const std::string bias = m.qkvBias ? " (+ bias, added in the epilogue)" : "";

    // Fused: Q, K and V as one matmul (vLLM's QKVParallelLinear), so the input is read once.
    if (fused) {
        x.linear("qkv_proj", "Q, K and V projections as one matmul (fused)" + bias,
                 (H + 2.0 * KV) * d, h, L);
    } else {
        x.linear("q_proj", "Q projection" + bias, H * d, h, L);
        x.linear("k_proj", "K projection" + bias, KV * d, h, L);
        x.linear("v_proj", "V projection" + bias, KV * d, h, L);
    }
    // Partial rotary (Phi-2 rotates 40 % of each head): only those dimensions are touched.
    const double rotaryDims = std::max(1.0, std::round(d * m.rotaryFraction));
    if (m.position == PositionKind::Rope)
        x.elementwise("rope",
                      "RoPE on Q and K (1-in/1-out elementwise, 3 FLOP/element: two multiplies "
                      "and an add; the cos/sin tables stay in cache)",
                      T * (H + KV) * rotaryDims, str, 1, L, "3");
    x.elementwise("kv_cache_write",
                  "Write the new tokens' K and V to the cache (1-input elementwise "
                  "copy at the KV precision; the read is counted at that precision too)",
                  T * 2.0 * KV * d, kv, 1, L);

    if (fused) {
        if (x.decode())
            x.add("attention", "Attention (fused decode kernel over the KV cache)",
                  "attention_decode",
                  {{"batch", formatParamNumber(B)},
                   {"heads", formatParamNumber(H)},
                   {"kv_heads", formatParamNumber(KV)},
                   {"head_dim", formatParamNumber(d)},
                   {"context", formatParamNumber(S)},
                   {"dtype", str},
                   {"kv_dtype", kv}},
                  L);
        else
            x.add("attention", "Attention (flash, causal)", "attention_prefill",
                  {{"batch", formatParamNumber(B)},
                   {"heads", formatParamNumber(H)},
                   {"kv_heads", formatParamNumber(KV)},
                   {"head_dim", formatParamNumber(d)},
                   {"seq", formatParamNumber(S)},
                   {"dtype", str},
                   {"causal", "true"}},
                  L);
    } else if (x.decode()) {
        // One batched matmul per sequence and KV head: the GQA group's queries (m = group)
        // against that head's cached K (the "weight", at the KV precision).
        x.add("attn_qk",
              "QKᵀ (unfused; one matmul per sequence and KV head, cached K as the "
              "weight)",
              "matmul",
              {{"m", formatParamNumber(group)},
               {"n", formatParamNumber(S)},
               {"k", formatParamNumber(d)},
               {"dtype", str},
               {"weight_dtype", kv},
               {"out_dtype", str}},
              L, B * KV);
        x.add("attn_softmax", "Softmax over the scores (unfused)", "softmax",
              {{"rows", formatParamNumber(B * H)}, {"cols", formatParamNumber(S)}, {"dtype", str}},
              L);
        x.add("attn_pv",
              "Scores · V (unfused; one matmul per sequence and KV head, cached V as "
              "the weight)",
              "matmul",
              {{"m", formatParamNumber(group)},
               {"n", formatParamNumber(d)},
               {"k", formatParamNumber(S)},
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
              "matmul",
              {{"m", formatParamNumber(group * S)},
               {"n", formatParamNumber(S)},
               {"k", formatParamNumber(d)},
               {"dtype", str}},
              L, B * KV);
        x.add("attn_softmax", "Causal softmax over the scores (unfused)", "softmax",
              {{"rows", formatParamNumber(B * H * S)},
               {"cols", formatParamNumber(S)},
               {"dtype", str}},
              L);
        x.add("attn_pv", "Scores · V (unfused; one matmul per sequence and KV head)", "matmul",
              {{"m", formatParamNumber(group * S)},
               {"n", formatParamNumber(d)},
               {"k", formatParamNumber(S)},
               {"dtype", str}},
              L, B * KV);
    }
    x.linear("o_proj", "O projection", h, H * d, L);
}

std::string activationName(const std::string& fn)
{
    return fn == "silu" ? "SiLU" : fn == "gelu" ? "GELU" : "ReLU";
}

// Fused activation × up: the activation's own FLOPs (see the activation kind) plus the
// multiply.
std::string actMulFlops(const std::string& fn)
{
    return fn == "silu" ? "5" : fn == "gelu" ? "10" : "2";
}

// One dense MLP of width `f` in `count` layers: the model's dense MLP (prefix "", what "") or
// the shared expert of a MoE layer (prefix "shared_").
void addDenseMlpRows(DecoderRows& x, const ModelConfig& m, bool fused, const std::string& prefix,
                     const std::string& what, double f, double count)
{
    const double h = static_cast<double>(m.hiddenSize);
    const double n = x.tokens() * f;
    const std::string& str = x.streamDtype();
    const std::string& fn = m.activation;
    const std::string fnName = activationName(fn);
    if (m.mlp == MlpKind::Plain) {
        // Plain MLP: nothing elementwise to chain (biases are not modelled), so the activation
        // is its own kernel either way.
        x.linear(prefix + "up_proj", what + "Up projection (fc1)", f, h, count);
        x.add(prefix + "act", what + fnName, "activation",
              {{"n", formatParamNumber(n)}, {"dtype", str}, {"fn", fn}}, count);
        x.linear(prefix + "down_proj", what + "Down projection (fc2)", h, f, count);
        return;
    }
    if (fused) {
        x.linear(prefix + "gate_up_proj", what + "Gate and up projections as one matmul (fused)",
                 2.0 * f, h, count);
        x.elementwise(prefix + "act_mul",
                      what + fnName +
                          "(gate) × up (fused: reads gate and up, writes the product; "
                          "2-in/1-out elementwise, activation + 1 FLOP/element)",
                      n, str, 2, count, actMulFlops(fn));
    } else {
        x.linear(prefix + "gate_proj", what + "Gate projection", f, h, count);
        x.linear(prefix + "up_proj", what + "Up projection", f, h, count);
        x.add(prefix + "act", what + fnName + " of the gate", "activation",
              {{"n", formatParamNumber(n)}, {"dtype", str}, {"fn", fn}}, count);
        x.elementwise(prefix + "mul", what + "Elementwise product with up", n, str, 2, count);
    }
    x.linear(prefix + "down_proj", what + "Down projection", h, f, count);
}

// The mixture-of-experts MLP of `count` layers: router, shared expert(s) and their gate, the
// routed experts the step touches, and the weighted combine.
void addMoeRows(DecoderRows& x, const ModelConfig& m, bool fused, double count, Workload& w)
{
    const double h = static_cast<double>(m.hiddenSize);
    const double T = x.tokens();
    const double E = static_cast<double>(m.experts);
    const double k = static_cast<double>(m.expertsPerToken);
    const double f = static_cast<double>(m.expertFfnSize());
    const std::string& str = x.streamDtype();
    const std::string& fn = m.activation;
    w.expertsTouched = expectedExpertsTouched(E, k, T);
    const double perExpert = T * k / w.expertsTouched; // tokens each touched expert gets
    x.linear("router", "MoE router (logits over " + formatParamNumber(E) + " experts)", E, h, count,
             1.0, true);
    x.add("router_softmax",
          "Router softmax (top-" + formatParamNumber(k) + " selection not counted)", "softmax",
          {{"rows", formatParamNumber(T)}, {"cols", formatParamNumber(E)}, {"dtype", str}}, count);

    const double shared = m.sharedFfnSize();
    if (shared > 0.0) {
        addDenseMlpRows(x, m, fused, "shared_", "Shared expert: ", shared, count);
        // Qwen-MoE scales the shared output by sigmoid(w · x): a 1-wide projection whose
        // sigmoid and multiply are counted in the combine.
        if (m.sharedExpertGate)
            x.linear(
                "shared_expert_gate",
                "Shared expert gate (1 logit per token; its sigmoid is applied in the combine)",
                1.0, h, count, 1.0, true);
    }

    const std::string touched = "; × expected distinct experts touched " +
                                formatParamNumber(std::round(w.expertsTouched * 1000) / 1000) +
                                " of " + formatParamNumber(E) + ", " +
                                formatParamNumber(std::round(perExpert * 1000) / 1000) +
                                " tokens each (balanced, independent routing)";
    const auto expert = [&](const std::string& key, const std::string& title, double n,
                            double kIn) {
        Assignments p = {{"m", "1"},
                         {"n", formatParamNumber(n)},
                         {"k", formatParamNumber(kIn)},
                         {"dtype", x.activationDtype()},
                         {"weight_dtype", x.weightDtype()},
                         {"out_dtype", str}};
        if (x.weightGroupSize() > 0.0)
            p.push_back({"group_size", formatParamNumber(x.weightGroupSize())});
        x.add(key, title + touched, "matmul", p, count, w.expertsTouched, {{"m", perExpert}});
    };
    const double n = T * k * f;
    if (fused) {
        expert("expert_gate_up_proj", "Expert gate and up projections as one matmul (fused)",
               2.0 * f, h);
        x.elementwise("expert_act_mul",
                      activationName(fn) +
                          "(gate) × up (fused: reads gate and up, writes the "
                          "product: 2-in/1-out elementwise, activation + 1 FLOP/element)",
                      n, str, 2, count, actMulFlops(fn));
    } else {
        expert("expert_gate_proj", "Expert gate projection", f, h);
        expert("expert_up_proj", "Expert up projection", f, h);
        x.add("expert_act", activationName(fn) + " of the gate", "activation",
              {{"n", formatParamNumber(n)}, {"dtype", str}, {"fn", fn}}, count);
        x.elementwise("expert_mul", "Elementwise product with up", n, str, 2, count);
    }
    expert("expert_down_proj", "Expert down projection", h, f);
    // A multiply-add per input; a gated shared output adds its sigmoid (4 FLOPs per token,
    // not counted: one per h elements).
    const double inputs = k + (shared > 0.0 ? 1.0 : 0.0);
    const std::string sharedNote = shared > 0.0 ? " and the shared expert's output" : "";
    x.elementwise("expert_combine",
                  "Router-weighted sum of the top-" + formatParamNumber(k) + " expert outputs" +
                      sharedNote + " (" + formatParamNumber(inputs) + "-input elementwise, " +
                      formatParamNumber(2.0 * inputs - 1.0) + " FLOP/element)",
                  T * h, str, static_cast<int>(inputs), count,
                  formatParamNumber(2.0 * inputs - 1.0));
}

} // namespace

Expected<Workload> expandWorkload(const ModelConfig& m, const InferenceScenario& s)
{
    if (auto invalid = validateModel(m))
        return *invalid;
    if (!(s.batch >= 1.0) || s.batch != std::floor(s.batch) || s.batch > 1e6)
        return makeError("batch: expected a whole number from 1 to 1000000, got " +
                         formatParamNumber(s.batch));
    if (!(s.context >= 1.0) || s.context != std::floor(s.context) || s.context > 1e7)
        return makeError("context: expected a whole number from 1 to 10000000, got " +
                         formatParamNumber(s.context));
    if (!(s.weightGroupSize >= 0.0) || s.weightGroupSize != std::floor(s.weightGroupSize) ||
        s.weightGroupSize > 65536.0)
        return makeError("weight group size: expected 0 (no scales) or a whole number of weights "
                         "per scale up to 65536, got " +
                         formatParamNumber(s.weightGroupSize));
    if (s.weightGroupSize > 0.0 && bytesPerElement(s.weights) >= 2.0)
        return makeError("weight group size " + formatParamNumber(s.weightGroupSize) +
                         ": group scales belong to quantized weights (8 bits or fewer), not " +
                         std::string(precisionName(s.weights)));
    if (stepTokens(s) > kMaxStepTokens)
        return makeError("batch × context: a prefill step of " + formatParamNumber(stepTokens(s)) +
                         " tokens is more than the limit of " + formatParamNumber(kMaxStepTokens));

    Workload w;
    w.tokens = stepTokens(s);
    w.weightsBytes = weightBytes(m, s);
    w.kvCacheBytes = s.batch * s.context * kvCacheBytesPerToken(m, s.kvCache);
    DecoderRows x(w, m, s);

    const double L = static_cast<double>(m.layers);
    const double T = w.tokens;
    const double h = static_cast<double>(m.hiddenSize);
    const std::string& str = x.streamDtype();
    const std::string& normName = x.normName();

    addEmbeddingRows(x, m, s.fused);

    // ---- attention block ------------------------------------------------------------------
    // Fused, each residual add runs with the norm that follows it. Leaving the first layer's
    // input norm (nothing to add) off, and the last MLP add with the final norm, keeps the
    // counts exact: 2 fused kernels per layer + 1 plain norm.
    if (s.fused)
        x.norm("input_norm", "Input " + normName + " of the first layer (no residual to fuse)", h,
               1.0);
    else
        x.norm("input_norm", "Input " + normName, h, L);
    if (m.isMla())
        addLatentAttentionRows(x, m);
    else
        addAttentionRows(x, m, s.fused);
    if (s.fused) {
        x.elementwise("attn_residual_norm",
                      "Residual add + post-attention " + normName + fusedNormNote(m), T * h, str, 2,
                      L, x.fusedResidualNormFlops(), 2);
    } else {
        x.elementwise("attn_residual", "Residual add (attention)", T * h, str, 2, L);
        // A parallel block (Phi-2) feeds the MLP the input norm's output: no second norm.
        if (!m.parallelBlock)
            x.norm("post_attention_norm", "Post-attention " + normName, h, L);
    }

    // ---- MLP block ------------------------------------------------------------------------
    const double moeLayers = static_cast<double>(m.moeLayerCount());
    const double denseLayers = L - moeLayers;
    const std::string denseWhat = m.isMoe() ? "Dense MLP (" + formatParamNumber(denseLayers) +
                                                  " of " + formatParamNumber(L) + " layers): "
                                            : "";
    addDenseMlpRows(x, m, s.fused, "", denseWhat, static_cast<double>(m.intermediateSize),
                    denseLayers);
    if (moeLayers > 0.0)
        addMoeRows(x, m, s.fused, moeLayers, w);
    if (s.fused) {
        x.elementwise("mlp_residual_norm",
                      "Residual add + next " + normName + " (the final norm after the last layer)" +
                          fusedNormNote(m),
                      T * h, str, 2, L, x.fusedResidualNormFlops(), 2);
    } else {
        x.elementwise("mlp_residual", "Residual add (MLP)", T * h, str, 2, L);
        x.norm("final_norm", "Final " + normName, h, 1.0);
    }

    // ---- LM head --------------------------------------------------------------------------
    // Serving engines compute logits for the last position of each sequence only, in prefill
    // too. Quantizers (AWQ, GPTQ, FP8) leave the LM head in 16 bits.
    x.add("lm_head", x.decode() ? "LM head" : "LM head (last token of each sequence)",
          "decode_matmul",
          {{"batch", formatParamNumber(s.batch)},
           {"n", formatParamNumber(static_cast<double>(m.vocabSize))},
           {"k", formatParamNumber(h)},
           {"dtype", str},
           {"weight_dtype", str},
           {"out_dtype", str}},
          1.0);

    if (x.error())
        return *x.error();
    // Routed experts no token picked stay unread this step.
    w.weightsReadBytes = w.weightsBytes;
    if (moeLayers > 0.0)
        w.weightsReadBytes -= moeLayers * (static_cast<double>(m.experts) - w.expertsTouched) *
                              (m.mlp == MlpKind::Gated ? 3.0 : 2.0) * h *
                              static_cast<double>(m.expertFfnSize()) * bytesPerElement(s.weights);
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
            return makeError("weights + KV cache (" + formatParamNumber(needed) +
                             " bytes) need more than " + formatParamNumber(kMaxGpusNeeded) +
                             " GPUs of " + hw.id + " (" + formatParamNumber(hw.memoryBytes) +
                             " bytes each), the limit");
        t.gpusNeeded = static_cast<long long>(gpus);
    }
    return t;
}

} // namespace roofscope
