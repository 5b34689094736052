#include "core/models/modelconfig.h"

#include "core/hardware/catalog.h"
#include "core/models/deepseek.h"
#include "core/models/hffamily.h"
#include "core/util/idlookup.h"
#include "core/util/jsonreader.h"
#include "core/util/textfile.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <utility>

namespace roofscope {

namespace {

constexpr std::string_view kFormat = "roofscope-models";
constexpr long long kVersion = 1;

// Model ids are slugs like hardware ids, plus '.', which model names use ("llama-3.1-405b").
bool isModelSlug(std::string_view id)
{
    if (id.empty() || id.front() == '-' || id.back() == '-' || id.front() == '.' ||
        id.back() == '.')
        return false;
    return std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
    });
}

std::string quotedText(std::string_view text)
{
    return JsonReader::describe(Json(std::string(text)));
}

// The first relation between fields that does not hold, as (key, problem); nullopt when the
// model is consistent. Shared by the file readers (which turn the key into a JSON pointer)
// and validateModel (for models built in code).
std::optional<std::pair<std::string, std::string>> relationProblem(const ModelConfig& m)
{
    if (m.kvHeads > m.heads || m.heads % m.kvHeads != 0)
        return std::pair{std::string("num_key_value_heads"),
                         "must divide num_attention_heads (" + std::to_string(m.heads) + "), got " +
                             std::to_string(m.kvHeads)};
    if (m.headDim <= 0)
        return std::pair{std::string("head_dim"),
                         "absent, and hidden_size (" + std::to_string(m.hiddenSize) +
                             ") is not a multiple of num_attention_heads (" +
                             std::to_string(m.heads) + "): give head_dim"};
    if (m.expertsPerToken > m.experts)
        return std::pair{std::string("num_experts_per_tok"),
                         "must not exceed num_local_experts (" + std::to_string(m.experts) +
                             "), got " + std::to_string(m.expertsPerToken)};
    if (m.isMoe() && m.firstDenseLayers > m.firstLayer + m.layers)
        return std::pair{std::string("first_k_dense_replace"),
                         "must not exceed num_hidden_layers (" + std::to_string(m.layers) +
                             "), got " + std::to_string(m.firstDenseLayers)};
    if (m.position == PositionKind::Learned && m.maxPositions <= 0)
        return std::pair{std::string("max_position_embeddings"),
                         "required when position is \"learned\" (rows of the position table)"};
    if (m.activation != "silu" && m.activation != "gelu" && m.activation != "relu")
        return std::pair{std::string("hidden_act"), "unknown activation " +
                                                        quotedText(m.activation) +
                                                        " (expected one of: silu, gelu, relu)"};
    return std::nullopt;
}

long long defaultHeadDim(long long hidden, long long heads)
{
    return heads > 0 && hidden % heads == 0 ? hidden / heads : 0;
}

// Reads a choice among `names`; returns the index, or -1 after recording the error.
int readChoice(JsonReader& r, const Json& object, const std::string& pointer, std::string_view key,
               std::initializer_list<std::string_view> names, int fallback)
{
    if (!object.contains(key))
        return fallback;
    const std::string text = r.string(object, pointer, key);
    if (!r.ok())
        return -1;
    int index = 0;
    for (std::string_view n : names) {
        if (n == text)
            return index;
        ++index;
    }
    r.fail(JsonReader::child(pointer, key),
           "unknown value " + quotedText(text) +
               " (expected one of: " + JsonReader::joinNames(names) + ")");
    return -1;
}

// partial_rotary_factor: the share of head_dim that RoPE rotates, in (0, 1]. transformers 5
// writes it inside rope_parameters (Phi's {"rope_theta": 10000.0, "rope_type": "default",
// "partial_rotary_factor": 0.4}); 4.x and the catalog beside the other sizes.
double readRotaryFraction(JsonReader& r, const Json& root, const std::string& rootPointer)
{
    constexpr const char* kKey = "partial_rotary_factor";
    const Json* object = &root;
    std::string pointer = rootPointer;
    if (!root.contains(kKey) || root.at(kKey).is_null()) {
        if (!root.contains("rope_parameters") || !root.at("rope_parameters").is_object())
            return 1.0;
        object = &root.at("rope_parameters");
        pointer = JsonReader::child(rootPointer, "rope_parameters");
        if (!object->contains(kKey) || object->at(kKey).is_null())
            return 1.0;
    }
    const double f = r.positiveNumber(*object, pointer, kKey, 1.0);
    if (r.ok() && f > 1.0) {
        r.fail(JsonReader::child(pointer, kKey),
               "must be in (0, 1], got " + JsonReader::describe(object->at(kKey)));
        return 1.0;
    }
    return f;
}

