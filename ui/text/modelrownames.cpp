#include "ui/text/modelrownames.h"

#include <QCoreApplication>

#include <algorithm>
#include <iterator>
#include <string_view>

namespace roofscope {

namespace {

constexpr const char* kContext = "roofscope::ModelRowNames";

struct RowName {
    const char* key;
    const char* name;
};

// Every key core/workload.cpp and core/deepseek.cpp give a row. The MLP's keys come three
// times: the dense MLP, a MoE layer's shared expert ("shared_") and its routed experts
// ("expert_"); each has its own entry so that every name reads naturally and stays short.
constexpr RowName kNames[] = {
    // Embedding.
    {"embedding", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Token embedding")},
    {"position_embedding", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Position embedding")},
    // Attention.
    {"input_norm", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Input norm")},
    {"qkv_proj", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "QKV projection")},
    {"q_proj", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Q projection")},
    {"k_proj", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "K projection")},
    {"v_proj", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "V projection")},
    {"rope", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "RoPE")},
    {"kv_cache_write", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "KV-cache write")},
    {"attention", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Attention")},
    {"attn_qk", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "QKᵀ scores")},
    {"attn_softmax", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Softmax (attention)")},
    {"attn_pv", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Scores · V")},
    {"o_proj", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "O projection")},
    // Multi-head latent attention (DeepSeek).
    {"q_a_proj", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Q down-projection")},
    {"q_a_norm", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Q latent norm")},
    {"q_b_proj", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Q up-projection")},
    {"kv_a_proj", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "KV down-projection")},
    {"kv_a_norm", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "KV latent norm")},
    {"kv_b_proj", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "KV up-projection")},
    {"q_absorb", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Q absorption")},
    {"v_absorb", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "V absorption")},
    // Between the blocks.
    {"attn_residual", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Residual add (attn)")},
    {"attn_residual_norm", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Residual + norm (attn)")},
    {"post_attention_norm", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Post-attention norm")},
    // Norms of a block's output before its residual add (Gemma-2): the model has no row for
    // them, the trace join names them.
    {"attn_output_norm", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Attn output norm")},
    {"mlp_output_norm", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "MLP output norm")},
    {"mlp_residual", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Residual add (MLP)")},
    {"mlp_residual_norm", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Residual + norm (MLP)")},
    {"final_norm", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Final norm")},
    {"lm_head", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "LM head")},
    // Dense MLP.
    {"gate_up_proj", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Gate+up projection")},
    {"gate_proj", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Gate projection")},
    {"up_proj", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Up projection")},
    {"act", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Activation")},
    {"act_mul", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Activation × up")},
    {"mul", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Gate × up")},
    {"down_proj", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Down projection")},
    // Mixture of experts: the router, the shared expert, the routed experts.
    {"router", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Router")},
    {"router_softmax", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Router softmax")},
    {"shared_gate_up_proj", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Shared gate+up proj.")},
    {"shared_gate_proj", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Shared gate projection")},
    {"shared_up_proj", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Shared up projection")},
    {"shared_act", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Shared activation")},
    {"shared_act_mul", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Shared activation × up")},
    {"shared_mul", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Shared gate × up")},
    {"shared_down_proj", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Shared down projection")},
    {"shared_expert_gate", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Shared expert gate")},
    {"expert_gate_up_proj", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Expert gate+up proj.")},
    {"expert_gate_proj", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Expert gate projection")},
    {"expert_up_proj", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Expert up projection")},
    {"expert_act", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Expert activation")},
    {"expert_act_mul", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Expert activation × up")},
    {"expert_mul", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Expert gate × up")},
    {"expert_down_proj", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Expert down projection")},
    {"expert_combine", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Expert combine")},
    // batched_mm's copy of each routed token's expert weights (no row of the model's: the
    // trace join names it).
    {"expert_weight_gather", QT_TRANSLATE_NOOP("roofscope::ModelRowNames", "Expert weight gather")},
};

const RowName* find(std::string_view key)
{
    const auto it = std::find_if(std::begin(kNames), std::end(kNames),
                                 [key](const RowName& n) { return key == n.key; });
    return it == std::end(kNames) ? nullptr : it;
}

} // namespace

QString ModelRowNames::name(const std::string& key)
{
    if (const RowName* n = find(key))
        return QCoreApplication::translate(kContext, n->name);
    // "foo_bar" → "Foo bar": words, not an id.
    QString words = QString::fromStdString(key).replace(QLatin1Char('_'), QLatin1Char(' '));
    words = words.simplified();
    if (!words.isEmpty())
        words[0] = words[0].toUpper();
    return words;
}

bool ModelRowNames::isKnown(const std::string& key)
{
    return find(key) != nullptr;
}

} // namespace roofscope
