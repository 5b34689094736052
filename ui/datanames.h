#pragma once

#include "core/hardware.h"
#include "core/operators.h"

#include <QString>

namespace roofscope {

struct Scenario;

// Display names for words that come from the core as data (preset titles, compute units), so
// that they are translated like every other string. The core keeps English identifiers.

// The preset's title in the interface language ("Decode matmul" → "Decode 矩阵乘").
QString presetTitle(const OperatorPreset& preset);
// "tensor" / "vector" in the interface language.
QString computeUnitDisplayName(ComputeUnit unit);
// "BF16 tensor", "FP16 vector", in the interface language.
QString ceilingDisplayName(const Ceiling& ceiling);
// Replaces labels that are untouched preset titles with their translation: the default story
// reads in the interface language, while user-chosen labels stay as typed.
void localizePresetLabels(Scenario& scenario);

} // namespace roofscope