// The mixture of experts, in the Hugging Face names (Mixtral, DeepSeek and Qwen-MoE spell the
// routed experts num_local_experts, n_routed_experts and num_experts; a catalog says
// num_local_experts). Absent keys keep a dense model.
void readMoe(JsonReader& r, const Json& object, const std::string& p, ModelConfig& m)
{
    std::string_view expertsKey;
    for (std::string_view key : {"num_local_experts", "n_routed_experts", "num_experts"}) {
        if (JsonReader::present(object, key)) {
            expertsKey = key;
            break;
        }
    }
    if (expertsKey.empty())
        return;
    m.experts = r.integer(object, p, expertsKey, 1, 1);
    if (r.ok() && m.experts > 1 && !JsonReader::present(object, "num_experts_per_tok"))
        r.fail(p, "missing required key \"num_experts_per_tok\" (" + std::string(expertsKey) +
                      " is > 1)");
    if (JsonReader::present(object, "num_experts_per_tok"))
        m.expertsPerToken = r.integer(object, p, "num_experts_per_tok", 1, 1);
    if (JsonReader::present(object, "n_shared_experts"))
        m.sharedExperts = r.integer(object, p, "n_shared_experts", 0, 0);
    if (JsonReader::present(object, "moe_intermediate_size"))
        m.moeIntermediateSize = r.integer(object, p, "moe_intermediate_size", 1, 0);
    if (JsonReader::present(object, "first_k_dense_replace"))
        m.firstDenseLayers = r.integer(object, p, "first_k_dense_replace", 0, 0);
    if (r.ok() && JsonReader::present(object, "moe_layer_freq") &&
        object.at("moe_layer_freq") != Json(1))
        r.fail(JsonReader::child(p, "moe_layer_freq"),
               "only 1 (every layer after first_k_dense_replace is MoE) is modelled");
    // Qwen-MoE: a shared expert of its own size, gated by a sigmoid; MoE every
    // decoder_sparse_step-th layer except the mlp_only_layers.
    if (JsonReader::present(object, "shared_expert_intermediate_size")) {
        m.sharedExpertSize = r.integer(object, p, "shared_expert_intermediate_size", 0, 0);
        m.sharedExpertGate = m.sharedExpertSize > 0;
    }
    if (JsonReader::present(object, "shared_expert_gate"))
        m.sharedExpertGate = r.boolean(object, p, "shared_expert_gate", m.sharedExpertGate);
    if (JsonReader::present(object, "decoder_sparse_step"))
        m.sparseStep = r.integer(object, p, "decoder_sparse_step", 1, 1);
    if (r.ok() && JsonReader::present(object, "mlp_only_layers")) {
        const Json& list = object.at("mlp_only_layers");
        const std::string listPointer = JsonReader::child(p, "mlp_only_layers");
        if (!r.requireArray(list, listPointer))
            return;
        for (std::size_t i = 0; i < list.size() && r.ok(); ++i) {
            if (!list[i].is_number_integer() || list[i].get<long long>() < 0 ||
                list[i].get<long long>() >= m.layers) {
                r.fail(JsonReader::child(listPointer, i),
                       "expected a layer index from 0 to num_hidden_layers - 1 (" +
                           std::to_string(m.layers - 1) + "), got " +
                           JsonReader::describe(list[i]));
                return;
            }
            m.denseLayerIndices.push_back(list[i].get<long long>());
        }
    }
}

