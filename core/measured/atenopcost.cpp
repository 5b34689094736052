#include "core/measured/atenopcost.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <vector>

namespace roofscope {

AtenType atenType(std::string_view inputType)
{
    if (inputType == "float")
        return {4, "fp32", false};
    if (inputType == "double")
        return {8, "fp64", false};
    if (inputType == "c10::Half" || inputType == "half")
        return {2, "fp16", true};
    if (inputType == "c10::BFloat16" || inputType == "bfloat16")
        return {2, "bf16", true};
    if (inputType.find("Float8") != std::string_view::npos)
        return {1, "fp8", true};
    if (inputType == "signed char" || inputType == "unsigned char" || inputType == "int8")
        return {1, "int8", true};
    // Integer and bool tensors (indices, masks, token ids) have sizes but no floating-point
    // precision: their kernels are placed against the vector roof like any unknown precision.
    if (inputType == "long int" || inputType == "long" || inputType == "unsigned long")
        return {8, "", false};
    if (inputType == "int" || inputType == "unsigned int")
        return {4, "", false};
    if (inputType == "short int" || inputType == "short" || inputType == "unsigned short")
        return {2, "", false};
    if (inputType == "bool")
        return {1, "", false};
    if (inputType == "c10::complex<float>")
        return {8, "fp32", false};
    if (inputType == "c10::complex<double>")
        return {16, "fp64", false};
    if (inputType == "c10::complex<c10::Half>")
        return {4, "fp16", false};
    return {};
}

namespace {

struct Entry {
    std::string_view name;
    AtenOp op;
};

AtenOp family(AtenFamily f, double flopsPerElement = 1.0)
{
    AtenOp op;
    op.family = f;
    op.flopsPerElement = flopsPerElement;
    return op;
}

AtenOp with(AtenOp op, bool AtenOp::*flag)
{
    op.*flag = true;
    return op;
}

// FLOPs per element count each arithmetic operation and each transcendental as one, as
// core/operators.cpp's elementwise and activation kinds do (silu 4, gelu 9), so that a
// measured kernel and the model's row of the same op agree. RMSNorm's pieces (pow, mean,
// rsqrt) are 1 each.
const std::vector<Entry>& table()
{
    using F = AtenFamily;
    const auto pointwise = [](double flops, std::uint8_t inputs) {
        AtenOp op = family(F::Elementwise, flops);
        op.inputs = inputs;
        return op;
    };
    const auto compare = [&](std::uint8_t inputs) {
        return with(pointwise(1.0, inputs), &AtenOp::boolOutput);
    };
    const AtenOp reduce = family(F::Reduction, 1.0);
    const AtenOp move = family(F::Copy, 1.0);
    static const std::vector<Entry> kTable = {
        {"mm", family(F::Matmul)},
        {"bmm", family(F::Matmul)},
        {"matmul", family(F::Matmul)},
        {"addmm", with(family(F::Matmul), &AtenOp::biasFirst)},
        {"baddbmm", with(family(F::Matmul), &AtenOp::biasFirst)},
        {"linear", family(F::Linear)},
        {"_grouped_mm", family(F::GroupedMatmul)},
        {"_scaled_grouped_mm", family(F::GroupedMatmul)},
        {"_cudnn_attention_forward", family(F::Attention)},
        {"_flash_attention_forward", with(family(F::Attention), &AtenOp::rowsFirst)},
        {"_efficient_attention_forward", with(family(F::Attention), &AtenOp::rowsFirst)},
        // Pointwise arithmetic and functions: one FLOP an element. The second number is how
        // many inputs the op's schema has before an out= tensor (add(self, other, alpha),
        // clamp_min(self, min)): a tensor past them is the output, written, not read.
        {"add", pointwise(1.0, 3)},
        {"sub", pointwise(1.0, 3)},
        {"rsub", pointwise(1.0, 3)},
        {"mul", pointwise(1.0, 2)},
        {"div", pointwise(1.0, 2)},
        {"true_divide", pointwise(1.0, 2)},
        {"floor_divide", pointwise(1.0, 2)},
        {"remainder", pointwise(1.0, 2)},
        {"fmod", pointwise(1.0, 2)},
        {"neg", pointwise(1.0, 1)},
        {"abs", pointwise(1.0, 1)},
        {"sign", pointwise(1.0, 1)},
        {"pow", pointwise(1.0, 2)},
        {"square", pointwise(1.0, 1)},
        {"sqrt", pointwise(1.0, 1)},
        {"rsqrt", pointwise(1.0, 1)},
        {"reciprocal", pointwise(1.0, 1)},
        {"exp", pointwise(1.0, 1)},
        {"exp2", pointwise(1.0, 1)},
        {"expm1", pointwise(1.0, 1)},
        {"log", pointwise(1.0, 1)},
        {"log2", pointwise(1.0, 1)},
        {"log1p", pointwise(1.0, 1)},
        {"sin", pointwise(1.0, 1)},
        {"cos", pointwise(1.0, 1)},
        {"tan", pointwise(1.0, 1)},
        {"tanh", pointwise(1.0, 1)},
        {"erf", pointwise(1.0, 1)},
        {"floor", pointwise(1.0, 1)},
        {"ceil", pointwise(1.0, 1)},
        {"round", pointwise(1.0, 1)},
        {"trunc", pointwise(1.0, 1)},
        {"relu", pointwise(1.0, 1)},
        {"clamp", pointwise(1.0, 3)},
        {"clamp_min", pointwise(1.0, 2)},
        {"clamp_max", pointwise(1.0, 2)},
        {"maximum", pointwise(1.0, 2)},
        {"minimum", pointwise(1.0, 2)},
        {"threshold_backward", pointwise(1.0, 3)},
        {"triu", pointwise(1.0, 2)},
        {"tril", pointwise(1.0, 2)},
        {"masked_fill", pointwise(1.0, 3)},
        {"where", with(pointwise(1.0, 3), &AtenOp::condition)},
        {"bitwise_and", pointwise(1.0, 2)},
        {"bitwise_or", pointwise(1.0, 2)},
        {"bitwise_xor", pointwise(1.0, 2)},
        {"bitwise_not", pointwise(1.0, 1)},
        {"bitwise_left_shift", pointwise(1.0, 2)},
        {"bitwise_right_shift", pointwise(1.0, 2)},
        // silu x/(1+exp(-x)): negate, exp, add, divide; sigmoid the same with 1 for x.
        {"silu", pointwise(4.0, 1)},
        {"sigmoid", pointwise(4.0, 1)},
        // gelu by its tanh approximation, as core/operators.cpp counts it; gelu(self,
        // approximate).
        {"gelu", pointwise(9.0, 2)},
        {"eq", compare(2)},
        {"ne", compare(2)},
        {"lt", compare(2)},
        {"le", compare(2)},
        {"gt", compare(2)},
        {"ge", compare(2)},
        {"isnan", compare(1)},
        {"isinf", compare(1)},
        {"isfinite", compare(1)},
        {"logical_and", compare(2)},
        {"logical_or", compare(2)},
        {"logical_xor", compare(2)},
        {"logical_not", compare(1)},
        // Data movement: one "FLOP" an element (see the Copy family's formula).
        {"copy", move},
        {"to", move},
        {"_to_copy", move},
        {"clone", move},
        {"contiguous", move},
        {"fill", family(F::Fill)},
        {"zero", family(F::Fill)},
        {"arange", family(F::Arange)},
        {"cat", family(F::Cat)},
        {"stack", family(F::Cat)},
        {"index_select", family(F::IndexSelect)},
        {"embedding", family(F::Embedding)},
        {"gather", family(F::Gather)},
        {"index", family(F::Index)},
        // A MoE block's dispatch and combine (one_hot's scatter_, index_add_ of each
        // expert's output) and the selection of its experts (topk, nonzero).
        {"index_add", family(F::Scatter)},
        {"index_copy", family(F::Scatter)},
        {"index_put", family(F::Scatter)},
        {"_index_put_impl", family(F::Scatter)},
        {"scatter", family(F::Scatter)},
        {"scatter_add", family(F::Scatter)},
        {"scatter_reduce", family(F::Scatter)},
        {"masked_scatter", family(F::Scatter)},
        {"topk", family(F::Selection)},
        {"sort", family(F::Selection)},
        {"argsort", family(F::Selection)},
        {"nonzero", family(F::Selection)},
        {"kthvalue", family(F::Selection)},
        {"_unique2", family(F::Selection)},
        {"bincount", family(F::Selection)},
        {"histc", family(F::Selection)},
        // Reductions: one FLOP an input element (a compare or an add).
        {"mean", reduce},
        {"sum", with(reduce, &AtenOp::integerSum)},
        {"nansum", with(reduce, &AtenOp::integerSum)},
        {"prod", with(reduce, &AtenOp::integerSum)},
        {"amax", reduce},
        {"amin", reduce},
        {"max", with(reduce, &AtenOp::valuesAndIndices)},
        {"min", with(reduce, &AtenOp::valuesAndIndices)},
        {"argmax", with(reduce, &AtenOp::indexOutput)},
        {"argmin", with(reduce, &AtenOp::indexOutput)},
        {"any", with(reduce, &AtenOp::boolOutput)},
        {"all", with(reduce, &AtenOp::boolOutput)},
        // Softmax: max, subtract, exp, sum, divide (log_softmax: log and subtract for the
        // last two) an element.
        {"softmax", family(F::RowWise, 5.0)},
        {"_softmax", family(F::RowWise, 5.0)},
        {"log_softmax", family(F::RowWise, 5.0)},
        {"_log_softmax", family(F::RowWise, 5.0)},
        {"cumsum", with(family(F::RowWise, 1.0), &AtenOp::integerSum)},
        {"cumprod", with(family(F::RowWise, 1.0), &AtenOp::integerSum)},
        // LayerNorm as core/operators.cpp's layernorm (mean 1, squared deviation sum 2,
        // normalize 1, affine 1); RMSNorm: square, sum, scale, weight.
        {"layer_norm", family(F::Norm, 5.0)},
        {"native_layer_norm", family(F::Norm, 5.0)},
        {"rms_norm", family(F::Norm, 4.0)},
        {"_fused_rms_norm", family(F::Norm, 4.0)},
    };
    return kTable;
}

} // namespace

bool flashAttentionHubOp(std::string_view name)
{
    const std::size_t colons = name.find("::");
    if (colons == std::string_view::npos)
        return false;
    const std::string_view space = name.substr(0, colons), op = name.substr(colons + 2);
    return (space.starts_with("_flash_attn") || space.starts_with("_vllm_flash_attn")) &&
           (op == "fwd" || op == "varlen_fwd");
}

AtenOp classifyAtenOp(std::string_view name)
{
    // The flash-attn package's own ops (attn_implementation="flash_attention_2"): [B, L, H, E],
    // or varlen.
    if (name == "flash_attn::_flash_attn_forward")
        return with(family(AtenFamily::Attention), &AtenOp::rowsFirst);
    if (name == "flash_attn::_flash_attn_varlen_forward")
        return with(family(AtenFamily::Attention), &AtenOp::varlen);
    if (flashAttentionHubOp(name))
        return with(family(AtenFamily::Attention), &AtenOp::varlenBy3d);
    constexpr std::string_view kPrefix = "aten::";
    if (name.substr(0, kPrefix.size()) != kPrefix)
        return {};
    std::string_view base = name.substr(kPrefix.size());
    // Backward ops have other inputs and other FLOPs than their forward namesakes.
    if (base.find("backward") != std::string_view::npos && base != "threshold_backward")
        return {};
    // Every scaled-dot-product entry point (flash, efficient, cudnn, the math path, the
    // public op) takes q, k, v as [B, H, L, E].
    if (base.find("scaled_dot_product") != std::string_view::npos)
        return family(AtenFamily::Attention);
    bool inPlace = false;
    if (base.size() > 1 && base.back() == '_') {
        inPlace = true;
        base.remove_suffix(1);
    }
    for (const Entry& e : table()) {
        if (e.name == base) {
            AtenOp op = e.op;
            op.inPlace = inPlace;
            return op;
        }
    }
    return {};
}

std::string_view atenProblemText(AtenCostProblem problem)
{
    switch (problem) {
    case AtenCostProblem::None:
        break;
    case AtenCostProblem::NoModel:
        return "no FLOP model for this op";
    case AtenCostProblem::ShapesDoNotFit:
        return "its Input Dims do not fit the op's FLOP model";
    case AtenCostProblem::UnknownType:
        return "an input's element type (Input type) is missing or unknown";
    }
    return {};
}

namespace {

using Sizes = std::span<const double>;

double product(Sizes s)
{
    double p = 1.0;
    for (double x : s)
        p *= x;
    return p;
}

// One input of the op as the models see it.
struct Arg {
    const TraceShape* shape = nullptr; // null past the op's last input
    AtenType type;

