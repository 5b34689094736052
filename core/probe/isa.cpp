#include "core/probe/isa.h"

#if defined(__x86_64__)
#include <cpuid.h>
#endif

namespace roofscope::probe {

std::string_view isaName(Isa isa)
{
    switch (isa) {
    case Isa::Scalar:
        return "scalar";
    case Isa::Sse2:
        return "sse2";
    case Isa::Avx2Fma:
        return "avx2+fma";
    case Isa::Avx512:
        return "avx512";
    }
    return "scalar";
}

std::vector<Isa> supportedIsas()
{
    std::vector<Isa> isas{Isa::Scalar};
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("sse2"))
        isas.push_back(Isa::Sse2);
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        isas.push_back(Isa::Avx2Fma);
    if (__builtin_cpu_supports("avx512f"))
        isas.push_back(Isa::Avx512);
#endif
    return isas;
}

bool hasAvx512Bf16()
{
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx512f"))
        return false;
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    if (!__get_cpuid_count(7, 1, &eax, &ebx, &ecx, &edx))
        return false;
    return (eax & (1u << 5)) != 0;
#else
    return false;
#endif
}

} // namespace roofscope::probe