void writeMoe(Json& e, const ModelConfig& m)
{
    if (!m.isMoe())
        return;
    e["num_local_experts"] = m.experts;
    e["num_experts_per_tok"] = m.expertsPerToken;
    if (m.sharedExperts > 0)
        e["n_shared_experts"] = m.sharedExperts;
    if (m.moeIntermediateSize > 0)
        e["moe_intermediate_size"] = m.moeIntermediateSize;
    if (m.firstDenseLayers > 0)
        e["first_k_dense_replace"] = m.firstDenseLayers;
    if (m.sharedExpertSize > 0)
        e["shared_expert_intermediate_size"] = m.sharedExpertSize;
    if (m.sharedExpertGate != (m.sharedExpertSize > 0))
        e["shared_expert_gate"] = m.sharedExpertGate;
    if (m.sparseStep != 1)
        e["decoder_sparse_step"] = m.sparseStep;
    if (!m.denseLayerIndices.empty())
        e["mlp_only_layers"] = m.denseLayerIndices;
}

void checkRelations(JsonReader& r, const ModelConfig& m, const std::string& pointer)
{
    if (!r.ok())
        return;
    if (auto problem = relationProblem(m))
        r.fail(JsonReader::child(pointer, problem->first), problem->second);
}

// The `quantization_config` of a Hugging Face config (also accepted in a model catalog entry):
// GPTQ/AWQ bits and group size, FP8 with its weight blocks. Other methods (bitsandbytes,
// compressed-tensors, ...) are left unread: the model is read as unquantized and the user sets
// the weights. Unknown keys inside are ignored, as HF writes many (desc_act, sym, version, ...).
void readQuantization(JsonReader& r, const Json& object, const std::string& pointer, ModelConfig& m)
{
    if (!JsonReader::present(object, "quantization_config"))
        return;
    const std::string p = JsonReader::child(pointer, "quantization_config");
    const Json& q = object.at("quantization_config");
    if (!r.requireObject(q, p))
        return;
    if (!q.contains("quant_method")) {
        r.fail(p, "missing \"quant_method\" (gptq, awq or fp8)");
        return;
    }
    std::string method = r.nonEmptyString(q, p, "quant_method");
    if (!r.ok())
        return;
    std::transform(method.begin(), method.end(), method.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    WeightQuantization w;
    w.method = method;
    if (method == "gptq" || method == "awq") {
        if (!q.contains("bits")) {
            r.fail(p, "missing \"bits\" (4 or 8) of " + method + " weights");
            return;
        }
        const long long bits = r.integer(q, p, "bits", 1, 0);
        if (!r.ok())
            return;
        if (bits != 4 && bits != 8) {
            r.fail(JsonReader::child(p, "bits"),
                   std::to_string(bits) +
                       "-bit weights are not modelled: RoofScope has 4- and 8-bit integer "
                       "weights (expected 4 or 8)");
            return;
        }
        w.weights = bits == 4 ? Precision::INT4 : Precision::INT8;
        if (!q.contains("group_size")) {
            r.fail(p, "missing \"group_size\" (the weights per scale, or -1 for one scale per "
                      "output channel)");
            return;
        }
        const Json& g = q.at("group_size");
        // Whole numbers only; 128.0 reads as 128, as integer() accepts.
        long long group = 0;
        bool whole = false;
        if (g.is_number_integer()) {
            whole = g.get<long long>() >= -1 && g.get<long long>() <= kMaxWeightGroupSize;
            group = whole ? g.get<long long>() : 0;
        } else if (g.is_number_float()) {
            const double v = g.get<double>();
            whole = v >= -1.0 && v <= static_cast<double>(kMaxWeightGroupSize) &&
                    v == static_cast<double>(static_cast<long long>(v));
            group = whole ? static_cast<long long>(v) : 0;
        }
        if (!whole || group == 0) {
            r.fail(JsonReader::child(p, "group_size"),
                   "expected the weights per scale, a whole number from 1 to " +
                       std::to_string(kMaxWeightGroupSize) +
                       ", or -1 for one scale per output channel, got " + JsonReader::describe(g));
            return;
        }
        w.groupSize = group == -1 ? 0 : group;
    } else if (method == "fp8" || method == "fbgemm_fp8") {
        w.weights = Precision::FP8;
        if (JsonReader::present(q, "weight_block_size")) {
            const std::string bp = JsonReader::child(p, "weight_block_size");
            const Json& b = q.at("weight_block_size");
            if (!r.requireArray(b, bp))
                return;
            if (b.empty() || b.size() > 2) {
                r.fail(bp, "expected one or two block sides, like [128, 128], got " +
                               std::to_string(b.size()) + " values");
                return;
            }
            long long group = 1;
            for (std::size_t i = 0; i < b.size(); ++i) {
                if (!b[i].is_number_integer() || b[i].get<long long>() < 1 ||
                    b[i].get<long long>() > kMaxWeightGroupSize) {
                    r.fail(JsonReader::child(bp, i),
                           "expected a block side, a whole number from 1 to " +
                               std::to_string(kMaxWeightGroupSize) + ", got " +
                               JsonReader::describe(b[i]));
                    return;
                }
                w.blockSize.push_back(b[i].get<long long>());
                group *= b[i].get<long long>();
            }
            // DeepSeek-V3 keeps one FP32 scale per 128 × 128 block; counted as FP16 scales per
            // block, as every group here (0.0001 bits per weight apart).
            w.groupSize = group;
        }
    } else {
        return; // not read: unquantized
    }
    m.quantization = std::move(w);
}

ModelConfig readCatalogModel(JsonReader& r, const Json& item, const std::string& p,
                             std::map<std::string, std::string>& seenIds)
{
    ModelConfig m;
    if (!r.checkKeys(item, p,
                     {"id", "name", "hidden_size", "intermediate_size", "num_hidden_layers",
                      "num_attention_heads", "vocab_size"},
                     {"num_key_value_heads",
                      "head_dim",
                      "mlp",
                      "hidden_act",
                      "norm",
                      "position",
                      "max_position_embeddings",
                      "tie_word_embeddings",
                      "num_local_experts",
                      "num_experts_per_tok",
                      "params",
                      "source",
                      "parallel_block",
                      "partial_rotary_factor",
                      "kv_lora_rank",
                      "q_lora_rank",
                      "qk_nope_head_dim",
                      "qk_rope_head_dim",
                      "v_head_dim",
                      "n_shared_experts",
                      "moe_intermediate_size",
                      "first_k_dense_replace",
                      "shared_expert_intermediate_size",
                      "shared_expert_gate",
                      "decoder_sparse_step",
                      "mlp_only_layers",
                      "qkv_bias",
                      "quantization_config"}))
        return m;
    m.id = r.nonEmptyString(item, p, "id");
    if (!r.ok())
        return m;
    if (!isModelSlug(m.id)) {
        r.fail(JsonReader::child(p, "id"), "must be a lowercase slug of a-z, 0-9, '.' and '-', "
                                           "like \"llama-2-70b\", got " +
                                               quotedText(m.id));
        return m;
    }
    if (const auto [it, inserted] = seenIds.emplace(m.id, p); !inserted) {
        r.fail(JsonReader::child(p, "id"),
               "duplicate id " + quotedText(m.id) + " (first at " + it->second + ")");
        return m;
    }
    m.name = r.nonEmptyString(item, p, "name");
    m.hiddenSize = r.integer(item, p, "hidden_size", 1, 0);
    m.intermediateSize = r.integer(item, p, "intermediate_size", 1, 0);
    m.layers = r.integer(item, p, "num_hidden_layers", 1, 0);
    m.heads = r.integer(item, p, "num_attention_heads", 1, 0);
    m.vocabSize = r.integer(item, p, "vocab_size", 1, 0);
    m.kvHeads = r.integer(item, p, "num_key_value_heads", 1, m.heads);
    m.headDim = r.integer(item, p, "head_dim", 1, defaultHeadDim(m.hiddenSize, m.heads));
    if (!r.ok())
        return m;
    const int mlp = readChoice(r, item, p, "mlp", {"gated", "plain"}, 0);
    if (mlp < 0)
        return m;
    m.mlp = mlp == 0 ? MlpKind::Gated : MlpKind::Plain;
    m.activation = r.string(item, p, "hidden_act", m.mlp == MlpKind::Gated ? "silu" : "gelu");
    const int norm = readChoice(r, item, p, "norm", {"rmsnorm", "layernorm"}, 0);
    if (norm < 0)
        return m;
    m.norm = norm == 0 ? NormKind::RmsNorm : NormKind::LayerNorm;
    const int position = readChoice(r, item, p, "position", {"rope", "learned"}, 0);
    if (position < 0)
        return m;
    m.position = position == 0 ? PositionKind::Rope : PositionKind::Learned;
    m.maxPositions = r.integer(item, p, "max_position_embeddings", 1, 0);
    m.tiedEmbeddings = r.boolean(item, p, "tie_word_embeddings", false);
    if (r.ok())
        readMoe(r, item, p, m);
    m.qkvBias = r.boolean(item, p, "qkv_bias", false);
    m.parallelBlock = r.boolean(item, p, "parallel_block", false);
    m.rotaryFraction = readRotaryFraction(r, item, p);
    m.publishedParams = r.positiveNumber(item, p, "params", 0.0);
    m.source = r.string(item, p, "source");
    if (r.ok())
        readQuantization(r, item, p, m);
    if (r.ok())
        readLatentAttention(r, item, p, m);
    checkRelations(r, m, p);
    return m;
}

Expected<std::vector<ModelConfig>> readCatalog(JsonReader& r, const Json& root)
{
    if (!r.checkFormatAndVersion(root, kFormat, "a model catalog", kVersion) ||
        !r.checkKeys(root, "", {"models"}, {"format", "version"}))
        return *r.error();
    const Json& list = root.at("models");
    if (!r.requireArray(list, "/models"))
        return *r.error();
    std::vector<ModelConfig> models;
    std::map<std::string, std::string> seenIds;
    for (std::size_t i = 0; i < list.size(); ++i) {
        ModelConfig m = readCatalogModel(r, list[i], JsonReader::child("/models", i), seenIds);
        if (!r.ok())
            return *r.error();
        models.push_back(std::move(m));
    }
    return models;
}

// "models/TinyLlama-1.1B/config.json" -> "tinyllama-1.1b"; "mixtral.json" -> "mixtral".
std::string idFromFileName(std::string_view fileName)
{
    const std::filesystem::path path{std::string(fileName)};
    std::string base = path.stem().string();
    if (base == "config" && path.has_parent_path())
        base = path.parent_path().filename().string();
    std::string id;
    for (char c : base) {
        const char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        const bool keep = (lower >= 'a' && lower <= 'z') || (lower >= '0' && lower <= '9') ||
                          lower == '.' || lower == '-';
        if (keep)
            id += lower;
        else if (!id.empty() && id.back() != '-')
            id += '-';
    }
    while (!id.empty() && (id.back() == '-' || id.back() == '.'))
        id.pop_back();
    while (!id.empty() && (id.front() == '-' || id.front() == '.'))
        id.erase(id.begin());
    return id.empty() ? std::string("hf-model") : id;
}

// A Hugging Face config: only the fields the expansion needs are read (and validated); everything
// else in the file is ignored, so a downloaded config.json loads as it is.
Expected<std::vector<ModelConfig>> readHuggingFace(JsonReader& r, const Json& root,
                                                   std::string_view fileName)
{
    // The family first: a BERT or Mamba config must say what it is, not trip over a key.
    auto family = hfFamilyOf(root, fileName);
    if (!family)
        return family.error();
    for (std::string_view key : {"hidden_size", "intermediate_size", "num_hidden_layers",
                                 "num_attention_heads", "vocab_size"}) {
        if (!root.contains(key)) {
            r.fail("", "missing required key \"" + std::string(key) +
                           "\" (a Hugging Face config.json of a decoder-only model)");
            return *r.error();
        }
    }
    // HF writes null for "use the default" in some configs.
    const auto has = [&](std::string_view key) { return JsonReader::present(root, key); };
    ModelConfig m;
    m.mlp = family->mlp;
    m.norm = family->norm;
    m.activation = family->activation;
    m.tiedEmbeddings = family->tiedByDefault;
    m.parallelBlock = family->parallelBlock;
    m.qkvBias = family->qkvBias;
    m.rotaryFraction = readRotaryFraction(r, root, "");
    m.id = idFromFileName(fileName);
    m.name = m.id;
    if (has("_name_or_path") && root.at("_name_or_path").is_string() &&
        !root.at("_name_or_path").get<std::string>().empty())
        m.name = root.at("_name_or_path").get<std::string>();
    m.hiddenSize = r.integer(root, "", "hidden_size", 1, 0);
    m.intermediateSize = r.integer(root, "", "intermediate_size", 1, 0);
    m.layers = r.integer(root, "", "num_hidden_layers", 1, 0);
    m.heads = r.integer(root, "", "num_attention_heads", 1, 0);
    m.vocabSize = r.integer(root, "", "vocab_size", 1, 0);
    m.kvHeads =
        has("num_key_value_heads") ? r.integer(root, "", "num_key_value_heads", 1, 0) : m.heads;
    m.headDim = has("head_dim") ? r.integer(root, "", "head_dim", 1, 0)
                                : defaultHeadDim(m.hiddenSize, m.heads);
    if (has("hidden_act")) {
        std::string act = r.string(root, "", "hidden_act");
        // HF spells variants of the same function several ways.
        if (act == "swish")
            act = "silu";
        else if (act.starts_with("gelu"))
            act = "gelu";
        m.activation = act;
    }
    if (has("tie_word_embeddings"))
        m.tiedEmbeddings = r.boolean(root, "", "tie_word_embeddings", false);
    if (has("attention_bias"))
        m.qkvBias = r.boolean(root, "", "attention_bias", m.qkvBias);
    if (r.ok())
        readMoe(r, root, "", m);
    if (has("max_position_embeddings"))
        m.maxPositions = r.integer(root, "", "max_position_embeddings", 1, 0);
    m.source = std::string(fileName) + " (Hugging Face config.json)";
    if (r.ok())
        readQuantization(r, root, "", m);
    if (r.ok())
        readLatentAttention(r, root, "", m);
    checkRelations(r, m, "");
    if (!r.ok())
        return *r.error();
    return std::vector<ModelConfig>{std::move(m)};
}

} // namespace

