#pragma once

#include "core/measured/measuredkernel.h"

#include <optional>
#include <string>

namespace roofscope::test {

// A kernel as a generic-CSV profile of the A100 gives it: FP16 on the tensor cores, the
// mangled name "void ns::NAME<float>(float*, int)", its time, FLOPs (none: no FLOP counters)
// and the bytes it moved at DRAM and, when given, L2 and L1.
inline MeasuredKernel csvKernel(const std::string& name, double timeS, std::optional<double> flops,
                                double dram, std::optional<double> l2 = {},
                                std::optional<double> l1 = {})
{
    MeasuredKernel k;
    k.name = "void ns::" + name + "<float>(float*, int)";
    k.shortName = name;
    k.source = "csv";
    k.file = "run.csv";
    k.timeS = timeS;
    k.flops = flops;
    k.precision = Precision::FP16;
    k.unit = ComputeUnit::Tensor;
    k.setBytes(MemLevel::Dram, dram);
    if (l2)
        k.setBytes(MemLevel::L2, *l2);
    if (l1)
        k.setBytes(MemLevel::L1, *l1);
    k.gpu = "a100-sxm4-80gb";
    return k;
}

} // namespace roofscope::test
