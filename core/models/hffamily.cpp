#include "core/models/hffamily.h"

#include <algorithm>
#include <array>

namespace roofscope {

namespace {

struct KnownFamily {
    std::string_view modelType;
    std::string_view architecture; // the *ForCausalLM class of the family
    MlpKind mlp;
    NormKind norm;
    std::string_view activation;
    bool tied;
    bool parallel;
    bool qkvBias;
};

// Decoder-only transformers whose layers the expansion describes. Gemma's GeGLU is the gated
// MLP with GELU; Phi-2 is the parallel block with a plain GELU MLP, LayerNorm and partial
// rotary embeddings; Qwen2 and Qwen-MoE put a bias on Q, K and V. The MoE families (Mixtral,
// Qwen-MoE, DeepSeek) and DeepSeek's latent attention are told by their keys, read later.
constexpr std::array<KnownFamily, 13> kFamilies = {{
    {"llama", "LlamaForCausalLM", MlpKind::Gated, NormKind::RmsNorm, "silu", false, false, false},
    {"mistral", "MistralForCausalLM", MlpKind::Gated, NormKind::RmsNorm, "silu", false, false,
     false},
    {"mixtral", "MixtralForCausalLM", MlpKind::Gated, NormKind::RmsNorm, "silu", false, false,
     false},
    {"qwen2", "Qwen2ForCausalLM", MlpKind::Gated, NormKind::RmsNorm, "silu", false, false, true},
    {"qwen2_moe", "Qwen2MoeForCausalLM", MlpKind::Gated, NormKind::RmsNorm, "silu", false, false,
     true},
    {"gemma", "GemmaForCausalLM", MlpKind::Gated, NormKind::RmsNorm, "gelu", true, false, false},
    {"gemma2", "Gemma2ForCausalLM", MlpKind::Gated, NormKind::RmsNorm, "gelu", true, false, false},
    {"phi3", "Phi3ForCausalLM", MlpKind::Gated, NormKind::RmsNorm, "silu", false, false, false},
    {"phi", "PhiForCausalLM", MlpKind::Plain, NormKind::LayerNorm, "gelu", false, true, false},
    {"deepseek_v2", "DeepseekV2ForCausalLM", MlpKind::Gated, NormKind::RmsNorm, "silu", false,
     false, false},
    {"deepseek_v3", "DeepseekV3ForCausalLM", MlpKind::Gated, NormKind::RmsNorm, "silu", false,
     false, false},
    {"qwen3", "Qwen3ForCausalLM", MlpKind::Gated, NormKind::RmsNorm, "silu", false, false, false},
    {"qwen3_moe", "Qwen3MoeForCausalLM", MlpKind::Gated, NormKind::RmsNorm, "silu", false, false,
     false},
}};

// Families that are not decoder-only transformers, with what they are.
constexpr std::pair<std::string_view, std::string_view> kRefused[] = {
    {"bert", "an encoder (BERT)"},
    {"roberta", "an encoder (RoBERTa)"},
    {"distilbert", "an encoder (DistilBERT)"},
    {"deberta", "an encoder (DeBERTa)"},
    {"deberta-v2", "an encoder (DeBERTa-v2)"},
    {"electra", "an encoder (ELECTRA)"},
    {"xlm-roberta", "an encoder (XLM-RoBERTa)"},
    {"t5", "an encoder-decoder (T5)"},
    {"bart", "an encoder-decoder (BART)"},
    {"whisper", "an encoder-decoder (Whisper)"},
    {"mamba", "a state-space model (Mamba)"},
    {"mamba2", "a state-space model (Mamba-2)"},
    {"rwkv", "a recurrent model (RWKV)"},
    {"jamba", "a hybrid Mamba/attention model (Jamba)"},
};

std::string quotedName(std::string_view text)
{
    return JsonReader::describe(Json(std::string(text)));
}

std::string knownTypes()
{
    std::string out;
    for (const KnownFamily& f : kFamilies)
        out += (out.empty() ? "" : ", ") + std::string(f.modelType);
    return out;
}

std::string lower(std::string_view text)
{
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

} // namespace

bool looksLikeHfConfig(const Json& root)
{
    if (!root.is_object() || root.contains("models") || root.contains("format"))
        return false;
    return root.contains("hidden_size") || root.contains("model_type") ||
           root.contains("architectures");
}

Expected<HfFamily> hfFamilyOf(const Json& root, std::string_view fileName)
{
    const std::string file(fileName);
    std::string pointer;
    std::string type;
    if (root.contains("model_type") && root.at("model_type").is_string()) {
        pointer = "/model_type";
        type = root.at("model_type").get<std::string>();
    } else if (root.contains("model_type") && !root.at("model_type").is_null()) {
        return makeError(file + ": /model_type: expected a string, got " +
                         std::string(JsonReader::typeName(root.at("model_type"))));
    } else if (root.contains("architectures") && root.at("architectures").is_array() &&
               !root.at("architectures").empty() && root.at("architectures").at(0).is_string()) {
        pointer = "/architectures/0";
        type = root.at("architectures").at(0).get<std::string>();
    }
    if (pointer.empty())
        return HfFamily{}; // a bare config of sizes: Llama-style, as it always was read

    const std::string key = lower(type);
    for (const KnownFamily& f : kFamilies) {
        if (key == f.modelType || key == lower(f.architecture))
            return HfFamily{std::string(f.modelType),
                            f.mlp,
                            f.norm,
                            std::string(f.activation),
                            f.tied,
                            f.parallel,
                            f.qkvBias};
    }
    for (const auto& [refusedType, what] : kRefused) {
        if (key == refusedType || key.starts_with(refusedType))
            return makeError(file + ": " + pointer + ": " + quotedName(type) + " is " +
                             std::string(what) +
                             ", not a decoder-only transformer; RoofScope models only those");
    }
    return makeError(
        file + ": " + pointer + ": " + quotedName(type) +
        " is not a model family RoofScope describes (expected one of: " + knownTypes() + ")");
}

} // namespace roofscope
