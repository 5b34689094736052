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

} // namespace roofscope::probe
