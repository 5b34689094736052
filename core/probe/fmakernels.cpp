#include "core/probe/fmakernels.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

// The kernels are spelled out with macros rather than arrays of registers: an array indexed in
// a loop may stay in memory at -O0 (the sanitizer builds) or when the compiler declines to unroll
// it, and then the chains measure store forwarding instead of the FMA units.
#define RS_R12(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9) M(10) M(11)
#define RS_R24(M) RS_R12(M) M(12) M(13) M(14) M(15) M(16) M(17) M(18) M(19) M(20) M(21) M(22) M(23)
#define RS_DECL(i) RS_V x##i = RS_SET1(static_cast<RS_T>(1.0 + 0.001 * (i)));
#define RS_STEP(i) x##i = RS_FMA(x##i, m, a);
#define RS_SUM(i) s = RS_ADD(s, x##i);
// x = x·m + a converges to a / (1 − m) = 1: the values stay normal whatever the iteration count.
#define RS_BODY(REPEAT, CHAINS)                                                                    \
    const RS_V m = RS_SET1(static_cast<RS_T>(0.999999));                                           \
    const RS_V a = RS_SET1(static_cast<RS_T>(1e-6));                                               \
    REPEAT(RS_DECL)                                                                                \
    for (std::uint64_t k = 0; k < n; ++k) {                                                        \
        REPEAT(RS_STEP)                                                                            \
    }                                                                                              \
    RS_V s = RS_SET1(static_cast<RS_T>(0));                                                        \
    REPEAT(RS_SUM)                                                                                 \
    alignas(64) RS_T lanes[sizeof(RS_V) / sizeof(RS_T)];                                           \
    RS_STORE(lanes, s);                                                                            \
    double total = 0.0;                                                                            \
    for (RS_T v : lanes)                                                                           \
        total += static_cast<double>(v);                                                           \
    *sink = total;                                                                                 \
    return 2.0 * static_cast<double>(n) * (CHAINS) * (sizeof(RS_V) / sizeof(RS_T));

