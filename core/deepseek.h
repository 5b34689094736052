#pragma once

// DeepSeek-V2/V3 shapes: multi-head latent attention (MLA) and the DeepSeek MoE (routed +
// shared experts, dense first layers). Kept apart from the generic decoder so that the common
// path stays simple; modelconfig.cpp and workload.cpp hand DeepSeek-style models over here.

#include "core/expected.h"
#include "core/jsonreader.h"
#include "core/modelconfig.h"
#include "core/workload.h"

#include <string>
#include <string_view>

namespace roofscope {

// True for a Hugging Face config.json of a DeepSeek-style model (it has kv_lora_rank or
// n_routed_experts).
bool isDeepSeekHuggingFace(const Json& root);
// Hugging Face keys the DeepSeek reader understands (the generic reader refuses them).
bool isDeepSeekHuggingFaceKey(std::string_view key);
// Reads the DeepSeek fields of a Hugging Face config into `m` (whose common fields are read):
// n_routed_experts, num_experts_per_tok, n_shared_experts, moe_intermediate_size,
// first_k_dense_replace, kv_lora_rank, q_lora_rank (null: none), qk_nope_head_dim,
// qk_rope_head_dim, v_head_dim. Problems are recorded in `r` with their JSON pointer.
void readDeepSeekHuggingFace(JsonReader& r, const Json& root, ModelConfig& m);

// The same fields in a RoofScope model catalog, under the Hugging Face names (with
// num_local_experts for the routed experts).
void readDeepSeekCatalogFields(JsonReader& r, const Json& item, const std::string& pointer,
                               ModelConfig& m);
void writeDeepSeekCatalogFields(Json& entry, const ModelConfig& m);

// Parameters of a DeepSeek-style model with `expertsCounted` routed experts per MoE layer
// (all of them for the total, top-k for the active count); shared experts always count.
double deepSeekParameters(const ModelConfig& m, double expertsCounted);
// As weightBytes(): decoder-layer matrices at the weight precision, the rest in 16 bits.
double deepSeekWeightBytes(const ModelConfig& m, const InferenceScenario& s);
// As expandWorkload() (the scenario is already validated by the caller).
Expected<Workload> expandDeepSeekWorkload(const ModelConfig& m, const InferenceScenario& s);

} // namespace roofscope
