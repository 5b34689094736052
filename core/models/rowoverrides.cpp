#include "core/models/rowoverrides.h"

#include "core/util/numbers.h"

#include <algorithm>

namespace roofscope {

namespace {

std::string valueText(const ParamValue& v)
{
    if (const auto* text = std::get_if<std::string>(&v))
        return *text;
    return shortestNumber(std::get<double>(v));
}

} // namespace

RowOverride rowOverride(const Operator& expanded, const std::string& expandedLabel,
                        const Operator& edited)
{
    RowOverride o;
    for (const auto& [name, value] : edited.params.values()) {
        const auto& base = expanded.params.values();
        const auto it = base.find(name);
        if (it == base.end() || it->second != value)
            o.params.emplace(name, valueText(value));
    }
    if (edited.label != expandedLabel)
        o.label = edited.label;
    return o;
}

std::vector<std::string> applyRowOverrides(Workload& workload, const RowOverrides& overrides)
{
    std::vector<std::string> problems;
    for (const auto& entry : overrides) {
        // Named copies: clang 14 (Debian 12) cannot capture a structured binding in a lambda.
        const std::string& key = entry.first;
        const RowOverride& o = entry.second;
        const auto row = std::find_if(workload.ops.begin(), workload.ops.end(),
                                      [&](const WorkloadOp& r) { return r.key == key; });
        if (row == workload.ops.end()) {
            problems.push_back(key + ": no such row in this step");
            continue;
        }
        Operator op = row->op;
        for (const auto& [name, value] : o.params) {
            auto next = withParam(op, name, value);
            if (!next) {
                problems.push_back(key + ": " + next.error().message);
                continue;
            }
            op = std::move(next).value();
        }
        if (!o.label.empty())
            op.label = o.label;
        row->op = std::move(op);
    }
    return problems;
}

} // namespace roofscope
