#include "core/roofline/operators.h"

#include "core/util/numbers.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

namespace roofscope {

namespace {

double elementBytes(const ParamSet& p, std::string_view name)
{
    return bytesPerElement(p.precision(name));
}

ParamDef integer(std::string name, double def, std::string help, double min = 1.0,
                 double max = 1e12)
{
    return ParamDef{std::move(name), ParamType::Integer, def, {}, min, max, {}, std::move(help)};
}

ParamDef dtype(std::string name, std::string def, std::string help, std::string inherits = {})
{
    return ParamDef{
        std::move(name), ParamType::Precision, std::move(def), std::move(inherits), 0.0, 0.0, {},
        std::move(help)};
}

ParamDef choice(std::string name, std::string def, std::vector<std::string> choices,
                std::string help)
{
    return ParamDef{std::move(name),    ParamType::Choice, std::move(def), {}, 0.0, 0.0,
                    std::move(choices), std::move(help)};
}

// FLOPs per element of the activation functions, counting each arithmetic operation and each
// transcendental (exp, tanh) as one FLOP, as profilers' FLOP counters do.
double activationFlopsPerElement(const std::string& fn)
{
    if (fn == "relu")
        return 1.0; // max(x, 0)
    if (fn == "silu")
        return 4.0; // x / (1 + exp(-x)): negate, exp, add, divide
    // gelu, tanh approximation 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))):
    // x³ (2), ·0.044715 (1), +x (1), ·√(2/π) (1), tanh (1), +1 (1), ·x·0.5 (2)
    return 9.0;
}

// Matmul of an m×k activation by a k×n weight. Weights may be stored narrower than the
// activations (W4A16, W8A16): they are dequantized on the fly, so the math runs at the
// activation precision while only the weight bytes shrink.
Cost matmulCost(double m, double n, double k, const ParamSet& p)
{
    const double act = elementBytes(p, "dtype");
    const double weight = elementBytes(p, "weight_dtype");
    const double out = elementBytes(p, "out_dtype");
    double bytes = m * k * act + k * n * weight + m * n * out;
    const double group = p.number("group_size");
    if (group > 0.0)
        bytes += std::ceil(k / group) * n * 2.0; // one FP16 scale per group along k
    return Cost{2.0 * m * n * k, bytes, p.precision("dtype"), ComputeUnit::Tensor};
}

std::vector<ParamDef> matmulPrecisionParams()
{
    return {dtype("dtype", "bf16", "activation and compute precision (selects the tensor ceiling)"),
            dtype("weight_dtype", "", "weight storage precision (int4 = W4A16)", "dtype"),
            dtype("out_dtype", "", "output precision", "dtype"),
            integer("group_size", 0,
                    "quantization group along k; > 0 adds one FP16 scale per group (0: scales "
                    "not counted)",
                    0.0)};
}

std::vector<ParamDef> withPrecisions(std::vector<ParamDef> sizes)
{
    for (ParamDef& d : matmulPrecisionParams())
        sizes.push_back(std::move(d));
    return sizes;
}

std::vector<OperatorKind> buildKinds()
{
    std::vector<OperatorKind> kinds;

    kinds.push_back(OperatorKind{
        "elementwise",
        "Elementwise",
        "Reads `inputs` tensors of n elements and writes `outputs` (the seed's add/scale: 2 in, "
        "1 out, 1 FLOP per element). flops_per_element > 0 describes fused chains (RoPE, "
        "SiLU·up, residual add + norm); 0 means inputs−1 (at least 1). Runs on the vector "
        "units.",
        "n·(flops_per_element or max(1, inputs−1))",
        "(inputs + outputs)·n·bytes(dtype)",
        {integer("n", 16777216, "elements per tensor"),
         dtype("dtype", "fp16", "element precision (selects the vector ceiling)"),
         integer("inputs", 2, "input tensors (1 = scale, 2 = add)", 1, 16),
         integer("outputs", 1, "output tensors", 1, 16),
         ParamDef{"flops_per_element",
                  ParamType::Real,
                  0.0,
                  {},
                  0.0,
                  1e4,
                  {},
                  "FLOPs per output element (0: inputs−1, at least 1)"}},
        "",
        [](const ParamSet& p) {
            const double n = p.number("n");
            const double inputs = p.number("inputs");
            const double perElement = p.number("flops_per_element") > 0.0
                                          ? p.number("flops_per_element")
                                          : std::max(1.0, inputs - 1.0);
            return Cost{n * perElement,
                        (inputs + p.number("outputs")) * n * elementBytes(p, "dtype"),
                        p.precision("dtype"), ComputeUnit::Vector};
        }});

    kinds.push_back(OperatorKind{
        "activation",
        "Activation",
        "Pointwise activation of n elements. FLOPs per element: relu 1 (max), silu 4 (negate, "
        "exp, add, divide), gelu 9 (tanh approximation: cube 2, scale 1, add 1, scale 1, tanh 1, "
        "add 1, two multiplies 2). Runs on the vector units.",
        "n·f(fn), f = 1 relu | 4 silu | 9 gelu",
        "2·n·bytes(dtype)",
        {integer("n", 16777216, "elements"),
         dtype("dtype", "fp16", "element precision (selects the vector ceiling)"),
         choice("fn", "gelu", {"relu", "gelu", "silu"}, "activation function")},
        "",
        [](const ParamSet& p) {
            const double n = p.number("n");
            return Cost{n * activationFlopsPerElement(p.text("fn")),
                        2.0 * n * elementBytes(p, "dtype"), p.precision("dtype"),
                        ComputeUnit::Vector};
        }});

    kinds.push_back(OperatorKind{
        "layernorm",
        "LayerNorm",
        "Row-wise layer normalization with scale and shift. 5 FLOPs per element: mean (1), "
        "squared deviation sum (2), normalize (1), affine as one fused multiply-add (1). Reads "
        "the input and the two parameter vectors, writes the output.",
        "5·rows·cols",
        "(2·rows·cols + 2·cols)·bytes(dtype)",
        {integer("rows", 4096, "rows (tokens)"), integer("cols", 8192, "columns (hidden size)"),
         dtype("dtype", "fp16", "element precision (selects the vector ceiling)")},
        "",
        [](const ParamSet& p) {
            const double r = p.number("rows");
            const double c = p.number("cols");
            return Cost{5.0 * r * c, (2.0 * r * c + 2.0 * c) * elementBytes(p, "dtype"),
                        p.precision("dtype"), ComputeUnit::Vector};
        }});

    kinds.push_back(OperatorKind{
        "rmsnorm",
        "RMSNorm",
        "Row-wise RMS normalization (Llama). 4 FLOPs per element: square-accumulate (2), scale "
        "by the reciprocal root (1), weight (1). Reads the input and one weight vector.",
        "4·rows·cols",
        "(2·rows·cols + cols)·bytes(dtype)",
        {integer("rows", 4096, "rows (tokens)"), integer("cols", 8192, "columns (hidden size)"),
         dtype("dtype", "fp16", "element precision (selects the vector ceiling)")},
        "",
        [](const ParamSet& p) {
            const double r = p.number("rows");
            const double c = p.number("cols");
            return Cost{4.0 * r * c, (2.0 * r * c + c) * elementBytes(p, "dtype"),
                        p.precision("dtype"), ComputeUnit::Vector};
        }});

    kinds.push_back(OperatorKind{
        "softmax",
        "Softmax",
        "Row-wise softmax. 5 FLOPs per element: max (1), subtract (1), exp (1), sum (1), divide "
        "(1).",
        "5·rows·cols",
        "2·rows·cols·bytes(dtype)",
        {integer("rows", 32768, "rows"), integer("cols", 2048, "columns (softmax length)"),
         dtype("dtype", "fp16", "element precision (selects the vector ceiling)")},
        "",
        [](const ParamSet& p) {
            const double r = p.number("rows");
            const double c = p.number("cols");
            return Cost{5.0 * r * c, 2.0 * r * c * elementBytes(p, "dtype"), p.precision("dtype"),
                        ComputeUnit::Vector};
        }});

    kinds.push_back(OperatorKind{
        "matmul", "Matmul",
        "C[m×n] = A[m×k]·W[k×n] on the tensor units of `dtype`. Each matrix crosses memory once. "
        "Quantized weights (weight_dtype int4/fp8/int8 with 16-bit dtype: W4A16, W8A16) shrink "
        "the weight bytes but compute at `dtype`. Quantization scales are not counted unless "
        "group_size > 0.",
        "2·m·n·k",
        "m·k·bytes(dtype) + k·n·bytes(weight_dtype) + m·n·bytes(out_dtype) [+ ⌈k/group⌉·n·2]",
        withPrecisions({integer("m", 1, "rows of the activation (tokens)"),
                        integer("n", 8192, "output features"),
                        integer("k", 8192, "input features")}),
        "m", [](const ParamSet& p) {
            return matmulCost(p.number("m"), p.number("n"), p.number("k"), p);
        }});

    kinds.push_back(OperatorKind{
        "decode_matmul", "Decode matmul",
        "A linear layer during decode: one new token per sequence, so m = batch. Vector × matrix "
        "at batch 1: every weight is read to be used once.",
        "2·batch·n·k", "batch·k·bytes(dtype) + k·n·bytes(weight_dtype) + batch·n·bytes(out_dtype)",
        withPrecisions({integer("batch", 1, "sequences decoded together (m)", 1, 1e7),
                        integer("n", 8192, "output features"),
                        integer("k", 8192, "input features")}),
        "batch", [](const ParamSet& p) {
            return matmulCost(p.number("batch"), p.number("n"), p.number("k"), p);
        }});

    kinds.push_back(OperatorKind{
        "prefill_matmul", "Prefill matmul",
        "A linear layer during prefill: all prompt tokens at once, m = batch × seq.",
        "2·batch·seq·n·k",
        "batch·seq·k·bytes(dtype) + k·n·bytes(weight_dtype) + batch·seq·n·bytes(out_dtype)",
        withPrecisions({integer("batch", 1, "sequences", 1, 1e6),
                        integer("seq", 2048, "prompt tokens per sequence", 1, 1e7),
                        integer("n", 8192, "output features"),
                        integer("k", 8192, "input features")}),
        "seq", [](const ParamSet& p) {
            return matmulCost(p.number("batch") * p.number("seq"), p.number("n"), p.number("k"), p);
        }});

    kinds.push_back(OperatorKind{
        "attention_decode",
        "Attention (decode)",
        "One decode step of attention over a KV cache of `context` tokens: QKᵀ and P·V for each "
        "query head (2 FLOPs per multiply-add each); the KV cache is read once and shared by the "
        "heads of a GQA group. Softmax FLOPs (5 per score, under 1% of the total at head_dim "
        "128) are not counted.",
        "4·batch·heads·context·head_dim",
        "2·batch·kv_heads·context·head_dim·bytes(kv_dtype) + 2·batch·heads·head_dim·bytes(dtype)",
        {integer("batch", 1, "sequences", 1, 1e6), integer("heads", 64, "query heads"),
         integer("kv_heads", 8, "key/value heads (GQA groups; = heads for MHA)"),
         integer("head_dim", 128, "dimension per head"),
         integer("context", 4096, "tokens in the KV cache", 1, 1e8),
         dtype("dtype", "fp16", "query/output and compute precision"),
         dtype("kv_dtype", "", "KV-cache precision", "dtype")},
        "context",
        [](const ParamSet& p) {
            const double b = p.number("batch");
            const double h = p.number("heads");
            const double kvh = p.number("kv_heads");
            const double d = p.number("head_dim");
            const double L = p.number("context");
            return Cost{4.0 * b * h * L * d,
                        2.0 * b * kvh * L * d * elementBytes(p, "kv_dtype") +
                            2.0 * b * h * d * elementBytes(p, "dtype"),
                        p.precision("dtype"), ComputeUnit::Tensor};
        }});

    kinds.push_back(OperatorKind{
        "attention_prefill",
        "Attention (prefill, flash)",
        "Flash-style fused attention over a prompt of `seq` tokens: Q, K, V and O each cross "
        "memory once; scores stay on chip. Causal masking halves the FLOPs.",
        "4·batch·heads·seq²·head_dim (× ½ when causal)",
        "2·batch·seq·head_dim·(heads + kv_heads)·bytes(dtype)",
        {integer("batch", 1, "sequences", 1, 1e6), integer("heads", 64, "query heads"),
         integer("kv_heads", 8, "key/value heads"), integer("head_dim", 128, "dimension per head"),
         integer("seq", 2048, "prompt tokens", 1, 1e7),
         dtype("dtype", "fp16", "precision of Q, K, V, O and the math"),
         choice("causal", "true", {"true", "false"}, "causal mask (halves the FLOPs)")},
        "seq",
        [](const ParamSet& p) {
            const double b = p.number("batch");
            const double h = p.number("heads");
            const double kvh = p.number("kv_heads");
            const double d = p.number("head_dim");
            const double S = p.number("seq");
            const double causal = p.text("causal") == "true" ? 0.5 : 1.0;
            return Cost{4.0 * b * h * S * S * d * causal,
                        2.0 * b * S * d * (h + kvh) * elementBytes(p, "dtype"),
                        p.precision("dtype"), ComputeUnit::Tensor};
        }});

    return kinds;
}

std::string trim(std::string_view s)
{
    const auto b = s.find_first_not_of(" \t");
    if (b == std::string_view::npos)
        return {};
    const auto e = s.find_last_not_of(" \t");
    return std::string(s.substr(b, e - b + 1));
}

std::string joined(const std::vector<std::string>& items)
{
    std::string out;
    for (const std::string& s : items)
        out += (out.empty() ? "" : ", ") + s;
    return out;
}

std::string paramNames(const OperatorKind& kind)
{
    std::vector<std::string> names;
    for (const ParamDef& d : kind.params)
        names.push_back(d.name);
    names.push_back("label");
    return joined(names);
}

std::string kindNames()
{
    std::vector<std::string> names;
    for (const OperatorKind& k : operatorKinds())
        names.push_back(k.name);
    return joined(names);
}

Expected<ParamValue> parseValue(const OperatorKind& kind, const ParamDef& def,
                                const std::string& text)
{
    const std::string where = kind.name + ": " + def.name + "=" + text + ": ";
    switch (def.type) {
    case ParamType::Precision:
        if (!parsePrecision(text))
            return makeError(where + "unknown precision (expected one of: " +
                             std::string(precisionNameList()) + ")");
        return ParamValue{text};
    case ParamType::Choice:
        for (const std::string& c : def.choices) {
            if (c == text)
                return ParamValue{text};
        }
        return makeError(where + "expected one of: " + joined(def.choices));
    case ParamType::Integer:
    case ParamType::Real: {
        const std::optional<double> parsed = parseNumber(text);
        if (!parsed)
            return makeError(where + "not a number");
        const double v = *parsed;
        const bool whole = def.type == ParamType::Integer;
        const std::string expected =
            std::string("expected ") + (whole ? "a whole number" : "a number") +
            " >= " + formatParamNumber(def.min) + " and <= " + formatParamNumber(def.max);
        if ((whole && v != std::floor(v)) || v < def.min || v > def.max)
            return makeError(where + expected);
        return ParamValue{v};
    }
    }
    return makeError(where + "unsupported parameter type");
}

} // namespace

// ---- ParamSet -------------------------------------------------------------------------------

// A name that makeOperator() did not fill, or a value of the other type, can only come from a
// formula or a caller reading a parameter its kind does not declare: a bug, not bad input, so
// it stops loudly (tests/core/operators_test.cpp walks every kind) instead of reading 0 or FP16.
[[noreturn]] void ParamSet::undeclared(std::string_view name, std::string_view expected)
{
    throw std::logic_error("parameter \"" + std::string(name) + "\" read as " +
                           std::string(expected) + " but not declared as one");
}

double ParamSet::number(std::string_view name) const
{
    const auto it = m_values.find(name);
    const double* v = it == m_values.end() ? nullptr : std::get_if<double>(&it->second);
    if (!v)
        undeclared(name, "a number");
    return *v;
}

const std::string& ParamSet::text(std::string_view name) const
{
    const auto it = m_values.find(name);
    const std::string* v = it == m_values.end() ? nullptr : std::get_if<std::string>(&it->second);
    if (!v)
        undeclared(name, "a word");
    return *v;
}

Precision ParamSet::precision(std::string_view name) const
{
    const auto p = parsePrecision(text(name));
    if (!p)
        undeclared(name, "a precision");
    return *p;
}

bool ParamSet::has(std::string_view name) const
{
    return m_values.find(name) != m_values.end();
}

// ---- kinds ----------------------------------------------------------------------------------

const ParamDef* OperatorKind::findParam(std::string_view param) const
{
    for (const ParamDef& d : params) {
        if (d.name == param)
            return &d;
    }
    return nullptr;
}

const std::vector<OperatorKind>& operatorKinds()
{
    static const std::vector<OperatorKind> kinds = buildKinds();
    return kinds;
}

const OperatorKind* findOperatorKind(std::string_view name)
{
    for (const OperatorKind& k : operatorKinds()) {
        if (k.name == name)
            return &k;
    }
    return nullptr;
}

// ---- Operator -------------------------------------------------------------------------------

const OperatorKind& Operator::definition() const
{
    // makeOperator() guarantees the kind; any other kind is a bug, never "the first kind".
    const OperatorKind* k = findOperatorKind(kind);
    if (!k)
        throw std::logic_error("operator kind \"" + kind + "\" does not exist");
    return *k;
}

Cost Operator::cost() const
{
    return definition().cost(params);
}

Cost Operator::costWith(std::string_view param, double value) const
{
    ParamSet changed = params;
    changed.set(std::string(param), value);
    return definition().cost(changed);
}

std::string Operator::spec() const
{
    return specText(false);
}

std::string Operator::shortSpec() const
{
    return specText(true);
}

std::string Operator::specText(bool skipDefaults) const
{
    const OperatorKind& def = definition();
    std::string out = kind + ":";
    bool first = true;
    for (const ParamDef& d : def.params) {
        const auto it = params.values().find(d.name);
        if (it == params.values().end())
            continue;
        if (skipDefaults && isDefault(d, it->second))
            continue;
        out += first ? "" : ",";
        first = false;
        out += d.name + "=";
        if (const double* v = std::get_if<double>(&it->second))
            out += formatParamNumber(*v);
        else
            out += std::get<std::string>(it->second);
    }
    return first && skipDefaults ? kind : out;
}

bool Operator::isDefault(const ParamDef& def, const ParamValue& value) const
{
    if (!def.inheritsFrom.empty()) {
        const auto parent = params.values().find(def.inheritsFrom);
        return parent != params.values().end() && parent->second == value;
    }
    return def.defaultValue == value;
}

std::string formatParamNumber(double v)
{
    // Whole numbers without an exponent (a spec says n=16777216, not 1.6777216e+07); anything
    // else in the shortest form that reads back exactly, so a spec survives a round trip.
    if (v == std::floor(v) && std::fabs(v) < 1e15)
        return significantNumber(v == 0.0 ? 0.0 : v, 16);
    return shortestNumber(v);
}

Expected<Operator> makeOperator(std::string_view kindName, const Assignments& assignments)
{
    const OperatorKind* kind = findOperatorKind(kindName);
    if (!kind)
        return makeError("unknown operator kind \"" + std::string(kindName) +
                         "\" (expected one of: " + kindNames() + ")");
    Operator op;
    op.kind = kind->name;
    for (const auto& [key, text] : assignments) {
        if (key == "label") {
            op.label = text;
            continue;
        }
        const ParamDef* def = kind->findParam(key);
        if (!def)
            return makeError(kind->name + ": unknown parameter \"" + key +
                             "\" (expected one of: " + paramNames(*kind) + ")");
        if (op.params.has(key))
            return makeError(kind->name + ": parameter \"" + key + "\" given twice");
        auto value = parseValue(*kind, *def, text);
        if (!value)
            return value.error();
        op.params.set(key, *value);
    }
    // Defaults in declaration order, so that inherited values (weight_dtype ← dtype) resolve
    // against the final value of the parameter they follow.
    for (const ParamDef& d : kind->params) {
        if (op.params.has(d.name))
            continue;
        if (!d.inheritsFrom.empty() && op.params.has(d.inheritsFrom))
            op.params.set(d.name, op.params.values().find(d.inheritsFrom)->second);
        else
            op.params.set(d.name, d.defaultValue);
    }
    return op;
}

Expected<Operator> parseOperatorSpec(std::string_view specText)
{
    const std::string spec = trim(specText);
    const auto colon = spec.find(':');
    const std::string kind = trim(spec.substr(0, colon));
    if (kind.empty())
        return makeError("operator spec \"" + spec +
                         "\": missing kind (expected kind:key=value,...)");
    Assignments assignments;
    if (colon != std::string::npos) {
        std::string rest = spec.substr(colon + 1);
        std::size_t pos = 0;
        while (pos <= rest.size()) {
            const auto comma = rest.find(',', pos);
            const std::string item = trim(
                rest.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos));
            pos = comma == std::string::npos ? rest.size() + 1 : comma + 1;
            if (item.empty())
                continue;
            const auto eq = item.find('=');
            if (eq == std::string::npos || eq == 0)
                return makeError(kind + ": \"" + item + "\": expected key=value");
            assignments.emplace_back(trim(item.substr(0, eq)), trim(item.substr(eq + 1)));
        }
    }
    return makeOperator(kind, assignments);
}