    bool present() const { return shape != nullptr; }
    bool bad() const { return shape && (shape->unknown || shape->invalid); }
    bool list() const { return shape && shape->list && !bad(); }
    // A Scalar, a None or a number PyTorch wrapped in a 0-d tensor: it moves nothing.
    bool scalar() const { return !shape || (!shape->list && shape->sizes.empty()); }
    // A tensor with sizes and a known element type.
    bool tensor() const { return shape && !bad() && !shape->list && !scalar() && type.bytes > 0; }
    Sizes sizes() const { return shape ? Sizes(shape->sizes) : Sizes(); }
    double elements() const { return scalar() ? 0.0 : product(sizes()); }
    double bytes() const { return elements() * type.bytes; }
};

class Args {
public:
    Args(std::span<const TraceShape> dims, std::span<const std::string> types)
        : m_dims(dims), m_types(types)
    {
    }
    std::size_t size() const { return m_dims.size(); }
    Arg operator[](std::size_t i) const
    {
        Arg a;
        if (i < m_dims.size())
            a.shape = &m_dims[i];
        if (i < m_types.size())
            a.type = atenType(m_types[i]);
        return a;
    }
    // The first input of a floating-point type: the op's precision.
    std::string_view precision() const
    {
        for (const std::string& t : m_types)
            if (const AtenType type = atenType(t); !type.precision.empty())
                return type.precision;
        return {};
    }
    // The type of the first input with a known element type, for matmuls and attention.
    AtenType firstKnown() const
    {
        for (const std::string& t : m_types)
            if (const AtenType type = atenType(t); type.bytes > 0)
                return type;
        return {};
    }

private:
    std::span<const TraceShape> m_dims;
    std::span<const std::string> m_types;
};

AtenCostResult fail(AtenCostProblem p)
{
    return {std::nullopt, p};
}

AtenCostResult done(AtenCost c)
{
    if (!std::isfinite(c.flops) || !std::isfinite(c.bytes) || !std::isfinite(c.listElements))
        return fail(AtenCostProblem::ShapesDoNotFit);
    return {c, AtenCostProblem::None};
}

// Integers in a Concrete Inputs value: "[-1]", "[0, 2]", "-1". False when it holds anything
// else; "" and "[]" give none.
bool parseInts(std::string_view text, std::array<long, 8>& out, std::size_t& count)
{
    count = 0;
    std::size_t i = 0;
    while (i < text.size()) {
        const char c = text[i];
        if (c == '[' || c == ']' || c == ',' || c == ' ') {
            ++i;
            continue;
        }
        long v = 0;
        const auto [end, ec] = std::from_chars(text.data() + i, text.data() + text.size(), v);
        if (ec != std::errc() || count == out.size())
            return false;
        out[count++] = v;
        i = static_cast<std::size_t>(end - text.data());
    }
    return true;
}

std::optional<double> parseNumber(std::string_view text)
{
    double v = 0.0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

// c10::ScalarType numbers as a trace writes a dtype argument ("15": bfloat16).
AtenType scalarTypeNumber(std::string_view text)
{
    long n = -1;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec != std::errc() || end != text.data() + text.size())
        return {};
    switch (n) {
    case 0:
        return atenType("unsigned char");
    case 1:
        return atenType("signed char");
    case 2:
        return atenType("short int");
    case 3:
        return atenType("int");
    case 4:
        return atenType("long int");
    case 5:
        return atenType("c10::Half");
    case 6:
        return atenType("float");
    case 7:
        return atenType("double");
    case 11:
        return atenType("bool");
    case 15:
        return atenType("c10::BFloat16");
    case 23:
    case 24:
        return atenType("c10::Float8_e4m3fn");
    default:
        return {};
    }
}

constexpr std::size_t kMaxRank = 16;

// Numpy broadcasting of `s` into `out` (right-aligned; a 1 stretches). False when the sizes
// do not broadcast.
bool broadcast(std::array<double, kMaxRank>& out, std::size_t& rank, Sizes s)
{
    if (s.size() > kMaxRank)
        return false;
    if (s.size() > rank) {
        const std::size_t grow = s.size() - rank;
        std::move_backward(out.begin(), out.begin() + rank, out.begin() + s.size());
        std::fill(out.begin(), out.begin() + grow, 1.0);
        rank = s.size();
    }
    const std::size_t offset = rank - s.size();
    for (std::size_t i = 0; i < s.size(); ++i) {
        double& o = out[offset + i];
        if (o == s[i] || s[i] == 1.0)
            continue;
        if (o != 1.0)
            return false;
        o = s[i];
    }
    return true;
}

AtenCostResult matmul(const Args& args, std::size_t a, std::size_t b,
                      std::optional<std::size_t> bias, std::string_view precision)
{
    const AtenType type = args.firstKnown();
    if (type.bytes == 0)
        return fail(AtenCostProblem::UnknownType);
    const Arg A = args[a], B = args[b];
    if (!A.present() || !B.present() || A.bad() || B.bad())
        return fail(AtenCostProblem::ShapesDoNotFit);
    const Sizes sa = A.sizes(), sb = B.sizes();
    if (A.list() || B.list() || sa.size() < 2 || sb.size() < 2 || sa.back() != sb[sb.size() - 2])
        return fail(AtenCostProblem::ShapesDoNotFit);
    const double m = sa[sa.size() - 2], k = sa.back(), n = sb.back();
    const double batch =
        std::max(product(sa.first(sa.size() - 2)), product(sb.first(sb.size() - 2)));
    AtenCost c;
    c.flops = 2.0 * batch * m * n * k;
    c.bytes = (product(sa) + product(sb) + batch * m * n) * type.bytes;
    if (bias && args[*bias].present() && !args[*bias].list())
        c.bytes += product(args[*bias].sizes()) * type.bytes;
    c.precision = precision;
    c.unit = type.matrixUnits ? ComputeUnit::Tensor : ComputeUnit::Vector;
    return done(c);
}

AtenCostResult linear(const Args& args, std::string_view precision)
{
    const AtenType type = args.firstKnown();
    if (type.bytes == 0)
        return fail(AtenCostProblem::UnknownType);
    const Arg x = args[0], w = args[1];
    if (!x.present() || !w.present() || x.bad() || w.bad() || x.list() || w.list() ||
        x.sizes().empty() || w.sizes().size() != 2 || x.sizes().back() != w.sizes()[1])
        return fail(AtenCostProblem::ShapesDoNotFit);
    const Sizes sx = x.sizes();
    const double m = product(sx.first(sx.size() - 1)), k = sx.back(), n = w.sizes()[0];
    AtenCost c;
    c.flops = 2.0 * m * n * k;
    c.bytes = (m * k + n * k + m * n) * type.bytes;
    if (args.size() > 2 && !args[2].list())
        c.bytes += product(args[2].sizes()) * type.bytes;
    c.precision = precision;
    c.unit = type.matrixUnits ? ComputeUnit::Tensor : ComputeUnit::Vector;
    return done(c);
}

// _grouped_mm(a, b, offs, bias, out_dtype): one matmul per group, the groups' rows (or
// columns, or K) cut at offs. Summed over the groups the FLOPs are those of one matmul of the
// whole: 2·rows·K·N for the MoE case a [rows, K] by b [G, K, N].
AtenCostResult groupedMatmul(const Args& args, std::string_view precision)
{
    const AtenType type = args.firstKnown();
    if (type.bytes == 0)
        return fail(AtenCostProblem::UnknownType);
    const Arg A = args[0], B = args[1];
    if (!A.tensor() || !B.tensor())
        return fail(AtenCostProblem::ShapesDoNotFit);
    const Sizes a = A.sizes(), b = B.sizes();
    const Arg offs = args[2];
    double flops = 0.0, out = 0.0;
    if (a.size() == 2 && b.size() == 3 && a[1] == b[1]) { // [rows, K] × [G, K, N]
        flops = 2.0 * a[0] * a[1] * b[2];
        out = a[0] * b[2];
    } else if (a.size() == 3 && b.size() == 2 && a[2] == b[0]) { // [G, M, K] × [K, columns]
        flops = 2.0 * a[1] * a[2] * b[1];
        out = a[1] * b[1];
    } else if (a.size() == 2 && b.size() == 2 && a[1] == b[0]) { // [M, K…] × [K…, N]: G outputs
        const double groups = offs.tensor() ? offs.elements() : 1.0;
        flops = 2.0 * a[0] * a[1] * b[1];
        out = groups * a[0] * b[1];
    } else if (a.size() == 3 && b.size() == 3 && a[0] == b[0] && a[2] == b[1]) { // batched
        flops = 2.0 * a[0] * a[1] * a[2] * b[2];
        out = a[0] * a[1] * b[2];
    } else {
        return fail(AtenCostProblem::ShapesDoNotFit);
    }
    AtenCost c;
    c.flops = flops;
    c.bytes = (A.elements() + B.elements() + out) * type.bytes;
    for (std::size_t i = 2; i < args.size(); ++i) // offs, bias: read once
        if (args[i].tensor())
            c.bytes += args[i].bytes();
    c.precision = precision;
    c.unit = type.matrixUnits ? ComputeUnit::Tensor : ComputeUnit::Vector;
    return done(c);
}

// q [B, H, L, E], k [B, Hkv, S, E], v [B, Hkv, S, Ev] ([B, L, H, E] for the flash and
// efficient kernels): QKᵀ and PV, 2 FLOP per multiply-add each, over the heads of Q. K and V
// with fewer heads (GQA) are read once at their own size. No causal discount: the FLOPs of a
// causal prefill are counted as if every query saw every key.
AtenCostResult attention(const AtenOp& op, const Args& args, std::string_view precision)
{
    const AtenType type = args.firstKnown();
    if (type.bytes == 0)
        return fail(AtenCostProblem::UnknownType);
    const Arg q = args[0], k = args[1], v = args[2];
    const bool varlen = op.varlen || (op.varlenBy3d && q.tensor() && q.sizes().size() == 3);
    const bool rowsFirst = op.rowsFirst || op.varlenBy3d;
    const std::size_t rank = varlen ? 3 : 4;
    if (!q.present() || !k.present() || !v.present() || q.bad() || k.bad() || v.bad() ||
        q.sizes().size() != rank || k.sizes().size() != rank || v.sizes().size() != rank)
        return fail(AtenCostProblem::ShapesDoNotFit);
    const Sizes sq = q.sizes(), sk = k.sizes(), sv = v.sizes();
    double batch = 0.0, heads = 0.0, l = 0.0, s = 0.0;
    if (varlen) {
        // Sequences of one length (a batch without padding): cu_seqlens_q has B + 1 entries.
        // It is the first 1-d tensor after v (the hub's ops take an optional out= before it).
        Arg offsets;
        for (std::size_t i = 3; i < args.size() && !offsets.tensor(); ++i)
            if (args[i].tensor() && args[i].sizes().size() == 1)
                offsets = args[i];
        if (!offsets.tensor() || offsets.sizes()[0] < 2.0)
            return fail(AtenCostProblem::ShapesDoNotFit);
        batch = offsets.sizes()[0] - 1.0;
        heads = sq[1];
        l = sq[0] / batch;
        s = sk[0] / batch;
    } else {
        batch = sq[0];
        heads = rowsFirst ? sq[2] : sq[1];
        l = rowsFirst ? sq[1] : sq[2];
        s = rowsFirst ? sk[1] : sk[2];
    }
    const double e = sq[rank - 1], ev = sv[rank - 1];
    AtenCost c;
    c.flops = 2.0 * batch * heads * l * s * e + 2.0 * batch * heads * l * s * ev;
    c.bytes = (product(sq) + product(sk) + product(sv) + batch * heads * l * ev) * type.bytes;
    // A mask, a bias or sequence offsets: read once.
    for (std::size_t i = 3; i < args.size(); ++i)
        if (args[i].tensor())
            c.bytes += args[i].bytes();
    c.precision = precision;
    c.unit = type.matrixUnits ? ComputeUnit::Tensor : ComputeUnit::Vector;
    return done(c);
}

AtenCostResult elementwise(const AtenOp& op, const Args& args, std::string_view precision)
{
    std::array<double, kMaxRank> out{};
    std::size_t rank = 0;
    double read = 0.0;
    double widest = 0.0;       // element size of the widest tensor input with sizes
    double widestScalar = 0.0; // of the widest 0-d tensor input, when none has sizes
    Arg outArg;                // an out= tensor past the schema's inputs
    for (std::size_t i = 0; i < args.size(); ++i) {
        const Arg a = args[i];
        if (a.bad() || a.list())
            return fail(AtenCostProblem::ShapesDoNotFit);
        if (i >= op.inputs && a.tensor()) {
            outArg = a;
            continue;
        }
        const bool valueInput = !(op.condition && i == 0);
        if (a.scalar()) {
            if (valueInput)
                widestScalar = std::max(widestScalar, a.type.bytes);
            continue;
        }
        if (a.type.bytes == 0)
            return fail(AtenCostProblem::UnknownType);
        if (!broadcast(out, rank, a.sizes()))
            return fail(AtenCostProblem::ShapesDoNotFit);
        read += a.bytes();
        if (valueInput)
            widest = std::max(widest, a.type.bytes);
    }
    double outElements = product(Sizes(out.data(), rank));
    double outBytes = widest > 0.0 ? widest : widestScalar;
    if (op.inPlace) {
        // The output is input 0, whatever the others broadcast to.
        const Arg self = args[0];
        if (!self.present() || self.type.bytes == 0)
            return fail(AtenCostProblem::UnknownType);
        outElements = self.scalar() ? 1.0 : self.elements();
        outBytes = self.type.bytes;
    } else if (outArg.present()) {
        outElements = outArg.elements();
        outBytes = outArg.type.bytes;
    } else if (op.boolOutput) {
        outBytes = 1.0;
    }
    if (outBytes == 0.0)
        return fail(AtenCostProblem::UnknownType);
    AtenCost c;
    c.flops = outElements * op.flopsPerElement;
    c.bytes = read + outElements * outBytes;
    c.precision = precision;
    return done(c);
}

// copy_(dst, src) writes dst from src; to/_to_copy/clone/contiguous write a copy of input 0
// (to/_to_copy in the dtype of Concrete Inputs when it is there).
AtenCostResult copy(const AtenOp& op, const Args& args, std::span<const std::string> concrete,
                    std::string_view precision)
{
    const Arg src = args[op.inPlace ? 1 : 0];
    const Arg dst = args[0];
    if (!src.present() || src.bad() || src.list() || dst.bad() || dst.list())
        return fail(AtenCostProblem::ShapesDoNotFit);
    if (src.type.bytes == 0 && !src.scalar())
        return fail(AtenCostProblem::UnknownType);
    AtenType outType = dst.type;
    if (!op.inPlace && concrete.size() > 1)
        if (const AtenType t = scalarTypeNumber(concrete[1]); t.bytes > 0)
            outType = t;
    if (outType.bytes == 0)
        return fail(AtenCostProblem::UnknownType);
    const double outElements = dst.scalar() ? 1.0 : dst.elements();
    AtenCost c;
    c.flops = outElements;
    c.bytes = src.bytes() + outElements * outType.bytes;
    c.precision = precision;
    return done(c);
}

AtenCostResult fill(const Args& args, std::string_view precision)
{
    const Arg self = args[0];
    if (!self.present() || self.bad() || self.list())
        return fail(AtenCostProblem::ShapesDoNotFit);
    if (self.type.bytes == 0)
        return fail(AtenCostProblem::UnknownType);
    const double n = self.scalar() ? 1.0 : self.elements();
    AtenCost c;
    c.flops = n;
    c.bytes = n * self.type.bytes;
    c.precision = precision;
    return done(c);
}

// arange(start, end, step, out): ⌈(end − start) / step⌉ elements of the out tensor's type;
// the bounds are Scalars whose values only Concrete Inputs give.
AtenCostResult arange(const Args& args, std::span<const std::string> types,
                      std::span<const std::string> concrete, std::string_view precision)
{
    std::array<double, 3> v{};
    std::size_t count = 0;
    for (std::size_t i = 0; i < args.size() && i < types.size() && count < 3; ++i) {
        if (types[i] != "Scalar" || i >= concrete.size())
            break;
        const std::optional<double> x = parseNumber(concrete[i]);
        if (!x)
            break;
        v[count++] = *x;
    }
    if (count == 0)
        return fail(AtenCostProblem::ShapesDoNotFit);
    const double start = count >= 2 ? v[0] : 0.0;
    const double end = count >= 2 ? v[1] : v[0];
    const double step = count == 3 ? v[2] : 1.0;
    if (step == 0.0)
        return fail(AtenCostProblem::ShapesDoNotFit);
    double elementBytes = 0.0;
    for (std::size_t i = count; i < args.size(); ++i)
        if (args[i].type.bytes > 0 && !args[i].list())
            elementBytes = args[i].type.bytes;
    if (elementBytes == 0.0)
        return fail(AtenCostProblem::UnknownType);
    const double n = std::max(0.0, std::ceil((end - start) / step));
    AtenCost c;
    c.flops = n;
    c.bytes = n * elementBytes;
    c.precision = precision;
    return done(c);
}

AtenCostResult reduction(const AtenOp& op, const Args& args, std::span<const std::string> concrete,
                         std::string_view precision)
{
    const Arg self = args[0];
    if (!self.present() || self.bad() || self.list())
        return fail(AtenCostProblem::ShapesDoNotFit);
    if (self.type.bytes == 0)
        return fail(AtenCostProblem::UnknownType);
    // max(a, b) and min(a, b) of two tensors are pointwise.
    if (op.valuesAndIndices && args[1].present() && !args[1].scalar()) {
        AtenOp pointwise = op;
        pointwise.family = AtenFamily::Elementwise;
        return elementwise(pointwise, args, precision);
    }
    const Sizes s = self.sizes();
    const double in = self.scalar() ? 1.0 : product(s);
    AtenCost c;
    double out = 1.0;
    bool alongDims = false;
    // Without a dim argument (one input, or None) the reduction is over everything.
    if (args.size() > 1 && args[1].scalar()) {
        if (concrete.size() > 1) {
            std::array<long, 8> dims{};
            std::size_t count = 0;
            if (!parseInts(concrete[1], dims, count))
                return fail(AtenCostProblem::ShapesDoNotFit);
            if (count > 0) {
                std::array<bool, kMaxRank> reduced{};
                if (s.size() > kMaxRank)
                    return fail(AtenCostProblem::ShapesDoNotFit);
                for (std::size_t i = 0; i < count; ++i) {
                    const long rank = static_cast<long>(s.size());
                    const long d = dims[i] < 0 ? dims[i] + rank : dims[i];
                    if (rank == 0 && (d == 0 || d == -1))
                        continue; // a 0-d tensor reduced along its one "dim"
                    if (d < 0 || d >= rank)
                        return fail(AtenCostProblem::ShapesDoNotFit);
                    reduced[static_cast<std::size_t>(d)] = true;
                }
                for (std::size_t i = 0; i < s.size(); ++i)
                    if (!reduced[i])
                        out *= s[i];
                alongDims = true;
            }
            c.dimFromTrace = true;
        } else {
            // The dims are in Concrete Inputs, which older traces do not have: the output
            // is counted as one element, a lower bound of its bytes.
            c.outputBoundedBelow = true;
        }
    }
    double outBytes = self.type.bytes;
    if (op.indexOutput || (op.integerSum && !op.boolOutput && self.type.precision.empty()))
        outBytes = 8.0; // int64 indices, or an integer sum promoted to int64
    else if (op.boolOutput)
        outBytes = 1.0;
    c.flops = in * op.flopsPerElement;
    c.bytes = in * self.type.bytes + out * outBytes;
    if (op.valuesAndIndices && alongDims)
        c.bytes += out * 8.0; // the int64 indices beside the values
    c.precision = precision;
    return done(c);
}

AtenCostResult rowWise(const AtenOp& op, const Args& args, std::span<const std::string> concrete,
                       std::string_view precision)
{
    const Arg self = args[0];
    if (!self.present() || self.bad() || self.list())
        return fail(AtenCostProblem::ShapesDoNotFit);
    if (self.type.bytes == 0)
        return fail(AtenCostProblem::UnknownType);
    const double n = self.scalar() ? 1.0 : self.elements();
    double outBytes = self.type.bytes;
    if (op.integerSum && self.type.precision.empty())
        outBytes = 8.0;
    // _softmax(self, dim, half_to_float): True writes fp32.
    if (concrete.size() > 2 && concrete[2] == "True" && self.type.bytes == 2)
        outBytes = 4.0;
    AtenCost c;
    c.flops = n * op.flopsPerElement;
    c.bytes = n * (self.type.bytes + outBytes);
    c.precision = precision;
    return done(c);
}

// layer_norm(input, normalized_shape, weight, bias, …), rms_norm(input, normalized_shape,
// weight, eps): the input and the parameters read, an output of the input's shape written.
AtenCostResult norm(const AtenOp& op, const Args& args, std::string_view precision)
{
    const Arg x = args[0];
    if (!x.tensor())
        return x.present() && !x.bad() && !x.list() && x.type.bytes == 0
                   ? fail(AtenCostProblem::UnknownType)
                   : fail(AtenCostProblem::ShapesDoNotFit);
    AtenCost c;
    c.flops = x.elements() * op.flopsPerElement;
    c.bytes = 2.0 * x.bytes();
    for (std::size_t i = 2; i < args.size(); ++i)
        if (args[i].tensor())
            c.bytes += args[i].bytes();
    c.precision = precision;
    return done(c);
}

// cat(tensors, dim[, out]): every member read once, the output (their sum) written once. The
// trace gives the list's type as "TensorList", not its element type: unless an out tensor
// names it, the elements are counted in listElements for the importer to size.
AtenCostResult cat(const Args& args, std::string_view precision)
{
    const Arg list = args[0];
    if (!list.list())
        return fail(AtenCostProblem::ShapesDoNotFit);
    const TraceShape& shape = *list.shape;
    double n = 0.0;
    for (std::size_t i = 0; i < shape.members(); ++i)
        n += product(shape.member(i));
    AtenCost c;
    c.flops = n;
    c.precision = precision;
    if (args[2].tensor()) {
        c.bytes = 2.0 * n * args[2].type.bytes;
    } else {
        c.listElements = 2.0 * n;
    }
    return done(c);
}

// Gathers read the rows they pick, not the whole table: the indices and the picked elements
// are read once, the output written once.
AtenCostResult gathered(const Arg& table, const Arg& index, double out, std::string_view precision)
{
    AtenCost c;
    c.flops = out;
    c.bytes = index.bytes() + 2.0 * out * table.type.bytes;
    c.precision = precision;
    return done(c);
}

AtenCostResult indexSelect(const Args& args, std::span<const std::string> concrete,
                           std::string_view precision)
{
    const Arg self = args[0], index = args[2];
    if (!self.tensor() || !index.present() || index.bad() || index.list())
        return fail(AtenCostProblem::ShapesDoNotFit);
    if (index.type.bytes == 0 && !index.scalar())
        return fail(AtenCostProblem::UnknownType);
    const Sizes s = self.sizes();
    const double picked = index.scalar() ? 1.0 : index.elements();
    std::array<long, 8> dims{};
    std::size_t count = 0;
    double along = 0.0;
    bool fromTrace = false;
    if (concrete.size() > 1 && parseInts(concrete[1], dims, count) && count == 1) {
        const long rank = static_cast<long>(s.size());
        const long d = dims[0] < 0 ? dims[0] + rank : dims[0];
        if (d < 0 || d >= rank)
            return fail(AtenCostProblem::ShapesDoNotFit);
        along = s[static_cast<std::size_t>(d)];
        fromTrace = true;
    } else {
        // Without the dim, the largest: the fewest elements a row can hold, a lower bound.
        along = *std::max_element(s.begin(), s.end());
    }
    const double out = along > 0.0 ? product(s) / along * picked : 0.0;
    AtenCostResult r = gathered(self, index, out, precision);
    if (r.cost) {
        r.cost->dimFromTrace = fromTrace;
        r.cost->outputBoundedBelow = !fromTrace;
    }
    return r;
}

AtenCostResult embedding(const Args& args, std::string_view precision)
{
    const Arg weight = args[0], indices = args[1];
    if (!weight.tensor() || weight.sizes().size() != 2 || !indices.present() || indices.bad() ||
        indices.list())
        return fail(AtenCostProblem::ShapesDoNotFit);
    if (indices.type.bytes == 0 && !indices.scalar())
        return fail(AtenCostProblem::UnknownType);
    const double rows = indices.scalar() ? 1.0 : indices.elements();
    return gathered(weight, indices, rows * weight.sizes()[1], precision);
}

// gather(self, dim, index, sparse_grad[, out]): an element per index. The index is often an
// expanded view (ids [N, 1] expanded to [N, H] to pick whole rows: ATen's vectorized gather
// kernel) and the trace gives no strides, so it is counted as one element a row: a lower bound.
AtenCostResult gather(const Args& args, std::string_view precision)
{
    const Arg self = args[0], index = args[2];
    if (!self.tensor() || !index.tensor())
        return fail(AtenCostProblem::ShapesDoNotFit);
    const Sizes s = index.sizes();
    const double out = index.elements();
    AtenCost c;
    c.flops = out;
    c.bytes =
        (s.back() > 0.0 ? out / s.back() : 0.0) * index.type.bytes + 2.0 * out * self.type.bytes;
    c.precision = precision;
    return done(c);
}

// index(self, indices): advanced indexing by a list of integer index tensors, one per leading
// dim (an empty member, None, keeps its dim). The output is the indices' broadcast shape by
// the dims kept. The list's element type is not in the trace: int64 indices are assumed (a
// bool mask would pick fewer elements).
AtenCostResult index(const Args& args, std::string_view precision)
{
    const Arg self = args[0], list = args[1];
    if (!self.tensor() || !list.list())
        return fail(AtenCostProblem::ShapesDoNotFit);
    const Sizes s = self.sizes();
    const TraceShape& indices = *list.shape;
    if (indices.members() > s.size())
        return fail(AtenCostProblem::ShapesDoNotFit);
    std::array<double, kMaxRank> shape{};
    std::size_t rank = 0;
    double kept = 1.0, indexElements = 0.0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const Sizes member = i < indices.members() ? indices.member(i) : Sizes();
        if (member.empty()) {
            kept *= s[i];
            continue;
        }
        if (!broadcast(shape, rank, member))
            return fail(AtenCostProblem::ShapesDoNotFit);
        indexElements += product(member);
    }
    const double out = product(Sizes(shape.data(), rank)) * kept;
    AtenCost c;
    c.flops = out;
    c.bytes = indexElements * 8.0 + 2.0 * out * self.type.bytes;
    c.precision = precision;
    return done(c);
}

// index_add_(self, dim, index, source), scatter_(self, dim, index, src), index_put_(self,
// indices, values): the source (the largest input of self's type after self; else, a scalar
// written, the index) is read, written into self's picked rows, and its indices read: one
// FLOP (an add or a store) a source element. Self's other rows are not touched.
AtenCostResult scatter(const Args& args, std::string_view precision)
{
    const Arg self = args[0];
    if (!self.tensor())
        return fail(AtenCostProblem::ShapesDoNotFit);
    double source = 0.0, indexElements = 0.0, indexBytes = 8.0;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const Arg a = args[i];
        if (a.list()) {
            for (std::size_t m = 0; m < a.shape->members(); ++m)
                indexElements += product(a.shape->member(m));
        } else if (a.tensor() && a.type.bytes == self.type.bytes &&
                   a.type.precision == self.type.precision && !self.type.precision.empty()) {
            source = std::max(source, a.elements());
        } else if (a.tensor() && a.type.precision.empty() && a.elements() > indexElements) {
            indexElements = a.elements();
            indexBytes = a.type.bytes;
        }
    }
    const double moved = source > 0.0 ? source : indexElements;
    if (moved <= 0.0)
        return fail(AtenCostProblem::ShapesDoNotFit);
    AtenCost c;
    c.flops = moved;
    c.bytes = (source > 0.0 ? 2.0 : 1.0) * moved * self.type.bytes + indexElements * indexBytes;
    c.precision = precision;
    return done(c);
}

