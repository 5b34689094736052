#include "ui/datanames.h"

#include "core/scenario.h"

#include <QCoreApplication>

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

} // namespace

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

QString ceilingDisplayName(const Ceiling& ceiling)
{
    return QCoreApplication::translate("roofscope::DataNames", "%1 %2", "precision, compute unit")
        .arg(QString::fromUtf8(precisionName(ceiling.precision)).toUpper(),
             computeUnitDisplayName(ceiling.unit));
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
