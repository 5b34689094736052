#include "core/hardware/catalog.h"
#include "core/models/modelconfig.h"
#include "core/models/parallel.h"
#include "core/models/workload.h"
#include "tests/common/builtins.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

using namespace roofscope;
using roofscope::test::builtinGpu;
using roofscope::test::builtinModel;

namespace {

InferenceScenario decode(double batch, double context)
{
    InferenceScenario s;
    s.phase = Phase::Decode;
    s.batch = batch;
    s.context = context;
    return s;
}

ParallelTotals run(const std::string& modelId, const InferenceScenario& s, Layout layout,
                   const std::string& gpuId)
{
    auto t = evaluateParallel(builtinModel(modelId), s, layout, builtinGpu(gpuId));
    EXPECT_TRUE(t.ok()) << (t ? "" : t.error().message);
    return t ? *t : ParallelTotals{};
}

} // namespace

// The ring formula written out for each N: 2(N−1)/N · bytes / bw + 2(N−1) · hop.
TEST(RingAllReduce, MatchesTheFormulaForTwoFourAndEightGpus)
{
    const double bytes = 16384.0; // one token of an 8192-wide FP16 hidden state
    const double bw = 450e9;
    const double hop = 1e-6;
    EXPECT_DOUBLE_EQ(ringAllReduceTimeS(bytes, 2, bw, hop), 1.0 * bytes / bw + 2.0 * hop);
    EXPECT_DOUBLE_EQ(ringAllReduceTimeS(bytes, 4, bw, hop), 1.5 * bytes / bw + 6.0 * hop);
    EXPECT_DOUBLE_EQ(ringAllReduceTimeS(bytes, 8, bw, hop), 1.75 * bytes / bw + 14.0 * hop);
    EXPECT_EQ(ringAllReduceTimeS(bytes, 1, bw, hop), 0.0);
    // 1 GB over 8 GPUs at 450 GB/s each way: 1.75 / 450 s = 3.889 ms (+14 µs).
    EXPECT_NEAR(ringAllReduceTimeS(1e9, 8, bw, hop), 3.8889e-3 + 14e-6, 1e-7);
}

TEST(Interconnect, CatalogGivesPerDirectionBandwidthAndAStatedLatency)
{
    const Interconnect& h100 = builtinGpu("h100-sxm5").interconnect;
    EXPECT_EQ(h100.link, "nvlink");
    EXPECT_DOUBLE_EQ(h100.bytesPerS, 450e9); // 900 GB/s bidirectional, halved
    EXPECT_DOUBLE_EQ(h100.latencyS, 1e-6);
    EXPECT_TRUE(h100.latencyEstimate);
    EXPECT_NE(h100.latencySource.find("assumption"), std::string::npos);
    EXPECT_DOUBLE_EQ(builtinGpu("l40s").interconnect.bytesPerS, 32e9); // PCIe Gen4 x16, one way
    EXPECT_EQ(builtinGpu("l40s").interconnect.link, "pcie");
    EXPECT_DOUBLE_EQ(builtinGpu("b200-sxm").interconnect.bytesPerS, 900e9);
    EXPECT_DOUBLE_EQ(builtinGpu("mi300x").interconnect.bytesPerS, 448e9);
    EXPECT_FALSE(builtinGpu("tpu-v5e").interconnect.present());
}

TEST(Interconnect, UserCatalogOverridesBandwidthAndLatency)
{
    const std::string text = R"({"format": "roofscope-hardware", "version": 1, "hardware": [
      {"id": "my-gpu", "name": "Mine", "vendor": "Me",
       "ceilings": [{"precision": "fp16", "unit": "tensor", "flops_per_s": 1e14, "source": "x"}],
       "memory": [{"level": "hbm", "bytes_per_s": 1e12, "source": "x"}],
       "interconnect": {"link": "nvlink", "name": "NVLink", "bytes_per_s": 2e11, "source": "x",
                        "latency_s": 3e-6, "latency_source": "measured with nccl-tests"}}]})";
    auto parsed = parseHardwareCatalog(text, "mine.json");
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    const Interconnect& link = parsed->front().interconnect;
    EXPECT_DOUBLE_EQ(link.bytesPerS, 2e11);
    EXPECT_DOUBLE_EQ(link.latencyS, 3e-6);
    EXPECT_FALSE(link.latencyEstimate);
    EXPECT_EQ(link.latencySource, "measured with nccl-tests");
    // Round trip keeps the override.
    auto again = parseHardwareCatalog(hardwareCatalogToJson(*parsed), "again.json");
    ASSERT_TRUE(again.ok());
    EXPECT_DOUBLE_EQ(again->front().interconnect.latencyS, 3e-6);
}

