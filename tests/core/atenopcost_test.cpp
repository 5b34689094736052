// The aten op cost models (core/measured/atenopcost), one family at a time, on shapes as a
// PyTorch trace records them; every expected value is computed by hand in the comment beside
// it. Bytes are each input read once and the output written once.
#include "core/measured/atenopcost.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <vector>

using namespace roofscope;

namespace {

// A tensor's sizes; S() is a Scalar (no sizes).
TraceShape T(std::initializer_list<double> sizes)
{
    TraceShape s;
    s.sizes = sizes;
    return s;
}

TraceShape S()
{
    return {};
}

// A TensorList, its members end to end as the reader keeps them.
TraceShape L(std::initializer_list<std::initializer_list<double>> members)
{
    TraceShape s;
    s.list = true;
    for (const auto& m : members) {
        s.sizes.insert(s.sizes.end(), m.begin(), m.end());
        s.memberEnds.push_back(static_cast<std::uint32_t>(s.sizes.size()));
    }
    return s;
}

const std::string kBf16 = "c10::BFloat16";

AtenCostResult costOf(const std::string& op, const std::vector<TraceShape>& dims,
                      const std::vector<std::string>& types,
                      const std::vector<std::string>& concrete = {})
{
    return atenOpCost(classifyAtenOp(op), dims, types, concrete);
}

AtenCost cost(const std::string& op, const std::vector<TraceShape>& dims,
              const std::vector<std::string>& types, const std::vector<std::string>& concrete = {})
{
    const AtenCostResult r = costOf(op, dims, types, concrete);
    EXPECT_TRUE(r.cost.has_value()) << op << ": " << atenProblemText(r.problem);
    return r.cost.value_or(AtenCost{});
}

std::string formula(const std::string& op, const AtenCost& c, double listBytes = 0.0)
{
    return atenFormula(classifyAtenOp(op), c, op, listBytes);
}

} // namespace

TEST(AtenOpCostElementwise, AddOfTwoEqualTensors)
{
    // [16, 512, 4096] = 33,554,432 elements a tensor, 2 bytes each: two read, one written.
    const AtenCost c = cost("aten::add", {T({16, 512, 4096}), T({16, 512, 4096}), S()},
                            {kBf16, kBf16, "Scalar"}, {"", "", "1"});
    EXPECT_DOUBLE_EQ(c.flops, 33554432.0);
    EXPECT_DOUBLE_EQ(c.bytes, 3.0 * 67108864.0);
    EXPECT_EQ(c.precision, "bf16");
    EXPECT_EQ(c.unit, ComputeUnit::Vector); // pointwise work never runs on tensor cores
    EXPECT_EQ(formula("aten::add", c),
              "aten::add: 1 FLOP/element of the output (the broadcast shape of the inputs); "
              "bytes: each tensor moved once (a lower bound)");
}

TEST(AtenOpCostElementwise, BroadcastOutputHasTheShapeOfTheInputs)
{
    // RMSNorm's x · rstd: [16, 512, 4096] fp32 × [16, 512, 1] fp32 → [16, 512, 4096]:
    // 33,554,432 · 4 read + 8,192 · 4 read + 33,554,432 · 4 written.
    AtenCost c = cost("aten::mul", {T({16, 512, 4096}), T({16, 512, 1})}, {"float", "float"});
    EXPECT_DOUBLE_EQ(c.flops, 33554432.0);
    EXPECT_DOUBLE_EQ(c.bytes, 134217728.0 + 32768.0 + 134217728.0);
    EXPECT_EQ(c.precision, "fp32");
    // The weight [4096] bf16 times [16, 512, 4096] bf16: 8,192 + 67,108,864 read, 67,108,864
    // written.
    c = cost("aten::mul", {T({4096}), T({16, 512, 4096})}, {kBf16, kBf16});
    EXPECT_DOUBLE_EQ(c.flops, 33554432.0);
    EXPECT_DOUBLE_EQ(c.bytes, 8192.0 + 2.0 * 67108864.0);
    // where(mask [128256] bool, 0-d float, [16, 128256] fp32) → [16, 128256] = 2,052,096 fp32:
    // 128,256 + 8,208,384 read, 8,208,384 written; the 0-d value moves nothing.
    c = cost("aten::where", {T({128256}), S(), T({16, 128256})}, {"bool", "float", "float"});
    EXPECT_DOUBLE_EQ(c.flops, 2052096.0);
    EXPECT_DOUBLE_EQ(c.bytes, 128256.0 + 2.0 * 8208384.0);
    EXPECT_EQ(c.precision, "fp32");
    // Shapes that do not broadcast have no model.
    EXPECT_EQ(costOf("aten::add", {T({3, 4}), T({5, 4})}, {"float", "float"}).problem,
              AtenCostProblem::ShapesDoNotFit);
}

