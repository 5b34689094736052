#pragma once

#include "core/models/modelconfig.h"
#include "core/roofline/operators.h"
#include "core/roofline/roofline.h"
#include "core/util/expected.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// Prefill: every prompt token of every sequence in one step. Decode: one new token per sequence.
enum class Phase { Prefill, Decode };
std::string_view phaseName(Phase p);
std::optional<Phase> parsePhase(std::string_view name);

// What one inference step runs: the knobs of a model scenario. Plain data, cheap to copy, so that a
// window can change one field per slider step and expand again.
struct InferenceScenario {
    Phase phase = Phase::Decode;
    double batch = 1.0;                      // sequences in the step
    double context = 1.0;                    // decode: tokens already in each sequence's KV cache;
                                             // prefill: prompt tokens per sequence
    Precision weights = Precision::FP16;     // decoder-layer linear weights (W of WxAy)
    Precision activations = Precision::FP16; // matmul inputs and math (A of WxAy)
    Precision kvCache = Precision::FP16;
    // Group quantization of the weights (GPTQ/AWQ g128, llama.cpp Q4_0 g32): every group of
    // this many weights along k stores one FP16 scale beside them, so 4-bit weights in groups
    // of 32 take 4 + 16/32 = 4.5 bits each. 0: no scales counted. Applies to the matrices at
    // the weight precision (the 16-bit embeddings and LM head have none); zero-points, which
    // some formats add, are not counted.
    double weightGroupSize = 0.0;
    // Elementwise chains as one kernel each, flash attention; off: every operator is its own
    // kernel and attention is QKᵀ, softmax and ·V with the scores in memory.
    bool fused = false;
    bool operator==(const InferenceScenario&) const = default;
};

// A quantized checkpoint's storage (ModelConfig::quantization) as the step's defaults: the
// weights precision unless `weightsGiven` (the user chose one), and the group size unless
// `groupGiven`, when the weights are the checkpoint's. Nothing changes for a model without one.
void applyQuantizationDefaults(const ModelConfig& model, InferenceScenario& s, bool weightsGiven,
                               bool groupGiven);

// The step after switching from model `previous` to `next`: weights and a group size that were
// `previous`'s defaults (its checkpoint's storage, else the activations' precision and no
// groups) become `next`'s defaults; ones the user chose stay.
InferenceScenario scenarioForModelChange(const ModelConfig& previous, const ModelConfig& next,
                                         InferenceScenario s);

// The precision of the tensors between kernels, of the elementwise work and of the parts
// quantizers keep in 16 bits (embeddings, LM head, MoE router): the activation precision
// when it is a 16-bit format, else FP16 (an FP8/INT8 stack quantizes matmul inputs inside
// the kernel that produces them; the residual stream stays 16-bit).
Precision streamPrecision(const InferenceScenario& s);

// Tokens one step processes: batch (decode) or batch · prompt (prefill). Also the tokens a
// step produces (decode) or ingests (prefill), for tokens/s.
double stepTokens(const InferenceScenario& s);

// The expected number of distinct experts a step touches when `tokens` tokens each pick
// `topK` of `experts`, assuming every token picks independently and every expert equally
// likely (a balanced router): E · (1 − (1 − k/E)^T). Real routers are skewed and tokens of one
// sequence correlate, so this is an upper estimate of the expert weights read.
double expectedExpertsTouched(double experts, double topK, double tokens);

// KV-cache bytes one token of context occupies: 2 · layers · kv_heads · head_dim · bytes(kv).
double kvCacheBytesPerToken(const ModelConfig& model, Precision kv);

// Bytes one weight of a decoder-layer matrix occupies: bytes(weights) plus, when quantized in
// groups, its share of the group's FP16 scale (2 / group).
double quantizedWeightBytes(const InferenceScenario& s);

// Bytes of all parameters as stored: decoder-layer matrices (every expert) at
// quantizedWeightBytes(); embeddings, LM head, router and norm vectors at streamPrecision().
double weightBytes(const ModelConfig& model, const InferenceScenario& s);

