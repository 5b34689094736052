#pragma once

#include "core/measured/kernelcontext.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace roofscope {

// A PyTorch trace's ops read as a transformer's (for splitTracePasses and modelFromTrace): the
// matmuls a linear layer ends in and the attention entry points, from their Input Dims, and the
// kernels grouped by the op that launched them.

using TraceSizes = std::vector<std::int64_t>;

double traceNumel(const TraceSizes& sizes);

// A matmul's rows, K and N from its op's Input Dims (mm, addmm, linear, matmul, _grouped_mm,
// and a bmm of one row a matrix).
struct TraceGemm {
    double m = 0.0, k = 0.0, n = 0.0;
    bool grouped = false; // _grouped_mm: MoE experts
    // A bmm of one row by one matrix each, [S, N, K] × [S, K, 1] or [S, 1, K] × [S, K, N]:
    // Hugging Face's batched_mm experts (each routed token times its expert's gathered
    // weights), or eager attention's decode QKᵀ, which the caller tells apart.
    bool batched = false;
};
std::optional<TraceGemm> traceGemmOf(std::string_view op, const TraceOpShape& s);

struct TraceAttention {
    double batch = 0.0, heads = 0.0, queryLength = 0.0, kvHeads = 0.0, keyLength = 0.0;
    double headDim = 0.0;
    bool eager = false; // QKᵀ of the math path: softmax and the product with V follow
};
// Every attention entry point (the scaled_dot_product ops, cuDNN's, the flash and efficient
// kernels' own ops); with `heads` and `headDim` known, eager attention's QKᵀ matmul too.
std::optional<TraceAttention> traceAttentionOf(std::string_view op, const TraceOpShape& s,
                                               double heads, double headDim);

// An op that looks rows up in a table: the embedding when its table is [vocab, hidden].
bool traceLookupOp(std::string_view op);

// The [rows, width] tables the trace's lookups read, each once, in one pass over its kernels:
// a model whose [vocabulary, hidden] is not among them (when there are any) did not run it.
std::vector<std::pair<std::int64_t, std::int64_t>> traceLookupTables(const TraceContext& trace);

// Consecutive kernels (in launch order) of one op: a split-K GEMM's GEMM and its reduction.
struct TraceRun {
    std::size_t begin = 0, end = 0; // into TraceRuns::order
    std::uint32_t op = KernelTraceContext::kNone;
    const TraceOpShape* shape = nullptr; // null when the op has no Input Dims
};

struct TraceRuns {
    std::vector<std::size_t> order; // kernel indices by start time
    std::vector<TraceRun> runs;
    const TraceContext* trace = nullptr;
    // The op's name, "(no op)" for a kernel no op launched.
    std::string_view opName(const TraceRun& r) const;
    std::optional<TraceGemm> gemm(const TraceRun& r) const;
};

// `trace`'s kernels in launch order, grouped into runs of one op. Refers to `trace`.
TraceRuns traceRuns(const TraceContext& trace);

// The op among runs [begin, end) (with Input Dims) whose name says it is attention though no
// reader above takes it: a serving engine's own (vLLM's unified_attention, SGLang's, aiter's),
// with ragged, paged shapes that give no batch, context or heads. A name that says attention
// wins over one that says flash, mha or paged (a cache op may say flash too); "" when none.
std::string_view engineAttentionOp(const TraceRuns& t, std::size_t begin, std::size_t end);

} // namespace roofscope
