#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace roofscope {

// Number formats a ceiling or a tensor can have. Ordered from widest to narrowest.
enum class Precision { FP64, FP32, TF32, BF16, FP16, FP8, INT8, INT4, FP4 };

// Which hardware unit executes an operator: matrix engines (Tensor Cores, Matrix Cores,
// MXUs) or the general-purpose vector ALUs (CUDA cores, SIMD units).
enum class ComputeUnit { Tensor, Vector };

inline constexpr std::array<Precision, 9> kAllPrecisions = {
    Precision::FP64, Precision::FP32, Precision::TF32, Precision::BF16, Precision::FP16,
    Precision::FP8,  Precision::INT8, Precision::INT4, Precision::FP4};

std::string_view precisionName(Precision p);
std::optional<Precision> parsePrecision(std::string_view name);

// Bytes one element occupies in memory. TF32 is stored as FP32; 4-bit formats pack two per
// byte, so they are 0.5.
double bytesPerElement(Precision p);

std::string_view computeUnitName(ComputeUnit u);
std::optional<ComputeUnit> parseComputeUnit(std::string_view name);

// "fp64 fp32 tf32 ..." for error messages.
std::string_view precisionNameList();

} // namespace roofscope
