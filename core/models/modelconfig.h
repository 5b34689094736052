#pragma once

#include "core/hardware/precision.h"
#include "core/util/expected.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// The MLP of a decoder layer: gated (SwiGLU/GeGLU: gate, up and down projections, the
// activation of the gate multiplied by up) or plain (up, activation, down: GPT-2/3).
enum class MlpKind { Gated, Plain };
// Normalization before attention and MLP.
enum class NormKind { RmsNorm, LayerNorm };
// How positions enter: rotary embeddings applied to Q and K in every layer, or a learned
// position table added to the token embedding once.
enum class PositionKind { Rope, Learned };

std::string_view mlpKindName(MlpKind k);
std::string_view normKindName(NormKind k);
std::string_view positionKindName(PositionKind k);

// Multi-head latent attention (DeepSeek-V2/V3): K and V are compressed to a latent of
// `kvLoraRank` per token plus one shared rotary key of `qkRopeHeadDim`; queries optionally go
// through a low-rank path of `qLoraRank`. kvLoraRank == 0 means ordinary attention.
struct LatentAttention {
    long long kvLoraRank = 0;
    long long qLoraRank = 0; // 0: queries projected directly from the hidden state
    long long qkNopeHeadDim = 0;
    long long qkRopeHeadDim = 0;
    long long vHeadDim = 0;
    bool operator==(const LatentAttention&) const = default;
};

// The largest weights-per-scale a group (or an FP8 block) may have; a scenario's limit too.
inline constexpr long long kMaxWeightGroupSize = 65536;

// How the checkpoint's weights are stored, from a Hugging Face config's `quantization_config`:
// GPTQ and AWQ ({"quant_method": "gptq", "bits": 4, "group_size": 128}: INT4 in groups of 128,
// group_size -1 for one scale per output channel) and block-scaled FP8 ({"quant_method":
// "fp8", "weight_block_size": [128, 128]}, DeepSeek-V3: one scale per 128 × 128 block). What
// the model's step uses by default for its weights precision and weightGroupSize.
struct WeightQuantization {
    std::string method;                  // quant_method as written: "gptq", "awq", "fp8"
    Precision weights = Precision::INT4; // from bits (4: INT4, 8: INT8) or the method (FP8)
    long long groupSize = 0;             // weights per scale; 0: per channel (not counted)
    std::vector<long long> blockSize;    // weight_block_size as written (FP8), else empty
    bool operator==(const WeightQuantization&) const = default;
};

// The shape of a decoder-only transformer: what the workload expansion needs and nothing more.
// Counts are whole numbers stored as long long; the expansion converts them to double.
struct ModelConfig {
    std::string id;   // lowercase slug of a-z, 0-9, '.', '-': "llama-2-70b"
    std::string name; // "Llama 2 70B"
    long long hiddenSize = 0;
    long long intermediateSize = 0; // per expert for MoE models
    long long layers = 0;
    long long heads = 0;
    long long kvHeads = 0; // = heads for multi-head attention; fewer for GQA
    long long headDim = 0;
    long long vocabSize = 0;
    MlpKind mlp = MlpKind::Gated;
    std::string activation = "silu"; // silu | gelu | relu (an `activation` operator fn)
    NormKind norm = NormKind::RmsNorm;
    PositionKind position = PositionKind::Rope;
    long long maxPositions = 0;  // rows of the learned position table (PositionKind::Learned)
    bool tiedEmbeddings = false; // the LM head reuses the embedding matrix
    // Attention and MLP read the same normed input and add to one residual (Phi-2): one norm
    // per layer instead of two.
    bool parallelBlock = false;
    // Share of head_dim that rotary embeddings rotate (Phi-2: 0.4); 1 for full RoPE.
    double rotaryFraction = 1.0;
    long long experts = 1; // > 1: a mixture of experts in every layer's MLP
    long long expertsPerToken = 1;
    // DeepSeek-style MoE: shared experts every token passes through, the expert FFN size when
    // it differs from intermediateSize (which then sizes the dense layers), and how many of
    // the first layers keep a dense MLP.
    long long sharedExperts = 0;
    long long moeIntermediateSize = 0;
    long long firstDenseLayers = 0;
    // Qwen-MoE: one shared expert of its own FFN size (shared_expert_intermediate_size; 0: the
    // DeepSeek rule, sharedExperts × the expert size) whose output a sigmoid gate (a 1-wide
    // linear of the hidden state) scales; every `sparseStep`-th layer is MoE, and the layers
    // listed in `denseLayerIndices` (mlp_only_layers, 0-based) keep a dense MLP.
    long long sharedExpertSize = 0;
    bool sharedExpertGate = false;
    long long sparseStep = 1;
    std::vector<long long> denseLayerIndices;
    // Q, K and V projections carry a bias (Qwen2 and Qwen-MoE).
    bool qkvBias = false;
    // The index of this model's first layer in the model it was sliced from (a pipeline
    // stage holds layers [firstLayer, firstLayer + layers)); 0 for a whole model. The layer
    // indices above (firstDenseLayers, sparseStep, denseLayerIndices) keep the whole model's
    // numbering, so a slice knows which of its layers are dense.
    long long firstLayer = 0;
    LatentAttention mla;
    double publishedParams = 0.0; // from the model card; 0 when not given (display only)
    std::optional<WeightQuantization> quantization; // a quantized checkpoint's storage
    std::string source;
    bool operator==(const ModelConfig&) const = default;

