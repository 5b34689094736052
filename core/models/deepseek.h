#pragma once

// Multi-head latent attention (DeepSeek-V2/V3): K and V compressed to a latent per token. Kept
// apart from the generic decoder so that its attention stays simple; the DeepSeek MoE (routed
// + shared experts, dense first layers) is the generic MoE of core/modelconfig.h.

#include "core/models/decoderrows.h"
#include "core/models/modelconfig.h"
#include "core/util/jsonreader.h"

#include <string>

namespace roofscope {

// Reads kv_lora_rank, q_lora_rank (null: none), qk_nope_head_dim, qk_rope_head_dim and
// v_head_dim of a Hugging Face config or a catalog entry into `m` (whose common fields are
// read) when kv_lora_rank is present. Problems are recorded in `r` with their JSON pointer.
void readLatentAttention(JsonReader& r, const Json& object, const std::string& pointer,
                         ModelConfig& m);
// The same fields into a catalog entry (nothing for ordinary attention).
void writeLatentAttention(Json& entry, const ModelConfig& m);

// Weight matrices of one layer's latent attention (q, kv down- and up-projections, o).
double latentAttentionMatrices(const ModelConfig& m);
// Norm vectors of one layer's latent attention (the q and kv latents' RMSNorms).
double latentAttentionNormVectors(const ModelConfig& m);

// The attention rows of one decoder layer with latent attention, from the input norm's output
// to the O projection: absorbed weights in decode, the decompressed latent in prefill.
void addLatentAttentionRows(DecoderRows& x, const ModelConfig& m);

} // namespace roofscope
