#pragma once

#include <string>
#include <vector>

namespace roofscope::cli {

// `roofscope models [--format table|json]`: the model presets plus the user's model files.
int runModels(const std::vector<std::string>& args);

// `roofscope model --model ID|FILE --phase decode|prefill --batch B --context L ... --gpu IDS`:
// every operator of one step of the model and the per-GPU totals.
int runModel(const std::vector<std::string>& args);

} // namespace roofscope::cli