// One row of the expansion: an operator instance and how many times a step runs it.
struct WorkloadOp {
    std::string key;         // stable across scenarios of one model and phase: "q_proj", "attn_qk"
    std::string name;        // what it is, including any approximation made to express it
    Operator op;             // one instance; its cost() is the only source of FLOPs and bytes
    double layerCount = 1.0; // decoder layers it occurs in (1 for embedding and LM head)
    double perLayer = 1.0;   // instances per layer: batch · kv_heads for unfused attention,
                             // expected experts touched for MoE expert matmuls (not whole)
    double count() const { return layerCount * perLayer; }
};

// The operators of one step of a model under a scenario, plus what must sit in memory.
struct Workload {
    std::vector<WorkloadOp> ops;
    double tokens = 0.0;       // stepTokens()
    double weightsBytes = 0.0; // weightBytes()
    // Weight bytes the step actually reads: for MoE only the experts it touches (the others
    // sit in memory unread). Equals weightsBytes for dense models.
    double weightsReadBytes = 0.0;
    double kvCacheBytes = 0.0;   // batch · context tokens of cache
    double expertsTouched = 0.0; // per layer, MoE only (0 for dense models)
};

// The most tokens one step may process (batch for decode, batch × context for prefill): more
// would push the operators' element counts past their limits, and no real step comes close.
inline constexpr double kMaxStepTokens = 1e7;

// Expands a model into the operators of one decoder layer (counted `layers` times) plus the
// embedding lookup, the final norm and the LM head. Pure computation, no I/O: cheap enough to
// call on every slider step. Errors: a scenario value out of range (batch < 1, ...) or a
// shape an operator rejects; the message names the field.
Expected<Workload> expandWorkload(const ModelConfig& model, const InferenceScenario& scenario);

// An operator's verdict on one GPU and its share of the step.
struct OperatorTiming {
    Estimate estimate;      // one instance
    double stepFlops = 0.0; // × count
    double stepBytes = 0.0;
    double stepTimeS = 0.0;
    double timeFraction = 0.0; // of the step time
};

// A step on one GPU: time = Σ count · max(compute time, memory time) (operators run one after
// another, none overlaps another).
struct WorkloadTotals {
    double flops = 0.0;
    double bytes = 0.0;
    double timeS = 0.0;
    double tokensPerS = 0.0;
    double memoryBoundTimeFraction = 0.0; // share of timeS spent in memory-bound operators
    double weightsBytes = 0.0;
    double weightsReadBytes = 0.0; // Workload::weightsReadBytes
    double kvCacheBytes = 0.0;
    double memoryBytes = 0.0;            // the GPU's capacity (0 when the catalog lacks it)
    std::optional<bool> fits;            // weights + KV cache <= capacity; unknown without it
    std::optional<long long> gpusNeeded; // smallest count whose summed memory holds them
    std::vector<OperatorTiming> perOp;   // parallel to Workload::ops
    std::vector<std::size_t> byTime;     // indices into ops, longest step time first

    double ai() const { return bytes > 0.0 ? flops / bytes : 0.0; }
    // FLOPs per byte of weights read: the seed's "AI ≈ tokens in the step" (docs/models.md,
    // "Whole-model analysis"), which holds only while weights dominate the bytes. The real step
    // AI, ai(), also counts the activations every kernel reads and writes: at a 2048-token prefill
    // of a 8192-wide model they are a third or more of the bytes. For MoE only the experts the
    // step touches are read, so dividing by all experts' weights would understate it.
    double weightsOnlyAi() const
    {
        const double read = weightsReadBytes > 0.0 ? weightsReadBytes : weightsBytes;
        return read > 0.0 ? flops / read : 0.0;
    }
};

// The largest GPU count a model's memory may need before evaluateWorkload refuses it.
inline constexpr double kMaxGpusNeeded = 1e9;

// Estimates every operator on `hw`. An Error names the operator and what the GPU lacks (no
// fp16 tensor ceiling on a TPU, ...).
Expected<WorkloadTotals> evaluateWorkload(const Workload& workload, const Hardware& hw);

} // namespace roofscope
