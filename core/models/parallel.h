#pragma once

#include "core/hardware/hardware.h"
#include "core/models/modelconfig.h"
#include "core/models/workload.h"
#include "core/util/expected.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace roofscope {

// How a model is spread over GPUs of one node: tensor parallel over `tp` GPUs inside each of
// `pp` pipeline stages; for MoE, the experts of a layer spread over `ep` of the `tp` GPUs
// (ep divides tp; each expert's FFN is split over the remaining tp / ep).
struct Layout {
    int tp = 1;
    int pp = 1;
    int ep = 1;
    int gpus() const { return tp * pp; }
    // "TP=2" / "TP=4 × PP=2" / "TP=8 EP=8"
    std::string name() const;
    bool operator==(const Layout&) const = default;
};

// The collectives a layout needs, with the formulas GenZ and llm-analysis use (the α–β model
// of a ring: Thakur, Rabenseifner & Gropp, "Optimization of collective communication
// operations in MPICH", 2005). `bytes` is the payload each GPU holds, `bytesPerS` the link
// bandwidth per direction per GPU, `hopS` the per-hop latency.
//   ring all-reduce: 2·(N−1)/N · bytes / bw + 2·(N−1) · hop
//   all-gather:        (N−1)/N · bytes / bw +   (N−1) · hop   (bytes: the gathered total)
//   all-to-all:        (N−1)/N · bytes / bw +   (N−1) · hop
//   point-to-point:              bytes / bw +           hop
double ringAllReduceTimeS(double bytes, int n, double bytesPerS, double hopS);
double allGatherTimeS(double bytes, int n, double bytesPerS, double hopS);
double allToAllTimeS(double bytes, int n, double bytesPerS, double hopS);
double pointToPointTimeS(double bytes, double bytesPerS, double hopS);

// One collective of a step on one GPU.
struct CommOp {
    std::string key;        // "attn_all_reduce", "mlp_all_reduce", "pp_send", ...
    std::string name;       // what it is, with its size
    std::string collective; // "all_reduce" | "all_gather" | "all_to_all" | "send"
    double bytes = 0.0;     // payload per call
    int participants = 1;
    double count = 0.0; // calls per step on this stage
    double timeS = 0.0; // one call
    double stepTimeS() const { return timeS * count; }
    // The bytes one call puts on this GPU's link (ring all-reduce: 2·(N−1)/N · bytes) and the
    // additions it performs (reduce-scatter: (N−1)/N · elements): the point a collective is on
    // the communication roof, whose slope is the link bandwidth.
    double linkBytes = 0.0;
    double flops = 0.0;
};

// One pipeline stage (every GPU of a stage does the same work under tensor parallelism).
struct StageTotals {
    int stage = 0;
    int layers = 0;
    Workload workload;     // the per-GPU shard of this stage's operators
    WorkloadTotals totals; // evaluated on the GPU
    std::vector<CommOp> communication;
    double computeBoundTimeS = 0.0; // operators on the compute roof
    double memoryBoundTimeS = 0.0;  // operators on the memory slope
    double communicationTimeS = 0.0;
    double timeS() const { return computeBoundTimeS + memoryBoundTimeS + communicationTimeS; }
    double weightsBytes = 0.0; // per GPU, replication counted
    double kvCacheBytes = 0.0; // per GPU
    double workspaceBytes = 0.0;
    double memoryBytes() const { return weightsBytes + kvCacheBytes + workspaceBytes; }
};

struct ParallelOptions {
    // Share of each GPU's memory kept free for the framework, CUDA context and fragmentation:
    // "fits" means weights + KV cache + workspace <= (1 − headroom) × capacity.
    double headroom = 0.10;
    // Prefill micro-batches in the pipeline; 0 = one per sequence (the batch).
    int microBatches = 0;
};

