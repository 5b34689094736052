#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// Stable names of the chart's labels, the keys of a scenario's "label_positions": a label the
// user dragged keeps its place while the document changes around it (operators added or
// removed before it, GPUs checked), and the window and `roofscope plot` find the same pin.
//   "op:Decode matmul"            an operator's label (its shown name; "#2" for a second one)
//   "ridge:h100-sxm5"             a GPU's ridge label
//   "roof:FP16 tensor@9.89e+14"   an extra roof's label, by name and value (one label stands
//                                 for every GPU whose roof has that value)
std::string operatorLabelKey(std::string_view name, int occurrence);
// Keys for a list of operator names in order: a repeated name gets "#2", "#3" …
std::vector<std::string> operatorLabelKeys(const std::vector<std::string>& names);
std::string ridgeLabelKey(std::string_view gpuId);
std::string roofLabelKey(std::string_view label, double value);
// Whether `key` has one of the forms above (a loader's check; what it names may be gone).
bool isLabelKey(std::string_view key);

} // namespace roofscope
