/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The host dispatch of the matrix micro-kernels (gemm_host.h): the one
 * template gemm_micro.h compiled for each host vector width.  On x86-64,
 * AVX-512 (12 x 32 tile) and AVX2 + FMA (6 x 16) instances chosen at run
 * time from what the CPU reports (the one operation named by its
 * instruction is the multiply-add of 16-bit pairs, PMADDWD); everywhere, a
 * plain instance (4-lane vectors, 8 x 8 tile) that the compiler maps onto
 * the host's own SIMD (NEON on aarch64).  All of them give the reference's bits: the FP32
 * ones perform the reference's fmaf() sequence lane by lane.
 */
#include "numeric/gemm_host.h"

#include <string.h>

/* the plain instance, for any host */
#define GM_LEAVE() ((void)0)
#define GM_VW 4
#define GM_MR 8
#define GM_MR_HALF 8
#define GM_MR_D 4
#define GM_NV 2
#define GM_ID(x) plain_##x
#include "numeric/gemm_micro.h"

static const GemmHostKernels plain = {
    .name = "portable", .mr = 8, .nr = 8, .mr_half = 8, .mr_d = 4, .f32 = plain_f32,
    .f32_packed = plain_f32_packed, .i32 = plain_i32,
    .i32f = plain_i32f,
    .f32_half = plain_f32_half, .i32_half = plain_i32_half,
    .i32f_half = plain_i32f_half,
    .i32d = plain_i32d, .i32d_half = plain_i32d_half,
};

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)

#include <immintrin.h>

/*
 * Every AVX kernel returns with the upper halves of the vector registers
 * clean: GCC inserts VZEROUPPER for registers 0-15 only, and AVX-512
 * kernels also use 16-31, which left dirty made each later SSE
 * instruction of the caller (and of QEMU after it) many times slower.
 */
#define AVX_LEAVE() _mm256_zeroupper()

/* the 16-bit pair multiply-add (gemm_micro.h): PMADDWD, whose one
 * overflowing case (-2^15)^2 * 2 wraps to the residue modulo 2^32 that the
 * exact sum has, then a 32-bit add; whether a vector holds a NaN: one
 * unordered compare and a test of its mask */
#pragma GCC push_options
#pragma GCC target("avx2,fma")
#define GM_LEAVE AVX_LEAVE
#define GM_MADD16_HOST(acc, a, b) \
    ((acc) + (__typeof__(acc))_mm256_madd_epi16((__m256i)(a), (__m256i)(b)))
#define GM_ANY_NAN_HOST(x) \
    (_mm256_movemask_ps(_mm256_cmp_ps((__m256)(x), (__m256)(x), _CMP_UNORD_Q)) != 0)
#define GM_VW 8
#define GM_MR 6
#define GM_MR_HALF 12
#define GM_MR_D 3
#define GM_NV 2
#define GM_ID(x) avx2_##x
#include "numeric/gemm_micro.h"
#pragma GCC pop_options

#pragma GCC push_options
#pragma GCC target("avx512f,avx512vl,avx512dq,avx512bw,fma")
#define GM_LEAVE AVX_LEAVE
#define GM_MADD16_HOST(acc, a, b) \
    ((acc) + (__typeof__(acc))_mm512_madd_epi16((__m512i)(a), (__m512i)(b)))
#define GM_ANY_NAN_HOST(x) (_mm512_cmp_ps_mask((__m512)(x), (__m512)(x), _CMP_UNORD_Q) != 0)
#define GM_VW 16
#define GM_MR 12
#define GM_MR_HALF 12
#define GM_MR_D 6
#define GM_NV 2
#define GM_MR_WIDE 6
#define GM_MR_A16 24
#define GM_ID(x) avx512_##x
#include "numeric/gemm_micro.h"
#pragma GCC pop_options

/* AVX-512 with VNNI: VPDPWSSD fuses the pair multiply-add with the
 * accumulation, wrapping as the two steps do */
