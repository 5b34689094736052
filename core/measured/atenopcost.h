#pragma once

#include "core/hardware/precision.h"
#include "core/measured/torchtrace.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace roofscope {

// The FLOPs and bytes of one aten op from what a PyTorch trace records of its inputs: "Input
// Dims", "Input type" and "Concrete Inputs". A trace gives no counters, so these are models:
// FLOPs by the op's arithmetic, bytes as each input read once and the output written once (a
// lower bound: caches, re-reads and workspaces are not counted).

// An element type as "Input type" names it ("c10::BFloat16", "long int").
struct AtenType {
    double bytes = 0.0;         // per element; 0 for a scalar or a type we do not know
    std::string_view precision; // "bf16", "fp32"; "" for integer and bool tensors
    bool matrixUnits = false;   // a matmul of this type runs on tensor cores
};
AtenType atenType(std::string_view inputType);

// What an op computes, by its name alone.
enum class AtenFamily : std::uint8_t {
    None,          // no model
    Matmul,        // mm, bmm, matmul, addmm, baddbmm
    Linear,        // linear: x [.., K] by a weight [N, K]
    GroupedMatmul, // _grouped_mm: MoE experts, a matmul per group
    Attention,     // scaled-dot-product attention and its kernels' entry points
    Elementwise,   // pointwise ops, the output in the broadcast shape of the inputs
    Copy,          // copy_, to, _to_copy, clone: input 0 (or src) copied
    Fill,          // fill_, zero_: the output written only
    Arange,        // arange: its length from Concrete Inputs
    Reduction,     // mean, sum, amax, argmax, any, ...: over the dims in Concrete Inputs
    RowWise,       // softmax, log_softmax, cumsum: an output of the input's shape
    Norm,          // layer_norm, rms_norm
    Cat,           // cat, stack: a TensorList joined
    IndexSelect,   // index_select: rows picked along a dim
    Embedding,     // embedding: rows of a table picked by indices
    Gather,        // gather: an element per index
    Index,         // index (advanced indexing by a list of index tensors)
    Scatter,       // index_add_, scatter_, index_put_, ...: a source written into picked rows
    Selection,     // topk, sort, nonzero: the input read and compared once
};

// An op's model, looked up once per distinct name (a trace names a few hundred ops a million
// times).
struct AtenOp {
    AtenFamily family = AtenFamily::None;
    double flopsPerElement = 0.0;  // of the output (elementwise) or the input (reductions)
    std::uint8_t inputs = 255;     // pointwise: the schema's inputs before an out= tensor
    bool inPlace = false;          // the name ends in '_': the output is input 0
    bool boolOutput = false;       // comparisons, any/all
    bool indexOutput = false;      // argmax/argmin: int64 indices
    bool valuesAndIndices = false; // max/min along a dim: values and int64 indices
    bool integerSum = false;       // sum/cumsum/prod: integer and bool inputs give int64
    bool rowsFirst = false;        // flash/efficient attention: [B, L, H, E], not [B, H, L, E]
    // The flash-attn package's varlen op: q [T, H, E], k and v [Tk, KV, E] of B sequences laid
    // end to end, cu_seqlens_q [B + 1] the first 1-d tensor after them.
    bool varlen = false;
    // The Hugging Face kernels hub's flash attention (attn_implementation=
    // "kernels-community/flash-attn"): [B, L, H, E] when q is 4-d, varlen when it is 3-d.
    bool varlenBy3d = false;
    bool biasFirst = false; // addmm/baddbmm: the bias is input 0, the matrices 1 and 2
    bool condition = false; // where: input 0 is a bool mask, not a value
};
AtenOp classifyAtenOp(std::string_view name);

// The flash attention the Hugging Face kernels hub loads: its ops live in a namespace of the
// build, "_flash_attn_9e27194::fwd" or "::varlen_fwd" (FlashAttention-2),
// "_flash_attn3_<hash>::fwd" (FlashAttention-3), "_vllm_flash_attn3_<hash>::fwd"; q, k and v
// first, [B, L, H, E] or, varlen, [T, H, E] with cu_seqlens_q the first 1-d tensor after them.
bool flashAttentionHubOp(std::string_view name);

// Why an op with Input Dims has no cost.
enum class AtenCostProblem : std::uint8_t {
    None,
    NoModel,        // an op we have no model of
    ShapesDoNotFit, // Input Dims are not what the op's model needs
    UnknownType,    // an input's element type is missing or unknown
};
std::string_view atenProblemText(AtenCostProblem problem);

struct AtenCost {
    double flops = 0.0;
    // Bytes of the inputs read once and the output written once, TensorList members (whose
    // element type the trace does not give) not included: see listElements.
    double bytes = 0.0;
    // Elements of TensorList members moved (read and written); their bytes are listElements ×
    // the element size, which the importer may find in the kernel's name.
    double listElements = 0.0;
    std::string_view precision; // the first input with a floating-point type; "" when none
    ComputeUnit unit = ComputeUnit::Vector;
    bool outputBoundedBelow = false; // a reduction's dims not in the trace: output as 1 element
    bool dimFromTrace = false;       // a reduction's or index_select's dim from Concrete Inputs
};

struct AtenCostResult {
    std::optional<AtenCost> cost;
    AtenCostProblem problem = AtenCostProblem::None;
};

// The cost of one op from its inputs; `concrete` may be empty (traces before torch 2.1).
AtenCostResult atenOpCost(const AtenOp& op, std::span<const TraceShape> dims,
                          std::span<const std::string> types,
                          std::span<const std::string> concrete);

// The element size in a kernel's name: ATen's cat and index kernels are templated on
// OpaqueType<N>, N bytes an element ("CatArrayBatchedCopy<OpaqueType<2u>, …>").
std::optional<double> elementBytesFromKernelName(std::string_view kernelName);

// How a cost was found, for the kernel's formula: "aten::add: 1 FLOP/element of the output
// (the broadcast shape of the inputs); bytes: each input read once, the output written once (a
// lower bound)". listElementBytes is the TensorList element size used, 0 when none was found;
// traceFlops: the FLOPs are the trace's own (with_flops=True), the bytes ours; `sharing` follows
// the FLOPs (" (shared by time among the op's 2 kernels)").
std::string atenFormula(const AtenOp& op, const AtenCost& cost, std::string_view opName,
                        double listElementBytes, bool traceFlops = false,
                        std::string_view sharing = {});

} // namespace roofscope