TEST(AtenOpCostElementwise, FlopsPerElementFollowTheModelsOperators)
{
    // core/operators.cpp's activation kind: silu 4, gelu 9. [16, 512, 14336] = 117,440,512.
    const double n = 117440512.0;
    AtenCost c = cost("aten::silu", {T({16, 512, 14336})}, {kBf16});
    EXPECT_DOUBLE_EQ(c.flops, 4.0 * n);
    EXPECT_DOUBLE_EQ(c.bytes, 2.0 * n * 2.0);
    c = cost("aten::gelu", {T({16, 512, 14336}), S()}, {kBf16, ""});
    EXPECT_DOUBLE_EQ(c.flops, 9.0 * n);
    // RMSNorm's pieces, 1 each: pow(x, 2), rsqrt; neg of RoPE's rotate_half.
    EXPECT_DOUBLE_EQ(cost("aten::pow", {T({16, 1, 4096}), S()}, {"float", "Scalar"}).flops,
                     65536.0);
    EXPECT_DOUBLE_EQ(cost("aten::rsqrt", {T({16, 1, 1})}, {"float"}).flops, 16.0);
    EXPECT_DOUBLE_EQ(cost("aten::neg", {T({16, 32, 1, 64})}, {kBf16}).bytes, 2.0 * 32768.0 * 2.0);
}

TEST(AtenOpCostElementwise, ScalarsMoveNothingAndComparisonsWriteBool)
{
    // variance + eps: [16, 1, 1] fp32 + a wrapped double: 16 · 4 read, 16 · 4 written.
    AtenCost c = cost("aten::add", {T({16, 1, 1}), S(), S()}, {"float", "double", "Scalar"});
    EXPECT_DOUBLE_EQ(c.flops, 16.0);
    EXPECT_DOUBLE_EQ(c.bytes, 128.0);
    // eq([128256, 1] int64, [1, 1] int64) → [128256, 1] bool: 1,026,048 + 8 read, 128,256
    // written. Integers have sizes but no floating-point precision.
    c = cost("aten::eq", {T({128256, 1}), T({1, 1})}, {"long int", "long int"});
    EXPECT_DOUBLE_EQ(c.flops, 128256.0);
    EXPECT_DOUBLE_EQ(c.bytes, 1026048.0 + 8.0 + 128256.0);
    EXPECT_EQ(c.precision, "");
    // gt(0-d int64, Scalar): a 0-d bool written.
    c = cost("aten::gt", {S(), S()}, {"long int", "Scalar"});
    EXPECT_DOUBLE_EQ(c.flops, 1.0);
    EXPECT_DOUBLE_EQ(c.bytes, 1.0);
    // bitwise_and([16] int64, [16] bool) → int64: 128 + 16 read, 128 written.
    c = cost("aten::bitwise_and", {T({16}), T({16})}, {"long int", "bool"});
    EXPECT_DOUBLE_EQ(c.bytes, 128.0 + 16.0 + 128.0);
}

