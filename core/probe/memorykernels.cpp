#include "core/probe/memorykernels.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace roofscope::probe {

namespace {

constexpr double kTriadScalar = 0.5;

double readScalar(const double* a, std::size_t n, std::uint64_t passes)
{
    double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
    for (std::uint64_t p = 0; p < passes; ++p) {
        for (std::size_t i = 0; i < n; i += 4) {
            s0 += a[i];
            s1 += a[i + 1];
            s2 += a[i + 2];
            s3 += a[i + 3];
        }
    }
    return s0 + s1 + s2 + s3;
}

void triadScalar(double* a, const double* b, const double* c, std::size_t n, std::uint64_t passes)
{
    for (std::uint64_t p = 0; p < passes; ++p)
        for (std::size_t i = 0; i < n; ++i)
            a[i] = b[i] + kTriadScalar * c[i];
}

#if defined(__x86_64__)
// Eight accumulators, enough loads in flight to keep two load ports busy from L1. Named ones,
// not an array: an array indexed in a loop stays in memory unless the compiler unrolls it.
#define RS_R8(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7)
#define RS_DECL(k) RS_V s##k = RS_ZERO();
#define RS_LOAD(k) s##k = RS_ADD(s##k, RS_LOADV(a + i + RS_LANES * (k)));
#define RS_SUM(k) t = RS_ADD(t, s##k);
#define RS_READ_BODY                                                                               \
    RS_R8(RS_DECL)                                                                                 \
    for (std::uint64_t p = 0; p < passes; ++p)                                                     \
        for (std::size_t i = 0; i < n; i += 8 * RS_LANES) {                                        \
            RS_R8(RS_LOAD)                                                                         \
        }                                                                                          \
    RS_V t = RS_ZERO();                                                                            \
    RS_R8(RS_SUM)                                                                                  \
    alignas(64) double lanes[RS_LANES];                                                            \
    RS_STORE(lanes, t);                                                                            \
    double total = 0.0;                                                                            \
    for (double v : lanes)                                                                         \
        total += v;                                                                                \
    return total;

#define RS_V __m128d
#define RS_LANES 2
#define RS_ZERO _mm_setzero_pd
#define RS_ADD _mm_add_pd
#define RS_LOADV _mm_load_pd
#define RS_STORE _mm_store_pd
__attribute__((target("sse2"))) double readSse2(const double* a, std::size_t n,
                                                std::uint64_t passes)
{
    RS_READ_BODY
}
#undef RS_V
#undef RS_LANES
#undef RS_ZERO
#undef RS_ADD
#undef RS_LOADV
#undef RS_STORE

#define RS_V __m256d
#define RS_LANES 4
#define RS_ZERO _mm256_setzero_pd
#define RS_ADD _mm256_add_pd
#define RS_LOADV _mm256_load_pd
#define RS_STORE _mm256_store_pd
__attribute__((target("avx2,fma"))) double readAvx2(const double* a, std::size_t n,
                                                    std::uint64_t passes)
{
    RS_READ_BODY
}
#undef RS_V
#undef RS_LANES
#undef RS_ZERO
#undef RS_ADD
#undef RS_LOADV
#undef RS_STORE

#define RS_V __m512d
#define RS_LANES 8
#define RS_ZERO _mm512_setzero_pd
#define RS_ADD _mm512_add_pd
#define RS_LOADV _mm512_load_pd
#define RS_STORE _mm512_store_pd
__attribute__((target("avx512f"))) double readAvx512(const double* a, std::size_t n,
                                                     std::uint64_t passes)
{
    RS_READ_BODY
}
#undef RS_V
#undef RS_LANES
#undef RS_ZERO
#undef RS_ADD
#undef RS_LOADV
#undef RS_STORE

__attribute__((target("sse2"))) void triadSse2(double* a, const double* b, const double* c,
                                               std::size_t n, std::uint64_t passes)
{
    const __m128d s = _mm_set1_pd(kTriadScalar);
    for (std::uint64_t p = 0; p < passes; ++p)
        for (std::size_t i = 0; i < n; i += 2)
            _mm_store_pd(a + i, _mm_add_pd(_mm_load_pd(b + i), _mm_mul_pd(s, _mm_load_pd(c + i))));
}

__attribute__((target("avx2,fma"))) void triadAvx2(double* a, const double* b, const double* c,
                                                   std::size_t n, std::uint64_t passes)
{
    const __m256d s = _mm256_set1_pd(kTriadScalar);
    for (std::uint64_t p = 0; p < passes; ++p)
        for (std::size_t i = 0; i < n; i += 4)
            _mm256_store_pd(a + i,
                            _mm256_fmadd_pd(s, _mm256_load_pd(c + i), _mm256_load_pd(b + i)));
}

__attribute__((target("avx512f"))) void triadAvx512(double* a, const double* b, const double* c,
                                                    std::size_t n, std::uint64_t passes)
{
    const __m512d s = _mm512_set1_pd(kTriadScalar);
    for (std::uint64_t p = 0; p < passes; ++p)
        for (std::size_t i = 0; i < n; i += 8)
            _mm512_store_pd(a + i,
                            _mm512_fmadd_pd(s, _mm512_load_pd(c + i), _mm512_load_pd(b + i)));
}
#endif

} // namespace

double readPasses(Isa isa, const double* a, std::size_t n, std::uint64_t passes)
{
#if defined(__x86_64__)
    switch (isa) {
    case Isa::Sse2:
        return readSse2(a, n, passes);
    case Isa::Avx2Fma:
        return readAvx2(a, n, passes);
    case Isa::Avx512:
        return readAvx512(a, n, passes);
    case Isa::Scalar:
        break;
    }
#else
    (void)isa;
#endif
    return readScalar(a, n, passes);
}

void triadPasses(Isa isa, double* a, const double* b, const double* c, std::size_t n,
                 std::uint64_t passes)
{
#if defined(__x86_64__)
    switch (isa) {
    case Isa::Sse2:
        return triadSse2(a, b, c, n, passes);
    case Isa::Avx2Fma:
        return triadAvx2(a, b, c, n, passes);
    case Isa::Avx512:
        return triadAvx512(a, b, c, n, passes);
    case Isa::Scalar:
        break;
    }
#else
    (void)isa;
#endif
    triadScalar(a, b, c, n, passes);
}

} // namespace roofscope::probe
