#include "core/models/parallel.h"
#include "core/models/workload.h"
#include "core/serving/serving.h"
#include "tests/common/builtins.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

using namespace roofscope;
using roofscope::test::builtinGpu;
using roofscope::test::builtinModel;

namespace {

ServingSetup setup(double prompt, double output)
{
    ServingSetup s;
    s.promptTokens = prompt;
    s.outputTokens = output;
    return s;
}

ServingCurve curveOf(const std::string& modelId, const ServingSetup& s, Layout layout,
                     const std::string& gpuId)
{
    auto c = servingCurve(builtinModel(modelId), s, layout, builtinGpu(gpuId));
    EXPECT_TRUE(c.ok()) << (c ? "" : c.error().message);
    return c ? *c : ServingCurve{};
}

double singleGpuStepTime(const std::string& modelId, Phase phase, double batch, double context)
{
    InferenceScenario s;
    s.phase = phase;
    s.batch = batch;
    s.context = context;
    auto w = expandWorkload(builtinModel(modelId), s);
    EXPECT_TRUE(w.ok());
    auto t = evaluateWorkload(*w, builtinGpu("h100-sxm5"));
    EXPECT_TRUE(t.ok());
    return t ? t->timeS : 0.0;
}

} // namespace

TEST(ServingCurve, BatchOneTokensPerUserIsTheInverseOfTheModelsDecodeStep)
{
    const ServingCurve c = curveOf("llama-2-7b", setup(1024, 256), {}, "h100-sxm5");
    ASSERT_FALSE(c.points.empty());
    const ServingPoint& p = c.points.front();
    EXPECT_EQ(p.batch, 1.0);
    // The mean context of a 1024 + 256 request: 1024 + 128 tokens in the cache.
    EXPECT_DOUBLE_EQ(p.stepTimeS, singleGpuStepTime("llama-2-7b", Phase::Decode, 1, 1152));
    EXPECT_DOUBLE_EQ(p.tokensPerSPerUser, 1.0 / p.stepTimeS);
    EXPECT_DOUBLE_EQ(p.tokensPerSPerGpu, 1.0 / p.stepTimeS);
    EXPECT_DOUBLE_EQ(p.requestLatencyS, p.ttftS + 256.0 * p.stepTimeS);
    // 7B FP16 weights are 13.5 GB: a decode step on 3.35 TB/s HBM3 is about 4 ms.
    EXPECT_GT(p.stepTimeS, 13.4e9 / 3.35e12);
    EXPECT_LT(p.stepTimeS, 5e-3);
}

TEST(ServingCurve, PerGpuThroughputIsBatchOverStepTimeOverGpus)
{
    const ServingCurve c = curveOf("llama-2-70b", setup(1024, 256), {2, 1, 1}, "h100-sxm5");
    ASSERT_GE(c.points.size(), 2u);
    for (const ServingPoint& p : c.points) {
        EXPECT_DOUBLE_EQ(p.tokensPerSPerUser, 1.0 / p.stepTimeS);
        EXPECT_DOUBLE_EQ(p.tokensPerSPerGpu, p.batch / p.stepTimeS / 2.0);
    }
    // Batches 1, 2, 4, 8, then the largest.
    EXPECT_EQ(c.points[0].batch, 1.0);
    EXPECT_EQ(c.points[1].batch, 2.0);
    EXPECT_EQ(c.points.back().batch, c.largestBatch);
}