struct ParallelTotals {
    Layout layout;
    std::vector<StageTotals> stages;
    double computeTimeS = 0.0;       // compute- and memory-bound operator time on the path
    double communicationTimeS = 0.0; // collectives and stage sends on the path
    double timeS = 0.0;              // per step: decode = Σ stages; prefill = pipelined
    double tokensPerS = 0.0;
    double tokensPerSPerGpu = 0.0;
    double communicationFraction = 0.0; // communicationTimeS / timeS
    double bubbleFraction = 0.0;        // prefill: (pp − 1) / (m + pp − 1)
    int microBatches = 1;
    double memoryBytesPerGpu = 0.0; // the fullest stage
    double capacityBytes = 0.0;     // 0 when the catalog lacks it
    double headroom = 0.0;
    std::optional<bool> fits;
    double tokens = 0.0;
};

// A collective on the roofline: its own roof is the link — a slope of the link's bandwidth per
// direction — and the point sits at AI = reduction FLOPs / link bytes (an all-reduce adds
// (N−1)/N of its elements). Gathers, all-to-alls and sends compute nothing, so they have no
// point on a FLOP/s axis; their time is in the totals.
// For the chart: what to draw, computed once here.
struct CommunicationPoint {
    std::string key;
    double ai = 0.0;         // FLOP per byte over the link
    double attainable = 0.0; // min(vector peak of the reduction, link bandwidth × ai)
    double linkBytesPerS = 0.0;
    double timeS = 0.0; // one call
};
// The all-reduce points of stage 1 of a layout on `hw`, on the roof of its link.
std::vector<CommunicationPoint> communicationPoints(const ParallelTotals& totals,
                                                    const Hardware& hw);

// The model as one GPU of the layout holds it: heads, KV heads (at least one: replicated when
// tp exceeds them), FFN columns and vocabulary divided by tp; experts by ep. Errors name the
// shape that does not divide.
Expected<ModelConfig> shardModel(const ModelConfig& model, const Layout& layout);

// Checks a layout against a model and a GPU (interconnect present for more than one GPU).
std::optional<Error> validateLayout(const ModelConfig& model, const Layout& layout,
                                    const Hardware& hw);

// validateLayout without the GPU: the model's shapes (heads, KV heads, layers, experts) only.
std::optional<Error> validateLayoutShape(const ModelConfig& model, const Layout& layout);

// What one GPU of the first pipeline stage runs in a step: the model as shardModel() splits it,
// that stage's layers, the embedding (and, with one stage, the LM head), the expert matmuls one
// GPU of the EP group meets. TP=1 × PP=1 is expandWorkload(). The chart's per-GPU points.
Expected<Workload> layoutWorkload(const ModelConfig& model, const InferenceScenario& s,
                                  const Layout& layout);

// Every stage's per-GPU operators and collectives, timed on `hw`. Stages run one after another
// for one step (decode latency is their sum); prefill with micro-batches pipelines them:
// time = (m + pp − 1) / m × slowest stage.
Expected<ParallelTotals> evaluateParallel(const ModelConfig& model, const InferenceScenario& s,
                                          const Layout& layout, const Hardware& hw,
                                          const ParallelOptions& options = {});
// The same totals, shared with the cache of recent evaluations instead of copied: for callers
// that ask on every slider step.
std::shared_ptr<const Expected<ParallelTotals>>
evaluateParallelShared(const ModelConfig& model, const InferenceScenario& s, const Layout& layout,
                       const Hardware& hw, const ParallelOptions& options = {});

// Every layout of up to `maxGpus` GPUs the model's shapes and the GPU allow (TP × PP, EP where
// the model is MoE), by TP, then PP, then EP.
std::vector<Layout> validLayouts(const ModelConfig& model, const Hardware& hw, int maxGpus);

// Every valid layout up to `maxGpus` (TP × PP, EP where the model is MoE), the fastest fitting
// first, then the fastest that do not fit. Layouts the model's shapes do not allow are skipped.
Expected<std::vector<ParallelTotals>> planDeployments(const ModelConfig& model,
                                                      const InferenceScenario& s,
                                                      const Hardware& hw, int maxGpus = 8,
                                                      const ParallelOptions& options = {});

} // namespace roofscope
