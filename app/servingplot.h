#pragma once

#include <string>
#include <vector>

namespace roofscope::cli {

// `roofscope plot --serving --model ... --gpu a,b --prompt P --output O [--tp ...|--layouts auto]
// -o FIG.png|svg|pdf`: tokens/s per GPU against tokens/s per user, one curve per GPU and
// layout, the memory-capacity end of each marked. The options are `roofscope serve`'s, so
// `--output` is the output tokens and `-o` the figure file.
int runServingPlot(const std::vector<std::string>& args);

} // namespace roofscope::cli
