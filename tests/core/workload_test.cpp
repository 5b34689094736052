#include "core/hardware/catalog.h"
#include "core/models/modelconfig.h"
#include "core/models/workload.h"
#include "tests/common/builtins.h"
#include "tests/generated/testpaths.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

using namespace roofscope;
using roofscope::test::builtinGpu;
using roofscope::test::builtinModel;

namespace {

InferenceScenario scenario(Phase phase, double batch, double context, bool fused = false)
{
    InferenceScenario s;
    s.phase = phase;
    s.batch = batch;
    s.context = context;
    s.fused = fused;
    return s;
}

Workload expand(const std::string& id, const InferenceScenario& s)
{
    auto w = expandWorkload(builtinModel(id), s);
    EXPECT_TRUE(w) << (w ? "" : w.error().message);
    return w ? *w : Workload{};
}

WorkloadTotals evaluate(const Workload& w, const std::string& gpuId = "h100-sxm5")
{
    auto t = evaluateWorkload(w, builtinGpu(gpuId));
    EXPECT_TRUE(t) << (t ? "" : t.error().message);
    return t ? *t : WorkloadTotals{};
}

const WorkloadOp* row(const Workload& w, const std::string& key)
{
    for (const WorkloadOp& r : w.ops)
        if (r.key == key)
            return &r;
    return nullptr;
}

// FLOPs and bytes of the named rows over the step.
Cost stepCost(const Workload& w, std::initializer_list<const char*> keys)
{
    Cost total;
    for (const char* key : keys) {
        const WorkloadOp* r = row(w, key);
        EXPECT_NE(r, nullptr) << key;
        if (!r)
            continue;
        const Cost c = r->op.cost();
        total.flops += c.flops * r->count();
        total.bytes += c.bytes * r->count();
    }
    return total;
}

} // namespace

// Llama-2-7B (resources/models.json, from its Hugging Face config.json): q_proj at decode batch
// 1, FP16; docs/cli.md "Reference figures".
TEST(WorkloadFigures, Llama2_7bQProjAtDecodeBatch1)
{
    const Workload w = expand("llama-2-7b", scenario(Phase::Decode, 1, 512));
    const WorkloadOp* q = row(w, "q_proj");
    ASSERT_NE(q, nullptr);
    const Cost c = q->op.cost();
    EXPECT_EQ(c.flops, 33554432.0);
    EXPECT_EQ(c.bytes, 33570816.0);
    EXPECT_NEAR(c.flops / c.bytes, 0.9995, 0.0001);
    EXPECT_EQ(q->layerCount, 32.0);
    EXPECT_EQ(q->perLayer, 1.0);
}

// Llama-2-70B (resources/models.json): 2 (K and V) × 80 layers × 8 KV heads × 128 × 2 bytes.
TEST(WorkloadFigures, Llama2_70bKvCachePerToken)
{
    EXPECT_EQ(kvCacheBytesPerToken(builtinModel("llama-2-70b"), Precision::FP16), 327680.0);
    EXPECT_EQ(kvCacheBytesPerToken(builtinModel("llama-2-70b"), Precision::FP8), 163840.0);
    const Workload w = expand("llama-2-70b", scenario(Phase::Decode, 4, 4096));
    EXPECT_EQ(w.kvCacheBytes, 4.0 * 4096.0 * 327680.0);
}

// docs/models.md "Whole-model analysis": ≈138 GFLOP and ≈138 GB per token (not 280 GB), AI ≈ 1,
// ≈41 ms on H100 SXM5 if it fit; it does not fit one 80 GB card.
TEST(WorkloadFigures, Llama2_70bDecodeBatch1OnH100)
{
    for (bool fused : {false, true}) {
        const Workload w = expand("llama-2-70b", scenario(Phase::Decode, 1, 128, fused));
        const WorkloadTotals t = evaluate(w);
        EXPECT_NEAR(t.flops, 138e9, 1.5e9) << fused;
        EXPECT_NEAR(t.bytes, 138e9, 1.5e9) << fused;
        EXPECT_NEAR(t.ai(), 1.0, 0.02) << fused;
        EXPECT_NEAR(t.timeS, 41e-3, 0.5e-3) << fused;
        EXPECT_NEAR(t.tokensPerS, 1.0 / t.timeS, 1e-9);
        EXPECT_GT(t.memoryBoundTimeFraction, 0.99);
        EXPECT_NEAR(t.weightsBytes, 138e9, 0.5e9);
        ASSERT_TRUE(t.fits.has_value());
        EXPECT_FALSE(*t.fits);
        ASSERT_TRUE(t.gpusNeeded.has_value());
        EXPECT_EQ(*t.gpusNeeded, 2);
        // The weights are read once, not "140 GB × 2 bytes".
        EXPECT_LT(t.bytes, 1.01 * t.weightsBytes);
    }
}

