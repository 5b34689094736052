#include "ui/text/datanames.h"

#include "core/document/scenario.h"
#include "core/figure/rooflabel.h"

#include "ui/text/humanformat.h"

#include <QCoreApplication>
#include <QStringList>

namespace roofscope {

namespace {

constexpr const char* kContext = "roofscope::DataNames";

struct PresetTitle {
    const char* id;
    const char* title;
};

// The titles of core/operators.cpp's presets, listed here so that lupdate sees them.
constexpr PresetTitle kPresetTitles[] = {
    {"add", QT_TRANSLATE_NOOP("roofscope::DataNames", "Add/scale")},
    {"gelu", QT_TRANSLATE_NOOP("roofscope::DataNames", "GELU")},
    {"layernorm", QT_TRANSLATE_NOOP("roofscope::DataNames", "LayerNorm")},
    {"softmax", QT_TRANSLATE_NOOP("roofscope::DataNames", "Softmax")},
    {"decode_matmul", QT_TRANSLATE_NOOP("roofscope::DataNames", "Decode matmul")},
    {"prefill_matmul", QT_TRANSLATE_NOOP("roofscope::DataNames", "Prefill matmul")},
    {"big_gemm", QT_TRANSLATE_NOOP("roofscope::DataNames", "Big GEMM")},
};

struct Name {
    const char* id;
    const char* text;
};

// Kind titles (core/operators.cpp), here so that lupdate sees and zh_CN translates them.
constexpr Name kKindTitles[] = {
    {"elementwise", QT_TRANSLATE_NOOP("roofscope::DataNames", "Elementwise")},
    {"activation", QT_TRANSLATE_NOOP("roofscope::DataNames", "Activation")},
    {"layernorm", QT_TRANSLATE_NOOP("roofscope::DataNames", "LayerNorm")},
    {"rmsnorm", QT_TRANSLATE_NOOP("roofscope::DataNames", "RMSNorm")},
    {"softmax", QT_TRANSLATE_NOOP("roofscope::DataNames", "Softmax")},
    {"matmul", QT_TRANSLATE_NOOP("roofscope::DataNames", "Matmul")},
    {"decode_matmul", QT_TRANSLATE_NOOP("roofscope::DataNames", "Decode matmul")},
    {"prefill_matmul", QT_TRANSLATE_NOOP("roofscope::DataNames", "Prefill matmul")},
    {"attention_decode", QT_TRANSLATE_NOOP("roofscope::DataNames", "Attention (decode)")},
    {"attention_prefill", QT_TRANSLATE_NOOP("roofscope::DataNames", "Attention (prefill, flash)")},
};

// Parameter names. `n` counts elements in the pointwise kinds and output features in the
// matmuls: see paramDisplayName.
constexpr Name kParamNames[] = {
    {"batch", QT_TRANSLATE_NOOP("roofscope::DataNames", "Batch")},
    {"causal", QT_TRANSLATE_NOOP("roofscope::DataNames", "Causal mask")},
    {"cols", QT_TRANSLATE_NOOP("roofscope::DataNames", "Columns")},
    {"context", QT_TRANSLATE_NOOP("roofscope::DataNames", "Context")},
    {"dtype", QT_TRANSLATE_NOOP("roofscope::DataNames", "Precision")},
    {"flops_per_element", QT_TRANSLATE_NOOP("roofscope::DataNames", "FLOPs per element")},
    {"fn", QT_TRANSLATE_NOOP("roofscope::DataNames", "Function")},
    {"group_size", QT_TRANSLATE_NOOP("roofscope::DataNames", "Quantization group")},
    {"head_dim", QT_TRANSLATE_NOOP("roofscope::DataNames", "Head dimension")},
    {"heads", QT_TRANSLATE_NOOP("roofscope::DataNames", "Query heads")},
    {"inputs", QT_TRANSLATE_NOOP("roofscope::DataNames", "Inputs")},
    {"kv_dtype", QT_TRANSLATE_NOOP("roofscope::DataNames", "KV-cache precision")},
    {"kv_heads", QT_TRANSLATE_NOOP("roofscope::DataNames", "KV heads")},
    {"out_dtype", QT_TRANSLATE_NOOP("roofscope::DataNames", "Output precision")},
    {"outputs", QT_TRANSLATE_NOOP("roofscope::DataNames", "Outputs")},
    {"rows", QT_TRANSLATE_NOOP("roofscope::DataNames", "Rows")},
    {"seq", QT_TRANSLATE_NOOP("roofscope::DataNames", "Prompt tokens")},
    {"weight_dtype", QT_TRANSLATE_NOOP("roofscope::DataNames", "Weight precision")},
};

const char* lookup(const Name* begin, const Name* end, const std::string& id)
{
    for (const Name* n = begin; n != end; ++n) {
        if (id == n->id)
            return n->text;
    }
    return nullptr;
}

} // namespace

QString kindDisplayName(const std::string& kind)
{
    if (const char* t = lookup(std::begin(kKindTitles), std::end(kKindTitles), kind))
        return QCoreApplication::translate(kContext, t);
    if (const OperatorKind* k = findOperatorKind(kind))
        return QString::fromStdString(k->title);
    return QString::fromStdString(kind);
}

QString paramDisplayName(const std::string& kind, const std::string& param)
{
    if (param == "n") {
        const bool pointwise = kind == "elementwise" || kind == "activation";
        return pointwise
                   ? QCoreApplication::translate("roofscope::DataNames", "Elements")
                   : QCoreApplication::translate("roofscope::DataNames", "Output features (n)");
    }
    if (param == "k")
        return QCoreApplication::translate("roofscope::DataNames", "Input features (k)");
    if (param == "m")
        return QCoreApplication::translate("roofscope::DataNames", "Tokens (m)");
    if (const char* t = lookup(std::begin(kParamNames), std::end(kParamNames), param))
        return QCoreApplication::translate(kContext, t);
    return QString::fromStdString(param);
}

QString precisionDisplayName(const std::string& id)
{
    return QString::fromStdString(id).toUpper();
}

QString operatorParamsText(const Operator& op)
{
    const OperatorKind* kind = findOperatorKind(op.kind);
    if (!kind)
        return QString::fromStdString(op.spec());
    QStringList lines;
    for (const ParamDef& d : kind->params) {
        if (!op.params.has(d.name))
            continue;
        QString value;
        if (d.type == ParamType::Integer || d.type == ParamType::Real)
            value = HumanFormat::count(op.params.number(d.name), 6);
        else if (d.type == ParamType::Precision)
            value = precisionDisplayName(op.params.text(d.name));
        else
            value = QString::fromStdString(op.params.text(d.name));
        lines << QCoreApplication::translate("roofscope::DataNames", "%1: %2",
                                             "parameter name: value")
                     .arg(paramDisplayName(op.kind, d.name), value);
    }
    return lines.join(QLatin1Char('\n'));
}

QString operatorDisplayName(const Operator& op)
{
    if (!op.label.empty())
        return QString::fromStdString(op.label);
    const OperatorKind* kind = findOperatorKind(op.kind);
    if (!kind)
        return QString::fromStdString(op.displayName());
    // The parameters that differ from the defaults, as the spec's short form lists them.
    QStringList parts;
    const Operator defaults = [&] {
        auto made = makeOperator(op.kind, {});
        return made ? *made : op;
    }();
    for (const ParamDef& d : kind->params) {
        if (!op.params.has(d.name) || !defaults.params.has(d.name))
            continue;
        const bool numeric = d.type == ParamType::Integer || d.type == ParamType::Real;
        if (numeric) {
            const double v = op.params.number(d.name);
            if (v == defaults.params.number(d.name))
                continue;
            parts << QStringLiteral("%1 %2").arg(paramDisplayName(op.kind, d.name).toLower(),
                                                 HumanFormat::count(v, 4));
        } else {
            const std::string v = op.params.text(d.name);
            const std::string& inherited = d.inheritsFrom.empty() ? defaults.params.text(d.name)
                                                                  : op.params.text(d.inheritsFrom);
            if (v == inherited)
                continue;
            parts << (d.type == ParamType::Precision
                          ? precisionDisplayName(v)
                          : QStringLiteral("%1 %2").arg(paramDisplayName(op.kind, d.name).toLower(),
                                                        QString::fromStdString(v)));
        }
    }
    const QString title = kindDisplayName(op.kind);
    return parts.isEmpty()
               ? title
               : QCoreApplication::translate("roofscope::DataNames", "%1: %2", "kind: parameters")
                     .arg(title, parts.join(QStringLiteral(", ")));
}

QString presetTitle(const OperatorPreset& preset)
{
    for (const PresetTitle& t : kPresetTitles) {
        if (preset.id == t.id)
            return QCoreApplication::translate(kContext, t.title);
    }
    return QString::fromStdString(preset.title);
}

QString computeUnitDisplayName(ComputeUnit unit)
{
    return unit == ComputeUnit::Tensor
               ? QCoreApplication::translate("roofscope::DataNames", "tensor",
                                             "compute unit: matrix engines")
               : QCoreApplication::translate("roofscope::DataNames", "vector",
                                             "compute unit: vector ALUs");
}

QString roofDisplayName(const FigureRoof& roof)
{
    if (roof.role == RoofRole::Cache || roof.role == RoofRole::Link || roof.ceilings.empty())
        return QString::fromStdString(roof.label);
    // The core's parts (the same precisions the exported label names), the unit translated.
    QStringList parts;
    for (const RoofLabelPart& part : roofLabelParts(roof.ceilings))
        parts << QString::fromStdString(part.precisions) + QLatin1Char(' ') +
                     computeUnitDisplayName(part.unit);
    return parts.join(QStringLiteral(", "));
}

QString drivingParamLabel(const std::string& param)
{
    if (param == "batch")
        return QCoreApplication::translate("roofscope::DataNames", "batch",
                                           "ridge label: batch ≥ N");
    // A matmul's m is its rows, one per token: "m ≥ 316" said nothing of what must grow.
    if (param == "m")
        return paramDisplayName("matmul", param).toLower();
    if (param == "seq")
        return QCoreApplication::translate("roofscope::DataNames", "prompt tokens",
                                           "ridge label: prompt tokens ≥ N");
    if (param == "context")
        return QCoreApplication::translate("roofscope::DataNames", "context",
                                           "ridge label: context ≥ N");
    return QString::fromStdString(param);
}

QString ceilingDisplayName(const Ceiling& ceiling)
{
    return QCoreApplication::translate("roofscope::DataNames", "%1 %2", "precision, compute unit")
        .arg(QString::fromUtf8(precisionName(ceiling.precision)).toUpper(),
             computeUnitDisplayName(ceiling.unit));
}

QString memoryLevelDisplayName(const std::string& level)
{
    return QString::fromStdString(level).toUpper();
}

QString boundRoofName(const Hardware& hardware, const Ceiling& ceiling, Bound bound)
{
    if (bound == Bound::Memory) {
        if (const MemoryLevel* memory = hardware.mainMemory())
            return memoryLevelDisplayName(memory->level);
    }
    return ceilingDisplayName(ceiling);
}

void localizePresetLabels(Scenario& scenario)
{
    for (Operator& op : scenario.operators) {
        for (const OperatorPreset& preset : operatorPresets()) {
            if (op.label == preset.title)
                op.label = presetTitle(preset).toStdString();
        }
    }
}

} // namespace roofscope