// topk, sort, nonzero: each input element read and compared once; what they write (k values
// and indices, a sorted copy, the nonzero indices) is not counted: its size is not in Input
// Dims for most of them, so the bytes are a lower bound.
AtenCostResult selection(const Args& args, std::string_view precision)
{
    const Arg self = args[0];
    if (!self.tensor())
        return fail(AtenCostProblem::ShapesDoNotFit);
    AtenCost c;
    c.flops = self.elements();
    c.bytes = self.bytes();
    c.precision = precision;
    return done(c);
}

} // namespace

AtenCostResult atenOpCost(const AtenOp& op, std::span<const TraceShape> dims,
                          std::span<const std::string> types, std::span<const std::string> concrete)
{
    const Args args(dims, types);
    const std::string_view precision = args.precision();
    switch (op.family) {
    case AtenFamily::None:
        break;
    case AtenFamily::Matmul:
        // addmm(bias, a, b), baddbmm(bias, a, b): the matrices are inputs 1 and 2.
        if (op.biasFirst)
            return matmul(args, 1, 2, 0, precision);
        return matmul(args, 0, 1, std::nullopt, precision);
    case AtenFamily::Linear:
        return linear(args, precision);
    case AtenFamily::GroupedMatmul:
        return groupedMatmul(args, precision);
    case AtenFamily::Attention:
        return attention(op, args, precision);
    case AtenFamily::Elementwise:
        return elementwise(op, args, precision);
    case AtenFamily::Copy:
        return copy(op, args, concrete, precision);
    case AtenFamily::Fill:
        return fill(args, precision);
    case AtenFamily::Arange:
        return arange(args, types, concrete, precision);
    case AtenFamily::Reduction:
        return reduction(op, args, concrete, precision);
    case AtenFamily::RowWise:
        return rowWise(op, args, concrete, precision);
    case AtenFamily::Norm:
        return norm(op, args, precision);
    case AtenFamily::Cat:
        return cat(args, precision);
    case AtenFamily::IndexSelect:
        return indexSelect(args, concrete, precision);
    case AtenFamily::Embedding:
        return embedding(args, precision);
    case AtenFamily::Gather:
        return gather(args, precision);
    case AtenFamily::Index:
        return index(args, precision);
    case AtenFamily::Scatter:
        return scatter(args, precision);
    case AtenFamily::Selection:
        return selection(args, precision);
    }
    return fail(AtenCostProblem::NoModel);
}

