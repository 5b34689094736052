#pragma once

#include "core/hardware/hardware.h"

namespace roofscope::fixtures {

// H100 SXM5 as the seed states it (989.4 TFLOP/s BF16 dense, 3.35 TB/s): tests of the
// arithmetic use it so they do not depend on catalog edits.
inline Hardware seedH100()
{
    Hardware hw;
    hw.id = "h100-test";
    hw.name = "H100 SXM5 (test)";
    hw.ceilings = {{Precision::BF16, ComputeUnit::Tensor, 989.4e12, "test", false},
                   {Precision::FP16, ComputeUnit::Tensor, 989.4e12, "test", false},
                   {Precision::FP32, ComputeUnit::Vector, 67e12, "test", false}};
    hw.memory = {{"hbm", 3.35e12, "test", false}};
    hw.memoryBytes = 80e9;
    return hw;
}

} // namespace roofscope::fixtures
