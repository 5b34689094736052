#pragma once

#include "core/hardware/hardware.h"
#include "core/measured/importer.h"
#include "core/models/modelconfig.h"
#include "core/models/workload.h"
#include "core/util/expected.h"

#include <string>
#include <vector>

namespace roofscope {

// A PyTorch trace joined to the model that ran it (splitTracePasses) and set beside what the
// model view predicts for the same step: per forward pass and per operator, the kernels' summed
// time, FLOPs and bytes next to the workload row's time from evaluateWorkload at the pass's
// phase, batch and context on one GPU. What the model does not have stays listed, with its time.

struct JoinedOperator {
    std::string name; // the model view's row key: "q_proj", "attention"
    long long kernels = 0;
    double measuredS = 0.0;
    double predictedS = 0.0;     // the row's step time (every layer); 0 when the model has no row
    double predictedFlops = 0.0; // the row's step FLOPs and bytes: its point on the roofline
    double predictedBytes = 0.0;
    double flops = 0.0;                // summed over the kernels that have FLOPs
    double bytes = 0.0;                // DRAM bytes, likewise (lower bounds from the shapes)
    std::vector<std::size_t> launches; // the kernels' indices in the trace, in launch order
};

struct NotInModel {
    std::string op; // the launching op ("aten::argmax"), "(no op)" when a kernel has none
    long long kernels = 0;
    double measuredS = 0.0;
};

struct JoinedLayer {
    int layer = 0;
    long long kernels = 0;
    double measuredS = 0.0;
};

struct JoinedPass {
    Phase phase = Phase::Decode;
    double batch = 0.0;
    double context = 0.0; // as `roofscope model --context` (TracePass::context)
    long long layers = 0;
    long long kernels = 0;
    double measuredS = 0.0; // the kernels' summed durations
    // `roofscope model`'s step time at the pass's phase, batch and context (the unfused
    // expansion, as the CLI prints it), less the lm_head when the pass runs none. Rows the
    // trace shows fused (attention) make it differ a little from the operators' sum.
    double predictedS = 0.0;
    double wallS = 0.0; // first kernel start to last kernel end
    // The trace's shortest kernel × the pass's kernels: what launching them costs at least.
    double launchFloorS = 0.0;
    std::string sentence;
    std::vector<JoinedOperator> operators; // in the order the pass first runs them
    std::vector<NotInModel> notInModel;    // most time first
    std::vector<JoinedLayer> layerTimes;
};

struct ModelJoin {
    std::string model;            // its id
    std::string gpu;              // the catalog id predictions are made on
    double placedTimeShare = 0.0; // share of the trace's kernel time with FLOPs and bytes
    double shortestKernelS = 0.0;
    std::vector<JoinedPass> passes;
    std::vector<std::string> notes; // what the split inferred (TracePasses::notes)
};

// Predictions use `roofscope model`'s defaults for the rest of the scenario (FP16, unfused,
// the checkpoint's quantization) so that a row equals what `roofscope model --phase P --batch B
// --context C` prints; operators the unfused expansion has no row for (the trace's fused
// attention, a fused qkv or gate_up GEMM) take the fused expansion's row (`--fused`).
Expected<ModelJoin> joinTraceToModel(const MeasuredImport& trace, const ModelConfig& model,
                                     const Hardware& gpu);

// The scenario a pass is predicted at.
InferenceScenario joinScenario(const ModelConfig& model, Phase phase, double batch, double context,
                               bool fused);

} // namespace roofscope