TEST(AtenOpCostElementwise, InPlaceOpsWriteIntoInputZero)
{
    // add_([16, 1, 4096] bf16, same): both read (2 · 131,072), input 0 written (131,072).
    AtenCost c =
        cost("aten::add_", {T({16, 1, 4096}), T({16, 1, 4096}), S()}, {kBf16, kBf16, "Scalar"});
    EXPECT_DOUBLE_EQ(c.flops, 65536.0);
    EXPECT_DOUBLE_EQ(c.bytes, 3.0 * 131072.0);
    EXPECT_EQ(formula("aten::add_", c),
              "aten::add_: 1 FLOP/element of the output (input 0, written in place); bytes: each "
              "tensor moved once (a lower bound)");
    // masked_fill_([16, 512] int64, mask [16, 512] bool, Scalar): self and mask read (65,536 +
    // 8,192), self written (65,536).
    c = cost("aten::masked_fill_", {T({16, 512}), T({16, 512}), S()},
             {"long int", "bool", "Scalar"});
    EXPECT_DOUBLE_EQ(c.flops, 8192.0);
    EXPECT_DOUBLE_EQ(c.bytes, 65536.0 + 8192.0 + 65536.0);
    // A broadcast operand does not grow the output of an in-place op: mul_([1000] fp32, 0.9).
    c = cost("aten::mul_", {T({1000}), S()}, {"float", "Scalar"});
    EXPECT_DOUBLE_EQ(c.bytes, 8000.0);
}

// Torch 1.9 records out= variants with the output as a last input (relu ran as
// clamp_min(self, 0, out)): a tensor past the schema's inputs is written, not read.
TEST(AtenOpCostElementwise, OutTensorIsTheOutput)
{
    // clamp_min([32, 2048, 7, 7] fp32, 0, out): 3,211,264 elements read and written at 4 B.
    AtenCost c = cost("aten::clamp_min", {T({32, 2048, 7, 7}), S(), T({32, 2048, 7, 7})},
                      {"float", "Int", "float"});
    EXPECT_DOUBLE_EQ(c.flops, 3211264.0);
    EXPECT_DOUBLE_EQ(c.bytes, 2.0 * 3211264.0 * 4.0);
    // mul(a, b, out) of [64] fp32: two read, one written. where(c, a, b) has three inputs.
    EXPECT_DOUBLE_EQ(
        cost("aten::mul", {T({64}), T({64}), T({64})}, {"float", "float", "float"}).bytes,
        3.0 * 256.0);
    EXPECT_DOUBLE_EQ(
        cost("aten::where", {T({64}), T({64}), T({64})}, {"bool", "float", "float"}).bytes,
        64.0 + 3.0 * 256.0);
}

