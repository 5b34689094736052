#pragma once

#include "core/probe/isa.h"

#include <cstddef>
#include <cstdint>

namespace roofscope::probe {

// Element counts given to the memory kernels are multiples of this (one AVX-512 loop step of
// the read kernel), so no kernel needs a remainder loop.
inline constexpr std::size_t kMemoryKernelStep = 64;

// Sums a[0..n) `passes` times with independent accumulators; returns the sum (the caller keeps
// it, so the loads cannot be dropped). Counted as 8 bytes per element and pass.
double readPasses(Isa isa, const double* a, std::size_t n, std::uint64_t passes);

// STREAM triad a[i] = b[i] + s·c[i], `passes` times, with ordinary (write-allocating) stores.
// Counted as STREAM counts it: 24 bytes per element and pass, the write-allocate read of `a`
// not counted.
void triadPasses(Isa isa, double* a, const double* b, const double* c, std::size_t n,
                 std::uint64_t passes);

} // namespace roofscope::probe