std::string_view mlpKindName(MlpKind k)
{
    return k == MlpKind::Gated ? "gated" : "plain";
}

std::string_view normKindName(NormKind k)
{
    return k == NormKind::RmsNorm ? "rmsnorm" : "layernorm";
}

std::string_view positionKindName(PositionKind k)
{
    return k == PositionKind::Rope ? "rope" : "learned";
}

namespace {

double attentionMatrices(const ModelConfig& m)
{
    if (m.isMla())
        return latentAttentionMatrices(m);
    // Products in double: heads × head_dim of an absurd config overflows long long.
    const double h = static_cast<double>(m.hiddenSize);
    const double d = static_cast<double>(m.headDim);
    return 2.0 * h * static_cast<double>(m.heads) * d +
           2.0 * h * static_cast<double>(m.kvHeads) * d;
}

// Parameters outside the decoder-layer matrices of one layer: norm vectors, QKV biases, and
// for a MoE layer the router and the shared expert's gate.
double layerVectors(const ModelConfig& m)
{
    const double h = static_cast<double>(m.hiddenSize);
    const double normsPerLayer = m.parallelBlock ? 1.0 : 2.0;
    const double normVectors = normsPerLayer * (m.norm == NormKind::RmsNorm ? 1.0 : 2.0); // γ, β
    const double bias =
        m.qkvBias ? static_cast<double>(m.heads + 2 * m.kvHeads) * static_cast<double>(m.headDim)
                  : 0.0;
    return normVectors * h + (m.isMla() ? latentAttentionNormVectors(m) : 0.0) + bias;
}

double modelParameters(const ModelConfig& m, double expertsCounted)
{
    const double h = static_cast<double>(m.hiddenSize);
    const double router = h * static_cast<double>(m.experts) + (m.sharedExpertGate ? h : 0.0);
    const double embedding = static_cast<double>(m.vocabSize) * h;
    const double positions =
        m.position == PositionKind::Learned ? static_cast<double>(m.maxPositions) * h : 0.0;
    const double finalNorm = (m.norm == NormKind::RmsNorm ? 1.0 : 2.0) * h;
    const double head = m.tiedEmbeddings ? 0.0 : embedding;
    return m.decoderMatrixCount(expertsCounted) + static_cast<double>(m.layers) * layerVectors(m) +
           static_cast<double>(m.moeLayerCount()) * router + embedding + positions + finalNorm +
           head;
}

} // namespace

