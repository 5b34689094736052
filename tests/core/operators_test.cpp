#include "core/roofline/advice.h"
#include "core/roofline/operators.h"
#include "h100.h"

#include <gtest/gtest.h>

using namespace roofscope;

namespace {

Operator op(const std::string& spec)
{
    auto parsed = parseOperatorSpec(spec);
    EXPECT_TRUE(parsed) << (parsed ? "" : parsed.error().message);
    return parsed ? *parsed : Operator{};
}

double ai(const std::string& spec)
{
    const Cost c = op(spec).cost();
    return c.flops / c.bytes;
}

std::string specError(const std::string& spec)
{
    auto parsed = parseOperatorSpec(spec);
    return parsed ? std::string("(parsed)") : parsed.error().message;
}

} // namespace

// Arithmetic intensity is FLOP per byte of DRAM traffic (Williams, Waterman and Patterson,
// "Roofline", CACM 52(4), 2009), not FLOP per element as the seed's operator table lists it.
TEST(OperatorIntensity, ElementwiseIntensitiesAreFlopPerByte)
{
    EXPECT_NEAR(ai("elementwise:n=16777216,dtype=fp16"), 1.0 / 6.0, 1e-12);
    EXPECT_NEAR(ai("elementwise:n=16777216,dtype=fp32"), 1.0 / 12.0, 1e-12);
    EXPECT_NEAR(ai("activation:n=16777216,dtype=fp16,fn=relu"), 0.25, 1e-12);
    EXPECT_NEAR(ai("activation:n=16777216,dtype=fp32,fn=relu"), 0.125, 1e-12);
    EXPECT_NEAR(ai("layernorm:rows=4096,cols=8192,dtype=fp16"), 1.25, 0.001);
    EXPECT_NEAR(ai("layernorm:rows=4096,cols=8192,dtype=fp32"), 0.625, 0.001);
    EXPECT_NEAR(ai("softmax:rows=32768,cols=2048,dtype=fp16"), 1.25, 1e-12);
}

// Elementwise and reduction kernels run on the vector units, not the tensor cores (NVIDIA H100
// Tensor Core GPU datasheet: 67 TFLOP/s FP32 vector against 989 TFLOP/s BF16 tensor).
TEST(OperatorCeiling, NonGemmKindsUseVectorCeiling)
{
    for (const char* spec : {"elementwise:n=1024", "activation:n=1024", "layernorm:rows=1,cols=8",
                             "rmsnorm:rows=1,cols=8", "softmax:rows=1,cols=8"}) {
        EXPECT_EQ(op(spec).cost().unit, ComputeUnit::Vector) << spec;
    }
    EXPECT_EQ(op("matmul:m=1,n=8,k=8").cost().unit, ComputeUnit::Tensor);
    EXPECT_EQ(op("attention_decode").cost().unit, ComputeUnit::Tensor);
}

TEST(Matmul, FlopsAndBytesFollowTheFormula)
{
    const Cost c = op("matmul:m=16,n=4096,k=1024,dtype=fp16").cost();
    EXPECT_DOUBLE_EQ(c.flops, 2.0 * 16 * 4096 * 1024);
    EXPECT_DOUBLE_EQ(c.bytes, 16.0 * 1024 * 2 + 1024.0 * 4096 * 2 + 16.0 * 4096 * 2);
    EXPECT_EQ(c.precision, Precision::FP16);
}

// Llama-2-7B (resources/models.json): q_proj at decode batch 1; docs/cli.md "Reference
// figures".
TEST(ModelConfigs, Llama2_7bQProjAtBatch1)
{
    const Cost c = op("decode_matmul:batch=1,n=4096,k=4096,dtype=fp16").cost();
    EXPECT_DOUBLE_EQ(c.flops, 33554432.0);
    EXPECT_DOUBLE_EQ(c.bytes, 33570816.0);
    EXPECT_NEAR(c.flops / c.bytes, 0.9995, 0.0001);
}

TEST(Matmul, W4A16ShrinksWeightBytesButComputesAtFp16)
{
    const Cost c = op("matmul:m=16,n=8192,k=8192,dtype=fp16,weight_dtype=int4").cost();
    EXPECT_DOUBLE_EQ(c.bytes, 16.0 * 8192 * 2 + 8192.0 * 8192 * 0.5 + 16.0 * 8192 * 2);
    EXPECT_EQ(c.precision, Precision::FP16);
    EXPECT_EQ(c.unit, ComputeUnit::Tensor);
    const Cost grouped =
        op("matmul:m=16,n=8192,k=8192,dtype=fp16,weight_dtype=int4,group_size=128").cost();
    EXPECT_DOUBLE_EQ(grouped.bytes - c.bytes, 64.0 * 8192 * 2);
}