TEST(ServingCurve, LargestFittingBatchOfLlama70bOnTwoH100sIsDerivedFromKvBytesPerToken)
{
    const ServingCurve c = curveOf("llama-2-70b", setup(1024, 256), {2, 1, 1}, "h100-sxm5");
    // KV cache per token for the whole model: 80 layers × (K and V) × 8 KV heads × 128 × 2 B;
    // TP=2 gives each GPU 4 of the 8 KV heads.
    const double kvPerToken = 80.0 * 2 * 8 * 128 * 2;
    EXPECT_EQ(kvPerToken, 327680.0);
    const double kvPerRequestPerGpu = (1024 + 256) * kvPerToken / 2; // 209,715,200 B
    EXPECT_DOUBLE_EQ(c.kvBytesPerRequestPerGpu, kvPerRequestPerGpu);
    // Weights per GPU: every matrix split in two (the embedding and LM head by vocabulary),
    // the 161 RMSNorm vectors replicated, all FP16. Per layer q, o 8192²; k, v 8192 × 1024;
    // gate, up, down 8192 × 28672.
    const double perLayer = 2.0 * 8192 * 8192 + 2.0 * 8192 * 1024 + 3.0 * 8192 * 28672;
    const double matrices = 80 * perLayer + 2.0 * 32000 * 8192;
    const double norms = (2.0 * 80 + 1) * 8192;
    const double weightsPerGpu = matrices / 2 * 2.0 + norms * 2.0; // 68,977,967,104 B
    EXPECT_DOUBLE_EQ(c.weightsBytesPerGpu, weightsPerGpu);
    // 80 GB less 10 % headroom = 72 GB; 3.02 GB left for the cache = 14.4 requests. The few MB
    // of decode workspace (activations, logits, scores) do not move that to 13.
    const double free = 0.9 * 80e9 - weightsPerGpu;
    const double byHand = std::floor(free / kvPerRequestPerGpu);
    EXPECT_EQ(byHand, 14.0);
    EXPECT_EQ(c.largestBatch, byHand);
    EXPECT_EQ(c.limit, ServingLimit::Memory);
    EXPECT_NE(c.limitReason.find("batch 15 needs"), std::string::npos) << c.limitReason;
    ASSERT_FALSE(c.points.empty());
    EXPECT_EQ(c.points.back().batch, 14.0);
    EXPECT_LE(c.points.back().memoryBytesPerGpu, 0.9 * 80e9);
    std::vector<double> batches;
    for (const ServingPoint& p : c.points)
        batches.push_back(p.batch);
    EXPECT_EQ(batches, (std::vector<double>{1, 2, 4, 8, 14}));
}

TEST(ServingCurve, TimeToFirstTokenIsThePrefillStepOfThePrompt)
{
    const ServingCurve c = curveOf("llama-2-7b", setup(2048, 128), {}, "h100-sxm5");
    ASSERT_GE(c.points.size(), 3u);
    const double prefill = singleGpuStepTime("llama-2-7b", Phase::Prefill, 1, 2048);
    for (const ServingPoint& p : c.points)
        EXPECT_DOUBLE_EQ(p.ttftBatch1S, prefill);
    EXPECT_DOUBLE_EQ(c.points.front().ttftS, prefill);
    const ServingPoint& third = c.points[2];
    EXPECT_EQ(third.batch, 4.0);
    EXPECT_DOUBLE_EQ(third.ttftS, singleGpuStepTime("llama-2-7b", Phase::Prefill, 4, 2048));
}

TEST(ServingCurve, SaysSoWhenNotEvenOneRequestFits)
{
    // 138 GB of FP16 weights on one 80 GB GPU.
    const ServingCurve c = curveOf("llama-2-70b", setup(1024, 256), {}, "h100-sxm5");
    EXPECT_TRUE(c.points.empty());
    EXPECT_EQ(c.largestBatch, 0.0);
    EXPECT_EQ(c.limit, ServingLimit::NothingFits);
    EXPECT_NE(c.limitReason.find("not even one request fits"), std::string::npos);
}

TEST(ServingCurve, RejectsPromptAndOutputOutOfRangeByName)
{
    auto bad = servingCurve(builtinModel("llama-2-7b"), setup(0, 256), {}, builtinGpu("h100-sxm5"));
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("prompt"), std::string::npos);
    bad = servingCurve(builtinModel("llama-2-7b"), setup(1024, 1.5), {}, builtinGpu("h100-sxm5"));
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("output"), std::string::npos);
    bad = servingCurve(builtinModel("llama-2-70b"), setup(1024, 256), {3, 1, 1},
                       builtinGpu("h100-sxm5"));
    EXPECT_FALSE(bad.ok()); // 64 heads do not split over 3 GPUs
}

TEST(ServingParetoFront, KeepsOnlyPointsNoOtherBeatsOnBothAxes)
{
    const auto point = [](double perUser, double perGpu) {
        ServingPoint p;
        p.tokensPerSPerUser = perUser;
        p.tokensPerSPerGpu = perGpu;
        return p;
    };
    ServingCurve a;
    a.points = {point(100, 100), point(50, 400), point(10, 900)};
    ServingCurve b;
    b.points = {point(150, 90), point(60, 300), point(40, 1000)};
    const std::vector<ServingFrontPoint> front = servingParetoFront({a, b});
    // Each point of the front is the most per-GPU throughput at its interactivity or more;
    // (10, 900) alone loses, to (40, 1000), on both axes. Ascending tokens/s per user.
    EXPECT_EQ(front, (std::vector<ServingFrontPoint>{{1, 2}, {0, 1}, {1, 1}, {0, 0}, {1, 0}}));
}