TEST(AtenOpCostDataMovement, CopyAndFillCountOneFlopAnElement)
{
    // copy_(dst [16, 512, 4096] fp32, src bf16): src read at 2 B, dst written at 4 B; dst is not
    // read.
    AtenCost c = cost("aten::copy_", {T({16, 512, 4096}), T({16, 512, 4096}), S()},
                      {"float", kBf16, "Scalar"}, {"", "", "False"});
    EXPECT_DOUBLE_EQ(c.flops, 33554432.0);
    EXPECT_DOUBLE_EQ(c.bytes, 33554432.0 * 6.0);
    const std::string text = formula("aten::copy_", c);
    EXPECT_NE(text.find("1 FLOP/element of the output, the convention of RoofScope's model for "
                        "data movement (its embedding and KV-cache rows: counted as an "
                        "elementwise copy, 1 FLOP/element where a copy has none)"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("(a lower bound)"), std::string::npos) << text;
    // fill_([16, 1] int64, Scalar): only written, 128 bytes.
    c = cost("aten::fill_", {T({16, 1}), S()}, {"long int", "Scalar"}, {"", "1."});
    EXPECT_DOUBLE_EQ(c.flops, 16.0);
    EXPECT_DOUBLE_EQ(c.bytes, 128.0);
    // _to_copy([4, 4] fp32, dtype 15 = bfloat16): 64 read, 32 written.
    c = cost("aten::_to_copy", {T({4, 4}), S(), S(), S(), S(), S(), S()},
             {"float", "ScalarType", "", "", "", "Scalar", ""},
             {"", "15", "", "", "", "False", ""});
    EXPECT_DOUBLE_EQ(c.bytes, 96.0);
    // arange(0, 128256, 1, out): 128,256 int64 written; the length is in Concrete Inputs.
    c = cost("aten::arange", {S(), S(), S(), T({0})}, {"Scalar", "Scalar", "Scalar", "long int"},
             {"0", "128256", "1", ""});
    EXPECT_DOUBLE_EQ(c.flops, 128256.0);
    EXPECT_DOUBLE_EQ(c.bytes, 128256.0 * 8.0);
}

TEST(AtenOpCostDataMovement, CatOfATensorList)
{
    // RoPE's cat of two [16, 32, 512, 64] halves: 2 · 16,777,216 elements read and as many
    // written. The list's element type is not in the trace: the elements are left for the
    // importer to size from the kernel's name.
    const AtenCost c = cost("aten::cat", {L({{16, 32, 512, 64}, {16, 32, 512, 64}}), S()},
                            {"TensorList", "Scalar"}, {"", "-1"});
    EXPECT_DOUBLE_EQ(c.flops, 33554432.0);
    EXPECT_DOUBLE_EQ(c.bytes, 0.0);
    EXPECT_DOUBLE_EQ(c.listElements, 67108864.0);
    EXPECT_EQ(c.precision, "");
    EXPECT_EQ(
        elementBytesFromKernelName(
            "void at::native::(anonymous namespace)::CatArrayBatchedCopy_vectorized<at::native::"
            "(anonymous namespace)::OpaqueType<2u>, unsigned int, 3, 128, 1, 16, 16>(…)"),
        2.0);
    EXPECT_FALSE(elementBytesFromKernelName("nvjet_sm90_tst_64x16_64x16_2x1_v_bz_TNT"));
    EXPECT_NE(formula("aten::cat", c, 2.0)
                  .find("TensorList elements of 2 B, from the kernel's name (OpaqueType<2>)"),
              std::string::npos);
    EXPECT_NE(formula("aten::cat", c, 0.0)
                  .find("the TensorList's element type is not in the "
                        "trace: 1 B/element (a lower bound)"),
              std::string::npos);
    // The KV cache's first write: an empty [0] member and [16, 8, 512, 128] = 8,388,608.
    EXPECT_DOUBLE_EQ(
        cost("aten::cat", {L({{0}, {16, 8, 512, 128}}), S()}, {"TensorList", "Scalar"}).flops,
        8388608.0);
}

TEST(AtenOpCostDataMovement, GathersReadTheRowsTheyPick)
{
    // index_select(embed [128256, 4096] bf16, 0, ids [16] int64): 16 rows of 4,096 = 65,536
    // elements read and written, and 16 · 8 bytes of ids.
    AtenCost c = cost("aten::index_select", {T({128256, 4096}), S(), T({16})},
                      {kBf16, "Scalar", "long int"}, {"", "0", ""});
    EXPECT_DOUBLE_EQ(c.flops, 65536.0);
    EXPECT_DOUBLE_EQ(c.bytes, 128.0 + 2.0 * 65536.0 * 2.0);
    EXPECT_TRUE(c.dimFromTrace);
    // embedding([128256, 4096] bf16, ids [16, 512] int64): 8,192 rows = 33,554,432 elements.
    c = cost("aten::embedding", {T({128256, 4096}), T({16, 512}), S(), S(), S()},
             {kBf16, "long int", "Scalar", "Scalar", "Scalar"});
    EXPECT_DOUBLE_EQ(c.flops, 33554432.0);
    EXPECT_DOUBLE_EQ(c.bytes, 65536.0 + 2.0 * 33554432.0 * 2.0);
    // gather(self, 0, index [8192, 4096] int64, False, out): an element per index; the index,
    // as often an expanded view of [8192, 1], counted as 8,192 int64 (the trace has no strides,
    // and the H200 trace's gather moves 134 MB in 38 µs: its index cannot be 268 MB).
    c = cost("aten::gather", {T({128256, 4096}), S(), T({8192, 4096}), S(), T({8192, 4096})},
             {kBf16, "Scalar", "long int", "Scalar", kBf16});
    EXPECT_DOUBLE_EQ(c.flops, 33554432.0);
    EXPECT_DOUBLE_EQ(c.bytes, 8192.0 * 8.0 + 2.0 * 33554432.0 * 2.0);
    // index(x [16, 512, 4096] bf16, [ids [16]]): 16 rows of 512 · 4,096.
    c = cost("aten::index", {T({16, 512, 4096}), L({{16}})}, {kBf16, "TensorList"});
    EXPECT_DOUBLE_EQ(c.flops, 16.0 * 512 * 4096);
    EXPECT_DOUBLE_EQ(c.bytes, 16.0 * 8 + 2.0 * 16 * 512 * 4096 * 2);
}

// A Hugging Face MoE block between its router and its experts (Mixtral, Qwen-MoE): topk of
// the routing weights, one_hot's scatter_, nonzero of the expert mask, and each expert's
// output added into the block's output by index_add_.
TEST(AtenOpCostDataMovement, MoeDispatchAndCombineOps)
{
    // index_add_(out [16, 4096] bf16, 0, idx [5] int64, src [5, 4096] bf16, 1): 5 rows of
    // 4,096 read and written, an add each, and 5 int64 indices.
    AtenCost c = cost("aten::index_add_", {T({16, 4096}), S(), T({5}), T({5, 4096}), S()},
                      {kBf16, "Scalar", "long int", kBf16, "Scalar"});
    EXPECT_DOUBLE_EQ(c.flops, 5.0 * 4096);
    EXPECT_DOUBLE_EQ(c.bytes, 2.0 * 5 * 4096 * 2 + 5 * 8);
    // scatter_(zeros [16, 2, 8] int64, -1, idx [16, 2, 1] int64, 1): one_hot writes a 1 per
    // index; the index's 32 int64 read and 32 elements written.
    c = cost("aten::scatter_", {T({16, 2, 8}), S(), T({16, 2, 1}), S()},
             {"long int", "Scalar", "long int", "Scalar"});
    EXPECT_DOUBLE_EQ(c.flops, 32.0);
    EXPECT_DOUBLE_EQ(c.bytes, 32.0 * 8 + 32.0 * 8);
    // index_put_(cache [2, 8, 64, 128] bf16, [pos [4]], values [2, 8, 4, 128] bf16, False).
    c = cost("aten::index_put_", {T({2, 8, 64, 128}), L({{4}}), T({2, 8, 4, 128}), S()},
             {kBf16, "TensorList", kBf16, "Scalar"});
    EXPECT_DOUBLE_EQ(c.flops, 2.0 * 8 * 4 * 128);
    EXPECT_DOUBLE_EQ(c.bytes, 2.0 * (2 * 8 * 4 * 128) * 2 + 4 * 8);
    // topk(weights [16, 8] float, 2, -1, True, True) and nonzero(mask [8] bool): the input
    // read and compared once.
    c = cost("aten::topk", {T({16, 8}), S(), S(), S(), S()},
             {"float", "Scalar", "Scalar", "Scalar", "Scalar"});
    EXPECT_DOUBLE_EQ(c.flops, 128.0);
    EXPECT_DOUBLE_EQ(c.bytes, 512.0);
    c = cost("aten::nonzero", {T({8})}, {"bool"});
    EXPECT_DOUBLE_EQ(c.flops, 8.0);
    EXPECT_DOUBLE_EQ(c.bytes, 8.0);
    EXPECT_EQ(formula("aten::topk", c),
              "aten::topk: 1 FLOP/element of the input (a compare); what it writes is not "
              "counted; bytes: each tensor moved once (a lower bound)");
}

TEST(AtenOpCostReduction, DimsFromConcreteInputs)
{
    // mean([16, 512, 4096] fp32, [-1], keepdim): 33,554,432 read, 8,192 written.
    AtenCost c = cost("aten::mean", {T({16, 512, 4096}), S(), S(), S()},
                      {"float", "ScalarList", "Scalar", ""}, {"", "[-1]", "True", ""});
    EXPECT_DOUBLE_EQ(c.flops, 33554432.0);
    EXPECT_DOUBLE_EQ(c.bytes, 134217728.0 + 32768.0);
    EXPECT_TRUE(c.dimFromTrace);
    EXPECT_NE(formula("aten::mean", c).find("the output over the dims in Concrete Inputs"),
              std::string::npos);
    // Without Concrete Inputs (traces before torch 2.1) the output is one element, a bound.
    c = cost("aten::mean", {T({16, 512, 4096}), S(), S(), S()},
             {"float", "ScalarList", "Scalar", ""});
    EXPECT_DOUBLE_EQ(c.bytes, 134217728.0 + 4.0);
    EXPECT_TRUE(c.outputBoundedBelow);
    EXPECT_NE(formula("aten::mean", c)
                  .find("the output counted as 1 element (its dims are not in "
                        "the trace)"),
              std::string::npos);
    // argmax([16, 128256] fp32, -1): 16 int64 indices written.
    c = cost("aten::argmax", {T({16, 128256}), S(), S()}, {"float", "Scalar", "Scalar"},
             {"", "-1", "False"});
    EXPECT_DOUBLE_EQ(c.flops, 2052096.0);
    EXPECT_DOUBLE_EQ(c.bytes, 8208384.0 + 128.0);
    // sum([16, 513] bool, []): all dims, an int64 written.
    c = cost("aten::sum", {T({16, 513}), S(), S(), S()}, {"bool", "ScalarList", "Scalar", ""},
             {"", "[]", "False", ""});
    EXPECT_DOUBLE_EQ(c.bytes, 8208.0 + 8.0);
    // any([128256, 1] bool, -1): 128,256 bools written.
    c = cost("aten::any", {T({128256, 1}), S(), S()}, {"bool", "Scalar", "Scalar"},
             {"", "-1", "False"});
    EXPECT_DOUBLE_EQ(c.bytes, 2.0 * 128256.0);
    // max([16] int64): no dim, one value. max([4, 6] fp32, 1): 4 values and 4 int64 indices.
    EXPECT_DOUBLE_EQ(cost("aten::max", {T({16})}, {"long int"}).bytes, 136.0);
    EXPECT_DOUBLE_EQ(
        cost("aten::max", {T({4, 6}), S(), S()}, {"float", "Scalar", "Scalar"}, {"", "1", "False"})
            .bytes,
        96.0 + 16.0 + 32.0);
    // A dim beyond the rank does not fit.
    EXPECT_EQ(costOf("aten::mean", {T({4, 6}), S(), S(), S()}, {"float", "ScalarList", "", ""},
                     {"", "[2]", "False", ""})
                  .problem,
              AtenCostProblem::ShapesDoNotFit);
}

TEST(AtenOpCostReduction, SoftmaxAndCumsumKeepTheShape)
{
    // _softmax([32, 32, 128, 128] bf16): 16,777,216 elements, 5 FLOP each, read and written.
    AtenCost c = cost("aten::_softmax", {T({32, 32, 128, 128}), S(), S()},
                      {kBf16, "Scalar", "Scalar"}, {"", "-1", "False"});
    EXPECT_DOUBLE_EQ(c.flops, 5.0 * 16777216.0);
    EXPECT_DOUBLE_EQ(c.bytes, 4.0 * 16777216.0);
    c = cost("aten::log_softmax", {T({32, 1000}), S(), S()}, {"float", "Scalar", ""});
    EXPECT_DOUBLE_EQ(c.flops, 5.0 * 32000.0);
    // cumsum([16, 512] int64): 8,192 read and written at 8 B.
    c = cost("aten::cumsum", {T({16, 512}), S(), S()}, {"long int", "Scalar", ""}, {"", "-1", ""});
    EXPECT_DOUBLE_EQ(c.flops, 8192.0);
    EXPECT_DOUBLE_EQ(c.bytes, 8192.0 * 16.0);
    // native_layer_norm([8, 1024] fp32, [1024], w, b, eps): 5 FLOP an element as the model's
    // layernorm; input and output 32,768 B each, w and b 4,096 B each.
    c = cost("aten::native_layer_norm", {T({8, 1024}), S(), T({1024}), T({1024}), S()},
             {"float", "", "float", "float", "Scalar"});
    EXPECT_DOUBLE_EQ(c.flops, 5.0 * 8192.0);
    EXPECT_DOUBLE_EQ(c.bytes, 2.0 * 32768.0 + 2.0 * 4096.0);
}

TEST(AtenOpCostMatmul, BmmBaddbmmAndGroupedMm)
{
    // bmm([16, 64, 1], [16, 1, 512]) fp32: 2·16·64·512·1 FLOPs; 1,024 + 8,192 + 524,288
    // elements of 4 B.
    AtenCost c = cost("aten::bmm", {T({16, 64, 1}), T({16, 1, 512})}, {"float", "float"});
    EXPECT_DOUBLE_EQ(c.flops, 1048576.0);
    EXPECT_DOUBLE_EQ(c.bytes, (1024.0 + 8192.0 + 524288.0) * 4.0);
    EXPECT_EQ(c.unit, ComputeUnit::Vector);
    // baddbmm(bias [16, 64, 512], [16, 64, 32], [16, 32, 512]) bf16: 2·16·64·512·32 FLOPs;
    // 32,768 + 262,144 + 524,288 + 524,288 elements of 2 B.
    c = cost("aten::baddbmm", {T({16, 64, 512}), T({16, 64, 32}), T({16, 32, 512}), S(), S()},
             {kBf16, kBf16, kBf16, "Scalar", "Scalar"});
    EXPECT_DOUBLE_EQ(c.flops, 33554432.0);
    EXPECT_DOUBLE_EQ(c.bytes, (32768.0 + 262144.0 + 524288.0 + 524288.0) * 2.0);
    EXPECT_EQ(c.unit, ComputeUnit::Tensor);
    // _grouped_mm(tokens [8192, 4096] bf16, experts [8, 4096, 1536] bf16, offs [8] int32): each
    // group's rows × K × N, summed: 2·8192·4096·1536 FLOPs; 33,554,432 + 50,331,648 +
    // 12,582,912 (out) elements of 2 B, and 8 offsets of 4 B.
    c = cost("aten::_grouped_mm", {T({8192, 4096}), T({8, 4096, 1536}), T({8}), S(), S()},
             {kBf16, kBf16, "int", "", ""});
    EXPECT_DOUBLE_EQ(c.flops, 2.0 * 8192 * 4096 * 1536);
    EXPECT_DOUBLE_EQ(c.bytes, (33554432.0 + 50331648.0 + 12582912.0) * 2.0 + 32.0);
    EXPECT_EQ(c.unit, ComputeUnit::Tensor);
    EXPECT_EQ(c.precision, "bf16");
    EXPECT_EQ(
        costOf("aten::_grouped_mm", {T({8192, 4096}), T({8, 1024, 1536})}, {kBf16, kBf16}).problem,
        AtenCostProblem::ShapesDoNotFit);
}

TEST(AtenOpCostAttention, EveryEntryPointWithGqa)
{
    // q [16, 32, 512, 128], k and v [16, 8, 512, 128] bf16 (GQA, 4 queries a K/V head),
    // is_causal: 4·B·H·L·S·E = 4·16·32·512·512·128 over Q's 32 heads, no causal discount (as
    // the attention formula says); bytes: q 33,554,432 + k 8,388,608 + v 8,388,608 + out
    // 33,554,432 elements of 2 B: K and V once, at their own size.
    const double flops = 4.0 * 16 * 32 * 512 * 512 * 128; // 68,719,476,736
    const double bytes = (33554432.0 + 2.0 * 8388608.0 + 33554432.0) * 2.0;
    const std::vector<std::string> types = {kBf16,    kBf16,    kBf16,    "",       "",
                                            "",       "Scalar", "Scalar", "Scalar", "Scalar",
                                            "Scalar", "Scalar", "Scalar"};
    std::vector<TraceShape> dims = {T({16, 32, 512, 128}), T({16, 8, 512, 128}),
                                    T({16, 8, 512, 128})};
    dims.resize(types.size());
    const std::vector<std::string> concrete = {"",    "",      "",   "",     "",      "",     "512",
                                               "512", "False", "0.", "True", "False", "0.088"};
    for (const char* op :
         {"aten::_cudnn_attention_forward", "aten::_scaled_dot_product_flash_attention",
          "aten::_scaled_dot_product_efficient_attention",
          "aten::_scaled_dot_product_cudnn_attention", "aten::_scaled_dot_product_attention_math",
          "aten::scaled_dot_product_attention"}) {
        SCOPED_TRACE(op);
        const AtenCost c = cost(op, dims, types, concrete);
        EXPECT_DOUBLE_EQ(c.flops, flops);
        EXPECT_DOUBLE_EQ(c.bytes, bytes);
        EXPECT_EQ(c.unit, ComputeUnit::Tensor);
        EXPECT_NE(formula(op, c).find("4·B·H·L·S·E from Input Dims (H of the queries; no causal "
                                      "discount)"),
                  std::string::npos);
    }
    // The flash and efficient kernels take [B, L, H, E].
    for (const char* op :
         {"aten::_flash_attention_forward", "aten::_efficient_attention_forward"}) {
        SCOPED_TRACE(op);
        const AtenCost c =
            cost(op, {T({16, 512, 32, 128}), T({16, 512, 8, 128}), T({16, 512, 8, 128}), S()},
                 {kBf16, kBf16, kBf16, ""});
        EXPECT_DOUBLE_EQ(c.flops, flops);
        EXPECT_DOUBLE_EQ(c.bytes, bytes);
    }
    // A decode step: one query against 525 cached keys.
    const AtenCost decode = cost("aten::_cudnn_attention_forward",
                                 {T({16, 32, 1, 128}), T({16, 8, 525, 128}), T({16, 8, 525, 128})},
                                 {kBf16, kBf16, kBf16});
    EXPECT_DOUBLE_EQ(decode.flops, 4.0 * 16 * 32 * 1 * 525 * 128);
    EXPECT_DOUBLE_EQ(decode.bytes, (65536.0 + 2.0 * 8601600.0 + 65536.0) * 2.0);
    // Backward ops are not the forward's model.
    EXPECT_EQ(classifyAtenOp("aten::_scaled_dot_product_flash_attention_backward").family,
              AtenFamily::None);
}

TEST(AtenOpCostProblems, UnknownOpsShapesAndTypes)
{
    EXPECT_EQ(
        costOf("aten::conv2d", {T({1, 3, 224, 224}), T({64, 3, 7, 7})}, {"float", "float"}).problem,
        AtenCostProblem::NoModel);
    EXPECT_EQ(costOf("triton_poi_fused_add_cos_sin_0", {T({8})}, {"float"}).problem,
              AtenCostProblem::NoModel);
    EXPECT_EQ(
        costOf("aten::_foreach_add_", {L({{4}}), L({{4}})}, {"TensorList", "TensorList"}).problem,
        AtenCostProblem::NoModel);
    // Torch 1.9 traces may have no Input type.
    EXPECT_EQ(costOf("aten::add", {T({4}), T({4})}, {}).problem, AtenCostProblem::UnknownType);
    // A matmul given a TensorList, a cat given a tensor.
    EXPECT_EQ(costOf("aten::mm", {L({{2, 3}}), T({3, 4})}, {"TensorList", "float"}).problem,
              AtenCostProblem::ShapesDoNotFit);
    EXPECT_EQ(costOf("aten::cat", {T({2, 3}), S()}, {"float", "Scalar"}).problem,
              AtenCostProblem::ShapesDoNotFit);
    TraceShape bad = T({2, 3});
    bad.invalid = true;
    EXPECT_EQ(costOf("aten::relu", {bad}, {"float"}).problem, AtenCostProblem::ShapesDoNotFit);
}