TEST(Matmul, WeightAndOutputPrecisionInheritDtype)
{
    const Operator m = op("matmul:m=1,n=8,k=8,dtype=fp8");
    EXPECT_EQ(m.params.text("weight_dtype"), "fp8");
    EXPECT_EQ(m.params.text("out_dtype"), "fp8");
    EXPECT_EQ(m.spec(), "matmul:m=1,n=8,k=8,dtype=fp8,weight_dtype=fp8,out_dtype=fp8,group_size=0");
}

TEST(Presets, PrefillMatmulUsesBatchTimesSeq)
{
    const Cost c = op("prefill_matmul:batch=2,seq=1024,n=8192,k=8192,dtype=fp16").cost();
    EXPECT_DOUBLE_EQ(c.flops, 2.0 * 2048 * 8192 * 8192);
    EXPECT_NEAR(c.flops / c.bytes, 2048.0 * 8192 / (2048 + 8192 + 2048) / 1.0 / 1.0, 1e-9);
}

TEST(Presets, EverySeedPresetParsesAndHasAPositiveCost)
{
    ASSERT_EQ(operatorPresets().size(), 7u);
    for (const OperatorPreset& p : operatorPresets()) {
        const Cost c = op(p.spec).cost();
        EXPECT_GT(c.flops, 0.0) << p.id;
        EXPECT_GT(c.bytes, 0.0) << p.id;
    }
    EXPECT_NEAR(ai(findOperatorPreset("big_gemm")->spec), 8192.0 / 3.0, 1e-9);
}

TEST(Attention, DecodeReadsKvCacheOncePerGqaGroup)
{
    const Cost c = op("attention_decode:batch=1,heads=64,kv_heads=8,head_dim=128,context=4096,"
                      "dtype=fp16")
                       .cost();
    EXPECT_DOUBLE_EQ(c.flops, 4.0 * 64 * 4096 * 128);
    EXPECT_DOUBLE_EQ(c.bytes, 2.0 * 8 * 4096 * 128 * 2 + 2.0 * 64 * 128 * 2);
    // GQA 8:1 at FP16: AI ≈ 2·(heads/kv_heads)/bytes = 8.
    EXPECT_NEAR(c.flops / c.bytes, 8.0, 0.05);
}

TEST(Attention, CausalPrefillHalvesFlops)
{
    const Cost causal = op("attention_prefill:seq=2048").cost();
    const Cost full = op("attention_prefill:seq=2048,causal=false").cost();
    EXPECT_DOUBLE_EQ(causal.flops * 2.0, full.flops);
    EXPECT_DOUBLE_EQ(causal.bytes, 2.0 * 2048 * 128 * (64 + 8) * 2);
}

TEST(Spec, ErrorsNameTheTokenAndWhatWasExpected)
{
    EXPECT_EQ(specError("matmul:m=-1,n=8,k=8"),
              "matmul: m=-1: expected a whole number >= 1 and <= 1000000000000");
    EXPECT_EQ(specError("matmul:m=abc"), "matmul: m=abc: not a number");
    EXPECT_EQ(specError("matmul:m=1.5"),
              "matmul: m=1.5: expected a whole number >= 1 and <= 1000000000000");
    EXPECT_EQ(specError("matmul:dtype=fp12"),
              "matmul: dtype=fp12: unknown precision (expected one of: fp64, fp32, tf32, bf16, "
              "fp16, fp8, int8, int4, fp4)");
    EXPECT_EQ(specError("activation:fn=tanh"),
              "activation: fn=tanh: expected one of: relu, gelu, silu");
    EXPECT_EQ(specError("matmul:q=1")
                  .rfind("matmul: unknown parameter \"q\" (expected one of: m, n, k,", 0),
              0u);
    EXPECT_EQ(specError("conv2d:n=1").rfind("unknown operator kind \"conv2d\"", 0), 0u);
    EXPECT_EQ(specError("matmul:m"), "matmul: \"m\": expected key=value");
    EXPECT_EQ(specError("matmul:m=1,m=2"), "matmul: parameter \"m\" given twice");
    EXPECT_EQ(specError("matmul:m=0"),
              "matmul: m=0: expected a whole number >= 1 and <= 1000000000000");
}

TEST(Spec, LabelAndRoundTrip)
{
    const Operator o = op("decode_matmul:batch=8,label=q_proj");
    EXPECT_EQ(o.label, "q_proj");
    EXPECT_EQ(o.displayName(), "q_proj");
    EXPECT_EQ(op(o.spec()).params, o.params);
}