// docs/models.md "Whole-model analysis": prefill of 2048 tokens ≈ 283–290 TFLOP, compute-bound.
// The AI ≈ 2048 of 2 · tokens · params / weight bytes counts the weights as the only bytes; with
// every kernel's activation reads and writes counted the step AI is lower (≈1160 fused), still far
// right of the ridge.
TEST(WorkloadFigures, Llama2_70bPrefill2048OnH100)
{
    const Workload fused = expand("llama-2-70b", scenario(Phase::Prefill, 1, 2048, true));
    const WorkloadTotals t = evaluate(fused);
    EXPECT_GE(t.flops, 283e12);
    EXPECT_LE(t.flops, 290e12);
    EXPECT_NEAR(t.weightsOnlyAi(), 2048.0, 60.0);
    const double ridge = 989.4e12 / 3.35e12;
    EXPECT_GT(t.ai(), 3.0 * ridge);
    EXPECT_LT(t.memoryBoundTimeFraction, 0.1);
    EXPECT_NEAR(t.tokensPerS, 2048.0 / t.timeS, 1e-6);
    for (const char* key : {"qkv_proj", "o_proj", "gate_up_proj", "down_proj", "attention"}) {
        const std::size_t i = static_cast<std::size_t>(row(fused, key) - fused.ops.data());
        EXPECT_EQ(t.perOp[i].estimate.bound, Bound::Compute) << key;
    }
    // The step is dominated by compute: close to FLOPs / peak.
    EXPECT_NEAR(t.timeS, t.flops / 989.4e12, 0.1 * t.timeS);

    // Eager attention computes the full S×S scores: the masked half is extra work.
    const Workload eager = expand("llama-2-70b", scenario(Phase::Prefill, 1, 2048, false));
    const WorkloadTotals te = evaluate(eager);
    const Cost flash = stepCost(fused, {"attention"});
    const Cost unfused = stepCost(eager, {"attn_qk", "attn_pv"});
    EXPECT_DOUBLE_EQ(unfused.flops, 2.0 * flash.flops);
    EXPECT_GT(te.flops, t.flops);
    EXPECT_GT(te.bytes, t.bytes);
}

// The seed's fusion claim: a fused elementwise chain moves each tensor once.
TEST(WorkloadFusion, SwiGluChainMovesEachTensorOnce)
{
    const double T = 2048.0;
    const double f = 28672.0;
    const Workload eager = expand("llama-2-70b", scenario(Phase::Prefill, 1, 2048, false));
    const Workload fused = expand("llama-2-70b", scenario(Phase::Prefill, 1, 2048, true));
    // SiLU reads gate and writes; the product reads that and up and writes: 5 tensors.
    EXPECT_DOUBLE_EQ(stepCost(eager, {"act", "mul"}).bytes, 80.0 * 5.0 * T * f * 2.0);
    // Fused: gate and up read, product written: 3 tensors.
    EXPECT_DOUBLE_EQ(stepCost(fused, {"act_mul"}).bytes, 80.0 * 3.0 * T * f * 2.0);
    // Residual add then norm: 3 + 2 tensors of T × h; fused: 4.
    const double h = 8192.0;
    EXPECT_NEAR(stepCost(eager, {"attn_residual", "post_attention_norm"}).bytes,
                80.0 * 5.0 * T * h * 2.0, 80.0 * h * 2.0 + 1.0);
    EXPECT_DOUBLE_EQ(stepCost(fused, {"attn_residual_norm"}).bytes, 80.0 * 4.0 * T * h * 2.0);
}

