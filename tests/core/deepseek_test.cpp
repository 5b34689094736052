#include "core/hardware/catalog.h"
#include "core/models/modelconfig.h"
#include "core/models/parallel.h"
#include "core/models/workload.h"
#include "tests/common/builtins.h"
#include "tests/generated/testpaths.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

using namespace roofscope;
using roofscope::test::builtinGpu;
using roofscope::test::builtinModel;

namespace {

const ModelConfig& preset()
{
    return builtinModel("deepseek-v3");
}

ModelConfig fromHuggingFace()
{
    const std::string path =
        std::string(ROOFSCOPE_TEST_DATA_DIR) + "/models/deepseek-v3/config.json";
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    auto parsed = parseModelFile(text.str(), path);
    EXPECT_TRUE(parsed) << (parsed ? "" : parsed.error().message);
    return parsed ? parsed->front() : ModelConfig{};
}

InferenceScenario scenario(Phase phase, double batch, double context)
{
    InferenceScenario s;
    s.phase = phase;
    s.batch = batch;
    s.context = context;
    s.activations = Precision::BF16;
    s.weights = Precision::BF16;
    s.kvCache = Precision::BF16;
    return s;
}

const WorkloadOp* find(const Workload& w, const std::string& key)
{
    for (const WorkloadOp& op : w.ops)
        if (op.key == key)
            return &op;
    return nullptr;
}

} // namespace

// The KV cache per token: 61 layers × (512 latent + 64 rotary key) × 2 bytes.
TEST(DeepSeekV3, KvCacheIs70272BytesPerTokenInBf16)
{
    EXPECT_DOUBLE_EQ(kvCacheBytesPerToken(preset(), Precision::BF16), 61.0 * (512 + 64) * 2);
    EXPECT_DOUBLE_EQ(kvCacheBytesPerToken(preset(), Precision::BF16), 70272.0);
    EXPECT_DOUBLE_EQ(kvCacheBytesPerToken(fromHuggingFace(), Precision::BF16), 70272.0);
    // Llama-2-70B for contrast: 327,680 bytes per token in FP16.
}

TEST(DeepSeekV3, HuggingFaceConfigReadsAsThePreset)
{
    const ModelConfig hf = fromHuggingFace();
    const ModelConfig& p = preset();
    EXPECT_EQ(hf.mla, p.mla);
    EXPECT_EQ(hf.mla.kvLoraRank, 512);
    EXPECT_EQ(hf.mla.qLoraRank, 1536);
    EXPECT_EQ(hf.experts, 256);
    EXPECT_EQ(hf.expertsPerToken, 8);
    EXPECT_EQ(hf.sharedExperts, 1);
    EXPECT_EQ(hf.firstDenseLayers, 3);
    EXPECT_EQ(hf.moeIntermediateSize, 2048);
    EXPECT_EQ(hf.maxPositions, 163840);
    EXPECT_DOUBLE_EQ(hf.parameterCount(), p.parameterCount());
    // Round trip through the catalog format keeps every DeepSeek field.
    auto again = parseModelFile(modelCatalogToJson({p}), "again.json");
    ASSERT_TRUE(again) << again.error().message;
    EXPECT_EQ(again->front().mla, p.mla);
    EXPECT_EQ(again->front().sharedExperts, 1);
    EXPECT_EQ(again->front().firstDenseLayers, 3);
}

// Parameters from the shapes, written out independently of the program:
// attention per layer: q_a 7168·1536 + q_b 1536·128·192 + kv_a 7168·576 + kv_b 512·128·256
// + o 128·128·7168; dense MLP 3·7168·18432 (3 layers); MoE 257·3·7168·2048 + router 7168·256
// (58 layers); embeddings and LM head 2·129280·7168; norms.
TEST(DeepSeekV3, ParametersAre671BTotalAnd37BActive)
{
    const double attention =
        7168.0 * 1536 + 1536.0 * 128 * 192 + 7168.0 * 576 + 512.0 * 128 * 256 + 128.0 * 128 * 7168;
    const double norms = 2.0 * 7168 + 1536 + 512;
    const double dense = 3.0 * 7168 * 18432;
    const double expert = 3.0 * 7168 * 2048;
    const double router = 7168.0 * 256;
    const double outer = 2.0 * 129280 * 7168 + 7168;
    const double total =
        61 * (attention + norms) + 3 * dense + 58 * (257 * expert + router) + outer;
    const double active = 61 * (attention + norms) + 3 * dense + 58 * (9 * expert + router) + outer;
    EXPECT_DOUBLE_EQ(preset().parameterCount(), total);
    EXPECT_DOUBLE_EQ(preset().activeParameterCount(), active);
    EXPECT_NEAR(total, 671e9, 0.005 * 671e9);
    EXPECT_NEAR(active, 37.5e9, 0.5e9);
}