TEST(Interconnect, BadLinkTypeAndZeroBandwidthAreNamed)
{
    const std::string base = R"({"format": "roofscope-hardware", "version": 1, "hardware": [
      {"id": "my-gpu", "name": "Mine", "vendor": "Me",
       "ceilings": [{"precision": "fp16", "unit": "tensor", "flops_per_s": 1e14, "source": "x"}],
       "memory": [{"level": "hbm", "bytes_per_s": 1e12, "source": "x"}],
       "interconnect": LINK}]})";
    const auto with = [&](const std::string& link) {
        std::string t = base;
        t.replace(t.find("LINK"), 4, link);
        return parseHardwareCatalog(t, "mine.json");
    };
    auto bad = with(R"({"link": "nvlnk", "name": "x", "bytes_per_s": 1e11, "source": "x"})");
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("mine.json: /hardware/0/interconnect/link: unknown link "
                                       "type \"nvlnk\""),
              std::string::npos)
        << bad.error().message;
    auto zero = with(R"({"link": "pcie", "name": "x", "bytes_per_s": 0, "source": "x"})");
    ASSERT_FALSE(zero.ok());
    EXPECT_NE(zero.error().message.find("/hardware/0/interconnect/bytes_per_s"), std::string::npos)
        << zero.error().message;
}

// The headline case: Llama-2-70B FP16 decode, batch 1, context 4096 on H100 SXM5.
TEST(TensorParallel, Llama70bOnTwoH100sFitsAndHalvesTheTime)
{
    const InferenceScenario s = decode(1, 4096);
    auto single =
        evaluateWorkload(*expandWorkload(builtinModel("llama-2-70b"), s), builtinGpu("h100-sxm5"));
    ASSERT_TRUE(single.ok());
    const ParallelTotals one = run("llama-2-70b", s, {1, 1, 1}, "h100-sxm5");
    EXPECT_EQ(one.fits, std::optional<bool>(false));
    EXPECT_NEAR(one.timeS, single->timeS, single->timeS * 1e-12);

    const ParallelTotals tp2 = run("llama-2-70b", s, {2, 1, 1}, "h100-sxm5");
    EXPECT_EQ(tp2.fits, std::optional<bool>(true));
    EXPECT_LT(tp2.memoryBytesPerGpu, 80e9);
    // Weights per GPU: half the single-GPU weights (nothing replicated but the norm vectors).
    EXPECT_NEAR(tp2.stages[0].weightsBytes, single->weightsBytes / 2.0,
                0.001 * single->weightsBytes);
    // KV: 8 KV heads split 4 + 4: half of 327,680 bytes per token × 4096.
    EXPECT_DOUBLE_EQ(tp2.stages[0].kvCacheBytes, 327680.0 / 2.0 * 4096.0);
    const double ratio = tp2.timeS / single->timeS;
    EXPECT_GE(ratio, 0.45);
    EXPECT_LE(ratio, 0.6);

    // Communication from the formula: 2 all-reduces per layer × 80 layers of 1 × 8192 FP16
    // values over 2 GPUs at 450 GB/s each way and 1 µs per hop, plus the embedding all-reduce
    // and the logits all-gather (32000 FP16 values).
    const double ar = 2.0 * 1.0 / 2.0 * 16384.0 / 450e9 + 2.0 * 1.0 * 1e-6;
    const double gather = 1.0 / 2.0 * 64000.0 / 450e9 + 1e-6;
    EXPECT_NEAR(tp2.communicationTimeS, 161.0 * ar + gather, 1e-12);
    EXPECT_NEAR(tp2.communicationFraction, tp2.communicationTimeS / tp2.timeS, 1e-12);

    // Communication grows with the batch (bytes ∝ tokens).
    const ParallelTotals b64 = run("llama-2-70b", decode(64, 4096), {2, 1, 1}, "h100-sxm5");
    EXPECT_GT(b64.communicationTimeS, tp2.communicationTimeS);
    const double ar64 = 64.0 * 16384.0 / 450e9 + 2e-6;
    EXPECT_NEAR(b64.communicationTimeS, 161.0 * ar64 + 0.5 * 64.0 * 64000.0 / 450e9 + 1e-6, 1e-12);
}