namespace roofscope::probe {

namespace {

// Scalar: what the compiler makes of plain code for the baseline x86-64 (or any other CPU).
#define RS_ADD(x, y) ((x) + (y))
#define RS_FMA(x, m, a) ((x) * (m) + (a))
#define RS_SET1(v) (v)
#define RS_STORE(p, v) (p)[0] = (v)
#define RS_V double
#define RS_T double
double scalarFp64(std::uint64_t n, double* sink)
{
    RS_BODY(RS_R12, 12)
}
#undef RS_V
#undef RS_T
#define RS_V float
#define RS_T float
double scalarFp32(std::uint64_t n, double* sink)
{
    RS_BODY(RS_R12, 12)
}
#undef RS_V
#undef RS_T
#undef RS_ADD
#undef RS_FMA
#undef RS_SET1
#undef RS_STORE

#if defined(__x86_64__)
// SSE2 has no FMA: a multiply and an add, two FLOPs as an FMA counts them.
#define RS_V __m128d
#define RS_T double
#define RS_ADD _mm_add_pd
#define RS_FMA(x, m, a) _mm_add_pd(_mm_mul_pd(x, m), a)
#define RS_SET1 _mm_set1_pd
#define RS_STORE _mm_store_pd
__attribute__((target("sse2"))) double sse2Fp64(std::uint64_t n, double* sink)
{
    RS_BODY(RS_R12, 12)
}
#undef RS_V
#undef RS_T
#undef RS_ADD
#undef RS_FMA
#undef RS_SET1
#undef RS_STORE
#define RS_V __m128
#define RS_T float
#define RS_ADD _mm_add_ps
#define RS_FMA(x, m, a) _mm_add_ps(_mm_mul_ps(x, m), a)
#define RS_SET1 _mm_set1_ps
#define RS_STORE _mm_store_ps
__attribute__((target("sse2"))) double sse2Fp32(std::uint64_t n, double* sink)
{
    RS_BODY(RS_R12, 12)
}
#undef RS_V
#undef RS_T
#undef RS_ADD
#undef RS_FMA
#undef RS_SET1
#undef RS_STORE

#define RS_V __m256d
#define RS_T double
#define RS_ADD _mm256_add_pd
#define RS_FMA _mm256_fmadd_pd
#define RS_SET1 _mm256_set1_pd
#define RS_STORE _mm256_store_pd
__attribute__((target("avx2,fma"))) double avx2Fp64(std::uint64_t n, double* sink)
{
    RS_BODY(RS_R12, 12)
}
#undef RS_V
#undef RS_T
#undef RS_ADD
#undef RS_FMA
#undef RS_SET1
#undef RS_STORE
#define RS_V __m256
#define RS_T float
#define RS_ADD _mm256_add_ps
#define RS_FMA _mm256_fmadd_ps
#define RS_SET1 _mm256_set1_ps
#define RS_STORE _mm256_store_ps
__attribute__((target("avx2,fma"))) double avx2Fp32(std::uint64_t n, double* sink)
{
    RS_BODY(RS_R12, 12)
}
#undef RS_V
#undef RS_T
#undef RS_ADD
#undef RS_FMA
#undef RS_SET1
#undef RS_STORE

#define RS_V __m512d
#define RS_T double
#define RS_ADD _mm512_add_pd
#define RS_FMA _mm512_fmadd_pd
#define RS_SET1 _mm512_set1_pd
#define RS_STORE _mm512_store_pd
__attribute__((target("avx512f"))) double avx512Fp64(std::uint64_t n, double* sink)
{
    RS_BODY(RS_R24, 24)
}
#undef RS_V
#undef RS_T
#undef RS_ADD
#undef RS_FMA
#undef RS_SET1
#undef RS_STORE
#define RS_V __m512
#define RS_T float
#define RS_ADD _mm512_add_ps
#define RS_FMA _mm512_fmadd_ps
#define RS_SET1 _mm512_set1_ps
#define RS_STORE _mm512_store_ps
__attribute__((target("avx512f"))) double avx512Fp32(std::uint64_t n, double* sink)
{
    RS_BODY(RS_R24, 24)
}
#undef RS_V
#undef RS_T
#undef RS_ADD
#undef RS_FMA
#undef RS_SET1
#undef RS_STORE

// vdpbf16ps: x += a[2i]·b[2i] + a[2i+1]·b[2i+1] per FP32 lane. The products are 1e-6 each, so
// the accumulators grow by 2e-6 an iteration and stay normal FP32 values for any count.
#define RS_V __m512
#define RS_T float
#define RS_ADD _mm512_add_ps
#define RS_FMA(x, m, a) _mm512_dpbf16_ps(x, m, a)
#define RS_SET1 _mm512_set1_ps
#define RS_STORE _mm512_store_ps
__attribute__((target("avx512f,avx512bf16"))) double avx512Bf16(std::uint64_t n, double* sink)
{
    const __m512 one = _mm512_set1_ps(1e-3f);
    const __m512bh m = _mm512_cvtne2ps_pbh(one, one);
    const __m512bh a = m;
    RS_R24(RS_DECL)
    for (std::uint64_t k = 0; k < n; ++k) {
        RS_R24(RS_STEP)
    }
    RS_V s = RS_SET1(0.0f);
    RS_R24(RS_SUM)
    alignas(64) float lanes[16];
    RS_STORE(lanes, s);
    double total = 0.0;
    for (float v : lanes)
        total += static_cast<double>(v);
    *sink = total;
    // 16 lanes × 2 pairs × (multiply + add) per instruction.
    return 64.0 * static_cast<double>(n) * 24;
}
#undef RS_V
#undef RS_T
#undef RS_ADD
#undef RS_FMA
#undef RS_SET1
#undef RS_STORE
#endif

} // namespace

double bf16DotChains(std::uint64_t iterations, double* sink)
{
#if defined(__x86_64__)
    if (hasAvx512Bf16())
        return avx512Bf16(iterations, sink);
#else
    (void)iterations;
    (void)sink;
#endif
    return 0.0;
}

double fmaChains(Isa isa, bool fp64, std::uint64_t iterations, double* sink)
{
#if defined(__x86_64__)
    switch (isa) {
    case Isa::Sse2:
        return fp64 ? sse2Fp64(iterations, sink) : sse2Fp32(iterations, sink);
    case Isa::Avx2Fma:
        return fp64 ? avx2Fp64(iterations, sink) : avx2Fp32(iterations, sink);
    case Isa::Avx512:
        return fp64 ? avx512Fp64(iterations, sink) : avx512Fp32(iterations, sink);
    case Isa::Scalar:
        break;
    }
#else
    (void)isa;
#endif
    return fp64 ? scalarFp64(iterations, sink) : scalarFp32(iterations, sink);
}

} // namespace roofscope::probe
