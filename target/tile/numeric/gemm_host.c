/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The host-specific micro-kernels of the matrix products (gemm.c): on
 * x86-64 with AVX2 and FMA (checked at run time), a 6 x 16 FP32 kernel of
 * host fused multiply-adds and the wrapping 32-bit integer kernels.  This
 * is the one file of target/tile with host intrinsics; on any other host,
 * or an x86-64 without those extensions, gemm_host_kernels() is NULL and
 * gemm.c runs its plain-C kernels, which give the same bits.
 *
 * Each kernel performs, for every k in order, one fused multiply-add (or
 * wrapping multiply-add) per accumulator: the reference's sequence of
 * roundings (gemm.h).
 */
#include "numeric/gemm_host.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

enum { MR = GEMM_MR, NR = GEMM_NR };

__attribute__((target("avx2,fma")))
static void micro_fma(int kc, const uint32_t *wa, const uint32_t *wb, uint32_t *wc, int ldc)
{
    const float *pa = (const float *)wa, *pb = (const float *)wb;
    float *c = (float *)wc;
    __m256 c00 = _mm256_loadu_ps(c + 0 * ldc), c01 = _mm256_loadu_ps(c + 0 * ldc + 8);
    __m256 c10 = _mm256_loadu_ps(c + 1 * ldc), c11 = _mm256_loadu_ps(c + 1 * ldc + 8);
    __m256 c20 = _mm256_loadu_ps(c + 2 * ldc), c21 = _mm256_loadu_ps(c + 2 * ldc + 8);
    __m256 c30 = _mm256_loadu_ps(c + 3 * ldc), c31 = _mm256_loadu_ps(c + 3 * ldc + 8);
    __m256 c40 = _mm256_loadu_ps(c + 4 * ldc), c41 = _mm256_loadu_ps(c + 4 * ldc + 8);
    __m256 c50 = _mm256_loadu_ps(c + 5 * ldc), c51 = _mm256_loadu_ps(c + 5 * ldc + 8);

    for (int k = 0; k < kc; k++) {
        __m256 b0 = _mm256_loadu_ps(pb + k * NR), b1 = _mm256_loadu_ps(pb + k * NR + 8);
        __m256 a;

        a = _mm256_broadcast_ss(pa + k * MR + 0);
        c00 = _mm256_fmadd_ps(a, b0, c00);
        c01 = _mm256_fmadd_ps(a, b1, c01);
        a = _mm256_broadcast_ss(pa + k * MR + 1);
        c10 = _mm256_fmadd_ps(a, b0, c10);
        c11 = _mm256_fmadd_ps(a, b1, c11);
        a = _mm256_broadcast_ss(pa + k * MR + 2);
        c20 = _mm256_fmadd_ps(a, b0, c20);
        c21 = _mm256_fmadd_ps(a, b1, c21);
        a = _mm256_broadcast_ss(pa + k * MR + 3);
        c30 = _mm256_fmadd_ps(a, b0, c30);
        c31 = _mm256_fmadd_ps(a, b1, c31);
        a = _mm256_broadcast_ss(pa + k * MR + 4);
        c40 = _mm256_fmadd_ps(a, b0, c40);
        c41 = _mm256_fmadd_ps(a, b1, c41);
        a = _mm256_broadcast_ss(pa + k * MR + 5);
        c50 = _mm256_fmadd_ps(a, b0, c50);
        c51 = _mm256_fmadd_ps(a, b1, c51);
    }
    _mm256_storeu_ps(c + 0 * ldc, c00);
    _mm256_storeu_ps(c + 0 * ldc + 8, c01);
    _mm256_storeu_ps(c + 1 * ldc, c10);
    _mm256_storeu_ps(c + 1 * ldc + 8, c11);
    _mm256_storeu_ps(c + 2 * ldc, c20);
    _mm256_storeu_ps(c + 2 * ldc + 8, c21);
    _mm256_storeu_ps(c + 3 * ldc, c30);
    _mm256_storeu_ps(c + 3 * ldc + 8, c31);
    _mm256_storeu_ps(c + 4 * ldc, c40);
    _mm256_storeu_ps(c + 4 * ldc + 8, c41);
    _mm256_storeu_ps(c + 5 * ldc, c50);
    _mm256_storeu_ps(c + 5 * ldc + 8, c51);
}


/*
 * The integer micro-kernels: wrapping 32-bit multiply-adds, 8 lanes; or,
 * with pairs, one 16-bit multiply-add of two k per lane.
 */
static inline __attribute__((always_inline, target("avx2")))
void micro_int_body(int kc, const uint32_t *pa, const uint32_t *pb, uint32_t *c, int ldc,
                    bool pairs)
{
    __m256i acc[MR][2];

    for (int i = 0; i < MR; i++) {
        acc[i][0] = _mm256_loadu_si256((const __m256i *)(c + i * ldc));
        acc[i][1] = _mm256_loadu_si256((const __m256i *)(c + i * ldc + 8));
    }
    for (int k = 0; k < kc; k++) {
        __m256i b0 = _mm256_loadu_si256((const __m256i *)(pb + k * NR));
        __m256i b1 = _mm256_loadu_si256((const __m256i *)(pb + k * NR + 8));
        for (int i = 0; i < MR; i++) {
            __m256i a = _mm256_set1_epi32((int)pa[k * MR + i]);
            acc[i][0] = _mm256_add_epi32(acc[i][0], pairs ? _mm256_madd_epi16(a, b0)
                                                          : _mm256_mullo_epi32(a, b0));
            acc[i][1] = _mm256_add_epi32(acc[i][1], pairs ? _mm256_madd_epi16(a, b1)
                                                          : _mm256_mullo_epi32(a, b1));
        }
    }
    for (int i = 0; i < MR; i++) {
        _mm256_storeu_si256((__m256i *)(c + i * ldc), acc[i][0]);
        _mm256_storeu_si256((__m256i *)(c + i * ldc + 8), acc[i][1]);
    }
}

__attribute__((target("avx2")))
static void micro_int_avx2(int kc, const uint32_t *pa, const uint32_t *pb, uint32_t *c, int ldc)
{
    micro_int_body(kc, pa, pb, c, ldc, false);
}

__attribute__((target("avx2")))
static void micro_pair_avx2(int kp, const uint32_t *pa, const uint32_t *pb, uint32_t *c, int ldc)
{
    micro_int_body(kp, pa, pb, c, ldc, true);
}

static const GemmHostKernels avx2_fma = {
    .name = "avx2+fma", .f32 = micro_fma, .i32 = micro_int_avx2,
    .pairs16 = micro_pair_avx2,
};

const GemmHostKernels *gemm_host_kernels(void)
{
    static int have = -1;

    if (have < 0) {
        __builtin_cpu_init();
        have = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    }
    return have ? &avx2_fma : NULL;
}

#else

const GemmHostKernels *gemm_host_kernels(void)
{
    return NULL;
}

#endif
