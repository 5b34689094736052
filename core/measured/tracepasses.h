#pragma once

#include "core/measured/kernelcontext.h"
#include "core/measured/measuredkernel.h"
#include "core/models/modelconfig.h"
#include "core/models/workload.h"
#include "core/util/expected.h"

#include <cstddef>
#include <string>
#include <vector>

namespace roofscope {

// Reads a PyTorch trace of a decoder-only transformer as the model that ran it: splits its
// kernels (in launch order) into forward passes, each pass into decoder layers, and names each
// kernel's operator as the model view (expandWorkload) names its rows. Shapes come from the
// ops' Input Dims (TraceContext); the model gives the sizes the GEMMs are matched against.
//
// A pass ends with its lm_head GEMM (N = the vocabulary). It begins at its embedding lookup
// (a gather from the [vocab, hidden] table); kernels between one pass's lm_head and the next
// one's embedding (sampling, mask and cache bookkeeping) belong to the earlier pass, outside
// the model; kernels before the first embedding belong to the first pass, outside the model.
// A trace of the base model (AutoModel, no lm_head) is split at its embedding lookups, or is
// one pass, as long as its GEMMs include the model's query projection and it has attention.
// In a MoE layer (after its router) the GEMMs of the experts' and the shared expert's widths
// are theirs, whether launched per expert (Hugging Face's loop) or grouped (_grouped_mm); what
// scales and adds the experts' outputs is the combine, and the last hidden-wide add before
// the next layer's norm is the residual. Multi-head latent attention (DeepSeek) joins its
// down- and up-projections, latent norms and output to the model's MLA rows; Hugging Face does
// not absorb W_UK and W_UV in decode, so its kv_b_proj there has no predicted row.
// One attention op is one layer. GEMMs are named by (K, N); the kernels between them by their
// place in the layer (the norm before q, RoPE and the KV-cache write between the projections
// and attention, the residual adds after o and down, the activation between up and down).

struct TracePass {
    Phase phase = Phase::Decode;
    double batch = 0.0;       // attention's q[0] (sequences)
    double queryLength = 0.0; // attention's L: the prompt (prefill) or 1 (decode)
    double keyLength = 0.0;   // attention's S: tokens attended, the new ones included
    // As `roofscope model --context` means it: the prompt's tokens (prefill), the tokens
    // already in each sequence's KV cache before this step (decode: keyLength - 1).
    double context = 0.0;
    long long layers = 0;             // attention ops in the pass
    std::vector<std::size_t> kernels; // indices into the import's kernels, launch order
};

struct TracePasses {
    std::vector<TracePass> passes;
    // Per kernel of the import: its operator (a row key of the model view: "q_proj"), or
    // nullptr when it implements none ("not in the model"); its decoder layer (from 0), or -1
    // outside the layers; its pass, or -1 (never, once split: every kernel is in a pass).
    std::vector<const char*> operatorOf;
    std::vector<int> layerOf;
    std::vector<int> passOf;
    // The model the trace ran, cut to the trace's layer count when it has fewer.
    ModelConfig model;
    // What the split had to infer, for the user: a static KV cache's contexts counted from the
    // prefill.
    std::vector<std::string> notes;
};

// `file` names the trace in errors: no Input Dims, no lm_head GEMM, GEMMs or attention heads
// that do not match `model`, more layers than it has, attention the join cannot read (a serving
// engine's op, a CUDA-graph replay).
Expected<TracePasses> splitTracePasses(const std::vector<MeasuredKernel>& kernels,
                                       const TraceContext& trace, const ModelConfig& model,
                                       const std::string& file);

} // namespace roofscope