    bool isMoe() const { return experts > 1; }
    bool isMla() const { return mla.kvLoraRank > 0; }
    long long expertFfnSize() const
    {
        return moeIntermediateSize > 0 ? moeIntermediateSize : intermediateSize;
    }
    // FFN width of the shared expert(s) every token of a MoE layer passes through (0: none).
    double sharedFfnSize() const;
    // Whether layer `index` (0-based, whole-model numbering) has the mixture of experts as its
    // MLP rather than a dense MLP of intermediateSize. False for a dense model.
    bool isMoeLayer(long long index) const;
    // Layers whose MLP is the mixture of experts; the others have a dense MLP of
    // intermediateSize. 0 for a dense model.
    long long moeLayerCount() const;
    long long denseLayerCount() const { return layers - moeLayerCount(); }
    // Weight matrices of the decoder layers (what a weight quantizer converts), counting
    // `expertsCounted` routed experts per MoE layer.
    double decoderMatrixCount(double expertsCounted) const;
    // Parameters computed from the shapes (biases ignored): every matrix and norm vector,
    // the embeddings and, unless tied, the LM head.
    double parameterCount() const;
    // Parameters a token touches: for MoE, top-k experts instead of all of them.
    double activeParameterCount() const;
    // Elements of K and V one token of context adds to the cache: 2 · layers · kv_heads · d;
    // with MLA the compressed latent and the rotary key: layers · (kv_lora_rank + rope dim).
    double kvElementsPerToken() const
    {
        if (isMla())
            return static_cast<double>(layers) *
                   static_cast<double>(mla.kvLoraRank + mla.qkRopeHeadDim);
        return 2.0 * layers * kvHeads * headDim;
    }
    // Layers [first, first + count) of this model as a model of their own (a pipeline stage):
    // the same shapes, each layer keeping its dense or MoE MLP.
    ModelConfig layerSlice(long long first, long long count) const;
};

// Checks the relations between fields (heads divisible by kv_heads, top-k <= experts, ...).
// The message names the model id and the problem.
std::optional<Error> validateModel(const ModelConfig& model);

// The built-in presets (resources/models.json, compiled in).
std::string_view builtinModelsJson();

// Parses a model document. Two forms are accepted:
// - a RoofScope model catalog {"format": "roofscope-models", "version": 1, "models": [...]},
//   validated strictly (unknown keys are errors), messages "FILE: /models/2/hidden_size: ...";
// - a Hugging Face config.json (an object with "hidden_size" and no "models"), read as it is:
//   the fields RoofScope needs are validated, every other key is ignored. Its id comes from
//   the file name (the directory's name for "config.json").
// `fileName` labels errors and names Hugging Face models.
Expected<std::vector<ModelConfig>> parseModelFile(std::string_view text, std::string_view fileName);

// The fields of a catalog entry only some architectures have: the mixture of experts (routed,
// shared, dense layers), latent attention and QKV biases. Used by the catalog writer and by
// `roofscope models --format json`.
void writeArchitectureFields(nlohmann::ordered_json& entry, const ModelConfig& m);

// The id a model read from `fileName` takes: "models/TinyLlama-1.1B/config.json" ->
// "tinyllama-1.1b", "mixtral.json" -> "mixtral".
std::string modelIdFromFileName(std::string_view fileName);

// Serialises models to the catalog format (round-trips through parseModelFile).
std::string modelCatalogToJson(const std::vector<ModelConfig>& models);

// The models a session works with: the presets, then user files that add models or override
// presets by id. A broken user file is reported and skipped.
class ModelCatalog {
public:
    static ModelCatalog builtin();

    void merge(const std::vector<ModelConfig>& models);
    // Reads, validates and merges one file; returns the models it held, or an Error naming
    // the file, the JSON pointer and the problem (nothing is merged then).
    Expected<std::vector<ModelConfig>> loadFile(const std::string& path);
    // Merges every *.json of userModelDirectory() in name order; one Error per broken file.
    std::vector<Error> loadUserDirectory();

    const std::vector<ModelConfig>& all() const { return m_models; }
    const ModelConfig* find(std::string_view id) const;
    // The known id nearest to `id` by edit distance ("" when none is close).
    std::string closestId(std::string_view id) const;

private:
    std::vector<ModelConfig> m_models;
};

// $ROOFSCOPE_MODEL_DIR if set, else $XDG_CONFIG_HOME/roofscope/models, else
// ~/.config/roofscope/models.
std::string userModelDirectory();

} // namespace roofscope
