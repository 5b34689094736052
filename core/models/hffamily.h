#pragma once

#include "core/models/modelconfig.h"
#include "core/util/expected.h"
#include "core/util/jsonreader.h"

#include <string>
#include <string_view>

namespace roofscope {

// What a Hugging Face config.json's `model_type` / `architectures` say about the layer shape,
// beyond the sizes every decoder config spells the same way.
struct HfFamily {
    std::string modelType; // "llama", "phi", "gemma2", ... ("" when the file names none)
    MlpKind mlp = MlpKind::Gated;
    NormKind norm = NormKind::RmsNorm;
    std::string activation = "silu"; // default when the config gives no hidden_act
    bool tiedByDefault = false;      // tie_word_embeddings when the config omits it
    bool parallelBlock = false;      // attention and MLP read one shared norm (Phi-2)
    bool qkvBias = false;            // Q, K and V projections carry a bias (Qwen2, Qwen-MoE)
};

// Decides the family from `model_type` (else the first of `architectures`). Decoder-only
// transformer families RoofScope models are returned; encoders, state-space models and
// unknown types are refused with one line naming the field and the family, e.g.
// "config.json: /model_type: \"bert\" is an encoder (BERT), not a decoder-only transformer".
// A config naming neither field is read as a Llama-style decoder, as before.
Expected<HfFamily> hfFamilyOf(const Json& root, std::string_view fileName);

// True when `root` looks like a Hugging Face config rather than a RoofScope model catalog.
bool looksLikeHfConfig(const Json& root);

} // namespace roofscope