double ModelConfig::sharedFfnSize() const
{
    if (sharedExpertSize > 0)
        return static_cast<double>(sharedExpertSize);
    return static_cast<double>(sharedExperts) * static_cast<double>(expertFfnSize());
}

bool ModelConfig::isMoeLayer(long long index) const
{
    // Hugging Face's Qwen2-MoE rule with DeepSeek's dense first layers: MoE when the layer is
    // past first_k_dense_replace, (index + 1) is a multiple of decoder_sparse_step and the
    // layer is not in mlp_only_layers.
    const long long step = std::max<long long>(1, sparseStep);
    return isMoe() && index >= firstDenseLayers && (index + 1) % step == 0 &&
           std::find(denseLayerIndices.begin(), denseLayerIndices.end(), index) ==
               denseLayerIndices.end();
}

long long ModelConfig::moeLayerCount() const
{
    if (!isMoe() || layers <= 0)
        return 0;
    // The isMoeLayer() rule counted in closed form over [firstLayer, firstLayer + layers):
    // layers can be counted in billions in a parseable file, so they are not walked.
    const long long step = std::max<long long>(1, sparseStep);
    const long long end = firstLayer + layers;
    const long long begin = std::clamp<long long>(firstDenseLayers, firstLayer, end);
    // Indices i in [begin, end) with (i + 1) a multiple of the step.
    long long count = end / step - begin / step;
    std::vector<long long> listed = denseLayerIndices;
    std::sort(listed.begin(), listed.end());
    listed.erase(std::unique(listed.begin(), listed.end()), listed.end());
    for (long long i : listed) {
        if (i >= begin && i < end && (i + 1) % step == 0)
            --count;
    }
    return count;
}

