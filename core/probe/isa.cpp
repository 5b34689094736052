#include "core/probe/isa.h"

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

} // namespace roofscope::probe