TEST(WorkloadFusion, SameFlopsFewerBytesLessTime)
{
    for (Phase phase : {Phase::Decode, Phase::Prefill}) {
        const double context = phase == Phase::Decode ? 4096 : 1024;
        const Workload eager = expand("llama-2-7b", scenario(phase, 16, context, false));
        const Workload fused = expand("llama-2-7b", scenario(phase, 16, context, true));
        const WorkloadTotals te = evaluate(eager);
        const WorkloadTotals tf = evaluate(fused);
        // Same work up to the per-element FLOPs the fused rows cannot express (documented in
        // their names) and, in prefill, the masked half of the scores that flash attention skips.
        const double causalWaste =
            phase == Phase::Prefill ? stepCost(eager, {"attn_qk", "attn_pv"}).flops / 2.0 : 0.0;
        EXPECT_NEAR(tf.flops, te.flops - causalWaste, 0.01 * te.flops) << phaseName(phase);
        EXPECT_LT(tf.bytes, te.bytes) << phaseName(phase);
        EXPECT_LT(tf.timeS, te.timeS) << phaseName(phase);
        EXPECT_EQ(tf.weightsBytes, te.weightsBytes);
    }
}

TEST(WorkloadMoe, ExpectedDistinctExperts)
{
    EXPECT_DOUBLE_EQ(expectedExpertsTouched(8, 2, 1), 2.0);
    EXPECT_DOUBLE_EQ(expectedExpertsTouched(8, 2, 8), 8.0 * (1.0 - std::pow(0.75, 8)));
    EXPECT_NEAR(expectedExpertsTouched(8, 2, 4096), 8.0, 1e-9);
    EXPECT_DOUBLE_EQ(expectedExpertsTouched(1, 1, 100), 1.0);
}

// Expert weights read scale with the experts touched; expert FLOPs with top-k only.
TEST(WorkloadMoe, MixtralWeightsScaleWithExpertsTouchedFlopsWithTopK)
{
    const double h = 4096.0;
    const double f = 14336.0;
    const double expertWeights = 3.0 * h * f * 2.0; // bytes of one expert, FP16
    const double expertFlopsPerToken = 2.0 * 3.0 * h * f;
    for (double batch : {1.0, 4.0, 64.0}) {
        const Workload w = expand("mixtral-8x7b", scenario(Phase::Decode, batch, 1024));
        const double touched = expectedExpertsTouched(8, 2, batch);
        EXPECT_DOUBLE_EQ(w.expertsTouched, touched);
        const WorkloadOp* gate = row(w, "expert_gate_proj");
        ASSERT_NE(gate, nullptr);
        EXPECT_DOUBLE_EQ(gate->perLayer, touched);
        const Cost experts =
            stepCost(w, {"expert_gate_proj", "expert_up_proj", "expert_down_proj"});
        EXPECT_NEAR(experts.flops, 32.0 * batch * 2.0 * expertFlopsPerToken, 1e-9 * experts.flops);
        const double activations = experts.bytes - 32.0 * touched * expertWeights;
        EXPECT_GT(activations, 0.0);
        EXPECT_LT(activations, 0.01 * experts.bytes + 32.0 * batch * 2.0 * (2 * h + 3 * f) * 2.0);
    }
    // Batch 1 touches 2 experts: the step reads about the active parameters, not all 46.7B.
    const WorkloadTotals t1 = evaluate(expand("mixtral-8x7b", scenario(Phase::Decode, 1, 128)));
    EXPECT_NEAR(t1.bytes / 2.0, builtinModel("mixtral-8x7b").activeParameterCount(), 0.02 * 12.9e9);
    EXPECT_NEAR(t1.weightsBytes, 2.0 * 46.7e9, 0.01 * 93.4e9);
}