ModelConfig ModelConfig::layerSlice(long long first, long long count) const
{
    ModelConfig slice = *this;
    slice.firstLayer = firstLayer + first;
    slice.layers = count;
    // Dense first layers beyond the slice's end make all of it dense, as the end would.
    slice.firstDenseLayers = std::min(firstDenseLayers, slice.firstLayer + count);
    return slice;
}

double ModelConfig::decoderMatrixCount(double expertsCounted) const
{
    const double h = static_cast<double>(hiddenSize);
    const double matrices = mlp == MlpKind::Gated ? 3.0 : 2.0;
    const double dense = matrices * h * static_cast<double>(intermediateSize);
    const double moe =
        matrices * h * (static_cast<double>(expertFfnSize()) * expertsCounted + sharedFfnSize());
    return static_cast<double>(layers) * attentionMatrices(*this) +
           static_cast<double>(denseLayerCount()) * dense +
           static_cast<double>(moeLayerCount()) * moe;
}

double ModelConfig::parameterCount() const
{
    return modelParameters(*this, static_cast<double>(experts));
}

double ModelConfig::activeParameterCount() const
{
    return modelParameters(*this, static_cast<double>(isMoe() ? expertsPerToken : 1));
}

std::optional<Error> validateModel(const ModelConfig& m)
{
    const std::string who = "model " + quotedText(m.id) + ": ";
    if (!isModelSlug(m.id))
        return makeError(who + "id must be a lowercase slug of a-z, 0-9, '.' and '-'");
    const std::pair<const char*, long long> counts[] = {
        {"hidden_size", m.hiddenSize},      {"intermediate_size", m.intermediateSize},
        {"num_hidden_layers", m.layers},    {"num_attention_heads", m.heads},
        {"num_key_value_heads", m.kvHeads}, {"vocab_size", m.vocabSize},
        {"num_local_experts", m.experts},   {"num_experts_per_tok", m.expertsPerToken}};
    for (const auto& [key, value] : counts) {
        if (value < 1)
            return makeError(who + key + ": must be a whole number >= 1, got " +
                             std::to_string(value));
    }
    if (auto problem = relationProblem(m))
        return makeError(who + problem->first + ": " + problem->second);
    return std::nullopt;
}

