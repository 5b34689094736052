#pragma once

#include <string_view>
#include <vector>

namespace roofscope::probe {

// The x86 vector instruction sets the probe's kernels are written for. Each kernel is compiled
// for its set through a target attribute, so the build needs no -march flag and the binary runs
// on any x86-64; which ones run is decided at run time.
enum class Isa { Scalar, Sse2, Avx2Fma, Avx512 };

std::string_view isaName(Isa isa); // "scalar", "sse2", "avx2+fma", "avx512"
// The sets this CPU (and its operating system) can run, narrowest first.
std::vector<Isa> supportedIsas();
// AVX512-BF16 (vdpbf16ps, the BF16 dot product into FP32): CPUID leaf 7 subleaf 1, EAX bit 5,
// on a CPU and system that run AVX-512.
bool hasAvx512Bf16();

} // namespace roofscope::probe