TEST(Spec, WithParamValidates)
{
    const Operator o = op("decode_matmul");
    auto changed = withNumber(o, "batch", 64);
    ASSERT_TRUE(changed);
    EXPECT_DOUBLE_EQ(changed->params.number("batch"), 64.0);
    EXPECT_FALSE(withNumber(o, "batch", -3));
    EXPECT_FALSE(withParam(o, "nope", "1"));
}

// The seed's section 5 table, at the H100 ridge (295).
TEST(Advice, SeedTableRegionsAtH100)
{
    const double ridge = 295.0;
    EXPECT_EQ(adviceRegion(0.5, ridge), AdviceRegion::FarLeft);
    EXPECT_EQ(adviceRegion(50, ridge), AdviceRegion::LeftMiddle);
    EXPECT_EQ(adviceRegion(295, ridge), AdviceRegion::NearRidge);
    EXPECT_EQ(adviceRegion(500, ridge), AdviceRegion::RightNear);
    EXPECT_EQ(adviceRegion(2000, ridge), AdviceRegion::FarRight);
    EXPECT_NE(std::string(adviceText(AdviceRegion::FarLeft)).find("quantize"), std::string::npos);
}

TEST(Spec, ShortSpecOmitsDefaults)
{
    EXPECT_EQ(op("decode_matmul:batch=8,dtype=bf16").shortSpec(), "decode_matmul:batch=8");
    EXPECT_EQ(op("decode_matmul:dtype=fp16,weight_dtype=int4").shortSpec(),
              "decode_matmul:dtype=fp16,weight_dtype=int4");
    EXPECT_EQ(op("softmax").shortSpec(), "softmax");
}

TEST(Presets, PresetIdsResolveWithTheirTitleAsLabel)
{
    auto add = parseOperatorOrPreset("add");
    ASSERT_TRUE(add);
    EXPECT_EQ(add->label, "Add/scale");
    EXPECT_EQ(add->kind, "elementwise");
    auto kind = parseOperatorOrPreset("decode_matmul:batch=4");
    ASSERT_TRUE(kind);
    EXPECT_TRUE(kind->label.empty());
    EXPECT_FALSE(parseOperatorOrPreset("nonsense"));
}

TEST(Elementwise, FusedChainsCountTheirOwnFlopsAndTensors)
{
    const Cost rope = op("elementwise:n=1000,dtype=fp16,inputs=1,flops_per_element=3").cost();
    EXPECT_DOUBLE_EQ(rope.flops, 3000.0);
    EXPECT_DOUBLE_EQ(rope.bytes, 2.0 * 1000 * 2);
    const Cost addNorm =
        op("elementwise:n=1000,dtype=fp16,inputs=2,outputs=2,flops_per_element=5").cost();
    EXPECT_DOUBLE_EQ(addNorm.flops, 5000.0);
    EXPECT_DOUBLE_EQ(addNorm.bytes, 4.0 * 1000 * 2);
    EXPECT_EQ(op("elementwise:n=8,flops_per_element=0").shortSpec(), "elementwise:n=8");
}

// Advice per operator kind and region: an elementwise add is never told to raise the batch or
// quantize weights; decode attention is told about its KV cache; weight matmuls keep the
// seed's table.
TEST(Advice, TailoredToTheOperatorKind)
{
    using roofscope::AdviceFamily;
    using roofscope::AdviceRegion;
    EXPECT_EQ(roofscope::adviceFamily("elementwise"), AdviceFamily::Streaming);
    EXPECT_EQ(roofscope::adviceFamily("softmax"), AdviceFamily::Streaming);
    EXPECT_EQ(roofscope::adviceFamily("decode_matmul"), AdviceFamily::WeightMatmul);
    EXPECT_EQ(roofscope::adviceFamily("attention_decode"), AdviceFamily::Attention);
    const std::string add(roofscope::adviceText(AdviceRegion::FarLeft, AdviceFamily::Streaming));
    EXPECT_EQ(add.find("quantize"), std::string::npos);
    EXPECT_EQ(add.find("raise the batch"), std::string::npos);
    EXPECT_NE(add.find("fuse"), std::string::npos);
    const std::string attn(roofscope::adviceText(AdviceRegion::FarLeft, AdviceFamily::Attention));
    EXPECT_NE(attn.find("KV cache"), std::string::npos);
    EXPECT_EQ(std::string(roofscope::adviceText(AdviceRegion::FarLeft, AdviceFamily::WeightMatmul)),
              std::string(roofscope::adviceText(AdviceRegion::FarLeft)));
    EXPECT_NE(std::string(roofscope::adviceText(AdviceRegion::FarRight, AdviceFamily::Attention))
                  .find("flash"),
              std::string::npos);
}
