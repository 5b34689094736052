#pragma once

#include "core/document/scenario.h"

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
// The pins after an edit of the operator list changes the operators' shown names or rows:
// `before` and `after` are the names (Operator::displayName) in order, and `sourceOf[i]` is the
// row of `before` that after-row i was (-1: a new operator). Every operator keeps its own pin,
// or its lack of one, under its new key: a renamed one, and the later copies of a repeated
// name whose number changes ("Add#2" becomes "Add" when the first "Add" is renamed or removed).
// Other pins (ridges, roofs, operators no longer shown) stay as they are.
LabelPositions followOperatorLabels(const LabelPositions& positions,
                                    const std::vector<std::string>& before,
                                    const std::vector<std::string>& after,
                                    const std::vector<int>& sourceOf);
std::string ridgeLabelKey(std::string_view gpuId);
std::string roofLabelKey(std::string_view label, double value);
// Whether `key` has one of the forms above (a loader's check; what it names may be gone).
bool isLabelKey(std::string_view key);

} // namespace roofscope