std::optional<double> elementBytesFromKernelName(std::string_view kernelName)
{
    constexpr std::string_view kOpaque = "OpaqueType<";
    const std::size_t at = kernelName.find(kOpaque);
    if (at == std::string_view::npos)
        return std::nullopt;
    const char* from = kernelName.data() + at + kOpaque.size();
    unsigned n = 0;
    const auto [end, ec] = std::from_chars(from, kernelName.data() + kernelName.size(), n);
    if (ec != std::errc() || (n != 1 && n != 2 && n != 4 && n != 8 && n != 16))
        return std::nullopt;
    return static_cast<double>(n);
}

namespace {

std::string perElement(double flops)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", flops);
    return std::string(text) + " FLOP/element";
}

} // namespace

std::string atenFormula(const AtenOp& op, const AtenCost& cost, std::string_view opName,
                        double listElementBytes, bool traceFlops, std::string_view sharing)
{
    std::string f(opName);
    f += ": ";
    if (traceFlops) {
        f += "flops from the trace (with_flops=True)";
        f += sharing;
    }
    // Each input read once and the output written once; kept short, as every kernel of a
    // million-kernel trace holds its formula.
    constexpr std::string_view kMoved = "; bytes: each tensor moved once (a lower bound)";
    constexpr std::string_view kGathered =
        "; bytes: the indices and the rows picked moved once (a lower bound)";
    constexpr std::string_view kCopy =
        "1 FLOP/element of the output, the convention of RoofScope's model for data movement "
        "(its embedding and KV-cache rows: counted as an elementwise copy, 1 FLOP/element where "
        "a copy has none)";
    switch (traceFlops ? AtenFamily::None : op.family) {
    case AtenFamily::None:
        break;
    case AtenFamily::Matmul:
    case AtenFamily::Linear:
        f += "2·M·N·K from Input Dims";
        break;
    case AtenFamily::GroupedMatmul:
        f += "2·rows·K·N summed over the groups, from Input Dims";
        break;
    case AtenFamily::Attention:
        f += "4·B·H·L·S·E from Input Dims (H of the queries; no causal discount)";
        break;
    case AtenFamily::Elementwise:
        f += perElement(op.flopsPerElement) + " of the output (" +
             (op.inPlace ? "input 0, written in place" : "the broadcast shape of the inputs") + ")";
        break;
    case AtenFamily::Copy:
    case AtenFamily::Fill:
    case AtenFamily::Arange:
    case AtenFamily::Cat:
    case AtenFamily::IndexSelect:
    case AtenFamily::Embedding:
    case AtenFamily::Gather:
    case AtenFamily::Index:
        f += kCopy;
        break;
    case AtenFamily::Scatter:
        f += "1 FLOP/element of the source (an add or a store into the picked rows)";
        break;
    case AtenFamily::Selection:
        f += "1 FLOP/element of the input (a compare); what it writes is not counted";
        break;
    case AtenFamily::Reduction:
        f += "1 FLOP/element of the input";
        if (cost.outputBoundedBelow)
            f += ", the output counted as 1 element (its dims are not in the trace)";
        else if (cost.dimFromTrace)
            f += ", the output over the dims in Concrete Inputs";
        break;
    case AtenFamily::RowWise:
        f += perElement(op.flopsPerElement) +
             (op.flopsPerElement == 5.0 ? " (max, subtract, exp, sum, divide)" : "");
        break;
    case AtenFamily::Norm:
        f += perElement(op.flopsPerElement);
        break;
    }
    if (!traceFlops)
        f += sharing;
    const bool gathers = op.family == AtenFamily::IndexSelect ||
                         op.family == AtenFamily::Embedding || op.family == AtenFamily::Gather ||
                         op.family == AtenFamily::Index;
    f += gathers ? kGathered : kMoved;
    if (op.family == AtenFamily::IndexSelect && cost.outputBoundedBelow)
        f += "; the dim not in the trace: rows of the largest dim (a lower bound)";
    if (op.family == AtenFamily::Gather)
        f += "; the index counted as one element a row (often an expanded view)";
    if (op.family == AtenFamily::Index)
        f += "; int64 indices assumed";
    if (cost.listElements > 0.0) {
        if (listElementBytes > 0.0) {
            char size[16];
            std::snprintf(size, sizeof size, "%g", listElementBytes);
            f += std::string("; TensorList elements of ") + size +
                 " B, from the kernel's name (OpaqueType<" + size + ">)";
        } else {
            f += "; the TensorList's element type is not in the trace: 1 B/element (a lower bound)";
        }
    }
    return f;
}

} // namespace roofscope
