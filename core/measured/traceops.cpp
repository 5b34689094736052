#include "core/measured/traceops.h"

#include "core/measured/atenopcost.h"

#include <algorithm>
#include <cctype>
#include <numeric>
#include <string>

namespace roofscope {

double traceNumel(const TraceSizes& sizes)
{
    double n = 1.0;
    for (std::int64_t v : sizes)
        n *= static_cast<double>(v);
    return n;
}

std::optional<TraceGemm> traceGemmOf(std::string_view op, const TraceOpShape& s)
{
    const auto& in = s.inputs;
    if (op == "aten::mm" && in.size() >= 2 && in[0].size() == 2 && in[1].size() == 2)
        return TraceGemm{double(in[0][0]), double(in[0][1]), double(in[1][1])};
    if (op == "aten::addmm" && in.size() >= 3 && in[1].size() == 2 && in[2].size() == 2)
        return TraceGemm{double(in[1][0]), double(in[1][1]), double(in[2][1])};
    if (op == "aten::linear" && in.size() >= 2 && in[0].size() >= 2 && in[1].size() == 2)
        return TraceGemm{traceNumel(in[0]) / double(in[0].back()), double(in[0].back()),
                         double(in[1][0])};
    if (op == "aten::matmul" && in.size() >= 2 && in[0].size() >= 2 && in[1].size() == 2)
        return TraceGemm{traceNumel(in[0]) / double(in[0].back()), double(in[0].back()),
                         double(in[1][1])};
    if (op == "aten::_grouped_mm" && in.size() >= 2 && in[0].size() == 2 && in[1].size() == 3)
        return TraceGemm{double(in[0][0]), double(in[0][1]), double(in[1][2]), true};
    if (op == "aten::bmm" && in.size() >= 2 && in[0].size() == 3 && in[1].size() == 3 &&
        in[0][0] == in[1][0]) {
        const TraceSizes& a = in[0];
        const TraceSizes& b = in[1];
        if (b[2] == 1 && a[2] == b[1]) // weight · x: [S, N, K] × [S, K, 1]
            return TraceGemm{double(a[0]), double(a[2]), double(a[1]), false, true};
        if (a[1] == 1 && a[2] == b[1]) // x · weight: [S, 1, K] × [S, K, N]
            return TraceGemm{double(a[0]), double(a[2]), double(b[2]), false, true};
    }
    return std::nullopt;
}

namespace {

// Eager attention (attn_implementation="eager", or SDPA's math path) as matmuls: QKᵀ is a
// bmm [B·H, L, E] × [B·H, E, S] (or a matmul of [B, H, L, E] by [B, H, E, S]) with E the head
// size, its K repeated to the query heads.
std::optional<TraceAttention> eagerScoresOf(std::string_view op, const TraceOpShape& s,
                                            double heads, double headDim)
{
    const auto& in = s.inputs;
    if (heads <= 0.0 || in.size() < 2 || in[0].size() != in[1].size())
        return std::nullopt;
    const TraceSizes& q = in[0];
    const TraceSizes& k = in[1];
    if (op == "aten::bmm" && q.size() == 3 && q[0] == k[0] && double(q[2]) == headDim &&
        k[1] == q[2] && q[0] % std::int64_t(heads) == 0)
        return TraceAttention{double(q[0]) / heads, heads,   double(q[1]), heads,
                              double(k[2]),         headDim, true};
    if (op == "aten::matmul" && q.size() == 4 && q[0] == k[0] && q[1] == k[1] &&
        double(q[1]) == heads && double(q[3]) == headDim && k[2] == q[3])
        return TraceAttention{double(q[0]), heads,   double(q[2]), heads,
                              double(k[3]), headDim, true};
    return std::nullopt;
}

} // namespace

// Every attention entry point takes q, k, v first. The scaled_dot_product ops and cuDNN's
// take [B, H, L, E]; the flash and efficient kernels' own ops [B, L, H, E].
std::optional<TraceAttention> traceAttentionOf(std::string_view op, const TraceOpShape& s,
                                               double heads, double headDim)
{
    const auto& in = s.inputs;
    // The flash-attn package (attn_implementation="flash_attention_2"): Hugging Face unpads a
    // batch with an attention mask into the varlen op, q [T, H, E] and k [Tk, KV, E] of B
    // sequences end to end (cu_seqlens_q [B + 1] fourth), else q [B, L, H, E].
    const bool hub = flashAttentionHubOp(op);
    if (op == "flash_attn::_flash_attn_varlen_forward" ||
        (hub && !in.empty() && in[0].size() == 3)) {
        // cu_seqlens_q: the first 1-d tensor after q, k and v (the kernels hub's ops take an
        // optional out= before it).
        std::size_t offsets = 3;
        while (offsets < in.size() && in[offsets].size() != 1)
            ++offsets;
        if (in.size() <= offsets || in[0].size() != 3 || in[1].size() != 3 || in[offsets][0] < 2)
            return std::nullopt;
        const double batch = double(in[offsets][0] - 1);
        return TraceAttention{batch,
                              double(in[0][1]),
                              double(in[0][0]) / batch,
                              double(in[1][1]),
                              double(in[1][0]) / batch,
                              double(in[0][2])};
    }
    if (op.find("attention") == std::string_view::npos && op != "flash_attn::_flash_attn_forward" &&
        !hub)
        return eagerScoresOf(op, s, heads, headDim);
    if (in.size() < 3 || in[0].size() != 4 || in[1].size() != 4)
        return std::nullopt;
    const TraceSizes& q = in[0];
    const TraceSizes& k = in[1];
    if (op == "aten::_flash_attention_forward" || op == "aten::_efficient_attention_forward" ||
        op == "flash_attn::_flash_attn_forward" || hub)
        return TraceAttention{double(q[0]), double(q[2]), double(q[1]),
                              double(k[2]), double(k[1]), double(q[3])};
    return TraceAttention{double(q[0]), double(q[1]), double(q[2]),
                          double(k[1]), double(k[2]), double(q[3])};
}

bool traceLookupOp(std::string_view op)
{
    for (std::string_view name :
         {"aten::embedding", "aten::index_select", "aten::gather", "aten::index", "aten::take"})
        if (op == name)
            return true;
    return false;
}

std::vector<std::pair<std::int64_t, std::int64_t>> traceLookupTables(const TraceContext& trace)
{
    std::vector<std::pair<std::int64_t, std::int64_t>> tables;
    std::vector<bool> seen(trace.shapes.size(), false);
    for (const KernelTraceContext& k : trace.kernels) {
        if (k.shape == KernelTraceContext::kNone || k.op == KernelTraceContext::kNone ||
            seen[k.shape] || !traceLookupOp(trace.opNames[k.op]))
            continue;
        seen[k.shape] = true;
        const auto& in = trace.shapes[k.shape].inputs;
        if (!in.empty() && in[0].size() == 2) {
            const std::pair<std::int64_t, std::int64_t> table{in[0][0], in[0][1]};
            if (std::find(tables.begin(), tables.end(), table) == tables.end())
                tables.push_back(table);
        }
    }
    return tables;
}

std::string_view TraceRuns::opName(const TraceRun& r) const
{
    return r.op == KernelTraceContext::kNone ? std::string_view("(no op)")
                                             : std::string_view(trace->opNames[r.op]);
}

std::optional<TraceGemm> TraceRuns::gemm(const TraceRun& r) const
{
    return r.shape ? traceGemmOf(opName(r), *r.shape) : std::nullopt;
}

TraceRuns traceRuns(const TraceContext& trace)
{
    TraceRuns out;
    out.trace = &trace;
    const std::size_t n = trace.kernels.size();
    out.order.resize(n);
    std::iota(out.order.begin(), out.order.end(), std::size_t{0});
    std::stable_sort(out.order.begin(), out.order.end(), [&](std::size_t a, std::size_t b) {
        return trace.kernels[a].startUs < trace.kernels[b].startUs;
    });
    for (std::size_t i = 0; i < n; ++i) {
        const KernelTraceContext& k = trace.kernels[out.order[i]];
        if (!out.runs.empty() && k.externalId >= 0 &&
            trace.kernels[out.order[out.runs.back().end - 1]].externalId == k.externalId) {
            out.runs.back().end = i + 1;
            continue;
        }
        out.runs.push_back(
            {i, i + 1, k.op,
             k.shape == KernelTraceContext::kNone ? nullptr : &trace.shapes[k.shape]});
    }
    return out;
}

std::string_view engineAttentionOp(const TraceRuns& t, std::size_t begin, std::size_t end)
{
    std::string_view best;
    int bestRank = 0;
    for (std::size_t r = begin; r < end && r < t.runs.size() && bestRank < 2; ++r) {
        if (!t.runs[r].shape)
            continue;
        std::string lower(t.opName(t.runs[r]));
        std::transform(lower.begin(), lower.end(), lower.begin(),
                       [](unsigned char c) { return char(std::tolower(c)); });
        auto says = [&](std::initializer_list<const char*> words) {
            return std::any_of(words.begin(), words.end(),
                               [&](const char* w) { return lower.find(w) != std::string::npos; });
        };
        const int rank = says({"attention", "attn"}) ? 2 : says({"mha", "flash", "paged"}) ? 1 : 0;
        if (rank > bestRank) {
            bestRank = rank;
            best = t.opName(t.runs[r]);
        }
    }
    return best;
}

} // namespace roofscope
