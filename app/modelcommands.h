#pragma once

#include "core/models/modelconfig.h"
#include "core/models/workload.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace roofscope::cli {

// `roofscope models [--format table|json]`: the model presets plus the user's model files.
int runModels(const std::vector<std::string>& args);

// `roofscope model --model ID|FILE --phase decode|prefill --batch B --context L ... --gpu IDS`:
// every operator of one step of the model and the per-GPU totals.
// With --tp/--pp/--ep the same command reports the layout per GPU (runParallelModel).
int runModel(const std::vector<std::string>& args);

class Arguments;
// Shared with the parallel commands: the model named by an id or a file, the scenario options
// (--phase, --batch, --context, precisions, --fused) and a model's JSON.
ModelConfig resolveModel(const std::string& text);
// With `model`, a quantized checkpoint sets the weights and group size the options leave out.
InferenceScenario scenarioFrom(const Arguments& a, const ModelConfig* model = nullptr);
// The precision options (--weights, --activations, --kv) and --fused alone, into `s`.
void precisionsFrom(const Arguments& a, InferenceScenario& s, const ModelConfig* model = nullptr);
nlohmann::json modelToJson(const ModelConfig& m);

} // namespace roofscope::cli
