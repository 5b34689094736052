#include "core/measured/tilepadding.h"

#include "core/util/format.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <span>

namespace roofscope {

namespace {

// "64x8", "128x256x64" (a K side last is ignored): the tile, when both sides are a tile's size.
// Cluster and warp shapes ("2x1", "1x2x1") have sides below 8 and are not tiles.
std::optional<GemmTile> tileToken(std::string_view token)
{
    constexpr int kSmallest = 8, kLargest = 1024;
    int sides[3] = {0, 0, 0};
    int count = 0;
    const char* p = token.data();
    const char* const end = token.data() + token.size();
    while (p < end && count < 3) {
        const auto [next, ec] = std::from_chars(p, end, sides[count]);
        if (ec != std::errc() || next == p)
            return std::nullopt;
        ++count;
        p = next;
        if (p == end)
            break;
        if (*p != 'x')
            return std::nullopt;
        ++p;
    }
    if (p != end || count < 2)
        return std::nullopt;
    for (int i = 0; i < 2; ++i)
        if (sides[i] < kSmallest || sides[i] > kLargest)
            return std::nullopt;
    return GemmTile{sides[0], sides[1]};
}

bool isAlnum(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

double roundUp(double v, int side)
{
    return std::ceil(v / side) * side;
}

double product(std::span<const std::int64_t> sizes)
{
    double p = 1.0;
    for (std::int64_t s : sizes)
        p *= static_cast<double>(s);
    return p;
}

// A matmul's m, n, k and batch from its Input Dims, for the ops whose kernels are GEMMs.
struct GemmShape {
    double m = 0.0, n = 0.0, k = 0.0, batch = 1.0;
};

// How a GEMM op lays out its Input Dims, told once per op name.
enum class GemmInputs : std::uint8_t {
    None,      // not a GEMM
    First,     // mm, bmm, matmul: the matrices are inputs 0 and 1
    AfterBias, // addmm, baddbmm: the bias is input 0, the matrices 1 and 2
    Linear,    // linear: x [.., K] by a weight [N, K]
};

GemmInputs gemmInputs(std::string_view op)
{
    if (op.starts_with("aten::"))
        op.remove_prefix(6);
    if (op == "mm" || op == "bmm" || op == "matmul")
        return GemmInputs::First;
    if (op == "addmm" || op == "baddbmm")
        return GemmInputs::AfterBias;
    return op == "linear" ? GemmInputs::Linear : GemmInputs::None;
}

std::optional<GemmShape> gemmShape(GemmInputs kind, const TraceOpShape& shape)
{
    const auto& in = shape.inputs;
    auto matrices = [&](std::size_t a, std::size_t b) -> std::optional<GemmShape> {
        if (in.size() <= std::max(a, b) || in[a].size() < 2 || in[b].size() < 2)
            return std::nullopt;
        const auto& A = in[a];
        const auto& B = in[b];
        if (A.back() != B[B.size() - 2])
            return std::nullopt;
        GemmShape g{static_cast<double>(A[A.size() - 2]), static_cast<double>(B.back()),
                    static_cast<double>(A.back()), 1.0};
        g.batch = std::max(product(std::span(A).first(A.size() - 2)),
                           product(std::span(B).first(B.size() - 2)));
        return g;
    };
    switch (kind) {
    case GemmInputs::First:
        return matrices(0, 1);
    case GemmInputs::AfterBias:
        return matrices(1, 2);
    case GemmInputs::Linear: {
        if (in.size() < 2 || in[0].empty() || in[1].size() != 2 || in[0].back() != in[1][1])
            return std::nullopt;
        const auto& x = in[0];
        return GemmShape{product(std::span(x).first(x.size() - 1)), static_cast<double>(in[1][0]),
                         static_cast<double>(x.back()), 1.0};
    }
    case GemmInputs::None:
        break;
    }
    return std::nullopt;
}

std::string dimension(double v)
{
    return formatNumber(v, 12);
}

} // namespace

std::optional<GemmTile> gemmTileFromName(std::string_view name)
{
    const bool gemm = name.find("nvjet") != std::string_view::npos ||
                      name.find("cutlass") != std::string_view::npos ||
                      name.find("gemm") != std::string_view::npos;
    if (!gemm)
        return std::nullopt;
    // The first token that is a tile: nvjet and CUTLASS state the output tile before the
    // cluster and stage shapes.
    std::size_t i = 0;
    while (i < name.size()) {
        while (i < name.size() && !isAlnum(name[i]))
            ++i;
        std::size_t j = i;
        while (j < name.size() && isAlnum(name[j]))
            ++j;
        std::string_view token = name.substr(i, j - i);
        if (token.starts_with("tilesize"))
            token.remove_prefix(8);
        if (const auto tile = tileToken(token))
            return tile;
        i = j;
    }
    return std::nullopt;
}

double tiledGemmFlops(double m, double n, double k, GemmTile tile)
{
    if (tile.rows <= 0 || tile.cols <= 0)
        return 2.0 * m * n * k;
    const double one = roundUp(m, tile.rows) * roundUp(n, tile.cols);
    const double other = roundUp(m, tile.cols) * roundUp(n, tile.rows);
    return 2.0 * std::min(one, other) * k;
}

std::optional<TilePadding> tilePaddingAgainst(const MeasuredKernel& kernel, double usefulFlops)
{
    double tensor = 0.0;
    for (const auto& [precision, flops] : kernel.flopsByPrecision)
        if (precision.ends_with("-tensor"))
            tensor += flops;
    if (!(tensor > 0.0) || !(usefulFlops > 0.0) || !std::isfinite(usefulFlops) ||
        tensor < kPaddingReported * usefulFlops)
        return std::nullopt;
    TilePadding p;
    p.tile = gemmTileFromName(kernel.name).value_or(GemmTile{});
    p.usefulFlops = usefulFlops;
    p.executedFlops = tensor;
    return p;
}

std::string tilePaddingNote(const TilePadding& padding, double m, double n, double k)
{
    return "tile padding: its " + std::to_string(padding.tile.rows) + "×" +
           std::to_string(padding.tile.cols) + " tiles execute at least " +
           formatNumber(padding.factor(), 3) + "× the useful FLOPs of this " + dimension(m) +
           " × " + dimension(n) + " × " + dimension(k) + " GEMM (" +
           formatNumber(padding.paddingShare() * 100.0, 3) +
           " % of the executed work); placed at the useful FLOPs";
}

void markTilePadding(std::vector<MeasuredKernel>& kernels, const TraceContext& context)
{
    if (context.kernels.size() != kernels.size())
        return;
    // Which ops are GEMMs, asked once per op name (a trace names a few hundred a million times).
    std::vector<GemmInputs> gemmOp(context.opNames.size());
    for (std::size_t i = 0; i < context.opNames.size(); ++i)
        gemmOp[i] = gemmInputs(context.opNames[i]);
    for (std::size_t i = 0; i < kernels.size(); ++i) {
        const KernelTraceContext& c = context.kernels[i];
        MeasuredKernel& k = kernels[i];
        if (c.op >= gemmOp.size() || gemmOp[c.op] == GemmInputs::None ||
            c.shape >= context.shapes.size() || !k.flops || !(*k.flops > 0.0))
            continue;
        const auto tile = gemmTileFromName(k.name);
        if (!tile)
            continue;
        const auto g = gemmShape(gemmOp[c.op], context.shapes[c.shape]);
        if (!g || !(g->m > 0.0 && g->n > 0.0 && g->k > 0.0))
            continue;
        const double factor = tiledGemmFlops(g->m, g->n, g->k, *tile) / (2.0 * g->m * g->n * g->k);
        if (!(factor >= kPaddingReported))
            continue;
        TilePadding p{*tile, *k.flops, *k.flops * factor};
        k.executedFlops = p.executedFlops;
        k.notes.push_back(tilePaddingNote(p, g->m, g->n, g->k));
    }
}

} // namespace roofscope
