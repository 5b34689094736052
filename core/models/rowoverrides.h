#pragma once

#include "core/models/workload.h"
#include "core/roofline/operators.h"

#include <map>
#include <string>
#include <vector>

namespace roofscope {

// A user's edit of one row of a model's expansion ("Gate projection ×80" set to W4A16): the
// parameters that differ from the expansion, as text ("weight_dtype" -> "int4"), and a name
// given by hand. It is kept by the row's key, so it survives a new batch, context, phase or
// layout: the row is expanded again and the edit laid over it.
struct RowOverride {
    std::map<std::string, std::string> params;
    std::string label; // "" = the row's own name
    bool empty() const { return params.empty() && label.empty(); }
    bool operator==(const RowOverride&) const = default;
};
// By WorkloadOp::key ("ffn_gate", "attn_qk").
using RowOverrides = std::map<std::string, RowOverride>;

// What `edited` changes of `expanded` (same kind): each parameter whose value differs, and the
// label when it differs from `expandedLabel` (the name the row is shown with).
RowOverride rowOverride(const Operator& expanded, const std::string& expandedLabel,
                        const Operator& edited);

// Lays `overrides` over the rows of `workload` with those keys (each parameter validated as an
// edit in the window is; a name given by hand becomes the row's label). An override whose row the
// workload does not have, or whose value the row refuses now, is left out, and said in the returned
// lines ("ffn_gate: n=0: expected ...").
std::vector<std::string> applyRowOverrides(Workload& workload, const RowOverrides& overrides);

} // namespace roofscope
