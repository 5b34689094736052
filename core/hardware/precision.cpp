#include "core/hardware/precision.h"

namespace roofscope {

std::string_view precisionName(Precision p)
{
    switch (p) {
    case Precision::FP64:
        return "fp64";
    case Precision::FP32:
        return "fp32";
    case Precision::TF32:
        return "tf32";
    case Precision::BF16:
        return "bf16";
    case Precision::FP16:
        return "fp16";
    case Precision::FP8:
        return "fp8";
    case Precision::INT8:
        return "int8";
    case Precision::INT4:
        return "int4";
    case Precision::FP4:
        return "fp4";
    }
    return "?";
}

std::optional<Precision> parsePrecision(std::string_view name)
{
    for (Precision p : kAllPrecisions) {
        if (precisionName(p) == name)
            return p;
    }
    return std::nullopt;
}

double bytesPerElement(Precision p)
{
    switch (p) {
    case Precision::FP64:
        return 8.0;
    case Precision::FP32:
    case Precision::TF32:
        return 4.0;
    case Precision::BF16:
    case Precision::FP16:
        return 2.0;
    case Precision::FP8:
    case Precision::INT8:
        return 1.0;
    case Precision::INT4:
    case Precision::FP4:
        return 0.5;
    }
    return 0.0;
}

std::string_view computeUnitName(ComputeUnit u)
{
    return u == ComputeUnit::Tensor ? "tensor" : "vector";
}

std::optional<ComputeUnit> parseComputeUnit(std::string_view name)
{
    if (name == "tensor")
        return ComputeUnit::Tensor;
    if (name == "vector")
        return ComputeUnit::Vector;
    return std::nullopt;
}

std::string_view precisionNameList()
{
    return "fp64, fp32, tf32, bf16, fp16, fp8, int8, int4, fp4";
}

} // namespace roofscope
