// Communication as its own roof: a model spread over GPUs brings, per shown GPU, the link's
// bandwidth slope and its all-reduces on it, computed once in the core figure.
#include "core/figure/figure.h"

#include "core/document/scenariomodel.h"
#include "core/hardware/catalog.h"
#include "core/models/modelconfig.h"
#include "tests/common/builtins.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace roofscope {
namespace {

const ModelConfig& llama70b()
{
    return test::builtinModel("llama-2-70b");
}

Scenario modelScenario(Layout layout, double batch = 1.0)
{
    Scenario s;
    s.gpus = {"h100-sxm5", "a100-sxm4-80gb"};
    s.baseline = "h100-sxm5";
    InferenceScenario step;
    step.batch = batch;
    step.context = 4096;
    ScenarioModel setup = makeScenarioModel(llama70b(), step);
    setup.layout = layout;
    setup.onChart = true;
    s.model = setup;
    return s;
}

Figure build(const Scenario& s)
{
    auto f = buildFigure(s, HardwareCatalog::builtin());
    EXPECT_TRUE(f) << (f ? "" : f.error().message);
    return f ? *f : Figure{};
}

const FigureRoof* linkRoof(const Figure& f, std::string_view gpuId)
{
    for (const FigureRoof& r : f.roofs) {
        if (r.role == RoofRole::Link && f.gpu(r.hardware)->id == gpuId)
            return &r;
    }
    return nullptr;
}

} // namespace

TEST(LinkRoof, OneGpuHasNoLinkRoofNorCommunicationPoints)
{
    const Figure f = build(modelScenario({1, 1, 1}));
    EXPECT_EQ(linkRoof(f, "h100-sxm5"), nullptr);
    EXPECT_TRUE(f.communication.empty());
}

TEST(LinkRoof, TensorParallelDrawsEachGpusLinkAtItsPerDirectionBandwidth)
{
    const Figure f = build(modelScenario({4, 1, 1}));
    const FigureRoof* h100 = linkRoof(f, "h100-sxm5");
    ASSERT_NE(h100, nullptr);
    // H100 SXM5: NVLink 4, 900 GB/s bidirectional = 450 GB/s each way.
    EXPECT_DOUBLE_EQ(h100->memory.bytesPerS, 450e9);
    EXPECT_EQ(h100->label, "NVLink 4 · 450 GB/s");
    EXPECT_TRUE(h100->slope);
    EXPECT_FALSE(h100->flat);
    EXPECT_EQ(roofRoleName(RoofRole::Link), "link");
    // The slope is the bandwidth: at AI 1 FLOP/B the roof is at 450 GFLOP/s.
    const auto path = roofPath(*h100, ViewRange{1.0, 1e4, 1e9, 1e16});
    ASSERT_GE(path.size(), 2u);
    EXPECT_DOUBLE_EQ(path.front().ai, 1.0);
    EXPECT_DOUBLE_EQ(path.front().flops, 450e9);
    // A100 SXM4: NVLink 3, 600 GB/s bidirectional = 300 GB/s each way.
    const FigureRoof* a100 = linkRoof(f, "a100-sxm4-80gb");
    ASSERT_NE(a100, nullptr);
    EXPECT_DOUBLE_EQ(a100->memory.bytesPerS, 300e9);
}

TEST(LinkRoof, AllReducePointsCarryTheRingFormulasBytes)
{
    const Figure f = build(modelScenario({4, 1, 1}));
    const int h100 =
        f.gpus.front().id == "h100-sxm5" ? f.gpus.front().hardware : f.gpus.back().hardware;
    std::vector<const FigureCommPoint*> onH100;
    for (const FigureCommPoint& c : f.communication) {
        if (c.hardware == h100)
            onH100.push_back(&c);
    }
    // After attention, after the MLP, and the vocabulary-parallel embedding on the first stage.
    ASSERT_EQ(onH100.size(), 3u);
    const auto attn = std::find_if(onH100.begin(), onH100.end(), [](const FigureCommPoint* c) {
        return c->key == "attn_all_reduce";
    });
    ASSERT_NE(attn, onH100.end());
    const FigureCommPoint& p = **attn;
    // One token × hidden 8192 × 2 bytes (FP16) per GPU; the ring puts 2·(N−1)/N of it on the
    // link: 2 · 3/4 · 16384 = 24576 bytes, in 1.5 · 16384 / 450e9 s + 2 · 3 hops of 1 µs.
    EXPECT_DOUBLE_EQ(p.bytes, 8192.0 * 2.0);
    EXPECT_DOUBLE_EQ(p.linkBytes, 24576.0);
    EXPECT_DOUBLE_EQ(p.count, 80.0); // once per layer
    EXPECT_DOUBLE_EQ(p.timeS, 24576.0 / 450e9 + 6e-6);
    // It adds 3/4 of 8192 elements: AI = 6144 / 24576 = 0.25, on the slope at 112.5 GFLOP/s.
    EXPECT_DOUBLE_EQ(p.value.ai, 0.25);
    EXPECT_DOUBLE_EQ(p.value.flops, 0.25 * 450e9);
    // The fit shows the point.
    EXPECT_LE(f.fit.aiMin, 0.25);
    EXPECT_LE(f.fit.flopsMin, 0.25 * 450e9);
}

TEST(LinkRoof, PayloadGrowsWithBatch)
{
    const Figure f = build(modelScenario({2, 1, 1}, 8.0));
    ASSERT_FALSE(f.communication.empty());
    // 8 tokens × 8192 × 2 bytes; over 2 GPUs the ring moves 2 · 1/2 of it.
    EXPECT_DOUBLE_EQ(f.communication.front().bytes, 8.0 * 8192.0 * 2.0);
    EXPECT_DOUBLE_EQ(f.communication.front().linkBytes, 8.0 * 8192.0 * 2.0);
}