Expected<std::vector<ModelConfig>> parseModelFile(std::string_view text, std::string_view fileName)
{
    auto document = JsonReader::parse(text, fileName);
    if (!document)
        return document.error();
    JsonReader reader{std::string(fileName)};
    if (!reader.requireObject(*document, ""))
        return *reader.error();
    // A Hugging Face config has its fields at the top level; ours wraps a list in "models".
    const bool huggingFace = looksLikeHfConfig(*document);
    if (huggingFace)
        return readHuggingFace(reader, *document, fileName);
    return readCatalog(reader, *document);
}

void writeArchitectureFields(Json& entry, const ModelConfig& m)
{
    writeMoe(entry, m);
    writeLatentAttention(entry, m);
    if (m.qkvBias)
        entry["qkv_bias"] = true;
}

namespace {

// The Hugging Face form readQuantization reads back.
Json quantizationToJson(const WeightQuantization& w)
{
    Json q = {{"quant_method", w.method}};
    if (w.weights == Precision::FP8) {
        if (!w.blockSize.empty())
            q["weight_block_size"] = w.blockSize;
        return q;
    }
    q["bits"] = w.weights == Precision::INT4 ? 4 : 8;
    q["group_size"] = w.groupSize > 0 ? w.groupSize : -1;
    return q;
}

} // namespace

