#pragma once

#include <string>
#include <vector>

namespace roofscope::cli {

class Arguments;

// `roofscope model ... --tp N --pp M [--ep E]`: the model spread over GPUs, per GPU and in total.
int runParallelModel(const Arguments& a);

// `roofscope plan --model ID --phase decode|prefill --batch B --context L --gpu ID
// [--max-gpus 8] [--format table|json|csv]`: every layout, the fastest fitting first.
int runPlan(const std::vector<std::string>& args);

} // namespace roofscope::cli