TEST(WorkloadStructure, DecoderLayerRows)
{
    const Workload w = expand("llama-2-70b", scenario(Phase::Decode, 8, 1024));
    std::set<std::string> keys;
    for (const WorkloadOp& r : w.ops)
        keys.insert(r.key);
    for (const char* key :
         {"embedding",           "input_norm", "q_proj",       "k_proj",  "v_proj", "rope",
          "kv_cache_write",      "attn_qk",    "attn_softmax", "attn_pv", "o_proj", "attn_residual",
          "post_attention_norm", "gate_proj",  "up_proj",      "act",     "mul",    "down_proj",
          "mlp_residual",        "final_norm", "lm_head"})
        EXPECT_EQ(keys.count(key), 1u) << key;
    // GQA shapes: K and V project to kv_heads · head_dim = 1024.
    EXPECT_EQ(row(w, "k_proj")->op.params.number("n"), 1024.0);
    EXPECT_EQ(row(w, "q_proj")->op.params.number("n"), 8192.0);
    EXPECT_EQ(row(w, "gate_proj")->op.params.number("n"), 28672.0);
    // Unfused attention: one matmul per sequence and KV head, the 8 query heads of a group as m.
    EXPECT_EQ(row(w, "attn_qk")->perLayer, 8.0 * 8.0);
    EXPECT_EQ(row(w, "attn_qk")->op.params.number("m"), 8.0);
    EXPECT_EQ(row(w, "attn_qk")->op.params.number("n"), 1024.0);
    // Decode reads the cache of `context` tokens and writes one token's K and V.
    const Cost qk = stepCost(w, {"attn_qk", "attn_pv"});
    const double cacheRead = 8.0 * 1024.0 * 327680.0;
    // Unfused, the g × L scores also go to memory and back: g / head_dim = 8 / 128 more.
    EXPECT_GT(qk.bytes, cacheRead * (1.0 + 8.0 / 128.0));
    EXPECT_LT(qk.bytes, 1.01 * cacheRead * (1.0 + 8.0 / 128.0));
    EXPECT_DOUBLE_EQ(stepCost(w, {"kv_cache_write"}).bytes, 2.0 * 8.0 * 327680.0);
    EXPECT_EQ(row(w, "lm_head")->layerCount, 1.0);
    // Fused decode attention reads the same cache.
    const Workload f = expand("llama-2-70b", scenario(Phase::Decode, 8, 1024, true));
    EXPECT_NEAR(stepCost(f, {"attention"}).bytes, cacheRead, 0.01 * cacheRead);
}

TEST(WorkloadStructure, Gpt3HasPlainGeluMlpLayerNormAndLearnedPositions)
{
    const Workload w = expand("gpt-3-175b", scenario(Phase::Decode, 1, 128));
    EXPECT_NE(row(w, "position_embedding"), nullptr);
    EXPECT_EQ(row(w, "rope"), nullptr);
    EXPECT_EQ(row(w, "gate_proj"), nullptr);
    EXPECT_EQ(row(w, "act")->op.params.text("fn"), "gelu");
    EXPECT_EQ(row(w, "input_norm")->op.kind, "layernorm");
    const WorkloadTotals t = evaluate(w);
    EXPECT_NEAR(t.flops, 2.0 * 175e9, 0.02 * 350e9);
}

TEST(WorkloadQuantization, W4A16HalvesTheDecodeBytesTwice)
{
    InferenceScenario s = scenario(Phase::Decode, 1, 128);
    const WorkloadTotals fp16 = evaluate(expand("llama-2-70b", s));
    s.weights = Precision::INT4;
    const WorkloadTotals w4 = evaluate(expand("llama-2-70b", s));
    EXPECT_NEAR(w4.bytes / fp16.bytes, 0.25, 0.01); // embeddings and LM head stay 16-bit
    EXPECT_NEAR(w4.flops, fp16.flops, 1e-9 * fp16.flops);
    ASSERT_TRUE(w4.fits.has_value());
    EXPECT_TRUE(*w4.fits);
    EXPECT_EQ(*w4.gpusNeeded, 1);
    s.kvCache = Precision::FP8;
    EXPECT_EQ(expand("llama-2-70b", s).kvCacheBytes, 128.0 * 163840.0);
    // W8A8 FP8 runs the matmuls on the FP8 tensor ceiling.
    s.weights = s.activations = Precision::FP8;
    const Workload w8 = expand("llama-2-70b", s);
    const WorkloadTotals t8 = evaluate(w8);
    const std::size_t q = static_cast<std::size_t>(row(w8, "q_proj") - w8.ops.data());
    EXPECT_EQ(t8.perOp[q].estimate.ceiling.precision, Precision::FP8);
}

TEST(WorkloadBatch, DecodeMatmulsCrossTheRidgeAsBatchGrows)
{
    const auto qBound = [](double batch) {
        const Workload w = expand("llama-2-70b", scenario(Phase::Decode, batch, 128));
        const WorkloadTotals t = evaluate(w);
        const std::size_t q = static_cast<std::size_t>(row(w, "q_proj") - w.ops.data());
        return t.perOp[q].estimate.bound;
    };
    EXPECT_EQ(qBound(1), Bound::Memory);
    EXPECT_EQ(qBound(256), Bound::Memory);
    // B* = R·N/(N − 2R) ≈ 318 for N = 8192 (docs/cli.md "Reference figures").
    EXPECT_EQ(qBound(512), Bound::Compute);
}

