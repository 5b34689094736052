#pragma once

#include "core/measured/importer.h"
#include "core/models/modelconfig.h"
#include "core/util/expected.h"

#include <string>
#include <string_view>

namespace roofscope {

// The decoder-only transformer a PyTorch trace ran, read from its shapes alone, for a trace
// whose config.json is not at hand (`roofscope measured TRACE --model trace`, the Passes
// panel's offer). The first forward pass says it all: the embedding table gives the vocabulary
// and hidden size; the first attention op the query heads, head size and batch; the GEMMs
// before it the K/V heads (three projections, or one fused) and whether they carry a bias; the
// GEMMs after it the MLP's width and kind (gate and up, fused or plain), or, where a topk
// follows a GEMM from hidden, a mixture of experts: the router's width the experts, the
// experts' rows over the router's the top-k, their GEMMs (grouped, batched or one MLP per
// expert) the expert width, and a gated MLP over every token, with or without a hidden → 1
// gate, the shared expert (Mixtral, Qwen-MoE); the attention ops before the lm_head the layers;
// the ops themselves the activation and norm kind, and one LayerNorm a layer a parallel block
// (Phi-2). The model read is checked by joining the trace to it (splitTracePasses). What shapes
// cannot say is left at the common default: untied embeddings, full RoPE, every layer's MLP
// the same. Latent attention or eager attention is refused with what to give instead.
Expected<ModelConfig> modelFromTrace(const MeasuredImport& trace);

// What comes before the reason in modelFromTrace's error, after the file's name.
inline constexpr std::string_view kShapesUnreadPrefix =
    "the model cannot be read from the trace's shapes: ";

// What the model's name adds to the trace's file name, "h200_llama (from its trace)"; the
// window says it in its own language.
inline constexpr std::string_view kFromTraceSuffix = " (from its trace)";

// "hidden 4096, 32 layers, 32×128 query and 8×128 KV heads, a gated SiLU MLP of 14336,
// RMSNorm, vocabulary 128256": what modelFromTrace read, for the user to check.
std::string modelShapeSummary(const ModelConfig& model);

} // namespace roofscope