TEST(TensorParallel, EightL40sOverPcieSpendALargeShareCommunicating)
{
    const ParallelTotals t = run("llama-2-70b", decode(1, 4096), {8, 1, 1}, "l40s");
    // 161 ring all-reduces of 16 KB over 8 GPUs: each 1.75·16384/32e9 + 14 · 5 µs.
    const double ar = 1.75 * 16384.0 / 32e9 + 14.0 * 5e-6;
    EXPECT_NEAR(t.communicationTimeS, 161.0 * ar + 7.0 / 8.0 * 64000.0 / 32e9 + 7.0 * 5e-6, 1e-12);
    EXPECT_GT(t.communicationFraction, 0.3);
    // On NVLink the same layout spends far less of its time communicating.
    const ParallelTotals nv = run("llama-2-70b", decode(1, 4096), {8, 1, 1}, "h100-sxm5");
    EXPECT_LT(nv.communicationFraction, t.communicationFraction);
    EXPECT_GT(t.communicationTimeS, 4.0 * nv.communicationTimeS);
}

TEST(TensorParallel, KvHeadsAreReplicatedBeyondTheirCount)
{
    // Llama-2-70B has 8 KV heads: over 16 GPUs each holds one, so the cache per GPU stops
    // shrinking at 1/8 of the total.
    auto t = evaluateParallel(builtinModel("llama-2-70b"), decode(1, 4096), {16, 1, 1},
                              builtinGpu("h100-sxm5"));
    ASSERT_TRUE(t.ok()) << t.error().message;
    EXPECT_DOUBLE_EQ(t->stages[0].kvCacheBytes, 2.0 * 80 * 1 * 128 * 2 * 4096);
}

TEST(PipelineParallel, DecodeTimeIsTheSumOfStages)
{
    const ParallelTotals pp = run("llama-2-70b", decode(1, 4096), {1, 2, 1}, "h100-sxm5");
    ASSERT_EQ(pp.stages.size(), 2u);
    EXPECT_EQ(pp.stages[0].layers, 40);
    EXPECT_EQ(pp.stages[1].layers, 40);
    EXPECT_DOUBLE_EQ(pp.timeS, pp.stages[0].timeS() + pp.stages[1].timeS());
    // One send of 1 × 8192 FP16 activations between the stages: 16384 / 450e9 + 1 µs.
    EXPECT_DOUBLE_EQ(pp.communicationTimeS, 16384.0 / 450e9 + 1e-6);
    // The embedding sits on stage 1 and the LM head on stage 2.
    const auto has = [](const StageTotals& st, const std::string& key) {
        for (const WorkloadOp& op : st.workload.ops)
            if (op.key == key)
                return true;
        return false;
    };
    EXPECT_TRUE(has(pp.stages[0], "embedding"));
    EXPECT_FALSE(has(pp.stages[0], "lm_head"));
    EXPECT_TRUE(has(pp.stages[1], "lm_head"));
    EXPECT_FALSE(has(pp.stages[1], "embedding"));
    // Same operators as one GPU in total: compute time equals the single-GPU time.
    const ParallelTotals one = run("llama-2-70b", decode(1, 4096), {1, 1, 1}, "h100-sxm5");
    EXPECT_NEAR(pp.computeTimeS, one.computeTimeS, one.computeTimeS * 1e-9);

    const ParallelTotals pp3 = run("llama-2-70b", decode(1, 4096), {1, 3, 1}, "h100-sxm5");
    ASSERT_EQ(pp3.stages.size(), 3u);
    EXPECT_EQ(pp3.stages[0].layers + pp3.stages[1].layers + pp3.stages[2].layers, 80);
    EXPECT_EQ(pp3.stages[0].layers, 27);
    EXPECT_EQ(pp3.stages[2].layers, 26);
}

