#pragma once

#include "core/models/modelconfig.h"

namespace roofscope::test {

// The tiny models the synthetic traces of tests/core/tracejoin_test.cpp are laid out for, and
// that fuzz_torch joins whatever it imports to: hidden 64, 4 query heads, 2 layers, a vocabulary
// of 1000.

// Llama-shaped: 2 KV heads of 16, Q, K and V with bias (Qwen2's), a gated MLP of 192.
inline ModelConfig tinyDenseModel()
{
    ModelConfig m = *ModelCatalog::builtin().find("llama-3-8b");
    m.id = "tiny";
    m.name = "Tiny";
    m.hiddenSize = 64;
    m.intermediateSize = 192;
    m.layers = 2;
    m.heads = 4;
    m.kvHeads = 2;
    m.headDim = 16;
    m.vocabSize = 1000;
    m.qkvBias = true;
    return m;
}

// Qwen-MoE-shaped: 4 experts of FFN 40, top-2, a shared expert of 96 behind a sigmoid gate.
inline ModelConfig tinyMoeModel()
{
    ModelConfig m = tinyDenseModel();
    m.id = "tiny-moe";
    m.intermediateSize = 96;
    m.experts = 4;
    m.expertsPerToken = 2;
    m.moeIntermediateSize = 40;
    m.sharedExpertSize = 96;
    m.sharedExpertGate = true;
    return m;
}

// DeepSeek-V3-shaped: multi-head latent attention (Q through a 24-wide latent, K and V from a
// 16-wide one, 4 rotary dims, values 8 wide), a dense first layer, then 4 experts of 16, top-2,
// and one shared expert as wide as a routed one.
inline ModelConfig tinyMlaModel()
{
    ModelConfig m = *ModelCatalog::builtin().find("deepseek-v3");
    m.id = "tiny-mla";
    m.hiddenSize = 64;
    m.heads = m.kvHeads = 4;
    m.headDim = 12;
    m.mla = {16, 24, 8, 4, 8};
    m.intermediateSize = 48;
    m.moeIntermediateSize = 16;
    m.experts = 4;
    m.expertsPerToken = 2;
    m.sharedExperts = 1;
    m.firstDenseLayers = 1;
    m.layers = 2;
    m.vocabSize = 1000;
    return m;
}

} // namespace roofscope::test