std::string modelCatalogToJson(const std::vector<ModelConfig>& models)
{
    Json list = Json::array();
    for (const ModelConfig& m : models) {
        Json e = Json::object();
        e["id"] = m.id;
        e["name"] = m.name;
        e["hidden_size"] = m.hiddenSize;
        e["intermediate_size"] = m.intermediateSize;
        e["num_hidden_layers"] = m.layers;
        e["num_attention_heads"] = m.heads;
        e["num_key_value_heads"] = m.kvHeads;
        e["head_dim"] = m.headDim;
        e["vocab_size"] = m.vocabSize;
        e["mlp"] = mlpKindName(m.mlp);
        e["hidden_act"] = m.activation;
        e["norm"] = normKindName(m.norm);
        e["position"] = positionKindName(m.position);
        if (m.maxPositions > 0)
            e["max_position_embeddings"] = m.maxPositions;
        e["tie_word_embeddings"] = m.tiedEmbeddings;
        writeArchitectureFields(e, m);
        if (m.parallelBlock)
            e["parallel_block"] = true;
        if (m.rotaryFraction != 1.0)
            e["partial_rotary_factor"] = m.rotaryFraction;
        if (m.publishedParams > 0.0)
            e["params"] = m.publishedParams;
        if (!m.source.empty())
            e["source"] = m.source;
        if (m.quantization)
            e["quantization_config"] = quantizationToJson(*m.quantization);
        list.push_back(std::move(e));
    }
    Json document = {{"format", kFormat}, {"version", kVersion}, {"models", std::move(list)}};
    return document.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

// ---- ModelCatalog ---------------------------------------------------------------------------

ModelCatalog ModelCatalog::builtin()
{
    ModelCatalog catalog;
    // Validated by the test suite (ModelCatalogBuiltin.*): a failure here is a build defect.
    auto parsed = parseModelFile(builtinModelsJson(), "built-in models.json");
    if (parsed)
        catalog.m_models = std::move(parsed).value();
    return catalog;
}

void ModelCatalog::merge(const std::vector<ModelConfig>& models)
{
    mergeById(m_models, models);
}

Expected<std::vector<ModelConfig>> ModelCatalog::loadFile(const std::string& path)
{
    auto text = readTextFile(path);
    if (!text)
        return text.error();
    auto parsed = parseModelFile(*text, path);
    if (!parsed)
        return parsed.error();
    merge(*parsed);
    return parsed;
}

std::vector<Error> ModelCatalog::loadUserDirectory()
{
    auto files = jsonFilesIn(userModelDirectory());
    if (!files)
        return {files.error()};
    std::vector<Error> errors;
    for (const std::string& path : *files) {
        if (auto loaded = loadFile(path); !loaded)
            errors.push_back(loaded.error());
    }
    return errors;
}

const ModelConfig* ModelCatalog::find(std::string_view id) const
{
    return findById(m_models, id);
}

std::string ModelCatalog::closestId(std::string_view id) const
{
    return closestIdOf(m_models, id);
}

std::string userModelDirectory()
{
    return userConfigDirectory("ROOFSCOPE_MODEL_DIR", "models");
}

std::string modelIdFromFileName(std::string_view fileName)
{
    return idFromFileName(fileName);
}

} // namespace roofscope