TEST(WorkloadErrors, BadScenarioValuesAreNamed)
{
    auto zero = expandWorkload(builtinModel("llama-2-7b"), scenario(Phase::Decode, 0, 128));
    ASSERT_FALSE(zero);
    EXPECT_NE(zero.error().message.find("batch"), std::string::npos);
    auto half = expandWorkload(builtinModel("llama-2-7b"), scenario(Phase::Decode, 1, 0.5));
    ASSERT_FALSE(half);
    EXPECT_NE(half.error().message.find("context"), std::string::npos);
    // A TPU has no FP16 tensor ceiling: the error names the operator and the GPU.
    auto tpu = evaluateWorkload(expand("llama-2-7b", scenario(Phase::Decode, 1, 128)),
                                builtinGpu("tpu-v4"));
    ASSERT_FALSE(tpu);
    EXPECT_NE(tpu.error().message.find("tpu-v4"), std::string::npos);
}

// The weights-only AI of a MoE step counts the experts it reads, not all of them, so it can never
// fall below the step's real AI (which adds activation bytes).
TEST(WorkloadTotals, MoeWeightsOnlyAiCountsTheExpertsRead)
{
    InferenceScenario s = scenario(Phase::Decode, 1, 4096);
    const ModelConfig& m = builtinModel("mixtral-8x7b");
    auto w = expandWorkload(m, s);
    ASSERT_TRUE(w);
    // Batch 1 touches top-2 of 8 experts: 6 experts × 3 matrices × 4096 × 14336 × 2 bytes in
    // each of 32 layers stay unread.
    EXPECT_NEAR(w->expertsTouched, 2.0, 1e-12);
    EXPECT_DOUBLE_EQ(w->weightsBytes - w->weightsReadBytes, 32.0 * 6 * 3 * 4096 * 14336 * 2);
    auto t = evaluateWorkload(*w, builtinGpu("h100-sxm5"));
    ASSERT_TRUE(t);
    EXPECT_DOUBLE_EQ(t->weightsOnlyAi(), t->flops / w->weightsReadBytes);
    EXPECT_GT(t->weightsOnlyAi(), t->ai());
    // Dense models read every weight.
    auto dense = expandWorkload(builtinModel("llama-2-70b"), s);
    ASSERT_TRUE(dense);
    EXPECT_DOUBLE_EQ(dense->weightsReadBytes, dense->weightsBytes);
}

// 4-bit weights with one FP16 scale per 32 weights: 4 + 16/32 = 4.5 bits = 0.5625 bytes each,
// in the weights held in memory and in the bytes each quantized matmul reads.
TEST(GroupQuantizedWeights, FourBitInGroupsOf32CountsFourAndAHalfBitsPerWeight)
{
    InferenceScenario s = scenario(Phase::Decode, 1, 1024);
    s.weights = Precision::INT4;
    InferenceScenario grouped = s;
    grouped.weightGroupSize = 32;
    EXPECT_DOUBLE_EQ(quantizedWeightBytes(grouped) * 8.0, 4.5);
    EXPECT_DOUBLE_EQ(quantizedWeightBytes(s) * 8.0, 4.0);

    const ModelConfig& m = builtinModel("llama-2-7b");
    // Llama-2-7B's decoder matrices: 32 layers × (4 · 4096² + 3 · 4096 · 11008); the
    // embedding and LM head (2 · 32000 · 4096) and norms stay FP16 and carry no scales.
    const double matrices = 32.0 * (4.0 * 4096 * 4096 + 3.0 * 4096 * 11008);
    EXPECT_DOUBLE_EQ(weightBytes(m, grouped) - weightBytes(m, s), matrices * 2.0 / 32.0);
    EXPECT_DOUBLE_EQ(weightBytes(m, grouped) - weightBytes(m, s), matrices * 0.5 / 8.0);

    // q_proj (k = n = 4096): 4096 · 4096 weights at 0.5 B plus 128 · 4096 FP16 scales.
    const Workload plain = expand("llama-2-7b", s);
    const Workload scaled = expand("llama-2-7b", grouped);
    EXPECT_DOUBLE_EQ(stepCost(scaled, {"q_proj"}).bytes - stepCost(plain, {"q_proj"}).bytes,
                     32.0 * 128 * 4096 * 2);
    EXPECT_DOUBLE_EQ(scaled.weightsBytes, weightBytes(m, grouped));
    // The FP16 LM head has no group scales.
    EXPECT_DOUBLE_EQ(stepCost(scaled, {"lm_head"}).bytes, stepCost(plain, {"lm_head"}).bytes);
}

