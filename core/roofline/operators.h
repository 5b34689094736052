#pragma once

#include "core/roofline/roofline.h"
#include "core/util/expected.h"

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace roofscope {

// A parameter value: a number (sizes, counts) or a word (a precision name, a choice).
using ParamValue = std::variant<double, std::string>;

enum class ParamType {
    Integer,   // a count or a size; validated as a whole number in [min, max]
    Real,      // any finite number in [min, max]
    Precision, // a precision name (fp16, bf16, int4, ...)
    Choice,    // one of `choices`
};

struct ParamDef {
    std::string name;
    ParamType type = ParamType::Integer;
    ParamValue defaultValue;
    // When set and the parameter is not given, it takes the value of that parameter instead of
    // defaultValue (matmul's weight_dtype and out_dtype default to its dtype).
    std::string inheritsFrom;
    double min = 1.0;
    double max = 1e15;
    std::vector<std::string> choices;
    std::string help;
};

// The values of one operator's parameters, by name. Complete once made by makeOperator().
// Reading a name the kind does not declare (or a number as a word) is a programming error:
// std::logic_error, never a silent 0 or FP16.
class ParamSet {
public:
    double number(std::string_view name) const;
    const std::string& text(std::string_view name) const;
    Precision precision(std::string_view name) const; // text() parsed
    bool has(std::string_view name) const;
    void set(const std::string& name, ParamValue value) { m_values[name] = std::move(value); }
    const std::map<std::string, ParamValue, std::less<>>& values() const { return m_values; }
    bool operator==(const ParamSet&) const = default;

private:
    [[noreturn]] static void undeclared(std::string_view name, std::string_view expected);
    std::map<std::string, ParamValue, std::less<>> m_values;
};

// One kind of operator: it alone knows its FLOP and byte formulas and which ceiling it runs on.
struct OperatorKind {
    std::string name;        // "matmul"
    std::string title;       // "Matrix multiply"
    std::string description; // one paragraph: what it models and what is counted
    std::string flopsFormula;
    std::string bytesFormula;
    std::vector<ParamDef> params;
    // The size parameter users drag and sweep ("batch" for decode matmul). Empty when the
    // intensity of the kind does not depend on any size (elementwise: AI is fixed by dtype).
    std::string drivingParam;
    // Costs are computed from real-valued parameters so that crossings and drags can be solved
    // continuously; validation of whole numbers happens when values are set, not here.
    std::function<Cost(const ParamSet&)> cost;

    const ParamDef* findParam(std::string_view param) const;
};

const std::vector<OperatorKind>& operatorKinds();
const OperatorKind* findOperatorKind(std::string_view name);

// An operator instance: a kind, a label and a complete, validated set of parameter values.
struct Operator {
    std::string kind;
    std::string label; // user-visible name; empty means "use the spec"
    ParamSet params;

    // The kind must exist (makeOperator guarantees it); std::logic_error otherwise.
    const OperatorKind& definition() const;
    Cost cost() const;
    // Cost with one numeric parameter replaced by a real value (no validation): for sweeps,
    // crossings and drags.
    Cost costWith(std::string_view param, double value) const;
    // "matmul:m=1,n=8192,k=8192,dtype=bf16,weight_dtype=bf16,out_dtype=bf16"
    std::string spec() const;
    // The spec without parameters that hold their default value: "decode_matmul:batch=8".
    std::string shortSpec() const;
    std::string displayName() const { return label.empty() ? shortSpec() : label; }
    bool operator==(const Operator&) const = default;

private:
    std::string specText(bool skipDefaults) const;
    bool isDefault(const ParamDef& def, const ParamValue& value) const;
};

using Assignments = std::vector<std::pair<std::string, std::string>>;

// Builds an operator from text assignments, filling defaults and validating every value.
// Errors name the offending token and what was expected: "matmul: m=-1: expected a whole
// number >= 1".
Expected<Operator> makeOperator(std::string_view kind, const Assignments& assignments);

// Parses "kind:key=value,key=value". An optional "label=..." key sets the label.
Expected<Operator> parseOperatorSpec(std::string_view spec);

// A preset id ("decode_matmul", "add", "big_gemm": the operator labelled with the preset's
// title) or a spec as parseOperatorSpec() reads it. A spec that names a kind wins over a preset
// of the same id.
Expected<Operator> parseOperatorOrPreset(std::string_view text);

// A copy with one parameter changed, validated like makeOperator() would.
Expected<Operator> withParam(const Operator& op, std::string_view name, const std::string& value);
Expected<Operator> withNumber(const Operator& op, std::string_view name, double value);

// The seed's operator table as ready-made specs.
struct OperatorPreset {
    std::string id;    // "decode_matmul"
    std::string title; // "Decode matmul"
    std::string spec;
};
const std::vector<OperatorPreset>& operatorPresets();
const OperatorPreset* findOperatorPreset(std::string_view id);

// Formats a number parameter the way specs write it: whole numbers without decimals.
std::string formatParamNumber(double v);

} // namespace roofscope