TEST(LinkRoof, GpuWithoutInterconnectGetsNone)
{
    Scenario s = modelScenario({2, 1, 1});
    s.gpus = {"h100-sxm5", "tpu-v5e"};
    const Figure f = build(s);
    EXPECT_NE(linkRoof(f, "h100-sxm5"), nullptr);
    EXPECT_EQ(linkRoof(f, "tpu-v5e"), nullptr);
}

TEST(LinkRoof, LabelDropsTheLinkCountAndShowsOneDirection)
{
    Interconnect link;
    link.link = "pcie";
    link.name = "PCIe Gen4 x16 (host bridge)";
    link.bytesPerS = 32e9;
    EXPECT_EQ(linkRoofLabel(link), "PCIe Gen4 x16 · 32 GB/s");
}

TEST(ScenarioLayout, RoundTripsAndIsLeftOutOnOneGpu)
{
    ScenarioModel m = makeScenarioModel(llama70b(), InferenceScenario{});
    EXPECT_EQ(scenarioModelToJson(m).find("\"tp\""), std::string::npos);
    m.layout = {4, 2, 1};
    const std::string text = scenarioModelToJson(m);
    EXPECT_NE(text.find("\"tp\":4"), std::string::npos) << text;
    auto back = parseScenarioModel(text, "s.roofscope.json");
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->layout, (Layout{4, 2, 1}));
}

TEST(ScenarioLayout, BadValuesAreNamedWithTheirPointer)
{
    auto zero = parseScenarioModel(R"({"id": "llama-2-70b", "tp": 0})", "s.roofscope.json");
    ASSERT_FALSE(zero);
    EXPECT_EQ(zero.error().message,
              "s.roofscope.json: /model/tp: expected a whole number of GPUs from 1 to 1024, got 0");
    auto ep = parseScenarioModel(R"({"id": "mixtral-8x7b", "tp": 2, "ep": 4})", "s.roofscope.json");
    ASSERT_FALSE(ep);
    EXPECT_EQ(
        ep.error().message,
        "s.roofscope.json: /model/ep: ep 4 must divide tp 2 (experts spread over the TP group)");
}

TEST(LayoutWorkload, OneGpuOfTheFirstStageRunsItsShare)
{
    InferenceScenario step;
    step.context = 4096;
    auto whole = layoutWorkload(llama70b(), step, {1, 1, 1});
    auto tp4pp2 = layoutWorkload(llama70b(), step, {4, 2, 1});
    ASSERT_TRUE(whole && tp4pp2);
    const auto row = [](const Workload& w, std::string_view key) -> const WorkloadOp* {
        for (const WorkloadOp& op : w.ops) {
            if (op.key == key)
                return &op;
        }
        return nullptr;
    };
    // q_proj: 8192 × 8192 on one GPU; 8192 × 2048 on each of 4, over 40 of the 80 layers.
    const WorkloadOp* q1 = row(*whole, "q_proj");
    const WorkloadOp* q4 = row(*tp4pp2, "q_proj");
    ASSERT_TRUE(q1 && q4);
    EXPECT_DOUBLE_EQ(q1->count(), 80.0);
    EXPECT_DOUBLE_EQ(q4->count(), 40.0);
    EXPECT_DOUBLE_EQ(q4->op.cost().flops * 4.0, q1->op.cost().flops);
    // The LM head lives on the last stage, not the first.
    EXPECT_NE(row(*whole, "lm_head"), nullptr);
    EXPECT_EQ(row(*tp4pp2, "lm_head"), nullptr);
    // 64 heads do not split over 3 GPUs: the message says why.
    auto three = layoutWorkload(llama70b(), step, {3, 1, 1});
    ASSERT_FALSE(three);
    EXPECT_NE(three.error().message.find("must divide the attention heads (64)"), std::string::npos)
        << three.error().message;
}

} // namespace roofscope

// A scenario's group-quantized weights: written only when set, so documents without them read
// and write back unchanged.
TEST(ScenarioModelJson, WeightGroupSizeRoundTripsAndIsAbsentWhenUnset)
{
    auto plain = roofscope::parseScenarioModel(R"({"id": "llama-2-7b", "weights": "int4"})",
                                               "s.roofscope.json");
    ASSERT_TRUE(plain) << plain.error().message;
    EXPECT_EQ(plain->step.weightGroupSize, 0.0);
    EXPECT_EQ(roofscope::scenarioModelToJson(*plain).find("weight_group_size"), std::string::npos);

    auto grouped = roofscope::parseScenarioModel(
        R"({"id": "llama-2-7b", "weights": "int4", "weight_group_size": 32})", "s.roofscope.json");
    ASSERT_TRUE(grouped) << grouped.error().message;
    EXPECT_EQ(grouped->step.weightGroupSize, 32.0);
    auto back =
        roofscope::parseScenarioModel(roofscope::scenarioModelToJson(*grouped), "s.roofscope.json");
    ASSERT_TRUE(back);
    EXPECT_EQ(*back, *grouped);

    auto fp16 = roofscope::parseScenarioModel(R"({"id": "llama-2-7b", "weight_group_size": 32})",
                                              "s.roofscope.json");
    ASSERT_FALSE(fp16);
    EXPECT_NE(fp16.error().message.find("/weight_group_size"), std::string::npos);
    auto negative = roofscope::parseScenarioModel(
        R"({"id": "llama-2-7b", "weights": "int4", "weight_group_size": -1})", "s.roofscope.json");
    ASSERT_FALSE(negative);
    EXPECT_NE(negative.error().message.find("/weight_group_size"), std::string::npos);
}