TEST(GroupQuantizedWeights, GroupsOnSixteenBitWeightsOrFractionalGroupsAreRefusedByName)
{
    InferenceScenario s = scenario(Phase::Decode, 1, 1024);
    s.weightGroupSize = 128; // FP16 weights
    auto w = expandWorkload(builtinModel("llama-2-7b"), s);
    ASSERT_FALSE(w);
    EXPECT_NE(w.error().message.find("weight group size 128"), std::string::npos);
    s.weights = Precision::INT4;
    s.weightGroupSize = 12.5;
    w = expandWorkload(builtinModel("llama-2-7b"), s);
    ASSERT_FALSE(w);
    EXPECT_NE(w.error().message.find("weight group size"), std::string::npos);
}

// A GPTQ checkpoint (TheBloke/Llama-2-7B-GPTQ: 4 bits, groups of 128) sets the step's weights:
// 4 + 16/128 = 4.125 bits per decoder-matrix weight.
TEST(QuantizedCheckpoint, GptqConfigDefaultsTheWeightsAndTheGroupSize)
{
    ModelCatalog catalog;
    auto loaded = catalog.loadFile(std::string(ROOFSCOPE_TEST_DATA_DIR) +
                                   "/models/hf/llama-2-7b-gptq/config.json");
    ASSERT_TRUE(loaded) << loaded.error().message;
    const ModelConfig& m = loaded->front();
    InferenceScenario s = scenario(Phase::Decode, 1, 1024);
    applyQuantizationDefaults(m, s, false, false);
    EXPECT_EQ(s.weights, Precision::INT4);
    EXPECT_EQ(s.weightGroupSize, 128.0);
    EXPECT_DOUBLE_EQ(quantizedWeightBytes(s) * 8.0, 4.125);
    // 32 × (4 · 4096² + 3 · 4096 · 11008) = 6,476,005,376 matrix weights at 4.125 bits, the
    // FP16 embedding and LM head (2 · 32000 · 4096) and 65 RMSNorm vectors of 4096:
    // 3,339,190,272 + 524,288,000 + 532,480 B. (TheBloke's model.safetensors is 3.9 GB: the
    // zero points and g_idx, not counted, make the rest.)
    EXPECT_DOUBLE_EQ(weightBytes(m, s), 3864010752.0);

    // A precision or group the user gave stays.
    InferenceScenario given = scenario(Phase::Decode, 1, 1024);
    given.weights = Precision::INT8;
    applyQuantizationDefaults(m, given, true, false);
    EXPECT_EQ(given.weights, Precision::INT8);
    EXPECT_EQ(given.weightGroupSize, 0.0); // not the checkpoint's weights: its groups do not apply
    InferenceScenario group = scenario(Phase::Decode, 1, 1024);
    group.weightGroupSize = 32;
    applyQuantizationDefaults(m, group, false, true);
    EXPECT_EQ(group.weights, Precision::INT4);
    EXPECT_EQ(group.weightGroupSize, 32.0);
}

TEST(QuantizedCheckpoint, SwitchingModelsCarriesTheUsersChoiceAndDropsTheDefaults)
{
    ModelCatalog catalog;
    auto loaded = catalog.loadFile(std::string(ROOFSCOPE_TEST_DATA_DIR) +
                                   "/models/hf/llama-2-7b-gptq/config.json");
    ASSERT_TRUE(loaded) << loaded.error().message;
    const ModelConfig& gptq = loaded->front();
    const ModelConfig& plain = builtinModel("llama-2-7b");
    const InferenceScenario start = scenario(Phase::Decode, 1, 1024);

    const InferenceScenario toGptq = scenarioForModelChange(plain, gptq, start);
    EXPECT_EQ(toGptq.weights, Precision::INT4);
    EXPECT_EQ(toGptq.weightGroupSize, 128.0);
    // Back to the FP16 model: the checkpoint's defaults go with it.
    const InferenceScenario back = scenarioForModelChange(gptq, plain, toGptq);
    EXPECT_EQ(back.weights, Precision::FP16);
    EXPECT_EQ(back.weightGroupSize, 0.0);
    // Weights the user chose (W8A16) stay on either model.
    InferenceScenario w8 = start;
    w8.weights = Precision::INT8;
    EXPECT_EQ(scenarioForModelChange(plain, gptq, w8).weights, Precision::INT8);
    EXPECT_EQ(scenarioForModelChange(plain, gptq, w8).weightGroupSize, 0.0);
    EXPECT_EQ(scenarioForModelChange(gptq, plain, w8).weights, Precision::INT8);
}