TEST(PipelineParallel, PrefillBubbleFollowsTheMicroBatchFormula)
{
    InferenceScenario s;
    s.phase = Phase::Prefill;
    s.batch = 4;
    s.context = 1024;
    s.fused = true;
    const ParallelTotals t = run("llama-2-70b", s, {1, 4, 1}, "h100-sxm5");
    ASSERT_EQ(t.stages.size(), 4u);
    EXPECT_EQ(t.microBatches, 4);
    EXPECT_DOUBLE_EQ(t.bubbleFraction, 3.0 / 7.0);
    double slowest = 0.0;
    for (const StageTotals& st : t.stages)
        slowest = std::max(slowest, st.timeS());
    EXPECT_NEAR(t.timeS, slowest * 7.0 / 4.0, slowest * 1e-12);
}

TEST(ExpertParallel, ExpertsSpreadAndAllToAllsAppear)
{
    const ParallelTotals ep = run("mixtral-8x7b", decode(16, 1024), {4, 1, 4}, "h100-sxm5");
    const ParallelTotals tp = run("mixtral-8x7b", decode(16, 1024), {4, 1, 1}, "h100-sxm5");
    int alltoall = 0;
    for (const CommOp& c : ep.stages[0].communication) {
        if (c.collective == "all_to_all") {
            ++alltoall;
            EXPECT_EQ(c.participants, 4);
            EXPECT_DOUBLE_EQ(c.count, 32.0);
            // 16 tokens × top-2 × 4096 × 2 bytes / 4 GPUs
            EXPECT_DOUBLE_EQ(c.bytes, 16.0 * 2 * 4096 * 2 / 4);
        }
        EXPECT_NE(c.key, "mlp_all_reduce");
    }
    EXPECT_EQ(alltoall, 2);
    // Expert weights per GPU are the same either way (all experts split 4 ways), so the
    // memory matches to within the router.
    EXPECT_NEAR(ep.stages[0].weightsBytes, tp.stages[0].weightsBytes,
                0.01 * tp.stages[0].weightsBytes);
    auto bad = evaluateParallel(builtinModel("llama-2-70b"), decode(1, 1), {2, 1, 2},
                                builtinGpu("h100-sxm5"));
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("--ep needs a mixture-of-experts model"), std::string::npos);
}

TEST(Planner, FastestFittingLayoutFirst)
{
    auto rows =
        planDeployments(builtinModel("llama-2-70b"), decode(1, 4096), builtinGpu("h100-sxm5"), 8);
    ASSERT_TRUE(rows.ok()) << rows.error().message;
    ASSERT_FALSE(rows->empty());
    EXPECT_TRUE(rows->front().fits.value_or(false));
    EXPECT_GT(rows->front().layout.gpus(), 1);
    bool seenUnfit = false;
    double previous = 0.0;
    for (const ParallelTotals& r : *rows) {
        EXPECT_LE(r.layout.gpus(), 8);
        const bool fits = r.fits.value_or(false);
        if (!fits && !seenUnfit) {
            seenUnfit = true;
            previous = 0.0;
        }
        EXPECT_FALSE(fits && seenUnfit) << "a fitting layout after an unfitting one";
        EXPECT_GE(r.timeS, previous);
        previous = r.timeS;
        EXPECT_NEAR(r.tokensPerSPerGpu, 1.0 / r.timeS / r.layout.gpus(), 1e-9 / r.timeS);
    }
    // TP=1 does not fit one 80 GB card; it is listed, after every fitting layout.
    EXPECT_TRUE(seenUnfit);
    // A GPU without a link offers only the single-GPU layout.
    Hardware alone = builtinGpu("h100-sxm5");
    alone.interconnect = {};
    auto tpu = planDeployments(builtinModel("llama-2-7b"), decode(1, 128), alone, 8);
    ASSERT_TRUE(tpu.ok()) << tpu.error().message;
    ASSERT_EQ(tpu->size(), 1u);
    EXPECT_EQ(tpu->front().layout.gpus(), 1);
}

