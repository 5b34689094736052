#pragma once

#include "core/hardware/catalog.h"
#include "core/hardware/hardware.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

namespace roofscope {

// A measured entry's roofs against its datasheet's (core measuredRatios), as the accelerator
// tooltip and the comparison table say them.
class MeasuredRatioText {
    Q_DECLARE_TR_FUNCTIONS(roofscope::MeasuredRatioText)
public:
    // "FP32 vector 0.90×", "L2 0.85×".
    static QString roof(const RoofRatio& ratio);
    // "Measured ÷ datasheet (NVIDIA GeForce RTX 4090): FP32 vector 0.90×, DRAM 0.90×", or ""
    // when `hw` names no datasheet entry of `catalog` or shares no roof with it.
    static QString summary(const HardwareCatalog& catalog, const Hardware& hw);
    // The ratio of the compute roof `ceiling` and of the memory level `level` of `hw`, for one
    // row of the comparison table; nullptr where there is none.
    static const RoofRatio* find(const std::vector<RoofRatio>& ratios, const Ceiling& ceiling);
    static const RoofRatio* find(const std::vector<RoofRatio>& ratios, const std::string& level);
};

} // namespace roofscope