#pragma GCC push_options
#pragma GCC target("avx512f,avx512vl,avx512dq,avx512bw,avx512vnni,fma")
#define GM_LEAVE AVX_LEAVE
#define GM_MADD16_HOST(acc, a, b) \
    ((__typeof__(acc))_mm512_dpwssd_epi32((__m512i)(acc), (__m512i)(a), (__m512i)(b)))
#define GM_I16_ONLY
#define GM_VW 16
#define GM_MR 12
#define GM_MR_HALF 12
#define GM_MR_D 6
#define GM_NV 2
#define GM_ID(x) avx512vnni_##x
#include "numeric/gemm_micro.h"
#pragma GCC pop_options

static const GemmHostKernels avx2 = {
    .name = "avx2+fma", .mr = 6, .nr = 16, .mr_half = 12, .mr_d = 3, .f32 = avx2_f32,
    .f32_packed = avx2_f32_packed, .i32 = avx2_i32,
    .i32f = avx2_i32f,
    .f32_half = avx2_f32_half, .i32_half = avx2_i32_half,
    .i32f_half = avx2_i32f_half,
    .i32d = avx2_i32d, .i32d_half = avx2_i32d_half,
    .i16 = avx2_i16, .i16_half = avx2_i16_half,
};
static const GemmHostKernels avx512 = {
    .name = "avx512", .mr = 12, .nr = 32, .mr_half = 12, .mr_d = 6, .f32 = avx512_f32,
    .f32_packed = avx512_f32_packed, .i32 = avx512_i32,
    .i32f = avx512_i32f,
    .f32_half = avx512_f32_half, .i32_half = avx512_i32_half,
    .i32f_half = avx512_i32f_half,
    .i32d = avx512_i32d, .i32d_half = avx512_i32d_half,
    .i16 = avx512_i16, .i16_half = avx512_i16_half,
    .mr_wide = 6, .f32_wide = avx512_f32_wide, .mr_a16 = 24, .f32_a16 = avx512_f32_a16,
};
static const GemmHostKernels avx512vnni = {
    .name = "avx512+vnni", .mr = 12, .nr = 32, .mr_half = 12, .mr_d = 6, .f32 = avx512_f32,
    .f32_packed = avx512_f32_packed,
    .i32 = avx512_i32, .i32f = avx512_i32f,
    .f32_half = avx512_f32_half, .i32_half = avx512_i32_half,
    .i32f_half = avx512_i32f_half,
    .i32d = avx512_i32d, .i32d_half = avx512_i32d_half,
    .i16 = avx512vnni_i16, .i16_half = avx512vnni_i16_half,
    .mr_wide = 6, .f32_wide = avx512_f32_wide, .mr_a16 = 24, .f32_a16 = avx512_f32_a16,
};

static void host_list(const GemmHostKernels **list)
{
    int n = 0;

    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
        __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("fma")) {
        if (__builtin_cpu_supports("avx512vnni")) {
            list[n++] = &avx512vnni;
        }
        list[n++] = &avx512;
    }
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
        list[n++] = &avx2;
    }
    list[n++] = &plain;
    list[n] = NULL;
}

#else

static void host_list(const GemmHostKernels **list)
{
    list[0] = &plain;
    list[1] = NULL;
}

#endif

static const GemmHostKernels *all[5];
static const GemmHostKernels *chosen;

const GemmHostKernels *const *gemm_host_all(void)
{
    if (!__atomic_load_n(&all[0], __ATOMIC_ACQUIRE)) {
        const GemmHostKernels *list[5] = { NULL };

        host_list(list);        /* the same answer in every thread */
        for (int i = 4; i >= 0; i--) {
            __atomic_store_n(&all[i], list[i], __ATOMIC_RELEASE);
        }
    }
    return all;
}

const GemmHostKernels *gemm_host_kernels(void)
{
    const GemmHostKernels *k = __atomic_load_n(&chosen, __ATOMIC_ACQUIRE);

    return k ? k : gemm_host_all()[0];
}

void gemm_host_use(const GemmHostKernels *k)
{
    __atomic_store_n(&chosen, k, __ATOMIC_RELEASE);
}