// The chart's communication roof: all-reduce points on the link's bandwidth slope.
TEST(CommunicationRoof, AllReducePointsSitOnTheLinkSlope)
{
    const ParallelTotals t = run("llama-2-70b", decode(1, 4096), {4, 1, 1}, "h100-sxm5");
    const auto points = communicationPoints(t, builtinGpu("h100-sxm5"));
    ASSERT_FALSE(points.empty());
    for (const CommunicationPoint& p : points) {
        // Ring all-reduce over 4: 3/4 of 8192 FP16 elements added, 2·3/4·16384 link bytes:
        // AI = (0.75·8192) / (1.5·16384) = 0.25 FLOP per byte.
        EXPECT_DOUBLE_EQ(p.ai, 0.25);
        EXPECT_DOUBLE_EQ(p.linkBytesPerS, 450e9);
        EXPECT_DOUBLE_EQ(p.attainable, 450e9 * 0.25);
        EXPECT_DOUBLE_EQ(p.timeS, 1.5 * 16384 / 450e9 + 6e-6);
    }
    EXPECT_TRUE(communicationPoints(run("llama-2-7b", decode(1, 128), {1, 1, 1}, "h100-sxm5"),
                                    builtinGpu("h100-sxm5"))
                    .empty());
}

// Qwen1.5-MoE-A2.7B's shared expert (shared_expert_intermediate_size 5632) is split over the
// tensor-parallel group like a dense MLP; its routed experts (1408 wide) follow TP ÷ EP.
TEST(TensorParallel, QwenMoeSharedExpertIsSplitOverTheWholeGroup)
{
    ModelConfig m;
    m.id = "qwen-moe";
    m.heads = 16;
    m.kvHeads = 16;
    m.experts = 60;
    m.expertsPerToken = 4;
    m.intermediateSize = 5632;
    m.moeIntermediateSize = 1408;
    m.sharedExpertSize = 5632;
    m.vocabSize = 151936;
    auto s = shardModel(m, {4, 1, 2});
    ASSERT_TRUE(s.ok()) << s.error().message;
    EXPECT_EQ(s->sharedExpertSize, 5632 / 4);
    EXPECT_EQ(s->moeIntermediateSize, 1408 / 2);
    EXPECT_EQ(s->heads, 4);
}

namespace {

// Qwen1.5-MoE-A2.7B (tests/data/models/hf/qwen1.5-moe-a2.7b/config.json) with its first two
// layers kept dense through mlp_only_layers, as Qwen2MoeDecoderLayer of Hugging Face
// transformers reads it.
ModelConfig qwenMoeWithDenseFirstLayers()
{
    const std::string config = R"({"model_type": "qwen2_moe", "hidden_size": 2048,
        "intermediate_size": 5632, "num_hidden_layers": 24, "num_attention_heads": 16,
        "num_key_value_heads": 16, "vocab_size": 151936, "num_experts": 60,
        "num_experts_per_tok": 4, "moe_intermediate_size": 1408,
        "shared_expert_intermediate_size": 5632, "tie_word_embeddings": false,
        "mlp_only_layers": [0, 1]})";
    auto models = parseModelFile(config, "qwen1.5-moe-a2.7b.json");
    EXPECT_TRUE(models.ok()) << (models ? "" : models.error().message);
    return models ? models->front() : ModelConfig{};
}

double stepTimeOf(const StageTotals& st, const std::vector<std::string>& keys)
{
    double time = 0.0;
    for (std::size_t i = 0; i < st.workload.ops.size(); ++i) {
        if (std::find(keys.begin(), keys.end(), st.workload.ops[i].key) != keys.end())
            time += st.totals.perOp[i].stepTimeS;
    }
    return time;
}

double layerCountOf(const StageTotals& st, const std::string& key)
{
    for (const WorkloadOp& op : st.workload.ops) {
        if (op.key == key)
            return op.layerCount;
    }
    return 0.0;
}

} // namespace

