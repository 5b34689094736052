#pragma once

#include "core/figure/figure.h"
#include "core/hardware/hardware.h"
#include "core/roofline/operators.h"

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
// A memory level as shown: "hbm" → "HBM", "l2" → "L2" (names that read the same in every
// language).
QString memoryLevelDisplayName(const std::string& level);
// The roof a point is bound by, by its shown name: the main memory's level ("HBM") when it is
// memory-bound, the compute ceiling ("FP32 vector") when compute-bound. A memory-bound kernel
// is held against the memory slope, never against the flat compute roof it does not reach.
QString boundRoofName(const Hardware& hardware, const Ceiling& ceiling, Bound bound);
// The kind's title in the interface language ("attention_decode" → "Attention (decode)").
QString kindDisplayName(const std::string& kind);
// A parameter's name as a person reads it ("weight_dtype" → "Weight precision"); the id stays
// in files, specs and the CLI. Single letters of a formula (m, n, k) keep their letter.
QString paramDisplayName(const std::string& kind, const std::string& param);
// The operator's label, else its kind's title and the parameters that differ from the
// defaults ("Attention (decode): batch 8, context 4,096"), never the spec's ids.
QString operatorDisplayName(const Operator& op);
// Every parameter of the operator as a person reads it, one per line ("Weight precision:
// INT4"), for tooltips: the spec's ids ("weight_dtype=int4") stay in files and the CLI.
QString operatorParamsText(const Operator& op);
// A roof's name on the chart in the interface language: its ceilings ("FP16/BF16 tensor",
// "FP32 vector" → "FP32 向量") or, for a cache or link slope, the core's label (a level or link
// name and a bandwidth, which read the same in every language).
QString roofDisplayName(const FigureRoof& roof);
// The driving parameter as the ridge label names it, in lower case, by what it counts:
// "batch ≥ 302", "tokens (m) ≥ 316" for a matmul's rows.
QString drivingParamLabel(const std::string& param);
// A precision id as shown: "bf16" → "BF16", "int4" → "INT4".
QString precisionDisplayName(const std::string& id);
// Replaces labels that are untouched preset titles with their translation: the default story
// reads in the interface language, while user-chosen labels stay as typed.
void localizePresetLabels(Scenario& scenario);

} // namespace roofscope
