#pragma once

#include "core/probe/isa.h"

#include <cstdint>

namespace roofscope::probe {

// A chain of multiply-adds x = x·m + a on independent accumulators (enough to hide the FMA
// latency: 12 vector registers, 24 with AVX-512's 32), `iterations` times. Returns the FLOPs
// done (2 per lane per multiply-add) and leaves a value depending on every accumulator in
// `sink`, so the work cannot be optimised away. Without FMA (SSE2, scalar) a multiply and an
// add count the same 2 FLOPs.
double fmaChains(Isa isa, bool fp64, std::uint64_t iterations, double* sink);

// BF16 dot products into FP32 accumulators (AVX512-BF16 vdpbf16ps: each of the 16 FP32 lanes
// adds the products of two BF16 pairs, 4 FLOPs), on 24 independent accumulators, `iterations`
// times: 64 FLOPs per instruction. Returns the FLOPs done, 0 where the CPU lacks AVX512-BF16
// (hasAvx512Bf16) or the build has no x86 target; leaves a value depending on every accumulator
// in `sink`.
double bf16DotChains(std::uint64_t iterations, double* sink);

} // namespace roofscope::probe