// mlp_only_layers [0, 1] under PP=2: stage 1 holds layers 0–11 (2 dense, 10 MoE), stage 2
// layers 12–23 (12 MoE). By hand, h = 2048, FP16 weights (2 bytes):
//   per layer: attention 4·h² + Q/K/V biases 3·h + 2 RMSNorms 2·h         =  16,787,456
//   dense MLP 3·h·5632                                                     =  34,603,008
//   MoE MLP: 60 experts 3·h·1408 + shared expert 3·h·5632 + its gate h
//            + router 60·h                                                 = 553,773,056
//   stage 1: 12·16,787,456 + 2·34,603,008 + 10·553,773,056 + embedding 151936·h
//            = 6,119,550,976 parameters = 12,239,101,952 bytes
//   stage 2: 12·16,787,456 + 12·553,773,056 + final norm h + LM head 151936·h
//            = 7,157,893,120 parameters = 14,315,786,240 bytes
// Decode at batch 1 on an H100 SXM5 (3.35 TB/s) is memory-bound; a dense MLP layer reads and
// writes gate and up (2048 + 2048·5632 + 5632 elements each), down (5632 + 5632·2048 + 2048),
// SiLU (2·5632) and the product with up (3·5632): 34,654,208 elements = 69,308,416 bytes,
// twice on stage 1 and never on stage 2.
TEST(PipelineParallel, QwenMoeDenseMlpOnlyLayersStayOnTheFirstStage)
{
    const ModelConfig m = qwenMoeWithDenseFirstLayers();
    ASSERT_EQ(m.denseLayerCount(), 2);
    auto pp = evaluateParallel(m, decode(1, 1024), {1, 2, 1}, builtinGpu("h100-sxm5"));
    ASSERT_TRUE(pp.ok()) << pp.error().message;
    ASSERT_EQ(pp->stages.size(), 2u);
    const StageTotals& first = pp->stages[0];
    const StageTotals& second = pp->stages[1];
    EXPECT_EQ(first.layers, 12);
    EXPECT_EQ(second.layers, 12);

    EXPECT_DOUBLE_EQ(first.weightsBytes, 12'239'101'952.0);
    EXPECT_DOUBLE_EQ(second.weightsBytes, 14'315'786'240.0);
    // Together they hold the whole model once.
    EXPECT_DOUBLE_EQ(first.weightsBytes + second.weightsBytes, 2.0 * m.parameterCount());

    EXPECT_DOUBLE_EQ(layerCountOf(first, "gate_proj"), 2.0);
    EXPECT_DOUBLE_EQ(layerCountOf(first, "expert_gate_proj"), 10.0);
    EXPECT_DOUBLE_EQ(layerCountOf(first, "router"), 10.0);
    EXPECT_DOUBLE_EQ(layerCountOf(second, "gate_proj"), 0.0);
    EXPECT_DOUBLE_EQ(layerCountOf(second, "expert_gate_proj"), 12.0);
    EXPECT_DOUBLE_EQ(layerCountOf(second, "router"), 12.0);

    const std::vector<std::string> denseMlp = {"gate_proj", "up_proj", "act", "mul", "down_proj"};
    EXPECT_DOUBLE_EQ(stepTimeOf(first, denseMlp), 2.0 * 69'308'416.0 / 3.35e12);
    EXPECT_DOUBLE_EQ(stepTimeOf(second, denseMlp), 0.0);

    // The stages run every operator of one GPU exactly once.
    const ParallelTotals one =
        *evaluateParallel(m, decode(1, 1024), {1, 1, 1}, builtinGpu("h100-sxm5"));
    EXPECT_NEAR(pp->computeTimeS, one.computeTimeS, one.computeTimeS * 1e-12);
}

// A slice of layers counts its MoE layers by the whole model's numbering: the closed form
// agrees with walking the layers one by one for every cut of a sparse-step model.
TEST(PipelineParallel, LayerSlicesCountTheMoeLayersTheyHold)
{
    ModelConfig m = qwenMoeWithDenseFirstLayers();
    m.firstDenseLayers = 4;       // from layer 4 on (DeepSeek's first_k_dense_replace) …
    m.sparseStep = 2;             // … odd layers 5, 7, …, 23 are MoE …
    m.denseLayerIndices = {3, 9}; // … except layer 9: 9 MoE layers
    ASSERT_EQ(m.moeLayerCount(), 9);
    for (long long first = 0; first <= 24; ++first) {
        for (long long count = 0; first + count <= 24; ++count) {
            long long walked = 0;
            for (long long i = first; i < first + count; ++i)
                walked += m.isMoeLayer(i) ? 1 : 0;
            const ModelConfig slice = m.layerSlice(first, count);
            EXPECT_EQ(slice.moeLayerCount(), walked) << first << "+" << count;
            // A slice shorter than the dense first layers is still a valid model.
            if (count > 0) {
                EXPECT_FALSE(validateModel(slice).has_value()) << first << "+" << count;
            }
        }
    }
    EXPECT_EQ(m.layerSlice(12, 12).moeLayerCount(), 6); // 13, 15, …, 23
    EXPECT_EQ(m.layerSlice(0, 12).moeLayerCount(), 3);  // 5, 7, 11
}