Expected<Operator> parseOperatorOrPreset(std::string_view text)
{
    const std::string trimmed = trim(text);
    if (trimmed.find(':') == std::string::npos && !findOperatorKind(trimmed)) {
        if (const OperatorPreset* preset = findOperatorPreset(trimmed)) {
            auto op = parseOperatorSpec(preset->spec);
            if (op)
                op->label = preset->title;
            return op;
        }
    }
    return parseOperatorSpec(trimmed);
}

Expected<Operator> withParam(const Operator& op, std::string_view name, const std::string& value)
{
    const OperatorKind& kind = op.definition();
    const ParamDef* def = kind.findParam(name);
    if (!def)
        return makeError(kind.name + ": unknown parameter \"" + std::string(name) +
                         "\" (expected one of: " + paramNames(kind) + ")");
    auto parsed = parseValue(kind, *def, value);
    if (!parsed)
        return parsed.error();
    Operator changed = op;
    changed.params.set(def->name, *parsed);
    return changed;
}

Expected<Operator> withNumber(const Operator& op, std::string_view name, double value)
{
    return withParam(op, name, formatParamNumber(value));
}

// ---- presets --------------------------------------------------------------------------------

const std::vector<OperatorPreset>& operatorPresets()
{
    // The rows of the seed's table "LLM 推理中常见算子的 AI", at LLM-sized shapes.
    static const std::vector<OperatorPreset> presets = {
        {"add", "Add/scale", "elementwise:n=16777216,dtype=fp16,inputs=2"},
        {"gelu", "GELU", "activation:n=16777216,dtype=fp16,fn=gelu"},
        {"layernorm", "LayerNorm", "layernorm:rows=4096,cols=8192,dtype=fp16"},
        {"softmax", "Softmax", "softmax:rows=32768,cols=2048,dtype=fp16"},
        {"decode_matmul", "Decode matmul", "decode_matmul:batch=1,n=8192,k=8192,dtype=bf16"},
        {"prefill_matmul", "Prefill matmul",
         "prefill_matmul:batch=1,seq=2048,n=8192,k=8192,dtype=bf16"},
        {"big_gemm", "Big GEMM", "matmul:m=8192,n=8192,k=8192,dtype=fp16"},
    };
    return presets;
}

const OperatorPreset* findOperatorPreset(std::string_view id)
{
    for (const OperatorPreset& p : operatorPresets()) {
        if (p.id == id)
            return &p;
    }
    return nullptr;
}

} // namespace roofscope