TEST(DeepSeekV3, AbsorbedDecodeReadsTheLatentCacheOnce)
{
    const InferenceScenario s = scenario(Phase::Decode, 1, 4096);
    auto w = expandWorkload(preset(), s);
    ASSERT_TRUE(w) << w.error().message;
    const WorkloadOp* attention = find(*w, "attention");
    ASSERT_NE(attention, nullptr);
    EXPECT_DOUBLE_EQ(attention->layerCount, 61);
    const Cost c = attention->op.cost();
    // QKᵀ over 576 and P·V over 512, 128 heads, 4096 tokens of context.
    EXPECT_DOUBLE_EQ(c.flops, 2.0 * 128 * 4096 * 576 + 2.0 * 128 * 4096 * 512);
    // The latent cache once (4096 × 576 × 2) + the absorbed query in (128 × 576 × 2) and the
    // latent output (128 × 512 × 2).
    EXPECT_DOUBLE_EQ(c.bytes, 4096.0 * 576 * 2 + 128.0 * 576 * 2 + 128.0 * 512 * 2);
    // No kv_b_proj in absorbed decode; W_UK and W_UV are applied per head.
    EXPECT_EQ(find(*w, "kv_b_proj"), nullptr);
    ASSERT_NE(find(*w, "q_absorb"), nullptr);
    EXPECT_DOUBLE_EQ(find(*w, "q_absorb")->perLayer, 128);
    // Dense MLP on the first 3 layers, MoE with one shared expert on the other 58.
    EXPECT_DOUBLE_EQ(find(*w, "gate_proj")->layerCount, 3);
    EXPECT_DOUBLE_EQ(find(*w, "expert_gate_proj")->layerCount, 58);
    EXPECT_DOUBLE_EQ(find(*w, "shared_gate_proj")->layerCount, 58);
    // Batch 1 touches exactly top-8 experts per layer.
    EXPECT_NEAR(w->expertsTouched, 8.0, 1e-9);
    EXPECT_DOUBLE_EQ(w->kvCacheBytes, 70272.0 * 4096);
}

TEST(DeepSeekV3, PrefillDecompressesTheLatent)
{
    auto w = expandWorkload(preset(), scenario(Phase::Prefill, 1, 1024));
    ASSERT_TRUE(w) << w.error().message;
    ASSERT_NE(find(*w, "kv_b_proj"), nullptr);
    const Cost c = find(*w, "attention")->op.cost();
    // Causal flash attention: ½ · (2·S²·192 + 2·S²·128) per head.
    EXPECT_DOUBLE_EQ(c.flops, 0.5 * 128 * (2.0 * 1024 * 1024 * 192 + 2.0 * 1024 * 1024 * 128));
}

TEST(DeepSeekV3, SpreadsOverEightH200sWithExpertParallelism)
{
    const InferenceScenario s = scenario(Phase::Decode, 16, 4096);
    ModelConfig m = preset();
    InferenceScenario fp8 = s;
    fp8.weights = Precision::FP8;
    fp8.activations = Precision::FP8;
    auto t = evaluateParallel(m, fp8, {8, 1, 8}, builtinGpu("h200-sxm"));
    ASSERT_TRUE(t) << t.error().message;
    // FP8 weights of 671B over 8 GPUs: ~84 GB each, fits 141 GB.
    EXPECT_EQ(t->fits, std::optional<bool>(true));
    EXPECT_GT(t->memoryBytesPerGpu, 80e9);
    EXPECT_LT(t->memoryBytesPerGpu, 141e9 * 0.9);
    // MoE layers swap the MLP all-reduce for dispatch and combine; the 3 dense layers keep it.
    int dispatch = 0;
    for (const CommOp& c : t->stages[0].communication) {
        if (c.key == "moe_dispatch") {
            ++dispatch;
            EXPECT_DOUBLE_EQ(c.count, 58);
        }
        if (c.key == "mlp_all_reduce") {
            EXPECT_DOUBLE_EQ(c.count, 3);
        }
    }
    EXPECT_EQ(dispatch, 1);
    // The latent KV cache is replicated on every TP rank (it has no heads to split).
    EXPECT_DOUBLE_EQ(t->stages[0].kvCacheBytes, 16.0 * 4096 * 70272);
}
